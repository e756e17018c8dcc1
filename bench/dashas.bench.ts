/**
 * Dasha systems (issue 28 budget): each system to 3 levels (maha, antar, pratyantar — every period
 * of a full listing) ≤ 1 ms, for a new Moon each call; the chart is given (positions not included).
 */
import { systemDasha, DASHA_SYSTEMS } from "../src/engine/dasha/dasha-systems.js";
import type { DashaSpan } from "../src/engine/dasha/dasha-span.js";
import type { ChartInput } from "../src/engine/chart/chart-input.js";
import { medianMicros, type BenchResult } from "./run.js";

const GRAHAS = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu"] as const;

function chartOf(i: number): ChartInput {
  const grahas = Object.fromEntries(GRAHAS.map((g, k) => [g, { lonSidDeg: (i * 37.3 + k * 41.7) % 360, latDeg: 0, speedDegPerDay: 1 }]));
  return { lagnaSidDeg: (i * 13.1) % 360, grahas: grahas as unknown as ChartInput["grahas"] };
}

export async function run(): Promise<BenchResult[]> {
  return DASHA_SYSTEMS.map((system) => {
    let i = 0;
    let periods = 0;
    const once = () => {
      const d = systemDasha(system, chartOf(i++), 2451545 + i, 365.25);
      periods = 0;
      for (const m of d.mahaDashas) {
        for (const a of d.subdivide(m)) {
          const p: DashaSpan[] = d.subdivide(a);
          periods += 1 + p.length;
        }
        periods++;
      }
    };
    const us = medianMicros(once, 300, 30);
    return { name: `${system}: every period to 3 levels (${periods} periods), new chart each call`, microseconds: us, budgetMicroseconds: 1000 };
  });
}
