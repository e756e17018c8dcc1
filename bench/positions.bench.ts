/**
 * Speed of the graha positions (docs/architecture.md §11 budgets are for whole features; this is the
 * core they stand on): a full nine-graha set and the Moon's fast sidereal longitude.
 */
import { grahaPositions, siderealLongitudeDeg, siderealLongitudeForSearchDeg } from "../src/engine/astro/positions.js";
import { instantFromJdUt } from "../src/engine/time/instant.js";
import { withDefaults } from "../src/engine/types.js";

/** CPU time (user + system) per call: on a shared, busy machine wall time mostly measures the neighbours. */
function timeIt(name: string, iterations: number, fn: (i: number) => void): { name: string; microseconds: number } {
  for (let i = 0; i < Math.min(200, iterations); i++) fn(i); // warm up (and load the series)
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) fn(i);
  const used = process.cpuUsage(start);
  return { name, microseconds: (used.user + used.system) / iterations };
}

export async function run(): Promise<{ name: string; microseconds: number }[]> {
  const conv = withDefaults();
  const trueNode = withDefaults({ node: "true" });
  // Distinct instants, ~1 day apart, so no per-instant cache can answer.
  const jd0 = 2451545.0;
  return [
    timeIt("grahaPositions: 9 grahas, mean node", 2000, (i) => void grahaPositions(instantFromJdUt(jd0 + i * 1.37), conv)),
    timeIt("grahaPositions: 9 grahas, true node", 500, (i) => void grahaPositions(instantFromJdUt(jd0 + i * 1.37), trueNode)),
    timeIt("siderealLongitudeDeg('moon')", 5000, (i) => void siderealLongitudeDeg("moon", jd0 + i * 0.37, conv)),
    // A search: 40 calls within each day (block setup amortised over them).
    timeIt("siderealLongitudeForSearchDeg('moon'), 40 calls/day", 4000, (i) => void siderealLongitudeForSearchDeg("moon", jd0 + i / 40, conv)),
    timeIt("siderealLongitudeDeg('sun')", 5000, (i) => void siderealLongitudeDeg("sun", jd0 + i * 0.37, conv)),
    timeIt("siderealLongitudeDeg('saturn')", 2000, (i) => void siderealLongitudeDeg("saturn", jd0 + i * 0.37, conv)),
  ];
}
