import {
  BALADI_ODD_ORDER, BALADI_RESULT, JAGRADADI_RESULT, type BaladiAvastha, type DeeptadiSignAvastha, type JagradadiAvastha,
} from "../tables/avasthas.js";
import { rashiDegree, rashiOf } from "../tables/rashis.js";
import type { SaptaGraha } from "../types.js";
import { GRAHAS } from "../types.js";
import type { ChartInput } from "./chart-input.js";
import { compoundRelation, dignityOf, isCombust, signLord, type CompoundRelation } from "./dignity.js";
import { isNaturalBenefic } from "./natural-benefics.js";

/** The three avastha schemes of one graha (tables/avasthas.ts, BPHS ch. 45). */
export interface Avasthas {
  readonly baladi: BaladiAvastha;
  readonly baladiResult: string;
  readonly jagradadi: JagradadiAvastha;
  readonly jagradadiResult: string;
  /** The deeptadi state by the sign (exaltation, own, or the compound relation to its lord). */
  readonly deeptadi: DeeptadiSignAvastha;
  /** Vikala: a malefic (by chart/natural-benefics.ts, the one rule) shares its sign. */
  readonly vikala: boolean;
  /** Kopa: combust (dignity.ts isCombust, Surya Siddhanta orbs). */
  readonly kopa: boolean;
}

/** Baladi by the degree within the sign: odd signs Bala → Mrita in 6° spans, even signs reversed. */
export function baladiAvastha(lonSidDeg: number): BaladiAvastha {
  const span = Math.min(4, Math.floor(rashiDegree(lonSidDeg) / 6));
  return BALADI_ODD_ORDER[rashiOf(lonSidDeg) % 2 === 1 ? span : 4 - span]!;
}

const BY_RELATION: Readonly<Record<CompoundRelation, DeeptadiSignAvastha>> = {
  great_friend: "pramudita", friend: "shanta", neutral: "deena", enemy: "dukhita", great_enemy: "khala",
};

export function avasthasOf(chart: ChartInput, g: SaptaGraha): Avasthas {
  const lon = chart.grahas[g].lonSidDeg;
  const d = dignityOf(chart, g);
  const jagradadi: JagradadiAvastha =
    d === "exalted" || d === "own" || d === "moolatrikona" ? "jagrat"
      : d === "debilitated" || d === "enemy" || d === "great_enemy" ? "sushupti"
        : "swapna";
  // Debilitation has no deeptadi state of its own: the relation to the sign's lord decides.
  const deeptadi: DeeptadiSignAvastha =
    d === "exalted" ? "deepta"
      : d === "own" || d === "moolatrikona" ? "swastha"
        : BY_RELATION[d === "debilitated" ? compoundRelation(chart, g, signLord(rashiOf(lon))) : d];
  const sign = rashiOf(lon);
  const vikala = GRAHAS.some((o) => o !== g && rashiOf(chart.grahas[o].lonSidDeg) === sign && !isNaturalBenefic(chart, o));
  const baladi = baladiAvastha(lon);
  return {
    baladi, baladiResult: BALADI_RESULT[baladi], jagradadi, jagradadiResult: JAGRADADI_RESULT[jagradadi],
    deeptadi, vikala, kopa: isCombust(chart, g).combust,
  };
}
