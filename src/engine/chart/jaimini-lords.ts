import type { Graha } from "../types.js";
import { GRAHAS } from "../types.js";
import type { ChartInput } from "./chart-input.js";
import { RASHIS, rashiDegree, rashiOf } from "../tables/rashis.js";
import { exaltationSign } from "./dignity.js";

/**
 * Sign lords as the Jaimini methods (arudha padas, chara and narayana dashas) read them: Scorpio
 * has two lords, Mars and Ketu, and Aquarius two, Saturn and Rahu (Jaimini Sutras 2.3 as explained by
 * K.N. Rao, "Chara Dasha", and P.V.R. Narasimha Rao, "Vedic Astrology: An Integrated Approach", ch. 14);
 * the stronger of the two is used, chosen by the first rule that separates them:
 * 1. one lord in the sign itself and the other outside: the one outside (a lord in its own sign
 *    "holds" it; the other carries it elsewhere);
 * 2. the lord joined by more grahas;
 * 3. the exalted lord;
 * 4. the lord in the sign of the stronger modality: dual over fixed over movable;
 * 5. the lord further advanced in its sign.
 */
export const CO_LORDS: Readonly<Record<number, readonly [Graha, Graha]>> = Object.freeze({ 8: ["mars", "ketu"], 11: ["saturn", "rahu"] });

const MODALITY_RANK = { dual: 3, fixed: 2, movable: 1 } as const;

export interface JaiminiLord {
  readonly graha: Graha;
  /** The rule (1–5 above) that chose it, when the sign has two lords; null otherwise. */
  readonly rule: number | null;
}

/** The lord of `rashi` (1..12) for the Jaimini methods, with the rule that chose it for Scorpio and Aquarius. */
export function jaiminiLord(chart: ChartInput, rashi: number): JaiminiLord {
  const pair = CO_LORDS[rashi];
  if (!pair) return { graha: RASHIS[rashi - 1]!.lord, rule: null };
  const [a, b] = pair;
  const sign = (g: Graha): number => rashiOf(chart.grahas[g].lonSidDeg);
  const company = (g: Graha): number => GRAHAS.filter((o) => o !== g && sign(o) === sign(g)).length;
  const tests: ((g: Graha) => number)[] = [
    (g) => (sign(g) === rashi ? 0 : 1),
    company,
    (g) => (exaltationSign(g) === sign(g) ? 1 : 0),
    (g) => MODALITY_RANK[RASHIS[sign(g) - 1]!.modality],
    (g) => rashiDegree(chart.grahas[g].lonSidDeg),
  ];
  for (let i = 0; i < tests.length; i++) {
    const sa = tests[i]!(a);
    const sb = tests[i]!(b);
    if (sa !== sb) return { graha: sa > sb ? a : b, rule: i + 1 };
  }
  return { graha: a, rule: 5 };
}
