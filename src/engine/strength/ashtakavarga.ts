import { SAPTA_GRAHAS, type SaptaGraha } from "../types.js";
import { RASHIS, rashiOf } from "../tables/rashis.js";
import {
  AV_CONTRIBUTORS,
  BENEFIC_PLACES_BY_TABLE,
  GRAHA_GUNAKARA,
  RASHI_GUNAKARA,
  SAME_LORD_SIGN_PAIRS,
  type AshtakavargaTable,
  type AvContributor,
} from "../tables/ashtakavarga.js";
import { signFrom, type ChartInput } from "../chart/chart-input.js";

/** One graha's bhinnashtakavarga: bindus per sign (index 0 = Aries) and who gave them. */
export interface Bhinnashtakavarga {
  readonly graha: SaptaGraha;
  /** Bindus per sign, Aries … Pisces. */
  readonly scores: readonly number[];
  readonly total: number;
  /** Prastharashtakavarga: per contributor, 1/0 per sign (Aries … Pisces). */
  readonly contributions: Readonly<Record<AvContributor, readonly number[]>>;
}

export interface ShodhyaPinda {
  /** Bindus per sign after trikona shodhana. */
  readonly afterTrikona: readonly number[];
  /** Bindus per sign after ekadhipatya shodhana (applied to the trikona-reduced figures). */
  readonly afterEkadhipatya: readonly number[];
  readonly rashiPinda: number;
  readonly grahaPinda: number;
  readonly shodhyaPinda: number;
}

export interface Ashtakavarga {
  readonly bhinna: readonly Bhinnashtakavarga[];
  /** Sarvashtakavarga: the sum of the seven bhinnashtakavargas per sign (Aries … Pisces). */
  readonly sarva: readonly number[];
  readonly sarvaTotal: number;
  readonly shodhyaPinda: Readonly<Record<SaptaGraha, ShodhyaPinda>>;
  /** Sign (1..12) with the most / fewest sarvashtakavarga bindus; ties go to the earlier sign. */
  readonly strongestRashi: number;
  readonly weakestRashi: number;
  /** The benefic-place table and shodhana used (tables/ashtakavarga.ts). */
  readonly table: AshtakavargaTable;
  readonly source: string;
}

export const ASHTAKAVARGA_SOURCE =
  "BPHS ch. 66 (bindus), ch. 67 (trikona shodhana), ch. 68 (ekadhipatya shodhana), ch. 69 (shodhya pinda)";

/** What each table follows, echoed with the result. */
export const ASHTAKAVARGA_SOURCES: Readonly<Record<AshtakavargaTable, string>> = Object.freeze({
  bphs: ASHTAKAVARGA_SOURCE,
  jagannatha_hora:
    "P. V. R. Narasimha Rao, Vedic Astrology: An Integrated Approach, ashtakavarga chapter (bindus as in Jagannatha Hora; " +
    "shodhana as BPHS ch. 67–68 with the lagna's sign counted as occupied; shodhya pinda as BPHS ch. 69)",
});

/** Bhinnashtakavarga of graha `g` given the contributors' signs (1..12). */
export function bhinnashtakavarga(
  g: SaptaGraha,
  signs: Readonly<Record<AvContributor, number>>,
  table: AshtakavargaTable = "bphs",
): Bhinnashtakavarga {
  const scores = new Array<number>(12).fill(0);
  const contributions = {} as Record<AvContributor, number[]>;
  for (const c of AV_CONTRIBUTORS) {
    const row = new Array<number>(12).fill(0);
    for (const nth of BENEFIC_PLACES_BY_TABLE[table][g][c]) row[signFrom(signs[c], nth) - 1] = 1;
    for (let i = 0; i < 12; i++) scores[i]! += row[i]!;
    contributions[c] = row;
  }
  return { graha: g, scores, total: scores.reduce((a, b) => a + b, 0), contributions };
}

/** Trikona shodhana (BPHS ch. 67): in each group of trine signs subtract the smallest figure from all three. */
export function trikonaShodhana(scores: readonly number[]): number[] {
  const out = [...scores];
  for (let i = 0; i < 4; i++) {
    const m = Math.min(out[i]!, out[i + 4]!, out[i + 8]!);
    out[i]! -= m;
    out[i + 4]! -= m;
    out[i + 8]! -= m;
  }
  return out;
}

/**
 * Ekadhipatya shodhana (BPHS ch. 68) for the five pairs of signs with one lord, on trikona-reduced
 * figures; `occupied[i]` is true when a graha (Sun…Saturn) is in sign i+1. No change when either
 * figure is 0 or both signs are occupied. Both empty: equal figures → both 0, unequal → both the
 * smaller. One occupied: the empty sign's figure becomes 0 if it is not larger than the occupied
 * one's, else it is reduced to the occupied one's.
 */
export function ekadhipatyaShodhana(scores: readonly number[], occupied: readonly boolean[]): number[] {
  const out = [...scores];
  for (const [a1, b1] of SAME_LORD_SIGN_PAIRS) {
    const a = a1 - 1;
    const b = b1 - 1;
    const va = out[a]!;
    const vb = out[b]!;
    if (va === 0 || vb === 0) continue;
    const oa = occupied[a]!;
    const ob = occupied[b]!;
    if (oa && ob) continue;
    if (!oa && !ob) {
      if (va === vb) out[a] = out[b] = 0;
      else out[a] = out[b] = Math.min(va, vb);
      continue;
    }
    const [occ, empty] = oa ? [a, b] : [b, a];
    out[empty] = out[empty]! <= out[occ]! ? 0 : out[occ]!;
  }
  return out;
}

/**
 * Shodhya pinda of one bhinnashtakavarga (BPHS ch. 69). A sign counts as occupied in
 * ekadhipatya shodhana when a graha (Sun…Saturn) is in it; with `lagnaSign` (the
 * jagannatha_hora convention) the lagna's sign counts too — Narasimha Rao's answer to his
 * Exercise 22 (Chart 7) comes out only that way: rashi pindas Sun 152 and Saturn 162, against
 * 144 and 154 when only the grahas count.
 */
export function shodhyaPinda(
  scores: readonly number[],
  grahaSigns: Readonly<Record<SaptaGraha, number>>,
  lagnaSign?: number,
): ShodhyaPinda {
  const occupied = new Array<boolean>(12).fill(false);
  for (const g of SAPTA_GRAHAS) occupied[grahaSigns[g] - 1] = true;
  if (lagnaSign !== undefined) occupied[lagnaSign - 1] = true;
  const afterTrikona = trikonaShodhana(scores);
  const afterEkadhipatya = ekadhipatyaShodhana(afterTrikona, occupied);
  let rashiPinda = 0;
  for (let i = 0; i < 12; i++) rashiPinda += afterEkadhipatya[i]! * RASHI_GUNAKARA[i]!;
  let grahaPinda = 0;
  for (const g of SAPTA_GRAHAS) grahaPinda += afterEkadhipatya[grahaSigns[g] - 1]! * GRAHA_GUNAKARA[g];
  return { afterTrikona, afterEkadhipatya, rashiPinda, grahaPinda, shodhyaPinda: rashiPinda + grahaPinda };
}

/**
 * Full ashtakavarga of a chart: the seven bhinnashtakavargas, sarvashtakavarga and shodhya
 * pindas, by the BPHS table (default) or Narasimha Rao's / Jagannatha Hora's.
 */
export function ashtakavarga(chart: ChartInput, table: AshtakavargaTable = "bphs"): Ashtakavarga {
  const signs = { lagna: rashiOf(chart.lagnaSidDeg) } as Record<AvContributor, number>;
  for (const g of SAPTA_GRAHAS) signs[g] = rashiOf(chart.grahas[g].lonSidDeg);
  const bhinna = SAPTA_GRAHAS.map((g) => bhinnashtakavarga(g, signs, table));
  const sarva = new Array<number>(12).fill(0);
  for (const b of bhinna) for (let i = 0; i < 12; i++) sarva[i]! += b.scores[i]!;
  const pinda = {} as Record<SaptaGraha, ShodhyaPinda>;
  const lagnaOccupies = table === "jagannatha_hora" ? signs.lagna : undefined;
  for (const b of bhinna) pinda[b.graha] = shodhyaPinda(b.scores, signs, lagnaOccupies);
  let strongest = 0;
  let weakest = 0;
  for (let i = 1; i < 12; i++) {
    if (sarva[i]! > sarva[strongest]!) strongest = i;
    if (sarva[i]! < sarva[weakest]!) weakest = i;
  }
  return {
    bhinna,
    sarva,
    sarvaTotal: sarva.reduce((a, b) => a + b, 0),
    shodhyaPinda: pinda,
    strongestRashi: strongest + 1,
    weakestRashi: weakest + 1,
    table,
    source: ASHTAKAVARGA_SOURCES[table],
  };
}

/** English sign name for the spec's string-keyed maps. */
export const avSignName = (rashi: number): string => RASHIS[rashi - 1]!.name;
