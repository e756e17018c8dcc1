import type { Graha } from "../../types.js";
import { KENDRAS, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule } from "./yoga-types.js";

/**
 * Pancha Mahapurusha yogas, BPHS ch. 75 (Santhanam) and Phaladeepika ch. 6:
 * Mars, Mercury, Jupiter, Venus or Saturn in a kendra from the lagna, in its own sign or
 * exaltation (moolatrikona, part of an own sign, counts). Strong when exalted or in moolatrikona,
 * moderate in an own sign, weak when combust (Phaladeepika: a combust planet gives no such yoga fully).
 */
function mahapurusha(name: string, g: Graha): YogaRule {
  return {
    name,
    type: "mahapurusha",
    category: "pancha_mahapurusha",
    source: "BPHS ch. 75; Phaladeepika ch. 6",
    summary: `${g} in a kendra from the lagna in its own sign or exaltation`,
    detect: (f: ChartFacts): YogaHit[] => {
      const d = f.dignity[g];
      if (!KENDRAS.includes(f.house[g])) return [];
      if (d !== "exalted" && d !== "moolatrikona" && d !== "own") return [];
      const strength = f.combust[g] ? "weak" : d === "own" ? "moderate" : "strong";
      const reason = `${g} ${d === "own" ? "in own sign" : d}${f.combust[g] ? ", combust" : ""} in house ${f.house[g]}`;
      return [{ planets: [g], housesInvolved: [f.house[g]], strength, reason }];
    },
  };
}

export const MAHAPURUSHA_YOGAS: readonly YogaRule[] = [
  mahapurusha("Ruchaka Yoga", "mars"),
  mahapurusha("Bhadra Yoga", "mercury"),
  mahapurusha("Hamsa Yoga", "jupiter"),
  mahapurusha("Malavya Yoga", "venus"),
  mahapurusha("Shasha Yoga", "saturn"),
];
