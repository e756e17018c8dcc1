import { GRAHAS, type Graha } from "../types.js";
import { RASHIS, rashiOf } from "../tables/rashis.js";
import { houseFrom, signFrom, type ChartInput } from "./chart-input.js";
import type { ChartAspects } from "./aspects.js";

/** One whole-sign house (bhava) from the lagna. */
export interface House {
  readonly house: number;
  readonly rashi: number;
  readonly rashiName: string;
  readonly lord: Graha;
  /** Grahas in the house's sign, in the spec's graha order. */
  readonly grahas: readonly Graha[];
  /** Grahas casting a full aspect (7th or special) on the house. */
  readonly aspectedBy: readonly Graha[];
}

/** House (1..12, whole sign from the lagna) of graha `g`. */
export function houseOf(chart: ChartInput, g: Graha): number {
  return houseFrom(rashiOf(chart.lagnaSidDeg), rashiOf(chart.grahas[g].lonSidDeg));
}

/** The twelve whole-sign houses with their occupants and the full aspects they receive. */
export function chartHouses(chart: ChartInput, aspects: ChartAspects): House[] {
  const lagnaRashi = rashiOf(chart.lagnaSidDeg);
  const houses: House[] = [];
  for (let h = 1; h <= 12; h++) {
    const rashi = signFrom(lagnaRashi, h);
    const r = RASHIS[rashi - 1]!;
    const aspectedBy: Graha[] = [];
    for (const a of aspects.onHouses) if (a.house === h && !aspectedBy.includes(a.from)) aspectedBy.push(a.from);
    houses.push({
      house: h,
      rashi,
      rashiName: r.name,
      lord: r.lord,
      grahas: GRAHAS.filter((g) => rashiOf(chart.grahas[g].lonSidDeg) === rashi),
      aspectedBy,
    });
  }
  return houses;
}
