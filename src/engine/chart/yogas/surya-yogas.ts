import type { Graha } from "../../types.js";
import { uniqSorted, type ChartFacts } from "./chart-facts.js";
import type { YogaHit, YogaRule } from "./yoga-types.js";

/** Planets counted for the solar yogas: BPHS ch. 38 leaves out the Moon; the nodes are not counted. */
const TARA: readonly Graha[] = ["mars", "mercury", "jupiter", "venus", "saturn"];

const fromSun = (f: ChartFacts, h: number): Graha[] => TARA.filter((g) => f.houseFromGraha(g, "sun") === h);

function solarHit(f: ChartFacts, planets: Graha[]): YogaHit[] {
  const g = f.grade(planets.filter((p) => p !== "sun"));
  // BPHS ch. 38: with benefics the yoga is auspicious, with malefics its results turn harsh.
  const withBenefic = planets.some((p) => p !== "sun" && f.benefic[p]);
  return [{
    planets,
    housesInvolved: uniqSorted(planets.map((p) => f.house[p])),
    strength: g.strength,
    reason: `${g.reason}; formed by ${withBenefic ? "a benefic" : "malefics only"}`,
  }];
}

/** Vesi, BPHS ch. 38: a planet other than the Moon in the 2nd from the Sun (none in the 12th, else Ubhayachari). */
export const VESI_YOGA: YogaRule = {
  name: "Vesi Yoga",
  type: "surya",
  category: "solar",
  source: "BPHS ch. 38",
  summary: "a planet other than the Moon in the 2nd from the Sun, none in the 12th",
  detect: (f) => {
    const s = fromSun(f, 2);
    return s.length > 0 && fromSun(f, 12).length === 0 ? solarHit(f, ["sun", ...s]) : [];
  },
};

/** Vasi, BPHS ch. 38: a planet other than the Moon in the 12th from the Sun (none in the 2nd). */
export const VASI_YOGA: YogaRule = {
  name: "Vasi Yoga",
  type: "surya",
  category: "solar",
  source: "BPHS ch. 38",
  summary: "a planet other than the Moon in the 12th from the Sun, none in the 2nd",
  detect: (f) => {
    const t = fromSun(f, 12);
    return t.length > 0 && fromSun(f, 2).length === 0 ? solarHit(f, ["sun", ...t]) : [];
  },
};

/** Ubhayachari, BPHS ch. 38: planets other than the Moon in both the 2nd and 12th from the Sun. */
export const UBHAYACHARI_YOGA: YogaRule = {
  name: "Ubhayachari Yoga",
  type: "surya",
  category: "solar",
  source: "BPHS ch. 38",
  summary: "planets other than the Moon in both the 2nd and the 12th from the Sun",
  detect: (f) => {
    const s = fromSun(f, 2);
    const t = fromSun(f, 12);
    return s.length > 0 && t.length > 0 ? solarHit(f, ["sun", ...s, ...t]) : [];
  },
};

/**
 * Budha-Aditya (Nipuna) yoga, Phaladeepika ch. 6: the Sun and Mercury in one sign. Weak when
 * Mercury is combust (within 14°, 12° retrograde, of the Sun), since combustion spoils Mercury.
 */
export const BUDHA_ADITYA_YOGA: YogaRule = {
  name: "Budha-Aditya Yoga",
  type: "surya",
  category: "intellect",
  source: "Phaladeepika ch. 6 (Nipuna yoga)",
  summary: "the Sun and Mercury in the same sign",
  detect: (f) => {
    if (f.rashi.sun !== f.rashi.mercury) return [];
    const d = f.dignity.mercury;
    const strength = f.combust.mercury ? "weak" : d === "exalted" || d === "moolatrikona" || d === "own" ? "strong" : "moderate";
    return [{
      planets: ["sun", "mercury"],
      housesInvolved: [f.house.sun],
      strength,
      reason: f.combust.mercury ? "Mercury combust" : `Mercury not combust, ${d.replace("_", " ")}`,
    }];
  },
};
