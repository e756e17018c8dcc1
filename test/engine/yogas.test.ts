import { rng } from "../helpers/rng.js";
import { describe, expect, it } from "vitest";
import type { ChartGraha, ChartInput } from "../../src/engine/chart/chart-input.js";
import { YOGA_RULES, detectYogas } from "../../src/engine/chart/yogas/detect-yogas.js";
import type { Graha } from "../../src/engine/types.js";

/** A placement: a sign 1..12 (at 15°) or [sign, degree within sign]. */
type Pl = number | [number, number];
const ORDER = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu"] as const;

/**
 * Build a chart from the lagna sign and placements in the order
 * [sun, moon, mars, mercury, jupiter, venus, saturn, rahu]; Ketu opposite Rahu; all direct.
 */
function c(lagna: number, pls: readonly Pl[], lagnaDeg = 10): ChartInput {
  const lon = (p: Pl): number => (Array.isArray(p) ? (p[0] - 1) * 30 + p[1] : (p - 1) * 30 + 15);
  const grahas = {} as Record<Graha, ChartGraha>;
  ORDER.forEach((g, i) => {
    grahas[g] = { lonSidDeg: lon(pls[i]!), latDeg: 0, speedDegPerDay: g === "rahu" ? -0.053 : 1 };
  });
  grahas.ketu = { lonSidDeg: (grahas.rahu.lonSidDeg + 180) % 360, latDeg: 0, speedDegPerDay: -0.053 };
  return { lagnaSidDeg: (lagna - 1) * 30 + lagnaDeg, grahas };
}

const names = (ch: ChartInput): string[] => detectYogas(ch).map((y) => y.name);
const find = (ch: ChartInput, name: string) => detectYogas(ch).filter((y) => y.name === name);

/** A chart with the seven grahas in seven scattered signs: no Nabhasa shape, only Vallaki. */
const SCATTER = c(1, [1, 3, 5, 6, 8, 10, 12, 2]);
const KEMADRUMA = c(1, [3, 4, 6, 8, 2, 9, 11, 12]);
const ALL_OWN = c(1, [5, 4, 1, 6, 9, 2, 11, 12]);
const RAJA_NONE = c(1, [1, 5, 3, 12, 2, 6, 4, 8]);

/** Every rule: a chart built to trigger it and one built not to (the reasoning is in the comment). */
const CASES: { name: string; yes: ChartInput; no: ChartInput }[] = [
  // Mars exalted in Capricorn, the 10th from an Aries lagna; not: Mars in Aquarius.
  { name: "Ruchaka Yoga", yes: c(1, [3, 6, 10, 2, 11, 4, 9, 5]), no: c(1, [3, 6, 11, 2, 11, 4, 9, 5]) },
  // Mercury in Gemini rising; not: the same Mercury in the 2nd of a Taurus lagna.
  { name: "Bhadra Yoga", yes: c(3, [2, 6, 10, 3, 11, 4, 9, 5]), no: c(2, [2, 6, 10, 3, 11, 4, 9, 5]) },
  // Jupiter exalted in Cancer, 4th from Aries; not: 3rd from Taurus.
  { name: "Hamsa Yoga", yes: c(1, [3, 6, 11, 2, 4, 5, 9, 12]), no: c(2, [3, 6, 11, 2, 4, 5, 9, 12]) },
  // Venus in Libra, 4th from Cancer; not: 3rd from Leo.
  { name: "Malavya Yoga", yes: c(4, [3, 6, 11, 2, 9, 7, 12, 5]), no: c(5, [3, 6, 11, 2, 9, 7, 12, 5]) },
  // Saturn in Aquarius, 4th from Scorpio; not: 3rd from Sagittarius.
  { name: "Shasha Yoga", yes: c(8, [3, 6, 12, 2, 9, 1, 11, 5]), no: c(9, [3, 6, 12, 2, 9, 1, 11, 5]) },
  // Aries lagna: Moon (4th lord) joins Jupiter (9th lord) in Leo; not: no kendra lord meets a trikona lord.
  { name: "Raja Yoga", yes: c(1, [1, 5, 3, 12, 5, 6, 4, 8]), no: RAJA_NONE },
  // Taurus lagna: Saturn (9th+10th lord) in Aquarius, the 10th; not: Saturn in Cancer, the 3rd.
  { name: "Yogakaraka Raja Yoga", yes: c(2, [1, 5, 3, 12, 2, 6, 11, 8]), no: c(2, [1, 5, 3, 12, 2, 6, 4, 8]) },
  // Sun debilitated in Libra, Venus (its dispositor) in a kendra; not: Venus in the 2nd, Mars in the 3rd, Saturn in the 5th.
  { name: "Neecha Bhanga Raja Yoga", yes: c(1, [7, 1, 3, 6, 11, 10, 5, 9]), no: c(1, [7, 1, 3, 6, 11, 2, 5, 9]) },
  // Aries lagna: Mercury (6th lord) in Virgo, Mars (8th lord) in Scorpio, Jupiter (12th lord) in Pisces.
  { name: "Harsha Yoga", yes: c(1, [5, 2, 8, 6, 12, 4, 11, 10]), no: c(1, [5, 2, 1, 3, 9, 4, 11, 10]) },
  { name: "Sarala Yoga", yes: c(1, [5, 2, 8, 6, 12, 4, 11, 10]), no: c(1, [5, 2, 1, 3, 9, 4, 11, 10]) },
  { name: "Vimala Yoga", yes: c(1, [5, 2, 8, 6, 12, 4, 11, 10]), no: c(1, [5, 2, 1, 3, 9, 4, 11, 10]) },
  // Venus (2nd lord) joins Jupiter (9th lord) in Taurus; not: the Raja-free chart.
  { name: "Dhana Yoga", yes: c(1, [1, 5, 3, 12, 2, 2, 4, 8]), no: RAJA_NONE },
  // Mars in Taurus, Venus in Aries (1st/2nd lords exchange); not: every graha in its own sign.
  { name: "Maha Parivartana Yoga", yes: c(1, [5, 4, 2, 6, 9, 1, 11, 10]), no: ALL_OWN },
  // Mercury (3rd lord) in Sagittarius, Jupiter (9th lord) in Gemini.
  { name: "Khala Yoga", yes: c(1, [5, 4, 1, 9, 3, 2, 11, 10]), no: ALL_OWN },
  // Mercury (6th lord) in Leo, Sun (5th lord) in Virgo.
  { name: "Dainya Yoga", yes: c(1, [6, 4, 1, 5, 9, 2, 11, 10]), no: ALL_OWN },
  // Jupiter 4th from the Moon; not: 2nd from it.
  { name: "Gaja Kesari Yoga", yes: c(1, [5, 1, 10, 6, 4, 2, 11, 12]), no: c(1, [5, 1, 10, 6, 2, 3, 11, 12]) },
  { name: "Chandra-Mangala Yoga", yes: c(1, [5, 7, 7, 6, 9, 2, 11, 12]), no: c(1, [5, 7, 8, 6, 9, 2, 11, 12]) },
  // Moon in Cancer; Mars in Leo (2nd) / Saturn in Gemini (12th) / both; not: nothing beside the Moon.
  { name: "Sunapha Yoga", yes: c(1, [3, 4, 5, 8, 2, 9, 11, 12]), no: KEMADRUMA },
  { name: "Anapha Yoga", yes: c(1, [1, 4, 6, 8, 2, 9, 3, 12]), no: KEMADRUMA },
  { name: "Durudhara Yoga", yes: c(1, [1, 4, 5, 8, 2, 9, 3, 12]), no: KEMADRUMA },
  // Nothing in the 2nd/12th from the Moon, no graha in a kendra, Jupiter not aspecting the Moon; not: Saturn in the 7th.
  { name: "Kemadruma Yoga", yes: KEMADRUMA, no: c(1, [3, 4, 6, 8, 2, 9, 7, 12]) },
  { name: "Kemadruma Bhanga Yoga", yes: c(1, [3, 4, 6, 8, 2, 9, 7, 12]), no: KEMADRUMA },
  // Mercury, Jupiter, Venus in the 6th, 7th, 8th from an Aries Moon; not: only Jupiter there.
  { name: "Adhi Yoga", yes: c(4, [5, 1, 10, 6, 7, 8, 11, 3]), no: c(4, [5, 1, 10, 3, 7, 2, 11, 3]) },
  // The same from the lagna; not: Saturn joins Jupiter in the 7th.
  { name: "Lagnadhi Yoga", yes: c(1, [5, 3, 10, 6, 7, 8, 11, 3]), no: c(1, [5, 3, 10, 6, 7, 8, 7, 3]) },
  // Venus alone in the 10th; not: Saturn with her, and the 10th from the Moon empty.
  { name: "Amala Yoga", yes: c(1, [5, 2, 3, 6, 9, 10, 11, 12]), no: c(1, [5, 2, 3, 6, 9, 10, 10, 12]) },
  // Mercury 3rd, Jupiter 6th, Venus 11th; not: Venus in the 2nd.
  { name: "Vasumati Yoga", yes: c(1, [4, 1, 5, 3, 6, 11, 9, 12]), no: c(1, [4, 1, 5, 3, 6, 2, 9, 12]) },
  // Sun in Leo: Mercury in Virgo (2nd) / Mars in Cancer (12th) / both; not: only the Moon beside the Sun.
  { name: "Vesi Yoga", yes: c(1, [5, 4, 10, 6, 9, 2, 11, 12]), no: c(1, [5, 4, 1, 8, 9, 2, 11, 12]) },
  { name: "Vasi Yoga", yes: c(1, [5, 1, 4, 8, 9, 2, 11, 12]), no: c(1, [5, 4, 1, 8, 9, 2, 11, 12]) },
  { name: "Ubhayachari Yoga", yes: c(1, [5, 1, 4, 6, 9, 2, 11, 12]), no: c(1, [5, 4, 1, 8, 9, 2, 11, 12]) },
  { name: "Budha-Aditya Yoga", yes: c(1, [[5, 2], 4, 1, [5, 28], 9, 2, 11, 12]), no: c(1, [5, 4, 1, 6, 9, 2, 11, 12]) },
  // 9th lord Jupiter in Sagittarius (9th), lagna lord Mars in Aries; not: Jupiter in Aquarius.
  { name: "Lakshmi Yoga", yes: ALL_OWN, no: c(1, [5, 4, 1, 6, 11, 2, 11, 12]) },
  // Jupiter 9th (own), Venus 2nd, Mercury 1st; not: Venus in the 3rd.
  { name: "Saraswati Yoga", yes: c(1, [5, 4, 1, [1, 25], 9, 2, 11, 12]), no: c(1, [5, 4, 1, [1, 25], 9, 3, 11, 12]) },
  // Moon 6th from Jupiter; not: Moon 8th from Jupiter but in the 10th (a kendra) from the lagna.
  { name: "Shakata Yoga", yes: c(1, [5, 6, 10, 3, 1, 2, 11, 12]), no: c(1, [5, 10, 11, 2, 3, 6, 9, 12]) },
  // Jupiter 1st, Venus 7th, no malefic in a kendra, 6th and 8th empty; not: Saturn in the 8th.
  { name: "Parvata Yoga", yes: c(1, [5, 3, 11, [5, 29], 1, 7, 9, 3]), no: c(1, [5, 3, 11, [5, 29], 1, 7, 8, 3]) },
  // Moon (4th lord) 1st, Jupiter (9th lord) 4th, Mars exalted; not: Jupiter 5th from the Moon.
  { name: "Kahala Yoga", yes: c(1, [5, 1, 10, 6, 4, 2, 11, 12]), no: c(1, [5, 1, 10, 6, 5, 2, 11, 12]) },
  // Jupiter and Venus together in the lagna; not: Venus in the 2nd.
  { name: "Chamara Yoga", yes: c(1, [5, 3, 11, 6, [1, 5], [1, 20], 9, 3]), no: c(1, [5, 3, 11, 6, 1, 2, 9, 3]) },
  // Sun (5th lord) in Leo, Mercury (6th lord) in Scorpio, 4th from it; not: Mercury in Virgo.
  { name: "Shankha Yoga", yes: c(1, [5, 4, 1, 8, 9, 2, 11, 12]), no: ALL_OWN },
  // Venus 7th, Jupiter 4th, Mars 1st, Jupiter (9th lord) exalted; not: Venus in the 8th.
  { name: "Bheri Yoga", yes: c(1, [5, 3, 1, 6, 4, 7, 11, 12]), no: c(1, [5, 3, 1, 6, 4, 8, 11, 12]) },
  // Jupiter exalted at Cancer 15° is in the Scorpio navamsha; its lord Mars own-signed in the lagna; not: Mars in Gemini.
  { name: "Mridanga Yoga", yes: c(1, [5, 3, 1, 6, 4, 2, 11, 12]), no: c(1, [5, 3, 3, 6, 4, 2, 11, 12]) },
  // Sagittarius lagna: Mercury (7th and 10th lord) exalted in Virgo (10th) with the Sun (9th lord); not: Sun in Leo.
  { name: "Shrinatha Yoga", yes: c(9, [[6, 25], 3, 1, [6, 10], 4, 2, 11, 12]), no: c(9, [5, 3, 1, [6, 10], 4, 2, 11, 12]) },
  // Taurus rising, Venus in it, Moon with Mercury in Virgo (5th), Saturn in Aquarius (10th); not: Saturn in Capricorn.
  // Rahu in Gemini keeps Ketu out of Virgo: Ketu there would make Mercury a malefic (chart/natural-benefics.ts).
  { name: "Kusuma Yoga", yes: c(2, [4, 6, 1, [6, 20], 9, 2, 11, 3]), no: c(2, [4, 6, 1, [6, 20], 9, 2, 10, 3]) },
  // Sun 1st, Mars 4th, Ketu 8th, Saturn 9th, Jupiter 5th; not: Rahu moved so the 8th is empty.
  { name: "Matsya Yoga", yes: c(1, [1, 3, 4, 12, 5, 7, 9, 2]), no: c(1, [1, 3, 4, 12, 5, 7, 9, 3]) },
  // Mercury exalted 6th, Venus own 7th, Mars own 1st; not: Mars in Gemini (3rd, not own).
  { name: "Kurma Yoga", yes: c(1, [10, 12, 1, 6, 9, 7, 10, 2]), no: c(1, [10, 12, 3, 6, 9, 7, 10, 2]) },
  // Venus (2nd lord) in the 9th, Jupiter (9th lord) in the 2nd, Mars 1st; not: Mars 3rd.
  { name: "Khadga Yoga", yes: c(1, [5, 4, 1, 6, 2, 9, 11, 12]), no: c(1, [5, 4, 3, 6, 2, 9, 11, 12]) },
  // Moon in Leo: its lord the Sun joins Mars (lagna lord) in the lagna; not: Moon in Cancer.
  { name: "Pushkala Yoga", yes: c(1, [1, 5, [1, 25], 6, 9, 2, 11, 12]), no: c(1, [1, 4, [1, 25], 6, 9, 2, 11, 12]) },
  // Saturn (10th lord) at Aquarius 21° is in the Aries navamsha; Mars exalted in the 10th; not: Saturn at 12° (Capricorn navamsha).
  { name: "Gauri Yoga", yes: c(1, [5, 4, 10, 6, 9, 2, [11, 21], 12]), no: c(1, [5, 4, 10, 6, 9, 2, [11, 12], 12]) },
  // Venus (2nd lord) at Pisces 1° is in the Cancer navamsha; the Moon, exalted at Taurus 1°, joins Jupiter (9th lord); not: Moon at 10°.
  { name: "Bharati Yoga", yes: c(1, [5, [2, 1], 1, 6, [2, 20], [12, 1], 11, 8]), no: c(1, [5, [2, 10], 1, 6, [2, 20], [12, 1], 11, 8]) },
  // Scorpio lagna: Jupiter owns the 2nd and 5th and is 4th from the Moon; not: Jupiter 5th from the Moon.
  { name: "Akhanda Samrajya Yoga", yes: c(8, [5, 1, 10, 6, 4, 2, 11, 12]), no: c(8, [5, 1, 10, 6, 5, 2, 11, 12]) },
  // Taurus lagna: Saturn (10th lord) in the 8th, Jupiter (11th lord) in the 6th; not: both in their own houses.
  { name: "Dur Yoga", yes: c(2, [5, 4, 1, 3, 7, 2, 9, 12]), no: c(2, [5, 4, 1, 3, 12, 2, 11, 12]) },
  { name: "Daridra Yoga", yes: c(2, [5, 4, 1, 3, 7, 2, 9, 12]), no: c(2, [5, 4, 1, 3, 12, 2, 11, 12]) },
  // Venus 2nd and Jupiter 12th / Saturn 2nd and Mars 12th; not: Venus 2nd with Saturn 12th.
  { name: "Shubha Kartari Yoga", yes: c(1, [5, 4, 1, 6, 12, 2, 11, 3]), no: c(1, [5, 4, 1, 6, 9, 2, 12, 3]) },
  { name: "Papa Kartari Yoga", yes: c(1, [5, 4, 12, 6, 9, 7, 2, 3]), no: c(1, [5, 4, 1, 6, 9, 2, 12, 3]) },
  // Nabhasa (seven grahas only).
  { name: "Rajju Yoga", yes: c(2, [1, 4, 10, [1, 28], 4, 7, 7, 3]), no: c(2, [1, 4, 10, [1, 28], 4, 7, 2, 3]) },
  { name: "Musala Yoga", yes: c(1, [5, 2, 8, [5, 28], 11, 2, 11, 3]), no: SCATTER },
  { name: "Nala Yoga", yes: c(1, [3, 6, 9, [3, 28], 12, 3, 9, 1]), no: SCATTER },
  { name: "Mala Yoga", yes: c(1, [2, 3, 5, 7, 1, 4, 6, 2]), no: c(1, [2, 3, 5, 7, 1, 4, 10, 2]) },
  { name: "Sarpa Yoga", yes: c(1, [1, 11, 4, 12, 2, 3, 7, 5]), no: c(1, [1, 11, 4, 12, 10, 3, 7, 5]) },
  { name: "Gada Yoga", yes: c(1, [1, [1, 5], 4, [1, 25], 4, 4, 1, 5]), no: c(1, [1, [1, 5], 4, [1, 25], 4, 4, 7, 5]) },
  { name: "Shakata Nabhasa Yoga", yes: c(1, [1, 1, 7, [1, 25], 7, 7, 1, 5]), no: SCATTER },
  { name: "Vihaga Yoga", yes: c(1, [4, 4, 10, [4, 25], 10, 10, 4, 5]), no: SCATTER },
  { name: "Shringataka Yoga", yes: c(1, [1, 5, 9, [1, 25], 9, 5, 1, 3]), no: SCATTER },
  { name: "Hala Yoga", yes: c(1, [2, 6, 10, [2, 25], 10, 6, 2, 3]), no: SCATTER },
  { name: "Vajra Yoga", yes: c(1, [4, 6, 4, 3, 1, 7, 10, 2]), no: SCATTER },
  { name: "Yava Yoga", yes: c(1, [1, 6, 7, 3, 4, 10, 1, 2]), no: SCATTER },
  { name: "Kamala Yoga", yes: c(1, [1, 4, 7, [1, 25], 10, 4, 10, 3]), no: SCATTER },
  { name: "Vapi Yoga", yes: c(1, [2, 5, 8, [2, 25], 11, 5, 11, 3]), no: SCATTER },
  { name: "Yupa Yoga", yes: c(1, [1, 2, 3, 4, 1, 2, 3, 5]), no: SCATTER },
  { name: "Ishu Yoga", yes: c(1, [4, 5, 6, 7, 4, 5, 6, 2]), no: SCATTER },
  { name: "Shakti Yoga", yes: c(1, [7, 8, 9, 10, 7, 8, 9, 2]), no: SCATTER },
  { name: "Danda Yoga", yes: c(1, [10, 11, 12, 1, 10, 11, 12, 2]), no: SCATTER },
  { name: "Nauka Yoga", yes: c(1, [1, 2, 3, 4, 5, 6, 7, 8]), no: SCATTER },
  { name: "Kuta Yoga", yes: c(1, [4, 5, 6, 7, 8, 9, 10, 2]), no: SCATTER },
  { name: "Chhatra Yoga", yes: c(1, [7, 8, 9, 10, 11, 12, 1, 2]), no: SCATTER },
  { name: "Chapa Yoga", yes: c(1, [10, 11, 12, 1, 2, 3, 4, 5]), no: SCATTER },
  { name: "Ardhachandra Yoga", yes: c(1, [2, 3, 4, 5, 6, 7, 8, 9]), no: SCATTER },
  { name: "Chakra Yoga", yes: c(1, [1, 3, 5, 7, 9, 11, 1, 2]), no: SCATTER },
  { name: "Samudra Yoga", yes: c(1, [2, 4, 6, 8, 10, 12, 2, 1]), no: SCATTER },
  { name: "Vallaki Yoga", yes: SCATTER, no: c(1, [1, 3, 5, 7, 9, 11, 1, 2]) },
  { name: "Dama Yoga", yes: c(1, [1, 3, 5, 7, 9, 11, 1, 2]), no: SCATTER },
  { name: "Pasha Yoga", yes: c(1, [1, 2, 3, 4, 5, 1, 2, 8]), no: SCATTER },
  { name: "Kedara Yoga", yes: c(1, [1, 2, 3, 4, 1, 2, 3, 5]), no: SCATTER },
  { name: "Shoola Yoga", yes: c(1, [1, 5, 9, [1, 25], 9, 5, 1, 3]), no: SCATTER },
  { name: "Yuga Yoga", yes: c(1, [1, [1, 5], 4, [1, 25], 4, 4, 1, 5]), no: SCATTER },
  { name: "Gola Yoga", yes: c(1, [[1, 2], [1, 5], [1, 8], [1, 11], [1, 14], [1, 17], [1, 20], 5]), no: SCATTER },
];

describe("yoga rule library", () => {
  it("holds at least 60 distinct classical yogas, each with a named source", () => {
    const distinct = new Set(YOGA_RULES.map((r) => r.name));
    expect(distinct.size).toBe(YOGA_RULES.length);
    expect(distinct.size).toBeGreaterThanOrEqual(60);
    for (const r of YOGA_RULES) expect(r.source).toMatch(/BPHS|Phaladeepika|Saravali|Raman/);
  });

  it("has a trigger and a non-trigger chart for every rule", () => {
    expect(CASES.map((k) => k.name).sort()).toEqual(YOGA_RULES.map((r) => r.name).sort());
  });

  it.each(CASES)("$name forms on the chart built for it, not on the other", ({ name, yes, no }) => {
    expect(names(yes)).toContain(name);
    expect(names(no)).not.toContain(name);
  });
});

describe("what a detected yoga reports", () => {
  it("Mahapurusha strength follows dignity: exalted strong, own sign moderate, combust weak", () => {
    expect(find(c(1, [3, 6, 10, 2, 11, 4, 9, 5]), "Ruchaka Yoga")[0]).toMatchObject({
      type: "mahapurusha", planets: ["mars"], housesInvolved: [10], strength: "strong",
    });
    expect(find(c(3, [2, 6, 10, 3, 11, 4, 9, 5]), "Bhadra Yoga")[0]!.strength).toBe("moderate");
    // Mercury in Gemini 10°, the Sun at Gemini 20°: within Mercury's 14° orb.
    expect(find(c(3, [[3, 20], 6, 10, [3, 10], 11, 4, 9, 5]), "Bhadra Yoga")[0]!.strength).toBe("weak");
  });

  it("Raja yoga names the two lords, their houses and the relation", () => {
    // Aries lagna: Moon (4th lord) with Jupiter (9th and 12th lord) in Leo.
    const [y] = find(c(1, [1, 5, 3, 12, 5, 6, 4, 8]), "Raja Yoga");
    expect(y).toMatchObject({ type: "raja", planets: ["moon", "jupiter"], housesInvolved: [4, 9] });
    expect(y!.description).toMatch(/by conjunction/);
    expect(y!.description).toMatch(/jupiter also lords 12/);
    expect(y!.description).toMatch(/Source: BPHS ch\. 39/);
  });

  it("Raja yoga by mutual aspect and by exchange", () => {
    // Capricorn lagna: Venus (5th+10th lord) in Aries opposite Mars (4th lord) in Libra: exchange.
    const ex = find(c(10, [3, 6, 7, 2, 9, 1, 11, 12]), "Raja Yoga");
    expect(ex.some((y) => y.description.includes("by exchange"))).toBe(true);
    // Aries lagna: Saturn (10th lord) in Gemini, Jupiter (9th lord) in Sagittarius: 7th from each other.
    const asp = find(c(1, [1, 5, 12, 2, 9, 4, 3, 8]), "Raja Yoga");
    expect(asp.some((y) => y.description.includes("by mutual aspect") && y.planets.includes("saturn"))).toBe(true);
  });

  it("Neecha Bhanga names each cancellation", () => {
    const [y] = find(c(1, [7, 1, 3, 6, 11, 10, 5, 9]), "Neecha Bhanga Raja Yoga");
    expect(y!.planets[0]).toBe("sun");
    expect(y!.description).toMatch(/lord of the debilitation sign \(venus\) in a kendra/);
  });

  it("Kemadruma Bhanga lists its cancellations; Kemadruma waning Moon is graded strong", () => {
    const [b] = find(c(1, [3, 4, 6, 8, 2, 9, 7, 12]), "Kemadruma Bhanga Yoga");
    expect(b!.description).toMatch(/planet in a kendra from the lagna \(saturn\)/);
    // Sun in Gemini, Moon in Cancer: 30° ahead, waxing.
    expect(find(KEMADRUMA, "Kemadruma Yoga")[0]!.strength).toBe("moderate");
  });

  it("each Kemadruma cancellation alone turns Kemadruma into Kemadruma Bhanga", () => {
    // Taurus lagna, Moon in Cancer: kendras from the lagna are Taurus/Leo/Scorpio/Aquarius, from the
    // Moon Cancer/Libra/Capricorn/Aries; the tara grahas sit in Virgo, Sagittarius, Pisces only, and
    // Jupiter in Sagittarius aspects Aries, Gemini, Leo — not the Moon.
    const base = c(2, [3, 4, 6, 6, 9, 12, 12, 1]);
    expect(names(base)).toContain("Kemadruma Yoga");
    const only = (ch: ChartInput, factor: RegExp) => {
      expect(names(ch)).not.toContain("Kemadruma Yoga");
      const [b] = find(ch, "Kemadruma Bhanga Yoga");
      expect(b!.description).toMatch(factor);
    };
    only(c(2, [3, 4, 8, 6, 9, 12, 12, 1]), /cancelled by: planet in a kendra from the lagna \(mars\) \(/);
    only(c(2, [3, 4, 10, 6, 9, 12, 12, 1]), /cancelled by: planet in a kendra from the Moon \(mars\) \(/);
    only(c(2, [3, 4, 4, 6, 9, 12, 12, 1]), /planet conjoined with the Moon \(mars\)/);
    only(c(2, [3, 4, 6, 6, 12, 12, 12, 1]), /cancelled by: Moon aspected by Jupiter \(/);
  });

  it("the three Parivartana kinds are told apart by the houses exchanged", () => {
    expect(find(c(1, [5, 4, 2, 6, 9, 1, 11, 10]), "Maha Parivartana Yoga")[0]!.housesInvolved).toEqual([1, 2]);
    expect(find(c(1, [5, 4, 1, 9, 3, 2, 11, 10]), "Khala Yoga")[0]!.housesInvolved).toEqual([3, 9]);
    expect(find(c(1, [6, 4, 1, 5, 9, 2, 11, 10]), "Dainya Yoga")[0]!.housesInvolved).toEqual([5, 6]);
    expect(names(c(1, [6, 4, 1, 5, 9, 2, 11, 10]))).not.toContain("Maha Parivartana Yoga");
  });

  it("Budha-Aditya is weak when Mercury is combust", () => {
    expect(find(c(1, [[5, 10], 4, 1, [5, 15], 9, 2, 11, 12]), "Budha-Aditya Yoga")[0]!.strength).toBe("weak");
    expect(find(c(1, [[5, 2], 4, 1, [5, 28], 9, 2, 11, 12]), "Budha-Aditya Yoga")[0]!.strength).not.toBe("weak");
  });

  it("an ill yoga is strong when its lord is debilitated, weak when dignified", () => {
    // Taurus lagna: Saturn (10th lord) debilitated in Aries, the 12th.
    expect(find(c(2, [5, 4, 3, 3, 7, 2, 1, 12]), "Dur Yoga")[0]!.strength).toBe("strong");
    // Leo lagna: Venus (10th lord) exalted in Pisces, the 8th: the yoga forms but is mitigated.
    expect(find(c(5, [5, 4, 3, 3, 9, 12, 11, 1]), "Dur Yoga")[0]!.strength).toBe("weak");
  });

  it("exactly one sankhya yoga in every chart", () => {
    for (const k of CASES) {
      const sankhya = detectYogas(k.yes).filter((y) => y.category === "sankhya");
      expect(sankhya).toHaveLength(1);
    }
  });
});

describe("on arbitrary charts", () => {
  function randomChart(next: () => number): ChartInput {
    const grahas = {} as Record<Graha, ChartGraha>;
    for (const g of [...ORDER, "ketu"] as Graha[]) grahas[g] = { lonSidDeg: next() * 360, latDeg: 0, speedDegPerDay: next() < 0.2 ? -0.3 : 1 };
    grahas.ketu = { ...grahas.rahu, lonSidDeg: (grahas.rahu.lonSidDeg + 180) % 360 };
    return { lagnaSidDeg: next() * 360, grahas };
  }

  it("every result is well formed and repeatable", () => {
    const next = rng(42);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const ch = randomChart(next);
      const ys = detectYogas(ch);
      expect(detectYogas(ch)).toEqual(ys);
      for (const y of ys) {
        seen.add(y.name);
        expect(["strong", "moderate", "weak"]).toContain(y.strength);
        expect(y.planets.length).toBeGreaterThan(0);
        for (const h of y.housesInvolved) expect(h >= 1 && h <= 12).toBe(true);
        expect(y.description).toMatch(/Source: /);
      }
    }
    // Common yogas do turn up on random charts.
    for (const n of ["Raja Yoga", "Dhana Yoga", "Gaja Kesari Yoga", "Sunapha Yoga", "Vesi Yoga"]) expect(seen).toContain(n);
  });

  // The whole kundali's budget is 5 ms (issue 5); yogas and doshas must be a small part of it. The
  // bound is loose because this machine's two cores are shared; the printed figure is the measurement.
  it("detectYogas + detectDoshas stay far inside the kundali's 5 ms budget on real charts", async () => {
    const { detectDoshas } = await import("../../src/engine/chart/doshas/detect-doshas.js");
    const { readFileSync } = await import("node:fs");
    // Swiss Ephemeris reference positions (test/fixtures/README.md): 300 real skies with their ascendants.
    const fx = JSON.parse(readFileSync(new URL("../fixtures/swisseph-positions.json", import.meta.url), "utf8")) as {
      cases: { ascendant: number; grahas: Record<string, { lon: number; lat: number; speed: number }> }[];
    };
    const charts = fx.cases.map((k): ChartInput => {
      const grahas = {} as Record<Graha, ChartGraha>;
      for (const g of [...ORDER, "ketu"] as Graha[]) {
        const p = k.grahas[g[0]!.toUpperCase() + g.slice(1)]!;
        grahas[g] = { lonSidDeg: p.lon, latDeg: p.lat, speedDegPerDay: p.speed };
      }
      return { lagnaSidDeg: k.ascendant, grahas };
    });
    for (const ch of charts) { detectYogas(ch); detectDoshas(ch); } // warm-up
    const rounds = 5;
    const t0 = performance.now();
    for (let r = 0; r < rounds; r++) for (const ch of charts) { detectYogas(ch); detectDoshas(ch); }
    const usPerChart = ((performance.now() - t0) * 1000) / (rounds * charts.length);
    console.log(`detectYogas + detectDoshas: ${usPerChart.toFixed(1)} µs per chart (${charts.length} Swiss Ephemeris charts)`);
    expect(usPerChart).toBeLessThan(5000);
    // On real skies Mercury is never more than 28° from the Sun, so it shares the Sun's sign often.
    const budha = charts.filter((ch) => names(ch).includes("Budha-Aditya Yoga")).length;
    expect(budha).toBeGreaterThan(charts.length * 0.3);
  });
});
