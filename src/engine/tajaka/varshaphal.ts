import { houseFrom } from "../chart/chart-input.js";
import { findRoot } from "../astro/junction.js";
import { RASHIS, norm360, rashiOf } from "../tables/rashis.js";
import { TAJAKA_ASPECT_BY_DISTANCE, TRI_RASHI_PATI_DAY, TRI_RASHI_PATI_NIGHT, type TajakaAspectKind } from "../tables/tajaka.js";
import type { Graha } from "../types.js";

/** The last year whose pravesh stays inside the engine's checked span (1800–2400). */
export const VARSHAPHAL_YEAR_MAX = 2399;

/** Sidereal year in days (the mean interval between two solar returns; IERS value 365.256363). */
export const SIDEREAL_YEAR_DAYS = 365.256363;

/** Signed difference a − b folded into (−180, 180]. */
const wrap = (d: number): number => {
  const x = norm360(d);
  return x > 180 ? x - 360 : x;
};

/**
 * Varsha pravesh: the instant the Sun's sidereal longitude returns to its natal value, `years`
 * completed years after birth. The sidereal-year estimate is within about a day of the answer
 * (the Sun's speed changes through the year), so a ±3-day bracket always holds one crossing —
 * the Sun moves ~1° a day and never backwards — and Brent's method refines it (junction.ts).
 */
export function varshaPraveshJdUt(
  sunSidDeg: (jdUt: number) => number, natalSunSidDeg: number, birthJdUt: number, years: number,
): number {
  const guess = birthJdUt + years * SIDEREAL_YEAR_DAYS;
  const f = (jd: number) => wrap(sunSidDeg(jd) - natalSunSidDeg);
  return findRoot(f, guess - 3, guess + 3, 1e-7);
}

/** Muntha: the natal lagna's sign advanced one sign per completed year (Tajaka Neelakanthi). */
export function munthaSign(natalLagnaSign: number, completedYears: number): number {
  return ((natalLagnaSign - 1 + completedYears) % 12 + 12) % 12 + 1;
}

/** Tajaka aspect from a point in sign `a` to a point in sign `b` (whole signs). */
export function tajakaAspect(aSign: number, bSign: number): TajakaAspectKind {
  return TAJAKA_ASPECT_BY_DISTANCE[houseFrom(aSign, bSign) - 1]!;
}

/** The Sun above the horizon: within the 180° of ecliptic behind the rising point (houses 7–12 by longitude). */
export function isDayChart(ascSidDeg: number, sunSidDeg: number): boolean {
  return norm360(ascSidDeg - sunSidDeg) < 180;
}

export interface OfficeBearer {
  readonly role: "muntha_lord" | "janma_lagna_lord" | "varsha_lagna_lord" | "tri_rashi_pati" | "dina_ratri_pati";
  readonly planet: Graha;
  /** The planet's Tajaka aspect onto the varsha lagna (sign to sign). */
  readonly aspectOnLagna: TajakaAspectKind;
}

export interface VarshaphalCore {
  readonly completedYears: number;
  readonly praveshJdUt: number;
  readonly dayChart: boolean;
  readonly varshaLagnaSign: number;
  readonly munthaSign: number;
  /** House of the Muntha counted from the varsha lagna. */
  readonly munthaHouse: number;
  readonly officeBearers: readonly OfficeBearer[];
}

/**
 * The Panchadhikaris (five office bearers) of the annual chart, Tajaka Neelakanthi: Muntha lord,
 * Janma (natal) lagna lord, Varsha lagna lord, Tri-rashi pati of the varsha lagna, and the
 * Dina-ratri pati — the lord of the Sun's sign in a day chart, of the Moon's sign at night.
 */
export function officeBearers(args: {
  natalLagnaSign: number; varshaLagnaSign: number; munthaSign: number; dayChart: boolean;
  sunSign: number; moonSign: number; signOf: (g: Graha) => number;
}): OfficeBearer[] {
  const lord = (s: number) => RASHIS[s - 1]!.lord;
  const rows: [OfficeBearer["role"], Graha][] = [
    ["muntha_lord", lord(args.munthaSign)],
    ["janma_lagna_lord", lord(args.natalLagnaSign)],
    ["varsha_lagna_lord", lord(args.varshaLagnaSign)],
    ["tri_rashi_pati", (args.dayChart ? TRI_RASHI_PATI_DAY : TRI_RASHI_PATI_NIGHT)[args.varshaLagnaSign - 1]!],
    ["dina_ratri_pati", lord(args.dayChart ? args.sunSign : args.moonSign)],
  ];
  return rows.map(([role, planet]) => ({ role, planet, aspectOnLagna: tajakaAspect(args.signOf(planet), args.varshaLagnaSign) }));
}

/** The annual chart's core from the pravesh instant's lagna and positions. */
export function varshaphalCore(args: {
  completedYears: number; praveshJdUt: number; natalLagnaSidDeg: number; varshaLagnaSidDeg: number;
  lonSid: Readonly<Record<Graha, number>>;
}): VarshaphalCore {
  const natalLagnaSign = rashiOf(args.natalLagnaSidDeg);
  const varshaLagnaSign = rashiOf(args.varshaLagnaSidDeg);
  const m = munthaSign(natalLagnaSign, args.completedYears);
  const dayChart = isDayChart(args.varshaLagnaSidDeg, args.lonSid.sun);
  const signOf = (g: Graha) => rashiOf(args.lonSid[g]);
  return {
    completedYears: args.completedYears, praveshJdUt: args.praveshJdUt, dayChart, varshaLagnaSign,
    munthaSign: m, munthaHouse: houseFrom(varshaLagnaSign, m),
    officeBearers: officeBearers({
      natalLagnaSign, varshaLagnaSign, munthaSign: m, dayChart, sunSign: signOf("sun"), moonSign: signOf("moon"), signOf,
    }),
  };
}
