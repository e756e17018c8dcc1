/**
 * The Moon from ELP/MPP02 (Chapront & Francou 2003, A&A 404, 735; the version fitted to
 * JPL DE405). Series of the longitude V and latitude U (arcsec) and distance r (km):
 *   V = W1(T) + Σ_k T^k Σ_i A_i sin(φ_i(T)),  φ_i a quartic in T (Julian centuries TDB ≈ TT),
 * on the mean ecliptic of date from a fixed departure point; Laskar's P, Q (in the same paper)
 * then turn it to the inertial mean ecliptic and equinox of J2000.
 * The complete series ship as data in the MIT package `astronomia` (data/elpMppDeFull.js);
 * packed once, on first use, keeping terms whose amplitude reaches MIN_ARCSEC (MIN_KM for r).
 */
import { createRequire } from "node:module";
import type { StateVector } from "./vsop87-series.js";

type Row = readonly [number, number, number, number, number, number];
interface RawElp {
  readonly W1: readonly number[];
  readonly L: Record<string, readonly Row[]>;
  readonly B: Record<string, readonly Row[]>;
  readonly R: Record<string, readonly Row[]>;
}

interface PackedElp {
  readonly w1: readonly number[];
  /** [A, φ0, φ1, φ2, φ3, φ4] per term. */
  readonly terms: Float64Array;
  /** For coordinate c (0 V, 1 U, 2 r) and power k: terms [start[c][k], start[c][k+1]). */
  readonly start: readonly (readonly number[])[];
}

/** 2e-5″ is 0.6 m at the Moon's distance; the dropped terms sum to well under 0.01″. */
const MIN_ARCSEC = 2e-5;
const MIN_KM = 1e-4;
const ARCSEC = Math.PI / 648_000;
const DAYS_PER_CENTURY = 36_525;
const require = createRequire(import.meta.url);
let packed: PackedElp | undefined;

function load(): PackedElp {
  if (packed) return packed;
  const raw = (require("astronomia/data/elpMppDeFull") as { default: RawElp }).default;
  const values: number[] = [];
  const start: number[][] = [];
  for (const coord of ["L", "B", "R"] as const) {
    const min = coord === "R" ? MIN_KM : MIN_ARCSEC;
    const bounds: number[] = [];
    for (let k = 0; k <= 3; k++) {
      bounds.push(values.length / 6);
      for (const row of raw[coord][String(k)] ?? []) {
        if (Math.abs(row[0]) >= min) values.push(...row);
      }
    }
    bounds.push(values.length / 6);
    start.push(bounds);
  }
  packed = { w1: raw.W1, terms: Float64Array.from(values), start };
  return packed;
}

function evalCoord(p: PackedElp, coord: number, t: number, withRate: boolean, out: Float64Array): void {
  const { terms, start } = p;
  const bounds = start[coord]!;
  const t2 = t * t;
  const t3 = t2 * t;
  const t4 = t3 * t;
  let value = 0;
  let rate = 0;
  let tK = 1;
  let tKm1 = 0;
  for (let k = 0; k < bounds.length - 1; k++) {
    let s = 0;
    let ds = 0;
    for (let i = bounds[k]!, end = bounds[k + 1]!; i < end; i++) {
      const j = i * 6;
      const a = terms[j]!;
      const arg = terms[j + 1]! + terms[j + 2]! * t + terms[j + 3]! * t2 + terms[j + 4]! * t3 + terms[j + 5]! * t4;
      s += a * Math.sin(arg);
      if (withRate) {
        const dArg = terms[j + 2]! + 2 * terms[j + 3]! * t + 3 * terms[j + 4]! * t2 + 4 * terms[j + 5]! * t3;
        ds += a * dArg * Math.cos(arg);
      }
    }
    value += s * tK;
    rate += ds * tK + k * s * tKm1;
    tKm1 = tK;
    tK *= t;
  }
  out[0] = value;
  out[1] = rate;
}

const vOut = new Float64Array(2);
const uOut = new Float64Array(2);
const rOut = new Float64Array(2);

/**
 * Geocentric geometric Moon at a Julian day TT: position (km) and, when asked, velocity
 * (km/day), inertial mean ecliptic and equinox of J2000 (rectangular). Without `withVelocity`
 * the velocity fields are 0.
 */
export function elpMoonState(jdTt: number, withVelocity: boolean): StateVector {
  const p = load();
  const t = (jdTt - 2451545.0) / DAYS_PER_CENTURY;
  const w = p.w1;
  const w1 = w[0]! + t * (w[1]! + t * (w[2]! + t * (w[3]! + t * w[4]!)));
  const dw1 = w[1]! + t * (2 * w[2]! + t * (3 * w[3]! + t * 4 * w[4]!));
  evalCoord(p, 0, t, withVelocity, vOut);
  evalCoord(p, 1, t, withVelocity, uOut);
  evalCoord(p, 2, t, withVelocity, rOut);
  const v = w1 + vOut[0]! * ARCSEC;
  const u = uOut[0]! * ARCSEC;
  const r = rOut[0]!;
  const cv = Math.cos(v);
  const sv = Math.sin(v);
  const cu = Math.cos(u);
  const su = Math.sin(u);
  const x = r * cu * cv;
  const y = r * cu * sv;
  const z = r * su;

  // Laskar's precession of the ecliptic (Chapront & Francou 2003): ecliptic of date → J2000.
  const pp = t * (0.10180391e-4 + t * (0.47020439e-6 + t * (-0.5417367e-9 + t * (-0.2507948e-11 + t * 0.463486e-14))));
  const qq = t * (-0.113469002e-3 + t * (0.12372674e-6 + t * (0.1265417e-8 + t * (-0.1371808e-11 + t * -0.320334e-14))));
  const sq = Math.sqrt(1 - pp * pp - qq * qq);
  const m11 = 1 - 2 * pp * pp;
  const m12 = 2 * pp * qq;
  const m13 = 2 * pp * sq;
  const m22 = 1 - 2 * qq * qq;
  const m23 = -2 * qq * sq;
  const m31 = -2 * pp * sq;
  const m32 = 2 * qq * sq;
  const m33 = 1 - 2 * pp * pp - 2 * qq * qq;

  let vx = 0;
  let vy = 0;
  let vz = 0;
  if (withVelocity) {
    // The P, Q rotation moves by ~0.5″ per year: its rate is negligible against the Moon's motion.
    const dv = (dw1 + vOut[1]! * ARCSEC) / DAYS_PER_CENTURY;
    const du = (uOut[1]! * ARCSEC) / DAYS_PER_CENTURY;
    const dr = rOut[1]! / DAYS_PER_CENTURY;
    const ex = dr * cu * cv - r * su * du * cv - r * cu * sv * dv;
    const ey = dr * cu * sv - r * su * du * sv + r * cu * cv * dv;
    const ez = dr * su + r * cu * du;
    vx = m11 * ex + m12 * ey + m13 * ez;
    vy = m12 * ex + m22 * ey + m23 * ez;
    vz = m31 * ex + m32 * ey + m33 * ez;
  }
  return {
    x: m11 * x + m12 * y + m13 * z,
    y: m12 * x + m22 * y + m23 * z,
    z: m31 * x + m32 * y + m33 * z,
    vx,
    vy,
    vz,
  };
}

/** Number of packed terms (for reports and tests). */
export function elpTermCount(): number {
  return load().terms.length / 6;
}
