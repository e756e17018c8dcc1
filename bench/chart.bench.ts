/**
 * Chart core over given positions (no astronomy): placements, houses, aspects, navamsha,
 * karakas, ashtakavarga and a 3-level Vimshottari — what /kundali needs besides yogas/doshas —
 * plus the default varga set and a 5-level current-dasha lookup.
 */
import { ChartCore } from "../src/engine/chart/chart-core.js";
import type { ChartInput } from "../src/engine/chart/chart-input.js";
import { currentPeriods } from "../src/engine/dasha/vimshottari.js";
import { vargaCharts } from "../src/engine/varga/varga-chart.js";
import { GRAHAS, type Graha } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

// A fixed chart (sidereal degrees), spread over the zodiac like a real one.
const LONS: Record<Graha, number> = {
  sun: 108.31, moon: 299.51, mars: 38.8, mercury: 89.07, jupiter: 131.15, venus: 113.88, saturn: 152.08, rahu: 54.88, ketu: 234.88,
};
const chart: ChartInput = {
  lagnaSidDeg: 132.58,
  grahas: Object.fromEntries(
    GRAHAS.map((g) => [g, { lonSidDeg: LONS[g], latDeg: 0, speedDegPerDay: g === "venus" || g === "rahu" || g === "ketu" ? -0.5 : 0.9 }]),
  ) as ChartInput["grahas"],
};
const BIRTH_JD = 2466005.75;

export async function run(): Promise<BenchResult[]> {
  return [
    {
      name: "chart core: all parts (placements … ashtakavarga, 3-level dasha)",
      microseconds: medianMicros(() => new ChartCore(chart, BIRTH_JD).all(), 500, 50),
    },
    { name: "ashtakavarga with shodhya pinda", microseconds: medianMicros(() => new ChartCore(chart, BIRTH_JD).ashtakavarga, 500, 50) },
    { name: "default 8 vargas", microseconds: medianMicros(() => vargaCharts(chart), 500, 50) },
    {
      name: "current dasha to prana (5 levels)",
      microseconds: medianMicros(() => currentPeriods(new ChartCore(chart, BIRTH_JD, { dashaDepth: 1 }).dasha, BIRTH_JD + 12000, 5), 500, 50),
    },
  ];
}
