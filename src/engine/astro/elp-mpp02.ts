/**
 * The Moon from ELP/MPP02 (Chapront & Francou 2003, A&A 404, 735; the version fitted to
 * JPL DE405). Series of the longitude V and latitude U (arcsec) and distance r (km):
 *   V = W1(T) + Σ_k T^k Σ_i A_i sin(φ_i(T)),  φ_i a quartic in T (Julian centuries TDB ≈ TT),
 * on the mean ecliptic of date from a fixed departure point; Laskar's P, Q (in the same paper)
 * then turn it to the inertial mean ecliptic and equinox of J2000.
 * The complete series ship as data in the MIT package `astronomia` (data/elpMppDeFull.js);
 * packed once, on first use, keeping terms whose amplitude reaches MIN_ARCSEC (MIN_KM for r);
 * rates come from a second, smaller packing (the larger terms).
 */
import { createRequire } from "node:module";
import { fastCos, fastSin } from "./fast-trig.js";
import type { StateVector } from "./vsop87-series.js";

type Row = readonly [number, number, number, number, number, number];
interface RawElp {
  readonly W1: readonly number[];
  readonly L: Record<string, readonly Row[]>;
  readonly B: Record<string, readonly Row[]>;
  readonly R: Record<string, readonly Row[]>;
}

interface PackedSet {
  /** [A, φ0, φ1, φ2, φ3, φ4] per term. */
  readonly terms: Float64Array;
  /** For coordinate c (0 V, 1 U, 2 r) and power k: terms [start[c][k], start[c][k+1]). */
  readonly start: readonly (readonly number[])[];
}

interface PackedElp {
  readonly w1: readonly number[];
  readonly position: PackedSet;
  readonly rate: PackedSet;
}

/**
 * Position terms: A·T_MAX^k ≥ 1e-3″ in V and U (2 m at the Moon; the dropped terms cost
 * ~0.015″ against the reference), ≥ 0.05 km in r (only light time and distance use it).
 */
const MIN_ARCSEC = 1e-3;
const MIN_KM = 0.05;
/** Rate terms: far fewer suffice for the speed (~1e-4 °/day) and the light-time step (1.3 s). */
const MIN_ARCSEC_RATE = 1e-2;
const MIN_KM_RATE = 1;
/** |T| at the edge of the service's range (1800 or 2400: 2 or 4 centuries from J2000). */
const T_MAX = 4;
const ARCSEC = Math.PI / 648_000;
const DAYS_PER_CENTURY = 36_525;
const require = createRequire(import.meta.url);
let packed: PackedElp | undefined;

function pack(raw: RawElp, minArcsec: number, minKm: number): PackedSet {
  const values: number[] = [];
  const start: number[][] = [];
  for (const coord of ["L", "B", "R"] as const) {
    const min = coord === "R" ? minKm : minArcsec;
    const bounds: number[] = [];
    for (let k = 0; k <= 3; k++) {
      bounds.push(values.length / 6);
      const scale = T_MAX ** k;
      for (const row of raw[coord][String(k)] ?? []) {
        if (Math.abs(row[0]) * scale >= min) values.push(...row);
      }
    }
    bounds.push(values.length / 6);
    start.push(bounds);
  }
  return { terms: Float64Array.from(values), start };
}

function load(): PackedElp {
  if (packed) return packed;
  const id = "astronomia/data/elpMppDeFull";
  const raw = (require(id) as { default: RawElp }).default;
  packed = { w1: [...raw.W1], position: pack(raw, MIN_ARCSEC, MIN_KM), rate: pack(raw, MIN_ARCSEC_RATE, MIN_KM_RATE) };
  // The packed arrays are all we keep: let the raw module (5 MB of source) be collected.
  delete require.cache[require.resolve(id)];
  return packed;
}

function evalValue(p: PackedSet, coord: number, t: number): number {
  const { terms, start } = p;
  const bounds = start[coord]!;
  const t2 = t * t;
  const t3 = t2 * t;
  const t4 = t3 * t;
  let value = 0;
  let tK = 1;
  for (let k = 0; k < bounds.length - 1; k++) {
    let s = 0;
    for (let i = bounds[k]!, end = bounds[k + 1]!; i < end; i++) {
      const j = i * 6;
      s += terms[j]! * fastSin(terms[j + 1]! + terms[j + 2]! * t + terms[j + 3]! * t2 + terms[j + 4]! * t3 + terms[j + 5]! * t4);
    }
    value += s * tK;
    tK *= t;
  }
  return value;
}

function evalRate(p: PackedSet, coord: number, t: number): number {
  const { terms, start } = p;
  const bounds = start[coord]!;
  const t2 = t * t;
  const t3 = t2 * t;
  const t4 = t3 * t;
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
      const dArg = terms[j + 2]! + 2 * terms[j + 3]! * t + 3 * terms[j + 4]! * t2 + 4 * terms[j + 5]! * t3;
      if (k > 0) s += a * fastSin(arg);
      ds += a * dArg * fastCos(arg);
    }
    rate += ds * tK + k * s * tKm1;
    tKm1 = tK;
    tK *= t;
  }
  return rate;
}

/**
 * Geocentric geometric Moon at a Julian day TT: position (km) and, when asked, velocity
 * (km/day), inertial mean ecliptic and equinox of J2000 (rectangular). Without `withVelocity`
 * the velocity fields are 0.
 *
 * `forLongitude` (root finding on the longitude alone) keeps the full longitude and distance
 * series but takes the latitude U from the smaller rate packing (terms < 0.01″ dropped): the
 * longitude of date sees U only through the tilt between Laskar's ecliptic of date and the
 * IAU 2006 one (≪ 1″), so it moves by < 1e-6″ (measured: test/engine/elp-longitude-mode.test.ts)
 * while 590 of the 2,640 terms are skipped.
 */
export function elpMoonState(jdTt: number, withVelocity: boolean, forLongitude = false): StateVector {
  const p = load();
  const t = (jdTt - 2451545.0) / DAYS_PER_CENTURY;
  const w = p.w1;
  const w1 = w[0]! + t * (w[1]! + t * (w[2]! + t * (w[3]! + t * w[4]!)));
  const dw1 = w[1]! + t * (2 * w[2]! + t * (3 * w[3]! + t * 4 * w[4]!));
  const v = w1 + evalValue(p.position, 0, t) * ARCSEC;
  const u = evalValue(forLongitude ? p.rate : p.position, 1, t) * ARCSEC;
  const r = evalValue(p.position, 2, t);
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
    const dv = (dw1 + evalRate(p.rate, 0, t) * ARCSEC) / DAYS_PER_CENTURY;
    const du = (evalRate(p.rate, 1, t) * ARCSEC) / DAYS_PER_CENTURY;
    const dr = evalRate(p.rate, 2, t) / DAYS_PER_CENTURY;
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
  return load().position.terms.length / 6;
}
