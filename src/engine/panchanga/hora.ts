import { nextHoraLord } from "../tables/hora.js";
import { VARAS } from "../tables/varas.js";
import type { SaptaGraha } from "../types.js";
import { nthPart } from "./day-windows.js";

/** One planetary hour, times in Julian days UT. */
export interface HoraPeriod {
  /** 1..24 from sunrise; 1–12 by day, 13–24 by night. */
  readonly horaNumber: number;
  readonly planet: SaptaGraha;
  readonly part: "day" | "night";
  readonly startJd: number;
  readonly endJd: number;
}

/**
 * The 24 horas of a Hindu day: twelve equal parts of sunrise→sunset, then twelve of
 * sunset→next sunrise, ruled in Chaldean order starting from the weekday lord.
 */
export function horas(sunriseJdUt: number, sunsetJdUt: number, nextSunriseJdUt: number, varaNumber: number): HoraPeriod[] {
  const out: HoraPeriod[] = [];
  let lord: SaptaGraha = VARAS[varaNumber - 1]!.lord;
  for (let i = 0; i < 24; i++) {
    const day = i < 12;
    const part = day ? nthPart(sunriseJdUt, sunsetJdUt, 12, i + 1) : nthPart(sunsetJdUt, nextSunriseJdUt, 12, i - 11);
    out.push({ horaNumber: i + 1, planet: lord, part: day ? "day" : "night", ...part });
    lord = nextHoraLord(lord);
  }
  return out;
}
