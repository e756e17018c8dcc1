import { GRAHAS, type Graha } from "../../types.js";
import { KENDRAS, NATURAL_BENEFICS, uniqSorted, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule, YogaStrength } from "./yoga-types.js";

/** Planets counted for the lunar yogas: the five tara grahas (BPHS ch. 37 leaves out the Sun; the nodes are not counted). */
const TARA: readonly Graha[] = ["mars", "mercury", "jupiter", "venus", "saturn"];

const inHouseFromMoon = (f: ChartFacts, h: number): Graha[] => TARA.filter((g) => f.houseFromGraha(g, "moon") === h);

const houses = (f: ChartFacts, gs: readonly Graha[]): number[] => uniqSorted(gs.map((g) => f.house[g]));

function gradeHit(f: ChartFacts, planets: Graha[], detail?: string): YogaHit[] {
  const g = f.grade(planets);
  return [{ planets, housesInvolved: houses(f, planets), strength: g.strength, reason: g.reason, detail }];
}

/** Sunapha, BPHS ch. 37: a planet other than the Sun in the 2nd from the Moon (and none in the 12th, else Durudhara). */
export const SUNAPHA_YOGA: YogaRule = {
  name: "Sunapha Yoga",
  type: "chandra",
  category: "lunar",
  source: "BPHS ch. 37; Saravali ch. 13",
  summary: "a planet other than the Sun in the 2nd from the Moon, none in the 12th",
  detect: (f) => {
    const second = inHouseFromMoon(f, 2);
    return second.length > 0 && inHouseFromMoon(f, 12).length === 0 ? gradeHit(f, ["moon", ...second]) : [];
  },
};

/** Anapha, BPHS ch. 37: a planet other than the Sun in the 12th from the Moon (and none in the 2nd). */
export const ANAPHA_YOGA: YogaRule = {
  name: "Anapha Yoga",
  type: "chandra",
  category: "lunar",
  source: "BPHS ch. 37; Saravali ch. 13",
  summary: "a planet other than the Sun in the 12th from the Moon, none in the 2nd",
  detect: (f) => {
    const twelfth = inHouseFromMoon(f, 12);
    return twelfth.length > 0 && inHouseFromMoon(f, 2).length === 0 ? gradeHit(f, ["moon", ...twelfth]) : [];
  },
};

/** Durudhara, BPHS ch. 37: planets other than the Sun on both sides of the Moon (2nd and 12th). */
export const DURUDHARA_YOGA: YogaRule = {
  name: "Durudhara Yoga",
  type: "chandra",
  category: "lunar",
  source: "BPHS ch. 37; Saravali ch. 13",
  summary: "planets other than the Sun in both the 2nd and the 12th from the Moon",
  detect: (f) => {
    const second = inHouseFromMoon(f, 2);
    const twelfth = inHouseFromMoon(f, 12);
    return second.length > 0 && twelfth.length > 0 ? gradeHit(f, ["moon", ...second, ...twelfth]) : [];
  },
};

/** The bare Kemadruma condition: no planet other than the Sun (and nodes) in the 2nd or 12th from the Moon. */
const kemadrumaCondition = (f: ChartFacts): boolean =>
  inHouseFromMoon(f, 2).length === 0 && inHouseFromMoon(f, 12).length === 0;

/**
 * Cancellations of Kemadruma (Kemadruma bhanga), BPHS ch. 37 and Phaladeepika ch. 6:
 * a planet in a kendra from the lagna, a planet in a kendra from the Moon, a planet joined with the
 * Moon, or the Moon aspected by Jupiter.
 */
function kemadrumaCancellations(f: ChartFacts): { factors: string[]; planets: Graha[] } {
  const factors: string[] = [];
  const planets = new Set<Graha>();
  const inKendraLagna = TARA.filter((g) => KENDRAS.includes(f.house[g]));
  if (inKendraLagna.length) {
    factors.push(`planet in a kendra from the lagna (${inKendraLagna.join(", ")})`);
    inKendraLagna.forEach((g) => planets.add(g));
  }
  const inKendraMoon = TARA.filter((g) => KENDRAS.includes(f.houseFromGraha(g, "moon")));
  if (inKendraMoon.length) {
    factors.push(`planet in a kendra from the Moon (${inKendraMoon.join(", ")})`);
    inKendraMoon.forEach((g) => planets.add(g));
  }
  const withMoon = TARA.filter((g) => f.rashi[g] === f.rashi.moon);
  if (withMoon.length) factors.push(`planet conjoined with the Moon (${withMoon.join(", ")})`);
  if (f.aspects("jupiter", "moon")) {
    factors.push("Moon aspected by Jupiter");
    planets.add("jupiter");
  }
  return { factors, planets: [...planets] };
}

/** Kemadruma, BPHS ch. 37; Phaladeepika ch. 6: no planet in the 2nd or 12th from the Moon, with no cancellation. */
export const KEMADRUMA_YOGA: YogaRule = {
  name: "Kemadruma Yoga",
  type: "arishta",
  category: "lunar",
  source: "BPHS ch. 37; Phaladeepika ch. 6",
  summary: "no planet other than the Sun in the 2nd or 12th from the Moon, and none of the cancellations applies",
  detect: (f) => {
    if (!kemadrumaCondition(f) || kemadrumaCancellations(f).factors.length > 0) return [];
    return [{
      planets: ["moon"],
      housesInvolved: [f.house.moon],
      strength: f.moonWaxing ? "moderate" : "strong",
      reason: f.moonWaxing ? "waxing Moon" : "waning Moon (BPHS: worse)",
    }];
  },
};

/** Kemadruma bhanga, BPHS ch. 37; Phaladeepika ch. 6: the Kemadruma condition holds but is cancelled. */
export const KEMADRUMA_BHANGA_YOGA: YogaRule = {
  name: "Kemadruma Bhanga Yoga",
  type: "chandra",
  category: "lunar",
  source: "BPHS ch. 37; Phaladeepika ch. 6",
  summary: "Kemadruma's condition cancelled by a planet in a kendra from the lagna or the Moon, a planet with the Moon, or Jupiter's aspect on the Moon",
  detect: (f) => {
    if (!kemadrumaCondition(f)) return [];
    const c = kemadrumaCancellations(f);
    if (c.factors.length === 0) return [];
    const strength: YogaStrength = c.factors.length >= 2 ? "strong" : "moderate";
    return [{
      planets: ["moon", ...c.planets],
      housesInvolved: houses(f, ["moon", ...c.planets]),
      strength,
      reason: `${c.factors.length} cancellation(s)`,
      detail: `cancelled by: ${c.factors.join("; ")}`,
    }];
  },
};

/** Benefics (Mercury, Jupiter, Venus) in the 6th, 7th and 8th from a reference; Adhi/Lagnadhi grading. */
function adhi(f: ChartFacts, fromLagna: boolean): YogaHit[] {
  const where = (g: Graha): number => (fromLagna ? f.house[g] : f.houseFromGraha(g, "moon"));
  const bens = NATURAL_BENEFICS.filter((g) => [6, 7, 8].includes(where(g)));
  const malefics: Graha[] = ["sun", "mars", "saturn", "rahu", "ketu"];
  const spoilers = malefics.filter((g) => [6, 7, 8].includes(where(g)));
  if (bens.length < 2 || spoilers.length > 0) return [];
  const occupied = new Set(bens.map(where)).size;
  const strength: YogaStrength = bens.length === 3 && occupied === 3 ? "strong" : bens.length === 3 ? "moderate" : "weak";
  return [{
    planets: bens,
    housesInvolved: houses(f, bens),
    strength,
    reason: `${bens.length} benefics over ${occupied} of the 6th/7th/8th`,
  }];
}

/**
 * Adhi (Chandradhi) yoga, BPHS ch. 37 and Phaladeepika ch. 6: the benefics Mercury,
 * Jupiter and Venus in the 6th, 7th and 8th from the Moon, no malefic there. Strong when they fill
 * all three houses; at least two benefics are required here.
 */
export const ADHI_YOGA: YogaRule = {
  name: "Adhi Yoga",
  type: "chandra",
  category: "lunar",
  source: "BPHS ch. 37; Phaladeepika ch. 6 (Chandradhi)",
  summary: "benefics in the 6th, 7th and 8th from the Moon (Chandradhi), unmixed with malefics",
  detect: (f) => adhi(f, false),
};

/** Lagnadhi, Phaladeepika ch. 6: the Adhi condition counted from the lagna (benefics in the 6th, 7th, 8th, no malefic there). */
export const LAGNADHI_YOGA: YogaRule = {
  name: "Lagnadhi Yoga",
  type: "shubha",
  category: "lagna",
  source: "Phaladeepika ch. 6",
  summary: "benefics in the 6th, 7th and 8th from the lagna, unmixed with malefics",
  detect: (f) => adhi(f, true),
};

/** Gaja Kesari, BPHS ch. 36 and Phaladeepika ch. 6: Jupiter in a kendra from the Moon. */
export const GAJA_KESARI_YOGA: YogaRule = {
  name: "Gaja Kesari Yoga",
  type: "chandra",
  category: "lunar",
  source: "BPHS ch. 36; Phaladeepika ch. 6",
  summary: "Jupiter in a kendra from the Moon",
  detect: (f) => {
    if (!KENDRAS.includes(f.houseFromGraha("jupiter", "moon"))) return [];
    return gradeHit(f, ["moon", "jupiter"], `Jupiter in house ${f.houseFromGraha("jupiter", "moon")} from the Moon`);
  },
};

/** Chandra-Mangala, Phaladeepika ch. 6: the Moon and Mars conjoined. */
export const CHANDRA_MANGALA_YOGA: YogaRule = {
  name: "Chandra-Mangala Yoga",
  type: "dhana",
  category: "lunar",
  source: "Phaladeepika ch. 6",
  summary: "the Moon and Mars in the same sign",
  detect: (f) => (f.rashi.moon === f.rashi.mars ? gradeHit(f, ["moon", "mars"]) : []),
};

/**
 * Amala, Phaladeepika ch. 6 (BPHS ch. 36 gives the 10th from the lagna): the 10th from
 * the lagna or from the Moon occupied by a natural benefic only, no malefic there.
 */
export const AMALA_YOGA: YogaRule = {
  name: "Amala Yoga",
  type: "shubha",
  category: "fame",
  source: "Phaladeepika ch. 6; BPHS ch. 36",
  summary: "only natural benefics in the 10th from the lagna or from the Moon",
  detect: (f) => {
    for (const fromMoon of [false, true]) {
      const tenth = GRAHAS.filter(
        (g) => g !== "moon" && (fromMoon ? f.houseFromGraha(g, "moon") : f.house[g]) === 10,
      );
      // Benefic by the chart's one rule (chart/natural-benefics.ts): Mercury with a malefic is not one.
      if (tenth.length > 0 && tenth.every((g) => f.benefic[g])) {
        return gradeHit(f, tenth, `in the 10th from the ${fromMoon ? "Moon" : "lagna"}`);
      }
    }
    return [];
  },
};

/** Vasumati, Phaladeepika ch. 6: all the benefics (Mercury, Jupiter, Venus) in upachayas (3, 6, 10, 11) from the lagna or the Moon. */
export const VASUMATI_YOGA: YogaRule = {
  name: "Vasumati Yoga",
  type: "dhana",
  category: "wealth",
  source: "Phaladeepika ch. 6",
  summary: "Mercury, Jupiter and Venus all in upachayas (3, 6, 10, 11) from the lagna or from the Moon",
  detect: (f) => {
    const upa = [3, 6, 10, 11];
    for (const fromMoon of [false, true]) {
      const ok = NATURAL_BENEFICS.every((g) => upa.includes(fromMoon ? f.houseFromGraha(g, "moon") : f.house[g]));
      if (ok) return gradeHit(f, [...NATURAL_BENEFICS], `upachayas from the ${fromMoon ? "Moon" : "lagna"}`);
    }
    return [];
  },
};
