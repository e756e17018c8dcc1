import { nextHoraLord } from "../tables/hora.js";
import { VARAS } from "../tables/varas.js";
import type { SaptaGraha } from "../types.js";
import { nthPart } from "./day-windows.js";

/**
 * How the day is cut into horas:
 * - `sixty_minutes` (default; the interface spec: "each 60-minute period starting at sunrise"):
 *   clock hours from sunrise; the last one ends at the next sunrise, so it is longer or shorter by
 *   the amount the sunrise-to-sunrise day differs from whole hours;
 * - `planetary`: the seasonal (unequal) hours of the almanacs, twelve equal parts of
 *   sunrise→sunset and twelve of sunset→next sunrise.
 */
export const HORA_SYSTEMS = ["sixty_minutes", "planetary"] as const;
export type HoraSystem = (typeof HORA_SYSTEMS)[number];
export const DEFAULT_HORA_SYSTEM: HoraSystem = "sixty_minutes";

/** One hora, times in Julian days UT. */
export interface HoraPeriod {
  /** 1, 2 … from sunrise (planetary: 1–12 by day, 13–24 by night). */
  readonly horaNumber: number;
  readonly planet: SaptaGraha;
  /** Where the hora starts: before sunset (day) or after (night). */
  readonly part: "day" | "night";
  readonly startJd: number;
  readonly endJd: number;
}

const HOUR_JD = 1 / 24;

/**
 * The horas of a Hindu day, ruled in Chaldean order starting from the weekday lord.
 */
export function horas(
  sunriseJdUt: number, sunsetJdUt: number, nextSunriseJdUt: number, varaNumber: number,
  system: HoraSystem = DEFAULT_HORA_SYSTEM,
): HoraPeriod[] {
  const out: HoraPeriod[] = [];
  let lord: SaptaGraha = VARAS[varaNumber - 1]!.lord;
  if (system === "planetary") {
    for (let i = 0; i < 24; i++) {
      const day = i < 12;
      const part = day ? nthPart(sunriseJdUt, sunsetJdUt, 12, i + 1) : nthPart(sunsetJdUt, nextSunriseJdUt, 12, i - 11);
      out.push({ horaNumber: i + 1, planet: lord, part: day ? "day" : "night", ...part });
      lord = nextHoraLord(lord);
    }
    return out;
  }
  // Whole hours that fit between the sunrises (24 except near the polar circles); the last absorbs the rest.
  const count = Math.max(1, Math.round((nextSunriseJdUt - sunriseJdUt) / HOUR_JD));
  for (let i = 0; i < count; i++) {
    const startJd = sunriseJdUt + i * HOUR_JD;
    const endJd = i === count - 1 ? nextSunriseJdUt : sunriseJdUt + (i + 1) * HOUR_JD;
    out.push({ horaNumber: i + 1, planet: lord, part: startJd < sunsetJdUt ? "day" : "night", startJd, endJd });
    lord = nextHoraLord(lord);
  }
  return out;
}
