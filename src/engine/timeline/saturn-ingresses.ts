import { findRoot } from "../astro/junction.js";
import { meanAyanamshaDeg } from "../astro/ayanamsha.js";
import { norm360 } from "../tables/rashis.js";
import type { Ingress } from "../scans/ingresses.js";
import { deltaTSeconds } from "../time/delta-t.js";
import { instantFromJdUt } from "../time/instant.js";
import type { Conventions } from "../types.js";
import { SATURN_STEP_DAYS, saturnSampleJdTt, saturnSamples, saturnTableRangeJdTt, saturnTropicalFromTableDeg } from "./saturn-longitude-table.js";

/**
 * Saturn's sidereal longitude (degrees, 0..360) at a JD UT from the precomputed table
 * (saturn-longitude-table.ts): the table's tropical longitude minus the mean ayanamsha, the
 * same construction as astro/positions.ts (siderealLongitudeDeg), so every ayanamsha works.
 */
export function saturnSiderealFromTableDeg(jdUt: number, conv: Conventions): number {
  const jdTt = instantFromJdUt(jdUt).jdTt;
  return norm360(saturnTropicalFromTableDeg(jdTt) - meanAyanamshaDeg(jdTt, conv.ayanamsha));
}

/** The JD UT range the table answers (about 1899-07 to 2101-06). */
export function saturnTableRangeJdUt(): readonly [number, number] {
  const [a, b] = saturnTableRangeJdTt();
  // ΔT is under two minutes over the range: a day's margin keeps both ends inside the table.
  return [a + 1, b - 1];
}

/** Root tolerance, days (≈ 0.9 s; the table itself is good to a few minutes of Saturn's motion at worst). */
const TOL_DAYS = 1e-5;

/**
 * Every sidereal sign change of Saturn with fromJdUt ≤ t < toJdUt, retrograde re-entries
 * included, from the table — the scan code's method (scans/crossings.ts: cut the range at the
 * turning points, then one root per boundary in each monotonic piece, Brent's method from
 * astro/junction.ts) run on the table's own 6-day grid:
 *
 * - the sidereal longitude at every sample is the stored tropical value minus the ayanamsha
 *   (no interpolation); Saturn's stations are at least four months (20 samples) apart, so a change
 *   of direction between consecutive sample differences brackets every station;
 * - around a station the interpolated longitude's extremum is found (root of its rate) and both
 *   sides searched, so a boundary crossed and recrossed within a few days is not missed;
 * - every other interval between samples is monotonic and has a crossing exactly when a
 *   multiple of 30° lies between its end values.
 *
 * The search runs in TT (the table's scale); each root is turned into UT at the end. The range is
 * clamped to the table's (1899-07 … 2101-06). Cost: ~12,000 ayanamsha values and a few thousand
 * interpolations for 200 years.
 */
export function saturnIngressesFast(fromJdUt: number, toJdUt: number, conv: Conventions): Ingress[] {
  const [lo, hi] = saturnTableRangeJdUt();
  const a = instantFromJdUt(Math.max(fromJdUt, lo)).jdTt;
  const b = instantFromJdUt(Math.min(toJdUt, hi)).jdTt;
  if (!(a < b)) return [];
  const s = saturnSamples();
  const k0 = Math.max(2, Math.floor((a - saturnSampleJdTt(0)) / SATURN_STEP_DAYS));
  const k1 = Math.min(s.length - 4, Math.ceil((b - saturnSampleJdTt(0)) / SATURN_STEP_DAYS));
  const ayan = (jdTt: number) => meanAyanamshaDeg(jdTt, conv.ayanamsha);
  // Unwrapped sidereal longitude (the tropical samples are unwrapped; the ayanamsha is smooth).
  const lon = (jdTt: number) => saturnTropicalFromTableDeg(jdTt) - ayan(jdTt);
  const rate = (jdTt: number) => (lon(jdTt + 0.05) - lon(jdTt - 0.05)) / 0.1;
  const v = new Float64Array(k1 - k0 + 1);
  for (let k = k0; k <= k1; k++) v[k - k0] = s[k]! - ayan(saturnSampleJdTt(k));

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
      // A station between samples k and k + 2: split the double interval at the extremum.
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
    if (jdUt < fromJdUt || jdUt >= toJdUt) continue;
    const b = (((h.boundaryDeg / 30) % 12) + 12) % 12;
    const entered = h.dir > 0 ? b : (b + 11) % 12;
    const left = h.dir > 0 ? (b + 11) % 12 : b;
    out.push({ graha: "saturn", jdUt, fromSign: left + 1, toSign: entered + 1, speedDegPerDay: rate(h.jdTt) });
  }
  return out.sort((x, y) => x.jdUt - y.jdUt);
}
