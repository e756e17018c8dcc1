import type { Graha } from "../../types.js";
import { DUSTHANAS, uniqSorted, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule, YogaStrength } from "./yoga-types.js";

/**
 * For an ill yoga "strength" is how fully its harm is expected: strong when the lord is
 * debilitated or combust, weak when it is exalted, in moolatrikona or own sign (mitigated).
 */
function illGrade(f: ChartFacts, g: Graha): { strength: YogaStrength; reason: string } {
  const d = f.dignity[g];
  if (d === "debilitated" || f.combust[g]) return { strength: "strong", reason: `${g} ${f.combust[g] ? "combust" : "debilitated"}` };
  if (d === "exalted" || d === "moolatrikona" || d === "own") return { strength: "weak", reason: `${g} ${d === "own" ? "in own sign" : d} (mitigated)` };
  return { strength: "moderate", reason: `${g} ${d.replace("_", " ")}` };
}

function lordInDusthana(name: string, house: number, summary: string): YogaRule {
  return {
    name,
    type: "daridra",
    category: "adverse",
    source: "Phaladeepika ch. 6",
    summary,
    detect: (f: ChartFacts): YogaHit[] => {
      const lord = f.lordOf(house);
      if (!DUSTHANAS.includes(f.house[lord])) return [];
      const g = illGrade(f, lord);
      return [{
        planets: [lord],
        housesInvolved: uniqSorted([house, f.house[lord]]),
        strength: g.strength,
        reason: g.reason,
        detail: `${lord}, lord of the ${house}th, in house ${f.house[lord]}`,
      }];
    },
  };
}

/** Dur yoga, Phaladeepika ch. 6: the lord of the 10th in the 6th, 8th or 12th — toil without reward. */
export const DUR_YOGA = lordInDusthana("Dur Yoga", 10, "the lord of the 10th in the 6th, 8th or 12th");
/** Daridra yoga, Phaladeepika ch. 6: the lord of the 11th in the 6th, 8th or 12th — want of means. */
export const DARIDRA_YOGA = lordInDusthana("Daridra Yoga", 11, "the lord of the 11th in the 6th, 8th or 12th");

/**
 * Kartari (hemming) of the lagna, as listed by B.V. Raman, "Three Hundred Important Combinations"
 * (Subhakartari, Papakartari), after Parashara's rule of argala/obstruction: the lagna flanked by
 * benefics (2nd and 12th both held by benefics, no malefic there) or by malefics (vice versa).
 * Benefic/malefic by BPHS ch. 3 (waxing Moon and unafflicted Mercury benefic; nodes malefic).
 */
function kartari(name: string, benefic: boolean): YogaRule {
  return {
    name,
    type: benefic ? "shubha" : "arishta",
    category: "kartari",
    source: "B.V. Raman, Three Hundred Important Combinations",
    summary: `${benefic ? "benefics" : "malefics"} in both the 2nd and the 12th from the lagna, none of the other kind there`,
    detect: (f) => {
      const second = f.occupants(2);
      const twelfth = f.occupants(12);
      if (second.length === 0 || twelfth.length === 0) return [];
      const all = [...second, ...twelfth];
      if (!all.every((g) => f.benefic[g] === benefic)) return [];
      const strength: YogaStrength = all.length >= 3 ? "strong" : "moderate";
      return [{ planets: all, housesInvolved: [2, 12], strength, reason: `${all.length} planets hem the lagna` }];
    },
  };
}

export const SHUBHA_KARTARI_YOGA = kartari("Shubha Kartari Yoga", true);
export const PAPA_KARTARI_YOGA = kartari("Papa Kartari Yoga", false);

