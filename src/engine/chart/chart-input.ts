import type { Graha } from "../types.js";

/** One graha's placement as the chart rules need it (sidereal, degrees). */
export interface ChartGraha {
  readonly lonSidDeg: number;
  readonly latDeg: number;
  readonly speedDegPerDay: number;
}

/**
 * The plain data every chart rule (dignities, houses, aspects, yogas, doshas, vargas,
 * ashtakavarga, dasha) works from: the sidereal lagna and the nine grahas. Built once per chart
 * from engine positions; rules never recompute astronomy.
 */
export interface ChartInput {
  readonly lagnaSidDeg: number;
  readonly grahas: Readonly<Record<Graha, ChartGraha>>;
}

/** The sign (1..12) counted as house `house` (1..12) from sign `fromRashi`, whole-sign. */
export function signFrom(fromRashi: number, house: number): number {
  return ((fromRashi - 1 + house - 1) % 12 + 12) % 12 + 1;
}

/** House number (1..12) of sign `rashi` counted from sign `fromRashi` (whole-sign). */
export function houseFrom(fromRashi: number, rashi: number): number {
  return ((rashi - fromRashi) % 12 + 12) % 12 + 1;
}
