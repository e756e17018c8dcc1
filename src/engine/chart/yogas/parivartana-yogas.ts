import type { Graha } from "../../types.js";
import { DUSTHANAS, SEVEN, type ChartFacts } from "./chart-facts.js";
import { ownSigns } from "../dignity.js";
import type { YogaHit, YogaRule } from "./yoga-types.js";

type Kind = "maha" | "khala" | "dainya";

/** All sign exchanges (parivartana) between two planets, with the houses exchanged and their kind. */
function exchanges(f: ChartFacts): { a: Graha; b: Graha; ha: number; hb: number; kind: Kind }[] {
  const out: { a: Graha; b: Graha; ha: number; hb: number; kind: Kind }[] = [];
  const gs = SEVEN;
  for (let i = 0; i < gs.length; i++) {
    for (let j = i + 1; j < gs.length; j++) {
      const a = gs[i]!;
      const b = gs[j]!;
      if (!ownSigns(a).includes(f.rashi[b]) || !ownSigns(b).includes(f.rashi[a])) continue;
      // a sits in b's sign (house f.house[a]) and b in a's sign (house f.house[b]).
      const ha = f.house[b];
      const hb = f.house[a];
      const kind: Kind = DUSTHANAS.includes(ha) || DUSTHANAS.includes(hb) ? "dainya" : ha === 3 || hb === 3 ? "khala" : "maha";
      out.push({ a, b, ha, hb, kind });
    }
  }
  return out;
}

/**
 * Parivartana yogas, Phaladeepika ch. 6: two lords in each other's signs. Of the 66 exchanges,
 * those involving the 6th, 8th or 12th are Dainya, those involving the 3rd (and no dusthana)
 * are Khala, the rest (among 1, 2, 4, 5, 7, 9, 10, 11) Maha.
 */
function parivartana(name: string, kind: Kind, summary: string): YogaRule {
  return {
    name,
    type: kind === "maha" ? "raja" : "parivartana",
    category: "parivartana",
    source: "Phaladeepika ch. 6",
    summary,
    detect: (f) =>
      exchanges(f)
        .filter((x) => x.kind === kind)
        .map((x): YogaHit => {
          const g = f.grade([x.a, x.b]);
          return {
            planets: [x.a, x.b],
            housesInvolved: [x.ha, x.hb].sort((p, q) => p - q),
            strength: g.strength,
            reason: g.reason,
            detail: `lord of ${x.ha} (${x.a}) and lord of ${x.hb} (${x.b}) exchange signs`,
          };
        }),
  };
}

export const MAHA_PARIVARTANA_YOGA = parivartana("Maha Parivartana Yoga", "maha",
  "lords of two of the 1st, 2nd, 4th, 5th, 7th, 9th, 10th, 11th exchange signs");
export const KHALA_YOGA = parivartana("Khala Yoga", "khala",
  "the lord of the 3rd exchanges signs with the lord of a house other than a dusthana");
export const DAINYA_YOGA = parivartana("Dainya Yoga", "dainya",
  "the lord of the 6th, 8th or 12th exchanges signs with another lord");
