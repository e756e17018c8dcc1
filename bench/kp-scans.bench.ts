/**
 * Time scans (issue #12 budgets): a month of transits (ingresses of the nine grahas, stations of
 * the five planets) plus exact aspects of all pairs ≤ 50 ms; a 31-day Moon sub-lord scan ≤ 20 ms.
 * Each iteration takes a different month, so the interpolation cache (positions.ts) starts cold
 * and the figure is what a request for an unseen month costs.
 */
import { subLordChanges } from "../src/engine/kp/sublord-changes.js";
import { aspectHits, MONTHLY_ASPECT_GRAHAS } from "../src/engine/scans/aspect-hits.js";
import { ingresses, stations } from "../src/engine/scans/ingresses.js";
import { GRAHAS, withDefaults } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

const CONV = withDefaults();
const KP = withDefaults({ ayanamsha: "krishnamurti" });
const START = 2460676.5; // 2025-01-01T00:00Z

function monthScan(start: number): number {
  let n = 0;
  for (const g of GRAHAS) n += ingresses(g, start, start + 31, CONV).length;
  for (const g of ["mercury", "venus", "mars", "jupiter", "saturn"] as const) n += stations(g, start, start + 31, CONV).length;
  return n + aspectHits(MONTHLY_ASPECT_GRAHAS, start, start + 31, CONV).length;
}

export async function run(): Promise<BenchResult[]> {
  let m = 0;
  let k = 0;
  return [
    {
      name: "month of transits (9 ingresses, 5 stations) + aspects of all 27 pairs, cold cache",
      microseconds: medianMicros(() => monthScan(START + 40 * m++), 30, 3),
      budgetMicroseconds: 50_000,
    },
    {
      name: "31-day Moon sub-lord scan (Krishnamurti), cold cache",
      microseconds: medianMicros(() => subLordChanges("moon", START - 40 * ++k, START - 40 * k + 31, KP), 30, 3),
      budgetMicroseconds: 20_000,
    },
  ];
}
