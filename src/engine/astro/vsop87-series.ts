/**
 * VSOP87B (Bretagnon & Francou 1988, A&A 202, 309): heliocentric spherical coordinates L, B
 * (radians) and R (AU) in the dynamical ecliptic and equinox of J2000, as series
 *   X = Σ_k τ^k Σ_i A_i cos(B_i + C_i τ),  τ = Julian millennia (TDB ≈ TT) since J2000.
 * The complete series ship as data in the MIT package `astronomia` (data/vsop87B*.js); here they
 * are packed once per body, on first use, into one Float64Array, keeping terms with A ≥ 1e-9
 * (1e-9 rad = 0.0002″; 1e-9 AU = 150 m), and evaluated with their analytic time derivative.
 */
import { createRequire } from "node:module";

export type VsopBody = "earth" | "mercury" | "venus" | "mars" | "jupiter" | "saturn";

/** Heliocentric position (AU) and velocity (AU/day), VSOP87 ecliptic J2000, rectangular. */
export interface StateVector {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly vx: number;
  readonly vy: number;
  readonly vz: number;
}

type RawSeries = Record<"L" | "B" | "R", Record<string, readonly (readonly [number, number, number])[]>>;

interface PackedSeries {
  /** [A, B, C] per term. */
  readonly terms: Float64Array;
  /** For coordinate c (0 L, 1 B, 2 R) and power k: terms [start[c][k], start[c][k+1]). */
  readonly start: readonly (readonly number[])[];
}

const MIN_AMPLITUDE = 1e-9;
const DAYS_PER_MILLENNIUM = 365_250;
const require = createRequire(import.meta.url);
const packed = new Map<VsopBody, PackedSeries>();

function load(body: VsopBody): PackedSeries {
  const hit = packed.get(body);
  if (hit) return hit;
  const raw = (require(`astronomia/data/vsop87B${body}`) as { default: RawSeries }).default;
  const values: number[] = [];
  const start: number[][] = [];
  for (const coord of ["L", "B", "R"] as const) {
    const bounds: number[] = [];
    const powers = raw[coord];
    for (let k = 0; k <= 5; k++) {
      bounds.push(values.length / 3);
      for (const [a, b, c] of powers[String(k)] ?? []) {
        if (Math.abs(a) >= MIN_AMPLITUDE) values.push(a, b, c);
      }
    }
    bounds.push(values.length / 3);
    start.push(bounds);
  }
  const series = { terms: Float64Array.from(values), start };
  packed.set(body, series);
  return series;
}

/** Value and d/dτ of one coordinate's series. */
function evalCoord(p: PackedSeries, coord: number, tau: number, out: Float64Array): void {
  const { terms, start } = p;
  const bounds = start[coord]!;
  let value = 0;
  let deriv = 0;
  let tauK = 1; // τ^k
  let tauKm1 = 0; // τ^(k−1), 0 for k = 0
  for (let k = 0; k < bounds.length - 1; k++) {
    let s = 0;
    let ds = 0;
    for (let i = bounds[k]!, end = bounds[k + 1]!; i < end; i++) {
      const j = i * 3;
      const a = terms[j]!;
      const c = terms[j + 2]!;
      const arg = terms[j + 1]! + c * tau;
      s += a * Math.cos(arg);
      ds -= a * c * Math.sin(arg);
    }
    value += s * tauK;
    deriv += ds * tauK + k * s * tauKm1;
    tauKm1 = tauK;
    tauK *= tau;
  }
  out[0] = value;
  out[1] = deriv;
}

const lOut = new Float64Array(2);
const bOut = new Float64Array(2);
const rOut = new Float64Array(2);

/** Heliocentric state of a planet (or the Earth) at a Julian day TT. */
export function vsop87State(body: VsopBody, jdTt: number): StateVector {
  const p = load(body);
  const tau = (jdTt - 2451545.0) / DAYS_PER_MILLENNIUM;
  evalCoord(p, 0, tau, lOut);
  evalCoord(p, 1, tau, bOut);
  evalCoord(p, 2, tau, rOut);
  const [l, dl] = [lOut[0]!, lOut[1]! / DAYS_PER_MILLENNIUM];
  const [b, db] = [bOut[0]!, bOut[1]! / DAYS_PER_MILLENNIUM];
  const [r, dr] = [rOut[0]!, rOut[1]! / DAYS_PER_MILLENNIUM];
  const cl = Math.cos(l);
  const sl = Math.sin(l);
  const cb = Math.cos(b);
  const sb = Math.sin(b);
  return {
    x: r * cb * cl,
    y: r * cb * sl,
    z: r * sb,
    vx: dr * cb * cl - r * sb * db * cl - r * cb * sl * dl,
    vy: dr * cb * sl - r * sb * db * sl + r * cb * cl * dl,
    vz: dr * sb + r * cb * db,
  };
}

/** Number of packed terms for a body (for reports and tests). */
export function vsop87TermCount(body: VsopBody): number {
  return load(body).terms.length / 3;
}
