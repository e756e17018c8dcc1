import { DUSTHANAS, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule } from "./yoga-types.js";

/**
 * Viparita Raja yogas, Phaladeepika ch. 6 (Harsha, Sarala, Vimala): the lord of a dusthana
 * placed in a dusthana — a loss of a loss, which turns into gain. Graded by the lord's dignity.
 */
function viparita(name: string, lordOfHouse: 6 | 8 | 12, gives: string): YogaRule {
  return {
    name,
    type: "viparita_raja",
    category: "viparita",
    source: "Phaladeepika ch. 6",
    summary: `the lord of the ${lordOfHouse}th in the 6th, 8th or 12th (${gives})`,
    detect: (f: ChartFacts): YogaHit[] => {
      const lord = f.lordOf(lordOfHouse);
      if (!DUSTHANAS.includes(f.house[lord])) return [];
      const g = f.grade([lord]);
      return [{
        planets: [lord],
        housesInvolved: [...new Set([lordOfHouse, f.house[lord]])].sort((a, b) => a - b),
        strength: g.strength,
        reason: g.reason,
        detail: `${lord}, lord of the ${lordOfHouse}th, in house ${f.house[lord]}`,
      }];
    },
  };
}

export const HARSHA_YOGA = viparita("Harsha Yoga", 6, "health, victory over enemies");
export const SARALA_YOGA = viparita("Sarala Yoga", 8, "long life, fearlessness");
export const VIMALA_YOGA = viparita("Vimala Yoga", 12, "frugality, independence");
