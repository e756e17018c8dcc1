import { SAPTA_GRAHAS, type Graha, type SaptaGraha } from "../types.js";
import { rashiDegree, rashiOf } from "../tables/rashis.js";
import {
  CHARA_KARAKAS_7,
  CHARA_KARAKAS_8,
  KENDRAS,
  NATURAL_BENEFICS,
  TRIKONAS,
  TRISHADAYAS,
  type CharaKaraka,
} from "../tables/karakas.js";
import { houseFrom, type ChartInput } from "./chart-input.js";
import { ownSigns } from "./dignity.js";

export type FunctionalNature = "yogakaraka" | "benefic" | "malefic" | "neutral";

export interface FunctionalRole {
  readonly graha: SaptaGraha;
  /** Houses (from the lagna) whose signs the graha owns. */
  readonly lordOf: readonly number[];
  readonly nature: FunctionalNature;
  /** Which rule decided, in words. */
  readonly reason: string;
}

export interface FunctionalNatures {
  readonly lagnaRashi: number;
  readonly roles: readonly FunctionalRole[];
  readonly benefics: readonly SaptaGraha[];
  readonly malefics: readonly SaptaGraha[];
  readonly neutrals: readonly SaptaGraha[];
  /** Owner of both a kendra (4/7/10) and a trikona (5/9); null when the lagna has none. */
  readonly yogakaraka: SaptaGraha | null;
  readonly source: string;
}

export const FUNCTIONAL_NATURE_SOURCE =
  "BPHS ch. 34 lordship rules: kendra+trikona owner yogakaraka; trikona lords benefic; lords of 3/6/11 malefic; " +
  "8th lord malefic unless lagna lord or a luminary; natural benefics owning only kendras malefic (kendradhipati dosha), " +
  "natural malefics owning kendras benefic; 2nd/12th lords neutral";

/**
 * Functional benefics, malefics and the yoga-karaka for a lagna sign (1..12), by the lordship rules
 * of BPHS ch. 34 applied in order (see FUNCTIONAL_NATURE_SOURCE). The nodes own no sign here and are
 * not classified. These are the rules, not BPHS's per-lagna lists, which differ in a few cases.
 */
export function functionalNatures(lagnaRashi: number): FunctionalNatures {
  const roles: FunctionalRole[] = SAPTA_GRAHAS.map((g) => {
    const lordOf = ownSigns(g).map((r) => houseFrom(lagnaRashi, r)).sort((a, b) => a - b);
    const [nature, reason] = classify(g, lordOf);
    return { graha: g, lordOf, nature, reason };
  });
  const pick = (n: FunctionalNature[]) => roles.filter((r) => n.includes(r.nature)).map((r) => r.graha);
  return {
    lagnaRashi,
    roles,
    benefics: pick(["yogakaraka", "benefic"]),
    malefics: pick(["malefic"]),
    neutrals: pick(["neutral"]),
    yogakaraka: roles.find((r) => r.nature === "yogakaraka")?.graha ?? null,
    source: FUNCTIONAL_NATURE_SOURCE,
  };
}

function classify(g: Graha, lordOf: readonly number[]): [FunctionalNature, string] {
  const has = (set: readonly number[]) => lordOf.some((h) => set.includes(h));
  const ownsKendra = lordOf.some((h) => h !== 1 && KENDRAS.includes(h));
  const ownsTrikona = lordOf.some((h) => h !== 1 && TRIKONAS.includes(h));
  const luminary = g === "sun" || g === "moon";
  if (lordOf.includes(1)) return ["benefic", "lagna lord"];
  if (ownsKendra && ownsTrikona) return ["yogakaraka", "owns a kendra and a trikona"];
  if (ownsTrikona) {
    if (lordOf.includes(8)) return ["neutral", "trikona lord also owning the 8th"];
    return ["benefic", "trikona lord"];
  }
  if (has(TRISHADAYAS)) return ["malefic", "lord of 3, 6 or 11"];
  if (lordOf.includes(8) && !luminary) return ["malefic", "8th lord"];
  if (ownsKendra) {
    return NATURAL_BENEFICS.includes(g) && g !== "moon"
      ? ["malefic", "natural benefic owning kendras (kendradhipati dosha)"]
      : ["benefic", "natural malefic owning a kendra"];
  }
  return ["neutral", luminary && lordOf.includes(8) ? "luminary owning the 8th" : "lord of 2 or 12 only"];
}

export interface CharaKarakaEntry {
  readonly karaka: CharaKaraka;
  readonly graha: Graha;
  /** Degrees counted for the ranking (Rahu: 30° − degree in sign). */
  readonly degreeDeg: number;
}

/**
 * Chara karakas (Jaimini / BPHS ch. 32): grahas ranked by degree within their sign, highest =
 * atmakaraka. `scheme` 7 (default) uses Sun…Saturn; 8 adds Rahu counted backwards. Ties keep the
 * spec's graha order.
 */
export function charaKarakas(chart: ChartInput, scheme: 7 | 8 = 7): CharaKarakaEntry[] {
  const grahas: Graha[] = scheme === 8 ? [...SAPTA_GRAHAS, "rahu"] : [...SAPTA_GRAHAS];
  const ranked = grahas
    .map((g) => {
      const d = rashiDegree(chart.grahas[g].lonSidDeg);
      return { graha: g, degreeDeg: g === "rahu" ? 30 - d : d };
    })
    .sort((a, b) => b.degreeDeg - a.degreeDeg);
  const names = scheme === 8 ? CHARA_KARAKAS_8 : CHARA_KARAKAS_7;
  return ranked.map((r, i) => ({ karaka: names[i]!, graha: r.graha, degreeDeg: r.degreeDeg }));
}

/** Functional natures for a chart's lagna. */
export function chartFunctionalNatures(chart: ChartInput): FunctionalNatures {
  return functionalNatures(rashiOf(chart.lagnaSidDeg));
}
