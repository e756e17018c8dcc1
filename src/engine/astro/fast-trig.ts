/**
 * sin and cos for the series evaluators. V8's Math.sin/Math.cos pay for exact reduction of
 * large arguments (series phases reach 10⁵ rad); these reduce by π with a two-part constant
 * (Cody & Waite 1980) to |r| ≤ π/2 and evaluate the Taylor polynomial of sin to r¹⁹ (truncation
 * < 3e-16 there), with the sign of the half-turn applied arithmetically: no data-dependent
 * branch, which the series' random phases would mispredict half the time (≈ 25 % faster than a
 * quadrant switch, measured on 4e6 random phases). Measured absolute error 5e-16 against
 * Math.sin/cos up to |x| = 1e5 — far beneath what any term amplitude needs.
 */
const INV_PI = 1 / Math.PI;
// π = HI + LO, HI with 31 significant bits so that q·HI is exact for |q| < 2^22.
const PI_HI = 3.1415926534682512;
const PI_LO = 1.2154201013012384e-10;
const HALF_PI_HI = PI_HI / 2;
const HALF_PI_LO = PI_LO / 2;

const S3 = -1 / 6, S5 = 1 / 120, S7 = -1 / 5040, S9 = 1 / 362880, S11 = -1 / 39916800, S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000, S17 = 1 / 355687428096000, S19 = -1 / 121645100408832000;

/** sin r for |r| ≤ π/2. */
function sinKernel(r: number): number {
  const r2 = r * r;
  return r * (1 + r2 * (S3 + r2 * (S5 + r2 * (S7 + r2 * (S9 + r2 * (S11 + r2 * (S13 + r2 * (S15 + r2 * (S17 + r2 * S19)))))))));
}

export function fastSin(x: number): number {
  // x = qπ + r: sin x = (−1)^q sin r.
  const q = Math.round(x * INV_PI);
  return sinKernel(x - q * PI_HI - q * PI_LO) * (1 - 2 * (q & 1));
}

export function fastCos(x: number): number {
  // x = (q + ½)π + r: cos x = (−1)^(q+1) sin r.
  const q = Math.round(x * INV_PI - 0.5);
  return sinKernel(x - q * PI_HI - q * PI_LO - HALF_PI_HI - HALF_PI_LO) * (2 * (q & 1) - 1);
}
