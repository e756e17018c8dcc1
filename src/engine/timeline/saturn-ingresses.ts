import { meanAyanamshaDeg } from "../astro/ayanamsha.js";
import { norm360 } from "../tables/rashis.js";
import { crossings, type CrossingOptions } from "../scans/crossings.js";
import type { Ingress } from "../scans/ingresses.js";
import { instantFromJdUt } from "../time/instant.js";
import type { Conventions } from "../types.js";
import { saturnTableRangeJdTt, saturnTropicalFromTableDeg } from "./saturn-longitude-table.js";

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

/**
 * The scan grid (scans/crossings.ts): Saturn's stations are at least four months apart
 * (retrograde spells of ~4½ months, direct ones of ~8), so a 12-day grid brackets every one; it
 * moves ≤ 0.13°/day, so 30-day pieces stay far inside the 180° unwrapping limit. On the table a
 * sample costs ~1 µs, which makes 200 years a few milliseconds.
 */
const SATURN_TABLE_SCAN: CrossingOptions = { pieceDays: 30, turnStepDays: 12 };
const SIGN_STARTS = Array.from({ length: 12 }, (_, i) => i * 30);

/**
 * Every sidereal sign change of Saturn with fromJdUt ≤ t < toJdUt, retrograde re-entries
 * included, from the table — the same search (turning points, then one root per boundary in
 * each monotonic piece) as scans/ingresses.ts on the full ephemeris, ~1000× cheaper. The range is
 * clamped to the table's (1899-07 … 2101-06).
 */
export function saturnIngressesFast(fromJdUt: number, toJdUt: number, conv: Conventions): Ingress[] {
  const [lo, hi] = saturnTableRangeJdUt();
  const a = Math.max(fromJdUt, lo);
  const b = Math.min(toJdUt, hi);
  if (!(a < b)) return [];
  const lon = (jd: number) => saturnSiderealFromTableDeg(jd, conv);
  const rate = (jd: number) => {
    const d = lon(jd + 0.05) - lon(jd - 0.05);
    return (((d + 540) % 360) - 180) / 0.1;
  };
  return crossings(lon, SIGN_STARTS, a, b, SATURN_TABLE_SCAN, rate).map((c) => {
    const entered = c.direction > 0 ? c.boundaryIndex : (c.boundaryIndex + 11) % 12;
    const left = c.direction > 0 ? (c.boundaryIndex + 11) % 12 : c.boundaryIndex;
    return { graha: "saturn" as const, jdUt: c.jd, fromSign: left + 1, toSign: entered + 1, speedDegPerDay: rate(c.jd) };
  });
}
