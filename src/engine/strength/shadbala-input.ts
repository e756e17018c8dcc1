import { meanObliquityDeg } from "../astro/ayanamsha.js";
import type { AscendantAndMc } from "../astro/houses.js";
import type { ChartInput } from "../chart/chart-input.js";
import { frameContaining } from "../panchanga/panchanga-day.js";
import { KALI_EPOCH_JDN } from "../tables/shadbala.js";
import { varaOfSunrise } from "../tables/varas.js";
import { norm360 } from "../tables/rashis.js";
import type { Conventions, Instant, Place } from "../types.js";

/** How the Sun's and the Moon's cheshta bala enter the total (see cheshta-bala.ts). */
export type SunMoonCheshta = "raman" | "bphs";
export const SUN_MOON_CHESHTA_CONVENTIONS: readonly SunMoonCheshta[] = ["raman", "bphs"];

export interface ShadbalaOptions {
  /**
   * `raman` (default): the Sun's and the Moon's cheshta bala are shown as their ayana and paksha
   * bala but not added again to the total, as in Raman's worked totals; `bphs`: added again.
   */
  readonly sunMoonCheshta?: SunMoonCheshta;
}

/**
 * The Hindu day of the birth, for the kala balas: sunrise ≤ birth < next sunrise. Where the Sun
 * does not rise or set (polar day or night), local mean 06:00 and 18:00 stand in (`source`).
 */
export interface ShadbalaDay {
  readonly sunriseJdUt: number;
  readonly sunsetJdUt: number;
  readonly nextSunriseJdUt: number;
  /** 1..7, Sunday = 1. */
  readonly vara: number;
  /** Civil days from the Kali epoch to the day of this sunrise. */
  readonly kaliAhargana: number;
  readonly source: "sunrise" | "local_mean_time";
}

/** Everything shadbala reads: the chart, the angles, the sayana offset and the day. */
export interface ShadbalaInput {
  readonly chart: ChartInput;
  readonly mcSidDeg: number;
  readonly jdUt: number;
  readonly jdTt: number;
  /** True ayanamsha, degrees: sidereal + ayanamsha = tropical (sayana) longitude of date. */
  readonly ayanamshaDeg: number;
  /** The Sun's hour angle, degrees [0, 360): 0 at apparent noon, 180 at apparent midnight. */
  readonly sunHourAngleDeg: number;
  readonly day: ShadbalaDay;
}

const DEG = Math.PI / 180;

/** Local mean day 06:00–18:00–06:00 around `jdUt` at longitude `lonDeg` (the polar stand-in). */
function localMeanDay(jdUt: number, lonDeg: number): Omit<ShadbalaDay, "vara" | "kaliAhargana"> {
  const local = jdUt + 0.5 + lonDeg / 360; // local mean time as a day count starting at midnight
  let sunriseLocal = Math.floor(local) + 0.25;
  if (sunriseLocal > local) sunriseLocal -= 1;
  const toUt = (l: number): number => l - 0.5 - lonDeg / 360;
  return { sunriseJdUt: toUt(sunriseLocal), sunsetJdUt: toUt(sunriseLocal + 0.5), nextSunriseJdUt: toUt(sunriseLocal + 1), source: "local_mean_time" };
}

/** The birth's Hindu day (sunrise frame) at a place. */
export function shadbalaDay(jdUt: number, place: Place, conv: Conventions): ShadbalaDay {
  const f = frameContaining(jdUt, place, conv);
  const base =
    f.sunriseJdUt !== null && f.sunsetJdUt !== null && f.nextSunriseJdUt !== null
      ? { sunriseJdUt: f.sunriseJdUt, sunsetJdUt: f.sunsetJdUt, nextSunriseJdUt: f.nextSunriseJdUt, source: "sunrise" as const }
      : localMeanDay(jdUt, place.lonDeg);
  const dayNumber = Math.floor(base.sunriseJdUt + 0.5 + place.lonDeg / 360);
  return { ...base, vara: varaOfSunrise(base.sunriseJdUt, place.lonDeg), kaliAhargana: dayNumber - KALI_EPOCH_JDN };
}

/** The Sun's hour angle (degrees, 0 at noon) from the local sidereal time and its sayana longitude. */
export function sunHourAngleDeg(armcDeg: number, sunSayanaDeg: number, jdTt: number): number {
  const eps = meanObliquityDeg(jdTt) * DEG;
  const l = sunSayanaDeg * DEG;
  const ra = Math.atan2(Math.cos(eps) * Math.sin(l), Math.cos(l)) / DEG;
  return norm360(armcDeg - ra);
}

/** Assemble the shadbala input of a chart from its instant, place and angles. */
export function shadbalaInput(
  chart: ChartInput,
  instant: Instant,
  place: Place,
  conv: Conventions,
  angles: AscendantAndMc,
  ayanamshaDeg: number,
): ShadbalaInput {
  return {
    chart,
    mcSidDeg: angles.mcSidDeg,
    jdUt: instant.jdUt,
    jdTt: instant.jdTt,
    ayanamshaDeg,
    sunHourAngleDeg: sunHourAngleDeg(angles.armcDeg, chart.grahas.sun.lonSidDeg + ayanamshaDeg, instant.jdTt),
    day: shadbalaDay(instant.jdUt, place, conv),
  };
}
