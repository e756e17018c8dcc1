import {
  ABHIJIT_DAY_MUHURTA,
  DUR_MUHURTA,
  GULIKA_KALA_EIGHTH,
  RAHU_KALA_EIGHTH,
  YAMAGHANDA_EIGHTH,
} from "../tables/muhurta.js";

/** A stretch of time, Julian days UT. */
export interface JdWindow {
  readonly startJd: number;
  readonly endJd: number;
}

/** Sunrise/sunset frame of one Hindu day, Julian days UT. */
export interface DayFrame {
  readonly sunriseJdUt: number;
  readonly sunsetJdUt: number;
  readonly nextSunriseJdUt: number;
  /** The sunset before this sunrise (opens the night Brahma muhurta belongs to); null if none. */
  readonly previousSunsetJdUt: number | null;
}

export interface DurMuhurtaWindow extends JdWindow {
  readonly part: "day" | "night";
  readonly muhurta: number;
}

export interface DayWindows {
  readonly rahuKala: JdWindow;
  readonly gulikaKala: JdWindow;
  readonly yamaghanda: JdWindow;
  /** null on Wednesdays (see `abhijitAbsentReason`). */
  readonly abhijitMuhurta: JdWindow | null;
  readonly abhijitAbsentReason: string | null;
  /** null when the previous night has no sunset (polar). */
  readonly brahmaMuhurta: JdWindow | null;
  readonly brahmaMuhurtaConvention: string;
  readonly durMuhurta: readonly DurMuhurtaWindow[];
}

export const BRAHMA_MUHURTA_CONVENTION =
  "14th of the 15 night muhurtas (previous sunset to sunrise): the muhurta ending one muhurta before sunrise";

/** The k-th (1-based) of n equal parts of [startJd, endJd). */
export function nthPart(startJd: number, endJd: number, parts: number, k: number): JdWindow {
  const len = (endJd - startJd) / parts;
  return { startJd: startJd + (k - 1) * len, endJd: startJd + k * len };
}

/** Kalams, muhurta windows and dur muhurtas of one day; `varaNumber` 1..7, Sunday = 1. */
export function dayWindows(frame: DayFrame, varaNumber: number): DayWindows {
  const w = varaNumber - 1;
  const { sunriseJdUt: sr, sunsetJdUt: ss, nextSunriseJdUt: nsr } = frame;
  const eighth = (k: number) => nthPart(sr, ss, 8, k);
  const wednesday = varaNumber === 4;
  const durMuhurta = DUR_MUHURTA[w]!.map((slot) => ({
    part: slot.part,
    muhurta: slot.muhurta,
    ...(slot.part === "day" ? nthPart(sr, ss, 15, slot.muhurta) : nthPart(ss, nsr, 15, slot.muhurta)),
  }));
  return {
    rahuKala: eighth(RAHU_KALA_EIGHTH[w]!),
    gulikaKala: eighth(GULIKA_KALA_EIGHTH[w]!),
    yamaghanda: eighth(YAMAGHANDA_EIGHTH[w]!),
    abhijitMuhurta: wednesday ? null : nthPart(sr, ss, 15, ABHIJIT_DAY_MUHURTA),
    abhijitAbsentReason: wednesday ? "Abhijit muhurta is not observed on Wednesday (Muhurta Chintamani)" : null,
    brahmaMuhurta: frame.previousSunsetJdUt === null ? null : nthPart(frame.previousSunsetJdUt, sr, 15, 14),
    brahmaMuhurtaConvention: BRAHMA_MUHURTA_CONVENTION,
    durMuhurta,
  };
}
