import { GRAHAS, type Graha } from "../types.js";
import { rashiOf } from "../tables/rashis.js";
import { FULL_ASPECTS, PARTIAL_ASPECT_STRENGTH } from "../tables/aspects.js";
import { houseFrom, signFrom, type ChartInput } from "./chart-input.js";

/** One graha drishti: `from` casts its `nth`-house aspect onto a house (whole sign from lagna). */
export interface HouseAspect {
  readonly from: Graha;
  /** Counted from the aspecting graha's sign, 1..12 (7 = opposition). */
  readonly nth: number;
  readonly house: number;
  readonly rashi: number;
  /** 0..1: 1 for the 7th and the special aspects, else the BPHS partial strength. */
  readonly strength: number;
  /** True for full aspects (7th and Mars/Jupiter/Saturn specials), false for the partial ones. */
  readonly full: boolean;
}

/** A graha aspecting another graha (by sign). */
export interface GrahaAspect {
  readonly from: Graha;
  readonly to: Graha;
  readonly nth: number;
  readonly strength: number;
  readonly full: boolean;
}

export interface ChartAspects {
  /** Full aspects onto houses (every graha's 7th plus the special aspects). */
  readonly onHouses: readonly HouseAspect[];
  /** Full aspects onto grahas. */
  readonly onGrahas: readonly GrahaAspect[];
  /** The Parashari partial aspects (25/50/75%) that are not already full, onto houses. */
  readonly partialOnHouses: readonly HouseAspect[];
  /** The partial aspects onto grahas. */
  readonly partialOnGrahas: readonly GrahaAspect[];
}

/** Houses counted from a graha that can receive an aspect (BPHS ch. 26), ascending. */
const ASPECT_HOUSES: readonly number[] = Object.keys(PARTIAL_ASPECT_STRENGTH)
  .map(Number)
  .sort((a, b) => a - b);

/** Strength (0..1) of graha `g`'s aspect on the `nth` sign from it; 0 where it casts none. */
export function aspectStrength(g: Graha, nth: number): number {
  if (FULL_ASPECTS[g].includes(nth)) return 1;
  return PARTIAL_ASPECT_STRENGTH[nth] ?? 0;
}

/**
 * All graha drishti of a chart, by whole sign (BPHS ch. 26). Grahas do not aspect their own sign;
 * conjunction is reported by the houses, not here.
 */
export function chartAspects(chart: ChartInput): ChartAspects {
  const lagnaRashi = rashiOf(chart.lagnaSidDeg);
  const signOf = GRAHAS.map((g) => rashiOf(chart.grahas[g].lonSidDeg));
  // Bucketed by house so the result comes out ordered by house, then graha, without sorting.
  const full: HouseAspect[][] = Array.from({ length: 12 }, () => []);
  const partial: HouseAspect[][] = Array.from({ length: 12 }, () => []);
  const onGrahas: GrahaAspect[] = [];
  const partialOnGrahas: GrahaAspect[] = [];
  // Grahas in each sign as a bit set (graha index order), so each aspect visits only the occupied sign's grahas.
  const occupants = new Int32Array(13);
  for (let j = 0; j < GRAHAS.length; j++) occupants[signOf[j]!]! |= 1 << j;
  for (let i = 0; i < GRAHAS.length; i++) {
    const from = GRAHAS[i]!;
    for (const nth of ASPECT_HOUSES) {
      const isFull = FULL_ASPECTS[from].includes(nth);
      const strength = isFull ? 1 : PARTIAL_ASPECT_STRENGTH[nth]!;
      const rashi = signFrom(signOf[i]!, nth);
      const house = houseFrom(lagnaRashi, rashi);
      (isFull ? full : partial)[house - 1]!.push({ from, nth, house, rashi, strength, full: isFull });
      const there = occupants[rashi]! & ~(1 << i);
      if (there === 0) continue;
      for (let j = 0; j < GRAHAS.length; j++) {
        if (there & (1 << j)) (isFull ? onGrahas : partialOnGrahas).push({ from, to: GRAHAS[j]!, nth, strength, full: isFull });
      }
    }
  }
  return { onHouses: full.flat(), onGrahas, partialOnHouses: partial.flat(), partialOnGrahas };
}
