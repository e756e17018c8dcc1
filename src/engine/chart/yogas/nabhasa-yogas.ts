import type { Graha } from "../../types.js";
import { RASHIS } from "../../tables/rashis.js";
import { KENDRAS, SEVEN, uniqSorted, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule } from "./yoga-types.js";

/**
 * Nabhasa yogas, BPHS ch. 35 (Santhanam; Saravali gives the same set): 32 yogas of
 * pattern formed by the seven grahas Sun…Saturn (the nodes are left out). They act by pattern
 * alone throughout life, so they are graded "moderate". Conventions taken here: an akriti
 * (shape) yoga needs every house of its shape occupied and no planet outside it; the sankhya
 * (number) yoga is reported for every chart, without BPHS's precedence rule that lets it stand
 * only where no other Nabhasa yoga forms (callers can apply that from `category`).
 */
const NABHASA_SOURCE = "BPHS ch. 35";

const housesOfSeven = (f: ChartFacts): number[] => uniqSorted(SEVEN.map((g) => f.house[g]));

function patternHit(f: ChartFacts, detail?: string): YogaHit[] {
  return [{
    planets: [...SEVEN],
    housesInvolved: housesOfSeven(f),
    strength: "moderate",
    reason: "Nabhasa yogas act by pattern alone",
    detail,
  }];
}

/** All seven in exactly the houses of one of `shapes` (every house of the shape occupied). */
function akriti(name: string, summary: string, shapes: readonly (readonly number[])[]): YogaRule {
  return {
    name,
    type: "nabhasa",
    category: "akriti",
    source: NABHASA_SOURCE,
    summary,
    detect: (f) => {
      const occ = housesOfSeven(f);
      for (const shape of shapes) {
        if (occ.length === shape.length && shape.every((h) => occ.includes(h))) {
          return patternHit(f, `houses ${[...shape].join(", ")}`);
        }
      }
      return [];
    },
  };
}

/** Houses h, h+1, …, h+n-1 from the lagna. */
const run = (start: number, n: number): number[] => Array.from({ length: n }, (_, i) => ((start - 1 + i) % 12) + 1);

function ashraya(name: string, modality: "movable" | "fixed" | "dual"): YogaRule {
  return {
    name,
    type: "nabhasa",
    category: "ashraya",
    source: NABHASA_SOURCE,
    summary: `all seven planets in ${modality} signs`,
    detect: (f) => (SEVEN.every((g) => RASHIS[f.rashi[g] - 1]!.modality === modality) ? patternHit(f) : []),
  };
}

/** Dala yogas: three kendras held by benefics only (Mala) or malefics only (Sarpa), the 4th kendra free of the other kind. */
function dala(name: string, benefic: boolean): YogaRule {
  return {
    name,
    type: "nabhasa",
    category: "dala",
    source: NABHASA_SOURCE,
    summary: `three kendras occupied by ${benefic ? "benefics" : "malefics"} only, no ${benefic ? "malefic" : "benefic"} in a kendra`,
    detect: (f) => {
      const inKendra = SEVEN.filter((g) => KENDRAS.includes(f.house[g]));
      if (inKendra.some((g) => f.benefic[g] !== benefic)) return [];
      const kendrasHeld = uniqSorted(inKendra.map((g) => f.house[g]));
      if (kendrasHeld.length < 3) return [];
      return [{ planets: inKendra, housesInvolved: kendrasHeld, strength: "moderate", reason: "Nabhasa yogas act by pattern alone" }];
    },
  };
}

/** Vajra / Yava: the 1st and 7th held only by one kind, the 4th and 10th only by the other. */
function vajraYava(name: string, beneficsInLagnaAxis: boolean): YogaRule {
  const first = beneficsInLagnaAxis ? "benefics" : "malefics";
  const second = beneficsInLagnaAxis ? "malefics" : "benefics";
  return {
    name,
    type: "nabhasa",
    category: "akriti",
    source: NABHASA_SOURCE,
    summary: `${first} in the 1st and 7th, ${second} in the 4th and 10th`,
    detect: (f) => {
      const held = (h: number): Graha[] => SEVEN.filter((g) => f.house[g] === h);
      const okAxis = (hs: number[], benefic: boolean): boolean =>
        hs.every((h) => held(h).length > 0 && held(h).every((g) => f.benefic[g] === benefic));
      if (!okAxis([1, 7], beneficsInLagnaAxis) || !okAxis([4, 10], !beneficsInLagnaAxis)) return [];
      const planets = SEVEN.filter((g) => KENDRAS.includes(f.house[g]));
      return [{ planets, housesInvolved: [1, 4, 7, 10], strength: "moderate", reason: "Nabhasa yogas act by pattern alone" }];
    },
  };
}

/** Sankhya yogas: the number of signs the seven planets occupy (7 Vallaki … 1 Gola). */
function sankhya(name: string, signs: number): YogaRule {
  return {
    name,
    type: "nabhasa",
    category: "sankhya",
    source: NABHASA_SOURCE,
    summary: `the seven planets occupy exactly ${signs} sign${signs > 1 ? "s" : ""}`,
    detect: (f) => (new Set(SEVEN.map((g) => f.rashi[g])).size === signs ? patternHit(f) : []),
  };
}

export const NABHASA_YOGAS: readonly YogaRule[] = [
  ashraya("Rajju Yoga", "movable"),
  ashraya("Musala Yoga", "fixed"),
  ashraya("Nala Yoga", "dual"),
  dala("Mala Yoga", true),
  dala("Sarpa Yoga", false),
  akriti("Gada Yoga", "all planets in two successive kendras", [[1, 4], [4, 7], [7, 10], [10, 1]]),
  akriti("Shakata Nabhasa Yoga", "all planets in the 1st and 7th", [[1, 7]]),
  akriti("Vihaga Yoga", "all planets in the 4th and 10th", [[4, 10]]),
  akriti("Shringataka Yoga", "all planets in the 1st, 5th and 9th", [[1, 5, 9]]),
  akriti("Hala Yoga", "all planets in one trine of houses other than the lagna's", [[2, 6, 10], [3, 7, 11], [4, 8, 12]]),
  vajraYava("Vajra Yoga", true),
  vajraYava("Yava Yoga", false),
  akriti("Kamala Yoga", "all planets in the four kendras", [[1, 4, 7, 10]]),
  akriti("Vapi Yoga", "all planets in the four panapharas or the four apoklimas", [[2, 5, 8, 11], [3, 6, 9, 12]]),
  akriti("Yupa Yoga", "all planets in the 1st to 4th", [run(1, 4)]),
  akriti("Ishu Yoga", "all planets in the 4th to 7th", [run(4, 4)]),
  akriti("Shakti Yoga", "all planets in the 7th to 10th", [run(7, 4)]),
  akriti("Danda Yoga", "all planets in the 10th to 1st", [run(10, 4)]),
  akriti("Nauka Yoga", "the seven planets in the seven houses from the 1st", [run(1, 7)]),
  akriti("Kuta Yoga", "the seven planets in the seven houses from the 4th", [run(4, 7)]),
  akriti("Chhatra Yoga", "the seven planets in the seven houses from the 7th", [run(7, 7)]),
  akriti("Chapa Yoga", "the seven planets in the seven houses from the 10th", [run(10, 7)]),
  akriti("Ardhachandra Yoga", "the seven planets in seven houses from a house other than a kendra",
    [2, 3, 5, 6, 8, 9, 11, 12].map((s) => run(s, 7))),
  akriti("Chakra Yoga", "planets in the six odd houses from the lagna", [[1, 3, 5, 7, 9, 11]]),
  akriti("Samudra Yoga", "planets in the six even houses from the lagna", [[2, 4, 6, 8, 10, 12]]),
  sankhya("Vallaki Yoga", 7),
  sankhya("Dama Yoga", 6),
  sankhya("Pasha Yoga", 5),
  sankhya("Kedara Yoga", 4),
  sankhya("Shoola Yoga", 3),
  sankhya("Yuga Yoga", 2),
  sankhya("Gola Yoga", 1),
];
