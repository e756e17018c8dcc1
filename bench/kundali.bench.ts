/**
 * A full kundali as POST /kundali computes it, in the engine (docs/architecture.md §11 budget
 * ≤ 0.6 ms): the nine graha positions and the lagna for a NEW birth each call (no cache can
 * answer), then the chart core (placements, houses, aspects, navamsha, karakas, ashtakavarga,
 * 2-level Vimshottari), the yoga library and the doshas. GraphQL and JSON mapping are not in it.
 */
import { grahaPositions, preloadSeries } from "../src/engine/astro/positions.js";
import { ascendantAndMc } from "../src/engine/astro/houses.js";
import { ChartCore } from "../src/engine/chart/chart-core.js";
import type { ChartGraha, ChartInput } from "../src/engine/chart/chart-input.js";
import { detectDoshasFromFacts } from "../src/engine/chart/doshas/detect-doshas.js";
import { chartFacts } from "../src/engine/chart/yogas/chart-facts.js";
import { detectYogasFromFacts } from "../src/engine/chart/yogas/detect-yogas.js";
import { instantFromJdUt } from "../src/engine/time/instant.js";
import { GRAHAS, withDefaults, type Graha } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

const conv = withDefaults();

function fullKundali(i: number): number {
  const instant = instantFromJdUt(2447000.5 + i * 3.71); // a different birth each call (1987 onwards)
  const place = { latDeg: ((i * 37) % 110) - 55, lonDeg: ((i * 73) % 360) - 180 };
  const pos = grahaPositions(instant, conv);
  const grahas = Object.fromEntries(
    GRAHAS.map((g) => [g, { lonSidDeg: pos[g]!.lonSidDeg, latDeg: pos[g]!.latDeg, speedDegPerDay: pos[g]!.speedDegPerDay }]),
  ) as Record<Graha, ChartGraha>;
  const input: ChartInput = { lagnaSidDeg: ascendantAndMc(instant, place, conv).ascendantSidDeg, grahas };
  const core = new ChartCore(input, instant.jdUt, { dashaDepth: 2 }).all();
  const facts = chartFacts(input);
  return detectYogasFromFacts(facts).length + Object.keys(detectDoshasFromFacts(facts)).length + core.planets.length;
}

export async function run(): Promise<BenchResult[]> {
  preloadSeries();
  let i = 0;
  return [
    {
      name: "full kundali: positions + lagna + chart core + yogas + doshas (new birth each call)",
      microseconds: medianMicros(() => fullKundali(i++), 300, 30),
      budgetMicroseconds: 600,
    },
  ];
}
