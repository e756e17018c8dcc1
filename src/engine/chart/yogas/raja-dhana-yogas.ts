import type { Graha } from "../../types.js";
import { DUSTHANAS, uniqSorted, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule, YogaStrength } from "./yoga-types.js";

/**
 * Pairs of distinct planets, one lording a house of `setA`, the other of `setB`, that are
 * conjoined, in mutual aspect or exchange signs. One hit per pair of planets.
 */
function lordAssociations(f: ChartFacts, setA: readonly number[], setB: readonly number[]): YogaHit[] {
  const hits: YogaHit[] = [];
  // Pairs already reported, as the two names in sorted order (few pairs: a list beats a Set of joined strings).
  const seen: [Graha, Graha][] = [];
  for (const ha of setA) {
    for (const hb of setB) {
      const a = f.lordOf(ha);
      const b = f.lordOf(hb);
      if (a === b) continue;
      const lo = a < b ? a : b;
      const hi = a < b ? b : a;
      if (seen.some(([x, y]) => x === lo && y === hi)) continue;
      const rel = f.relation(a, b);
      if (!rel) continue;
      seen.push([lo, hi]);
      const housesA = f.housesOwned(a).filter((h) => setA.includes(h) || setB.includes(h));
      const housesB = f.housesOwned(b).filter((h) => setA.includes(h) || setB.includes(h));
      const g = f.grade([a, b]);
      const reasons = [g.reason];
      // Conjunction and exchange bind the lords more closely than a mutual aspect (BPHS ch. 39).
      let strength: YogaStrength = rel === "mutual aspect" && g.strength === "strong" ? "moderate" : g.strength;
      // BPHS ch. 39: a partner that also lords the 6th, 8th or 12th mars the yoga (the lagna lord excepted).
      const lagnaLord = f.lordOf(1);
      const blemished = [a, b].filter((p) => p !== lagnaLord && f.housesOwned(p).some((h) => DUSTHANAS.includes(h)));
      if (blemished.length > 0) {
        strength = strength === "strong" ? "moderate" : "weak";
        reasons.push(blemished.map((p) => `${p} also lords ${f.housesOwned(p).filter((h) => DUSTHANAS.includes(h)).join("/")}`).join(", "));
      }
      hits.push({
        planets: [a, b],
        housesInvolved: uniqSorted([...housesA, ...housesB]),
        strength,
        reason: reasons.join("; "),
        detail: `lord of ${housesA.join("/")} (${a}) and lord of ${housesB.join("/")} (${b}) by ${rel}`,
      });
    }
  }
  return hits;
}

/**
 * Raja yoga from kendra–trikona lordship, BPHS ch. 39 (Santhanam): a lord of a kendra
 * (1, 4, 7, 10) and a lord of a trikona (1, 5, 9) joined, in mutual aspect or exchanging signs.
 */
export const RAJA_YOGA: YogaRule = {
  name: "Raja Yoga",
  type: "raja",
  category: "kendra_trikona",
  source: "BPHS ch. 39",
  summary: "a kendra lord and a trikona lord conjoined, in mutual aspect or in exchange",
  detect: (f) => lordAssociations(f, [1, 4, 7, 10], [1, 5, 9]),
};

/**
 * Dhana yoga, BPHS ch. 41 (Santhanam) and Phaladeepika ch. 6: the lord of the 2nd or 11th (houses
 * of wealth and gains) associated with the lord of the 1st, 5th or 9th.
 */
export const DHANA_YOGA: YogaRule = {
  name: "Dhana Yoga",
  type: "dhana",
  category: "wealth",
  source: "BPHS ch. 41; Phaladeepika ch. 6",
  summary: "the lord of the 2nd or 11th conjoined, in mutual aspect or exchange with the lord of the 1st, 5th or 9th",
  detect: (f) => lordAssociations(f, [2, 11], [1, 5, 9]),
};

/**
 * Yogakaraka Raja yoga, BPHS ch. 34: one planet owning both a kendra and a trikona (other
 * than the lagna, whose lord owns both trivially) becomes a yoga-karaka; it gives Raja yoga when it
 * is itself placed in a kendra or trikona.
 */
export const YOGAKARAKA_RAJA_YOGA: YogaRule = {
  name: "Yogakaraka Raja Yoga",
  type: "raja",
  category: "kendra_trikona",
  source: "BPHS ch. 34",
  summary: "a planet owning both a kendra and a trikona (not the lagna) placed in a kendra or trikona",
  detect: (f) => {
    const hits: YogaHit[] = [];
    for (const g of ["mars", "venus", "saturn", "jupiter", "mercury", "moon", "sun"] as Graha[]) {
      const owned = f.housesOwned(g);
      if (!owned.some((h) => h === 4 || h === 7 || h === 10)) continue;
      if (!owned.some((h) => h === 5 || h === 9)) continue;
      if (![1, 4, 5, 7, 9, 10].includes(f.house[g])) continue;
      const gr = f.grade([g]);
      hits.push({ planets: [g], housesInvolved: uniqSorted([...owned, f.house[g]]), strength: gr.strength, reason: gr.reason });
    }
    return hits;
  },
};
