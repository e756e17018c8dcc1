import { fastSin } from "../astro/fast-trig.js";
import { deltaTSeconds } from "../time/delta-t.js";

/**
 * Cheap analytic Moon and Sun, for shape only. The Moon: the periodic terms in longitude of Meeus, "Astronomical Algorithms"
 * (2nd ed., 1998), ch. 47, table 47.A (a truncation of ELP-2000/82, ≈ 10″), with the additive
 * terms A1–A3 and the eccentricity factor E. It gives the *shape* of the Moon's motion
 * between a few exact samples (lunisolar-series.ts interpolates only exact − this, a smooth
 * function), so its 10″ never reach a result. Tropical, mean equinox of date, degrees, not
 * reduced modulo 360 (it is continuous in time, which keeps junction indices consistent).
 */

/** Rows of table 47.A with a longitude coefficient: D, M, M′, F multipliers, Σl in 1e-6 degree. */
const TERMS = new Int32Array([
  0, 0, 1, 0, 6288774, 2, 0, -1, 0, 1274027, 2, 0, 0, 0, 658314, 0, 0, 2, 0, 213618,
  0, 1, 0, 0, -185116, 0, 0, 0, 2, -114332, 2, 0, -2, 0, 58793, 2, -1, -1, 0, 57066,
  2, 0, 1, 0, 53322, 2, -1, 0, 0, 45758, 0, 1, -1, 0, -40923, 1, 0, 0, 0, -34720,
  0, 1, 1, 0, -30383, 2, 0, 0, -2, 15327, 0, 0, 1, 2, -12528, 0, 0, 1, -2, 10980,
  4, 0, -1, 0, 10675, 0, 0, 3, 0, 10034, 4, 0, -2, 0, 8548, 2, 1, -1, 0, -7888,
  2, 1, 0, 0, -6766, 1, 0, -1, 0, -5163, 1, 1, 0, 0, 4987, 2, -1, 1, 0, 4036,
  2, 0, 2, 0, 3994, 4, 0, 0, 0, 3861, 2, 0, -3, 0, 3665, 0, 1, -2, 0, -2689,
  2, 0, -1, 2, -2602, 2, -1, -2, 0, 2390, 1, 0, 1, 0, -2348, 2, -2, 0, 0, 2236,
  0, 1, 2, 0, -2120, 0, 2, 0, 0, -2069, 2, -2, -1, 0, 2048, 2, 0, 1, -2, -1773,
  2, 0, 0, 2, -1595, 4, -1, -1, 0, 1215, 0, 0, 2, 2, -1110, 3, 0, -1, 0, -892,
  2, 1, 1, 0, -810, 4, -1, -2, 0, 759, 0, 2, -1, 0, -713, 2, 2, -1, 0, -700,
  2, 1, -2, 0, 691, 2, -1, 0, -2, 596, 4, 0, 1, 0, 549, 0, 0, 4, 0, 537,
  4, -1, 0, 0, 520, 1, 0, -2, 0, -487, 2, 1, 0, -2, -399, 0, 0, 2, -2, -381,
  1, 1, 1, 0, 351, 3, 0, -2, 0, -340, 4, 0, -3, 0, 330, 2, -1, 2, 0, 327,
  0, 2, 1, 0, -323, 1, 1, -1, 0, 299, 2, 0, 3, 0, 294,
]);

const D2R = Math.PI / 180;

/** Moon's geocentric longitude (Meeus 47), degrees, unwrapped, at a Julian day UT. */
export function moonLongitudeShapeDeg(jdUt: number): number {
  const jdTt = jdUt + deltaTSeconds(jdUt) / 86400;
  const T = (jdTt - 2451545.0) / 36525;
  const T2 = T * T, T3 = T2 * T, T4 = T3 * T;
  const Lp = 218.3164477 + 481267.88123421 * T - 0.0015786 * T2 + T3 / 538841 - T4 / 65194000;
  const D = (297.8501921 + 445267.1114034 * T - 0.0018819 * T2 + T3 / 545868 - T4 / 113065000) * D2R;
  const M = (357.5291092 + 35999.0502909 * T - 0.0001536 * T2 + T3 / 24490000) * D2R;
  const Mp = (134.9633964 + 477198.8675055 * T + 0.0087414 * T2 + T3 / 69699 - T4 / 14712000) * D2R;
  const F = (93.272095 + 483202.0175233 * T - 0.0036539 * T2 - T3 / 3526000 + T4 / 863310000) * D2R;
  const A1 = (119.75 + 131.849 * T) * D2R;
  const A2 = (53.09 + 479264.29 * T) * D2R;
  const E = 1 - 0.002516 * T - 0.0000074 * T2;
  let sum = 3958 * Math.sin(A1) + 1962 * Math.sin(Lp * D2R - F) + 318 * Math.sin(A2);
  for (let i = 0; i < TERMS.length; i += 5) {
    const m = TERMS[i + 1]!;
    const arg = TERMS[i]! * D + m * M + TERMS[i + 2]! * Mp + TERMS[i + 3]! * F;
    const e = m === 0 ? 1 : m === 1 || m === -1 ? E : E * E;
    // fastSin (astro/fast-trig.ts, 2e-14 absolute): this shape runs ~16 times per chunk built.
    sum += TERMS[i + 4]! * e * fastSin(arg);
  }
  return Lp + sum * 1e-6;
}

/**
 * The Sun's geometric longitude, low accuracy (Meeus ch. 25, eqs. 25.2–25.4, ≈ 0.01°), degrees,
 * tropical, mean equinox of date, unwrapped. Used only with an offset fitted to the exact Sun,
 * to place new moons weeks away (masa.ts), never for a reported longitude.
 */
export function sunLongitudeShapeDeg(jdUt: number): number {
  const T = (jdUt + deltaTSeconds(jdUt) / 86400 - 2451545.0) / 36525;
  const L0 = 280.46646 + 36000.76983 * T + 0.0003032 * T * T;
  const M = (357.52911 + 35999.05029 * T - 0.0001537 * T * T) * D2R;
  const C =
    (1.914602 - 0.004817 * T - 0.000014 * T * T) * Math.sin(M) +
    (0.019993 - 0.000101 * T) * Math.sin(2 * M) +
    0.000289 * Math.sin(3 * M);
  return L0 + C;
}
