/**
 * VSOP87B (Bretagnon & Francou 1988, A&A 202, 309): heliocentric spherical coordinates L, B
 * (radians) and R (AU) in the dynamical ecliptic and equinox of J2000, as series
 *   X = Σ_k τ^k Σ_i A_i cos(B_i + C_i τ),  τ = Julian millennia (TDB ≈ TT) since J2000.
 * The complete series ship as data in the MIT package `astronomia` (data/vsop87B*.js); here they
 * are packed once per body, on first use, into Float64Arrays, keeping terms with A ≥ 1e-8 … 3e-8
 * (1e-8 rad = 0.002″; 1e-8 AU = 1.5 km), and evaluated with their analytic time derivative
 * (from the terms with A ≥ 1e-7: rates need far fewer digits than positions).
 */
import { createRequire } from "node:module";
import { fastCos, fastSin } from "./fast-trig.js";

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

interface PackedSet {
  /** [A, B, C] per term. */
  readonly terms: Float64Array;
  /** For coordinate c (0 L, 1 B, 2 R) and power k: terms [start[c][k], start[c][k+1]). */
  readonly start: readonly (readonly number[])[];
}

/** Two packings of one body: every term above MIN_AMPLITUDE for the position, the larger ones for the rate. */
interface PackedSeries {
  readonly position: PackedSet;
  readonly rate: PackedSet;
}

/**
 * Position terms kept when A·TAU_MAX^k reaches this (1e-8 rad = 0.002″, 1e-8 AU = 1.5 km). The
 * Earth, used for every graha, keeps more; Saturn's long series is cut harder. The thresholds
 * were chosen against the reference: each adds ≤ 0.1″ to the body's error.
 */
const MIN_AMPLITUDE: Readonly<Record<VsopBody, number>> = {
  earth: 1e-8,
  mercury: 2e-8,
  venus: 2e-8,
  mars: 2e-8,
  jupiter: 2e-8,
  saturn: 3e-8,
};
/** Velocities only feed speeds and the light-time step: 1e-7 keeps them within ~1e-6 °/day. */
const MIN_AMPLITUDE_RATE = 1e-7;
/** |τ| at the edge of the service's range (1800 or 2400 is 0.2 or 0.4 millennia from J2000). */
const TAU_MAX = 0.4;
const DAYS_PER_MILLENNIUM = 365_250;
const require = createRequire(import.meta.url);
const packed = new Map<VsopBody, PackedSeries>();

function pack(raw: RawSeries, minAmplitude: number): PackedSet {
  const values: number[] = [];
  const start: number[][] = [];
  for (const coord of ["L", "B", "R"] as const) {
    const bounds: number[] = [];
    for (let k = 0; k <= 5; k++) {
      bounds.push(values.length / 3);
      const scale = TAU_MAX ** k;
      for (const [a, b, c] of raw[coord][String(k)] ?? []) {
        if (Math.abs(a) * scale >= minAmplitude) values.push(a, b, c);
      }
    }
    bounds.push(values.length / 3);
    start.push(bounds);
  }
  return { terms: Float64Array.from(values), start };
}

function load(body: VsopBody): PackedSeries {
  const hit = packed.get(body);
  if (hit) return hit;
  const id = `astronomia/data/vsop87B${body}`;
  const raw = (require(id) as { default: RawSeries }).default;
  const series = { position: pack(raw, MIN_AMPLITUDE[body]), rate: pack(raw, MIN_AMPLITUDE_RATE) };
  // The packed arrays are all we keep: let the raw module (megabytes of nested arrays) be collected.
  delete require.cache[require.resolve(id)];
  packed.set(body, series);
  return series;
}

/** One coordinate's series value. */
function evalValue(p: PackedSet, coord: number, tau: number): number {
  const { terms, start } = p;
  const bounds = start[coord]!;
  let value = 0;
  let tauK = 1;
  for (let k = 0; k < bounds.length - 1; k++) {
    let s = 0;
    for (let i = bounds[k]!, end = bounds[k + 1]!; i < end; i++) {
      const j = i * 3;
      s += terms[j]! * fastCos(terms[j + 1]! + terms[j + 2]! * tau);
    }
    value += s * tauK;
    tauK *= tau;
  }
  return value;
}

/** One coordinate's d/dτ. */
function evalRate(p: PackedSet, coord: number, tau: number): number {
  const { terms, start } = p;
  const bounds = start[coord]!;
  let deriv = 0;
  let tauK = 1;
  let tauKm1 = 0;
  for (let k = 0; k < bounds.length - 1; k++) {
    let s = 0;
    let ds = 0;
    for (let i = bounds[k]!, end = bounds[k + 1]!; i < end; i++) {
      const j = i * 3;
      const a = terms[j]!;
      const c = terms[j + 2]!;
      const arg = terms[j + 1]! + c * tau;
      if (k > 0) s += a * fastCos(arg);
      ds -= a * c * fastSin(arg);
    }
    deriv += ds * tauK + k * s * tauKm1;
    tauKm1 = tauK;
    tauK *= tau;
  }
  return deriv;
}

/** Heliocentric state of a planet (or the Earth) at a Julian day TT; without `withVelocity` the velocity is 0. */
export function vsop87State(body: VsopBody, jdTt: number, withVelocity = true): StateVector {
  const p = load(body);
  const tau = (jdTt - 2451545.0) / DAYS_PER_MILLENNIUM;
  const l = evalValue(p.position, 0, tau);
  const b = evalValue(p.position, 1, tau);
  const r = evalValue(p.position, 2, tau);
  const cl = Math.cos(l);
  const sl = Math.sin(l);
  const cb = Math.cos(b);
  const sb = Math.sin(b);
  const x = r * cb * cl;
  const y = r * cb * sl;
  const z = r * sb;
  if (!withVelocity) return { x, y, z, vx: 0, vy: 0, vz: 0 };
  const dl = evalRate(p.rate, 0, tau) / DAYS_PER_MILLENNIUM;
  const db = evalRate(p.rate, 1, tau) / DAYS_PER_MILLENNIUM;
  const dr = evalRate(p.rate, 2, tau) / DAYS_PER_MILLENNIUM;
  return {
    x,
    y,
    z,
    vx: dr * cb * cl - r * sb * db * cl - r * cb * sl * dl,
    vy: dr * cb * sl - r * sb * db * sl + r * cb * cl * dl,
    vz: dr * sb + r * cb * db,
  };
}

/** Number of packed terms for a body (for reports and tests). */
export function vsop87TermCount(body: VsopBody): number {
  return load(body).position.terms.length / 3;
}
