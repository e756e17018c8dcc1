import type { Graha } from "../../types.js";
import { debilitationSign, exaltationSign, signLord } from "../dignity.js";
import { KENDRAS, SEVEN, navamshaRashi, uniqSorted, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule } from "./yoga-types.js";

const inKendraFromLagnaOrMoon = (f: ChartFacts, g: Graha): boolean =>
  KENDRAS.includes(f.house[g]) || KENDRAS.includes(f.houseFromGraha(g, "moon"));

/**
 * The cancellations of a debilitated planet's debility (neecha bhanga), Phaladeepika ch. 7
 * (Raja yogas; the same rules are restated in most later texts):
 * 1. the lord of the debilitation sign in a kendra from the lagna or the Moon;
 * 2. the lord of its exaltation sign in a kendra from the lagna or the Moon;
 * 3. the planet exalted in that sign in a kendra from the lagna or the Moon;
 * 4. the debilitated planet joined or aspected by the lord of its sign;
 * 5. the lords of its debilitation and exaltation signs in kendras from each other;
 * 6. the planet exalted in the navamsha.
 */
export function neechaBhangaFactors(f: ChartFacts, p: Graha): { factors: string[]; planets: Graha[] } {
  const factors: string[] = [];
  const planets = new Set<Graha>();
  const neechaRashi = debilitationSign(p);
  const dispositor = signLord(neechaRashi);
  const exaltLord = signLord(exaltationSign(p));
  const exaltedHere = SEVEN.find((g) => exaltationSign(g) === neechaRashi);
  if (dispositor !== p && inKendraFromLagnaOrMoon(f, dispositor)) {
    factors.push(`lord of the debilitation sign (${dispositor}) in a kendra from the lagna or Moon`);
    planets.add(dispositor);
  }
  if (exaltLord !== p && inKendraFromLagnaOrMoon(f, exaltLord)) {
    factors.push(`lord of the exaltation sign (${exaltLord}) in a kendra from the lagna or Moon`);
    planets.add(exaltLord);
  }
  if (exaltedHere && exaltedHere !== p && inKendraFromLagnaOrMoon(f, exaltedHere)) {
    factors.push(`${exaltedHere}, exalted in that sign, in a kendra from the lagna or Moon`);
    planets.add(exaltedHere);
  }
  if (dispositor !== p && (f.rashi[dispositor] === f.rashi[p] || f.aspects(dispositor, p))) {
    factors.push(`joined or aspected by its dispositor (${dispositor})`);
    planets.add(dispositor);
  }
  if (dispositor !== exaltLord && KENDRAS.includes(f.houseFromGraha(exaltLord, dispositor))) {
    factors.push(`dispositor (${dispositor}) and exaltation-sign lord (${exaltLord}) in mutual kendras`);
    planets.add(dispositor);
    planets.add(exaltLord);
  }
  if (navamshaRashi(f.chart.grahas[p].lonSidDeg) === exaltationSign(p)) {
    factors.push("exalted in the navamsha");
  }
  return { factors, planets: [...planets] };
}

/** Neecha Bhanga Raja yoga, Phaladeepika ch. 7: a debilitated planet whose debility is cancelled. */
export const NEECHA_BHANGA_RAJA_YOGA: YogaRule = {
  name: "Neecha Bhanga Raja Yoga",
  type: "neecha_bhanga",
  category: "raja",
  source: "Phaladeepika ch. 7",
  summary: "a debilitated planet whose debility is cancelled",
  detect: (f) => {
    const hits: YogaHit[] = [];
    for (const p of SEVEN) {
      if (f.dignity[p] !== "debilitated") continue;
      const c = neechaBhangaFactors(f, p);
      if (c.factors.length === 0) continue;
      const strength = f.combust[p] ? "weak" : c.factors.length >= 2 ? "strong" : "moderate";
      hits.push({
        planets: [p, ...c.planets],
        housesInvolved: uniqSorted([p, ...c.planets].map((g) => f.house[g])),
        strength,
        reason: `${c.factors.length} cancellation(s)${f.combust[p] ? `, ${p} combust` : ""}`,
        detail: `${p} debilitated; cancelled by: ${c.factors.join("; ")}`,
      });
    }
    return hits;
  },
};
