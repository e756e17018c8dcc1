import { ascendantAndMc } from "../astro/houses.js";
import { frameContaining } from "../panchanga/panchanga-day.js";
import { describeLongitude, type LongitudeInfo } from "../tables/longitude.js";
import { norm360 } from "../tables/rashis.js";
import {
  CLASSICAL_UPAGRAHA_MOMENT,
  SUN_UPAGRAHAS,
  TIME_UPAGRAHAS,
  TIME_UPAGRAHA_LORD,
  WEEKDAY_LORDS,
  type SunUpagraha,
  type TimeUpagraha,
} from "../tables/upagrahas.js";
import { varaOfSunrise } from "../tables/varas.js";
import { instantFromJdUt } from "../time/instant.js";
import type { Conventions, Instant, Place, SaptaGraha } from "../types.js";

/** Which moment of the portion the time-based upagrahas take: the classical mix (tables/upagrahas.ts), or all at the start or middle. */
export const UPAGRAHA_MOMENTS = ["classical", "start", "middle"] as const;
export type UpagrahaMoment = (typeof UPAGRAHA_MOMENTS)[number];

export interface UpagrahaPoint extends LongitudeInfo {
  readonly name: SunUpagraha | TimeUpagraha;
  readonly kind: "sun" | "time";
}

export interface TimeUpagrahaPoint extends UpagrahaPoint {
  readonly lord: SaptaGraha;
  readonly moment: "start" | "middle";
  readonly part: "day" | "night";
  /** Which eighth of the day or night, 1..8. */
  readonly portion: number;
  /** The lord's eighth, Julian days UT. */
  readonly portionStartJdUt: number;
  readonly portionEndJdUt: number;
}

export interface Upagrahas {
  readonly sunBased: readonly UpagrahaPoint[];
  /** Null where the Sun does not rise or set (polar day or night); `timeBasedAbsentReason` says why. */
  readonly timeBased: readonly TimeUpagrahaPoint[] | null;
  readonly timeBasedAbsentReason: string | null;
  readonly moment: UpagrahaMoment;
}

/** The five upagrahas counted from the Sun's sidereal longitude (BPHS ch. 3 vv. 61–65). */
export function sunUpagrahas(sunSidDeg: number): UpagrahaPoint[] {
  const dhuma = norm360(sunSidDeg + 133 + 20 / 60);
  const vyatipata = norm360(360 - dhuma);
  const parivesha = norm360(vyatipata + 180);
  const indrachapa = norm360(360 - parivesha);
  const upaketu = norm360(indrachapa + 16 + 40 / 60);
  const lons: Record<SunUpagraha, number> = { dhuma, vyatipata, parivesha, indrachapa, upaketu };
  return SUN_UPAGRAHAS.map((name) => ({ ...describeLongitude(lons[name]), name, kind: "sun" as const }));
}

/**
 * The lord of each eighth of the day (from sunrise) or night (from sunset): the day's start with
 * the weekday lord, the night's with the 5th lord from it, in weekday order; the 8th portion has
 * no lord (BPHS ch. 3 vv. 66–69).
 */
export function portionLords(vara: number, part: "day" | "night"): (SaptaGraha | null)[] {
  const first = (vara - 1 + (part === "night" ? 4 : 0)) % 7;
  return Array.from({ length: 8 }, (_, k) => (k < 7 ? WEEKDAY_LORDS[(first + k) % 7]! : null));
}

export const POLAR_UPAGRAHA_REASON =
  "the Sun does not rise or set here on this day (polar day or night), so the day and night have no eighths";

/** The eleven upagrahas of a birth. */
export function upagrahas(
  instant: Instant,
  place: Place,
  conv: Conventions,
  sunSidDeg: number,
  moment: UpagrahaMoment = "classical",
): Upagrahas {
  const sunBased = sunUpagrahas(sunSidDeg);
  const f = frameContaining(instant.jdUt, place, conv);
  if (f.sunriseJdUt === null || f.sunsetJdUt === null || f.nextSunriseJdUt === null) {
    return { sunBased, timeBased: null, timeBasedAbsentReason: POLAR_UPAGRAHA_REASON, moment };
  }
  const vara = varaOfSunrise(f.sunriseJdUt, place.lonDeg);
  const day = instant.jdUt < f.sunsetJdUt;
  const part = day ? "day" : "night";
  const [from, to] = day ? [f.sunriseJdUt, f.sunsetJdUt] : [f.sunsetJdUt, f.nextSunriseJdUt];
  const eighth = (to - from) / 8;
  const lords = portionLords(vara, part);
  const timeBased = TIME_UPAGRAHAS.map((name) => {
    const lord = TIME_UPAGRAHA_LORD[name];
    const k = lords.indexOf(lord);
    const at = moment === "classical" ? CLASSICAL_UPAGRAHA_MOMENT[name] : moment;
    const start = from + k * eighth;
    const jd = at === "start" ? start : start + eighth / 2;
    const lon = ascendantAndMc(instantFromJdUt(jd), place, conv).ascendantSidDeg;
    return {
      ...describeLongitude(lon), name, kind: "time" as const, lord, moment: at, part, portion: k + 1,
      portionStartJdUt: start, portionEndJdUt: start + eighth,
    } satisfies TimeUpagrahaPoint;
  });
  return { sunBased, timeBased, timeBasedAbsentReason: null, moment };
}
