/**
 * Saturn's apparent geocentric longitude over 1899–2101 from a precomputed table, for searches
 * that span a lifetime: Sade Sati, Kantaka and Ashtama Shani over 200 years need every Saturn sign
 * change, and the full VSOP87 evaluation (~0.2 ms a call on a loaded machine) makes a 200-year
 * scan cost seconds.
 *
 * What is tabulated: the tropical longitude (mean ecliptic of date, astro/positions.ts) with the
 * precession since J2000 added back, P(t) = tropical(t) − A(t) + A(J2000) for A any epoch-defined
 * ayanamsha (astro/ayanamsha.ts: they share the precession term, so P does not depend on which;
 * the generator uses Lahiri). The sidereal longitude under such an ayanamsha is then P(t) − A(J2000):
 * no ayanamsha to evaluate per sample. Every SATURN_STEP_DAYS days of TT, in units of 1e-5°
 * (0.036″), as second differences (saturn-longitude-data.ts); test/engine/saturn-longitude-table.test.ts
 * regenerates it (UPDATE_SATURN_TABLE=1) from the engine's own ephemeris and checks it. Between the
 * samples a 6-point Lagrange interpolation gives the longitude to ~0.3″ (measured; up to ~2″ within a
 * day of a close conjunction with the Sun, where the light deflection changes fast), about the
 * ephemeris' own 0.33″ against DE431.
 */
import { SATURN_TABLE } from "./saturn-longitude-data.js";

/** Spacing of the samples, days (TT). */
export const SATURN_STEP_DAYS = 6;
/** Units of the stored integers, degrees. */
export const SATURN_TABLE_UNIT_DEG = 1e-5;

/** Width of one encoded second difference (base 36, offset by half the range). */
export const SATURN_CODE_WIDTH = 3;
export const SATURN_CODE_OFFSET = 36 ** SATURN_CODE_WIDTH / 2;

let decoded: Float64Array | null = null;

/** The samples, degrees, unwrapped (continuous, not reduced to 0..360); sample k is at saturnSampleJdTt(k). */
export function saturnSamples(): Float64Array {
  if (decoded) return decoded;
  const codes = SATURN_TABLE.secondDiffs;
  const n = codes.length / SATURN_CODE_WIDTH + 2;
  const out = new Float64Array(n);
  let v = SATURN_TABLE.first;
  let d = SATURN_TABLE.firstDiff;
  out[0] = v * SATURN_TABLE_UNIT_DEG;
  v += d;
  out[1] = v * SATURN_TABLE_UNIT_DEG;
  for (let k = 2; k < n; k++) {
    // Three base-36 digits, most significant first (0–9 then a–z).
    let code = 0;
    for (let j = (k - 2) * SATURN_CODE_WIDTH, end = j + SATURN_CODE_WIDTH; j < end; j++) {
      const c = codes.charCodeAt(j);
      code = code * 36 + (c <= 57 ? c - 48 : c - 87);
    }
    d += code - SATURN_CODE_OFFSET;
    v += d;
    out[k] = v * SATURN_TABLE_UNIT_DEG;
  }
  decoded = out;
  return out;
}

/** First and last instants (JD TT) the table interpolates between with a full 6-point stencil. */
export function saturnTableRangeJdTt(): readonly [number, number] {
  const n = saturnSamples().length;
  return [SATURN_TABLE.startJdTt + 2 * SATURN_STEP_DAYS, SATURN_TABLE.startJdTt + (n - 3) * SATURN_STEP_DAYS];
}

/** The instant (JD TT) of sample k. */
export const saturnSampleJdTt = (k: number): number => SATURN_TABLE.startJdTt + k * SATURN_STEP_DAYS;

/** P(t) at jdTt (see above), degrees, unwrapped (add multiples of 360° freely). */
export function saturnPrecessedFromTableDeg(jdTt: number): number {
  const s = saturnSamples();
  const x = (jdTt - SATURN_TABLE.startJdTt) / SATURN_STEP_DAYS;
  const i = Math.min(Math.max(Math.floor(x), 2), s.length - 4);
  // Points i−2 … i+3, u the position from point i−2.
  const u = x - (i - 2);
  let sum = 0;
  for (let j = 0; j < 6; j++) {
    let w = 1;
    for (let m = 0; m < 6; m++) if (m !== j) w *= (u - m) / (j - m);
    sum += w * s[i - 2 + j]!;
  }
  return sum;
}
