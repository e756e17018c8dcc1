/**
 * Shadbala + bhava bala for a NEW birth each call (issue 11 budget ≤ 1 ms): the sunrise frame of
 * the birth's day, the six balas of Sun … Saturn and the 12 bhava balas, from the chart's
 * positions and angles (the memoized inputs every chart field shares). A second line adds the
 * positions and the lagna themselves; a third is the engine work of a /kundali + /shadbala +
 * /aspects selection on one chart (issue 11 budget ≤ 5 ms; GraphQL and JSON mapping not in it).
 */
import { trueAyanamshaDeg } from "../src/engine/astro/ayanamsha.js";
import { ascendantAndMc } from "../src/engine/astro/houses.js";
import { grahaPositions, preloadSeries } from "../src/engine/astro/positions.js";
import type { ChartGraha, ChartInput } from "../src/engine/chart/chart-input.js";
import { ChartCore } from "../src/engine/chart/chart-core.js";
import { detectDoshasFromFacts } from "../src/engine/chart/doshas/detect-doshas.js";
import { grahaDrishti, mutualAspects, rashiDrishti } from "../src/engine/chart/drishti.js";
import { chartFacts } from "../src/engine/chart/yogas/chart-facts.js";
import { detectYogasFromFacts } from "../src/engine/chart/yogas/detect-yogas.js";
import { bhavaBala } from "../src/engine/strength/bhava-bala.js";
import { shadbalaInput } from "../src/engine/strength/shadbala-input.js";
import { shadbala } from "../src/engine/strength/shadbala.js";
import { instantFromJdUt } from "../src/engine/time/instant.js";
import { GRAHAS, withDefaults, type Graha } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

const conv = withDefaults();

function birth(i: number) {
  const instant = instantFromJdUt(2447000.5 + i * 3.71);
  const place = { latDeg: ((i * 37) % 110) - 55, lonDeg: ((i * 73) % 360) - 180 };
  const pos = grahaPositions(instant, conv);
  const grahas = Object.fromEntries(
    GRAHAS.map((g) => [g, { lonSidDeg: pos[g]!.lonSidDeg, latDeg: pos[g]!.latDeg, speedDegPerDay: pos[g]!.speedDegPerDay }]),
  ) as Record<Graha, ChartGraha>;
  const angles = ascendantAndMc(instant, place, conv);
  const chart: ChartInput = { lagnaSidDeg: angles.ascendantSidDeg, grahas };
  return { instant, place, angles, chart, ayan: trueAyanamshaDeg(instant.jdTt, conv.ayanamsha) };
}

function strength(b: ReturnType<typeof birth>): number {
  const sb = shadbala(shadbalaInput(b.chart, b.instant, b.place, conv, b.angles, b.ayan));
  return bhavaBala(b.chart, sb).length + sb.grahas.length;
}

function kundaliShadbalaAspects(b: ReturnType<typeof birth>): number {
  const core = new ChartCore(b.chart, b.instant.jdUt, { dashaDepth: 2 }).all();
  const facts = chartFacts(b.chart);
  const n = detectYogasFromFacts(facts).length + Object.keys(detectDoshasFromFacts(facts)).length;
  return n + core.planets.length + strength(b) + grahaDrishti(b.chart).length + rashiDrishti(b.chart).length + mutualAspects(b.chart).length;
}

export async function run(): Promise<BenchResult[]> {
  preloadSeries();
  const births = Array.from({ length: 400 }, (_, i) => birth(i));
  let i = 0;
  let j = 0;
  let k = 0;
  return [
    {
      name: "shadbala + bhava bala, new birth each call (sunrise frame included, positions given)",
      microseconds: medianMicros(() => strength(births[i++ % births.length]!), 300, 30),
      budgetMicroseconds: 1000,
    },
    {
      name: "positions + lagna + shadbala + bhava bala, new birth each call",
      microseconds: medianMicros(() => strength(birth(1000 + j++)), 300, 30),
    },
    {
      name: "/kundali + /shadbala + /aspects engine work: positions, core, yogas, doshas, shadbala, bhava bala, drishti (new birth each call)",
      microseconds: medianMicros(() => kundaliShadbalaAspects(birth(5000 + k++)), 300, 30),
      budgetMicroseconds: 5000,
    },
  ];
}
