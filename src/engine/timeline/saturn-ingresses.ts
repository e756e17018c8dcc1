import { findRoot } from "../astro/junction.js";
import { siderealLongitudeDeg } from "../astro/positions.js";
import { isEpochDefinedAyanamsha, meanAyanamshaDeg } from "../astro/ayanamsha.js";
import { norm360 } from "../tables/rashis.js";
import type { Ingress } from "../scans/ingresses.js";
import { deltaTSeconds } from "../time/delta-t.js";
import { instantFromJdUt } from "../time/instant.js";
import type { AyanamshaName, Conventions } from "../types.js";
import { SATURN_STEP_DAYS, saturnPrecessedFromTableDeg, saturnSampleJdTt, saturnSamples, saturnTableRangeJdTt } from "./saturn-longitude-table.js";

const J2000_TT = 2451545.0;

/**
 * What to subtract from the table's P(t) (saturn-longitude-table.ts) to get the sidereal longitude,
 * degrees: A(t) + tropical − P(t) = A(t) − Lahiri(t) + Lahiri(J2000). For an epoch-defined ayanamsha
 * that is the constant A(J2000); for true_chitra (Spica's apparent place, which swings ±20″ with the
 * annual aberration) it is evaluated on a 30-day grid and interpolated (cubic: < 0.05″).
 */
function siderealOffset(conv: Conventions): (jdTt: number) => number {
  const name = conv.ayanamsha;
  let f = OFFSETS.get(name);
  if (!f) OFFSETS.set(name, (f = makeOffset(name)));
  return f;
}

/** One offset function per ayanamsha (true_chitra's grid fills as it is read: a pure cache). */
const OFFSETS = new Map<AyanamshaName, (jdTt: number) => number>();

function makeOffset(name: AyanamshaName): (jdTt: number) => number {
  if (isEpochDefinedAyanamsha(name)) {
    const c = meanAyanamshaDeg(J2000_TT, name);
    return () => c;
  }
  const lahiri2000 = meanAyanamshaDeg(J2000_TT, "lahiri");
  const exact = (t: number) => meanAyanamshaDeg(t, name) - meanAyanamshaDeg(t, "lahiri") + lahiri2000;
  const grid = new Map<number, number>();
  const at = (i: number) => {
    let v = grid.get(i);
    if (v === undefined) grid.set(i, (v = exact(i * OFFSET_GRID_DAYS)));
    return v;
  };
  return (t) => {
    const x = t / OFFSET_GRID_DAYS;
    const i = Math.floor(x);
    const u = x - i;
    const [a, b, c, d] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    // 4-point Lagrange on points −1, 0, 1, 2.
    return (-u * (u - 1) * (u - 2) * a) / 6 + ((u + 1) * (u - 1) * (u - 2) * b) / 2 - ((u + 1) * u * (u - 2) * c) / 2 + ((u + 1) * u * (u - 1) * d) / 6;
  };
}
const OFFSET_GRID_DAYS = 30;

/**
 * Saturn's sidereal longitude (degrees, 0..360) at a JD UT from the precomputed table
 * (saturn-longitude-table.ts): the same longitude as astro/positions.ts (siderealLongitudeDeg,
 * apparent, mean ayanamsha), for every ayanamsha.
 */
export function saturnSiderealFromTableDeg(jdUt: number, conv: Conventions): number {
  const jdTt = instantFromJdUt(jdUt).jdTt;
  return norm360(saturnPrecessedFromTableDeg(jdTt) - siderealOffset(conv)(jdTt));
}

/** The JD UT range the table answers (about 1899-07 to 2101-06). */
export function saturnTableRangeJdUt(): readonly [number, number] {
  const [a, b] = saturnTableRangeJdTt();
  // ΔT is under two minutes over the range: a day's margin keeps both ends inside the table.
  return [a + 1, b - 1];
}

/**
 * Newton steps on the full ephemeris (astro/positions.ts) from the table's root: the table is good to
 * ~0.3″, so the first step moves the instant by at most minutes (more only at a crossing right by a
 * station, where Saturn barely moves) and a second lands within a second of the generic scan's root.
 * Each step costs one full evaluation (the speed is the table's: a slightly wrong slope only slows
 * the convergence).
 */
function polish(jdUt: number, boundaryDeg: number, speedDegPerDay: number, conv: Conventions): number {
  // Right at a station the slope is too flat to divide by: the table's root stands.
  if (Math.abs(speedDegPerDay) < 1e-3) return jdUt;
  let t = jdUt;
  for (let i = 0; i < 4; i++) {
    const miss = ((((siderealLongitudeDeg("saturn", t, conv) - boundaryDeg) % 360) + 540) % 360) - 180;
    const dt = miss / speedDegPerDay;
    if (Math.abs(t - dt - jdUt) > 0.5) return jdUt;
    t -= dt;
    if (Math.abs(dt) < 1e-6) break;
  }
  return t;
}

/** Root tolerance, days (≈ 0.9 s; the table itself is good to a few minutes of Saturn's motion at worst). */
const TOL_DAYS = 1e-5;

/**
 * Every sidereal sign change of Saturn with fromJdUt ≤ t < toJdUt, retrograde re-entries
 * included, from the table — the scan code's method (scans/crossings.ts: cut the range at the
 * turning points, then one root per boundary in each monotonic piece, Brent's method from
 * astro/junction.ts) run on the table's own 6-day grid:
 *
 * - the sidereal longitude at every sample is the stored value minus the ayanamsha's offset (a
 *   constant for all but true_chitra: nothing to evaluate); Saturn's stations are at least four
 *   months (20 samples) apart, so a change of direction between consecutive sample differences
 *   brackets every station;
 * - a station whose three samples lie more than 0.1° from every sign boundary is passed over (the
 *   extremum overshoots the samples by at most 0.5 × 0.0015°/day² × (6 days)² < 0.03°); near a
 *   boundary the interpolated longitude's extremum is found (root of its rate) and both sides
 *   searched, so a boundary crossed and recrossed within a few days is not missed;
 * - every other interval between samples is monotonic and has a crossing exactly when a
 *   multiple of 30° lies between its end values.
 *
 * The search runs in TT (the table's scale); each root is turned into UT at the end. The range is
 * clamped to the table's (1899-07 … 2101-06). Cost for 200 years: ~12,000 subtractions and ~100
 * roots of ~10 interpolations each.
 */
export function saturnIngressesFast(fromJdUt: number, toJdUt: number, conv: Conventions, opts: { exact?: boolean } = {}): Ingress[] {
  const [lo, hi] = saturnTableRangeJdUt();
  const a = instantFromJdUt(Math.max(fromJdUt, lo)).jdTt;
  const b = instantFromJdUt(Math.min(toJdUt, hi)).jdTt;
  if (!(a < b)) return [];
  const s = saturnSamples();
  const k0 = Math.max(2, Math.floor((a - saturnSampleJdTt(0)) / SATURN_STEP_DAYS));
  const k1 = Math.min(s.length - 4, Math.ceil((b - saturnSampleJdTt(0)) / SATURN_STEP_DAYS));
  const offset = siderealOffset(conv);
  // Unwrapped sidereal longitude (the samples are unwrapped; the offset is smooth).
  const lon = (jdTt: number) => saturnPrecessedFromTableDeg(jdTt) - offset(jdTt);
  const rate = (jdTt: number) => (lon(jdTt + 0.05) - lon(jdTt - 0.05)) / 0.1;
  const v = new Float64Array(k1 - k0 + 1);
  for (let k = k0; k <= k1; k++) v[k - k0] = s[k]! - offset(saturnSampleJdTt(k));
  /** Whether a multiple of 30° lies within [lo − margin, hi + margin]. */
  const boundaryNear = (lo: number, hi: number, margin: number) => Math.floor((hi + margin) / 30) * 30 >= lo - margin;

  const hits: { jdTt: number; boundaryDeg: number; dir: 1 | -1 }[] = [];
  /** Crossings of multiples of 30° inside a monotonic piece [t0, t1] with end values l0, l1. */
  const piece = (t0: number, t1: number, l0: number, l1: number) => {
    if (l0 === l1) return;
    const dir: 1 | -1 = l1 > l0 ? 1 : -1;
    const lowV = Math.min(l0, l1);
    const highV = Math.max(l0, l1);
    // Boundaries in (low, high] going forward, [low, high) going back: the sign entered is the one the value ends in.
    for (let m = dir > 0 ? Math.floor(lowV / 30) + 1 : Math.ceil(lowV / 30); dir > 0 ? m * 30 <= highV : m * 30 < highV; m++) {
      const target = m * 30;
      const jdTt = l1 === target ? t1 : findRoot((t) => lon(t) - target, t0, t1, TOL_DAYS, l0 - target, l1 - target);
      hits.push({ jdTt, boundaryDeg: target, dir });
    }
  };
  for (let k = k0; k < k1; k++) {
    const i = k - k0;
    const t0 = saturnSampleJdTt(k);
    const d1 = v[i + 1]! - v[i]!;
    const d2 = k + 1 < k1 ? v[i + 2]! - v[i + 1]! : d1;
    if (d1 * d2 < 0) {
      // A station between samples k and k + 2: split the double interval at the extremum, unless no
      // boundary lies near enough to be crossed there at all.
      const lo3 = Math.min(v[i]!, v[i + 1]!, v[i + 2]!);
      const hi3 = Math.max(v[i]!, v[i + 1]!, v[i + 2]!);
      if (!boundaryNear(lo3, hi3, 0.1)) {
        k++;
        continue;
      }
      const t2 = saturnSampleJdTt(k + 2);
      const r0 = rate(t0);
      const r2 = rate(t2);
      const te = r0 * r2 < 0 ? findRoot(rate, t0, t2, TOL_DAYS, r0, r2) : saturnSampleJdTt(k + 1);
      const le = lon(te);
      piece(t0, te, v[i]!, le);
      piece(te, t2, le, v[i + 2]!);
      k++;
      continue;
    }
    piece(t0, saturnSampleJdTt(k + 1), v[i]!, v[i + 1]!);
  }

  const out: Ingress[] = [];
  for (const h of hits) {
    // TT → UT: ΔT changes by well under a second in a minute, so one correction is exact enough.
    const guess = h.jdTt - deltaTSeconds(h.jdTt) / 86_400;
    const jdUt = h.jdTt - deltaTSeconds(guess) / 86_400;
    const speed = rate(h.jdTt);
    const exactJdUt = opts.exact ? polish(jdUt, h.boundaryDeg, speed, conv) : jdUt;
    if (exactJdUt < fromJdUt || exactJdUt >= toJdUt) continue;
    const b = (((h.boundaryDeg / 30) % 12) + 12) % 12;
    const entered = h.dir > 0 ? b : (b + 11) % 12;
    const left = h.dir > 0 ? (b + 11) % 12 : b;
    out.push({ graha: "saturn", jdUt: exactJdUt, fromSign: left + 1, toSign: entered + 1, speedDegPerDay: speed });
  }
  return out.sort((x, y) => x.jdUt - y.jdUt);
}
