import { describe, expect, it } from "vitest";
import type { ChartGraha, ChartInput } from "../../src/engine/chart/chart-input.js";
import { KALSARPA_TYPES, PITRA_RULES, detectDoshas } from "../../src/engine/chart/doshas/detect-doshas.js";
import type { Graha } from "../../src/engine/types.js";

type Pl = number | [number, number];
const ORDER = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu"] as const;

/** Chart from the lagna sign and [sun, moon, mars, mercury, jupiter, venus, saturn, rahu] (sign, or [sign, degree]). */
function c(lagna: number, pls: readonly Pl[]): ChartInput {
  const lon = (p: Pl): number => (Array.isArray(p) ? (p[0] - 1) * 30 + p[1] : (p - 1) * 30 + 15);
  const grahas = {} as Record<Graha, ChartGraha>;
  ORDER.forEach((g, i) => {
    grahas[g] = { lonSidDeg: lon(pls[i]!), latDeg: 0, speedDegPerDay: g === "rahu" ? -0.053 : 1 };
  });
  grahas.ketu = { lonSidDeg: (grahas.rahu.lonSidDeg + 180) % 360, latDeg: 0, speedDegPerDay: -0.053 };
  return { lagnaSidDeg: (lagna - 1) * 30 + 10, grahas };
}
/** Sign `n` signs on from `s` (1..12). */
const on = (s: number, n: number): number => ((s - 1 + n) % 12 + 12) % 12 + 1;

describe("Mangal dosha", () => {
  // Aries lagna, Mars in Libra (7th); Moon in Gemini (Mars 5th), Venus in Leo (Mars 3rd); Jupiter in Sagittarius (no aspect on Libra).
  const LOW = c(1, [4, 3, 7, 4, 9, 5, 10, 12]);

  it("Mars in the 7th from the lagna only: present, low, Mars's house and its aspects affected", () => {
    const m = detectDoshas(LOW).mangal;
    expect(m).toMatchObject({ present: true, formed: true, cancelled: false, severity: "low" });
    expect(m.fromLagna).toEqual({ house: 7, dosha: true });
    expect(m.fromMoon.dosha).toBe(false);
    expect(m.fromVenus.dosha).toBe(false);
    expect(m.affectedHouses).toEqual([1, 2, 7, 10]);
    expect(m.cancellationFactors).toEqual([]);
  });

  it("from the lagna and the Moon is medium; from all three is high", () => {
    expect(detectDoshas(c(1, [4, 1, 7, 4, 9, 5, 10, 12])).mangal.severity).toBe("medium");
    const high = detectDoshas(c(1, [4, 1, 7, 3, 9, 12, 10, 11])).mangal;
    expect(high).toMatchObject({ present: true, severity: "high" });
    expect(high.rulesMet).toHaveLength(3);
  });

  it("Mars in the 3rd from the lagna and 5th from the Moon and Venus: not formed", () => {
    const m = detectDoshas(c(1, [4, 11, 3, 5, 9, 11, 10, 12])).mangal;
    expect(m).toMatchObject({ present: false, formed: false, severity: "none", affectedHouses: [] });
  });

  const cancels: [string, ChartInput, RegExp][] = [
    // Scorpio is Mars's own sign: 8th from an Aries lagna.
    ["own sign", c(1, [4, 3, 8, 4, 11, 5, 10, 12]), /own sign/],
    // Capricorn rising with Mars in it.
    ["exaltation", c(10, [4, 3, 10, 4, 9, 5, 11, 12]), /exalted/],
    // Leo, the 7th from an Aquarius lagna.
    ["Leo or Aquarius", c(11, [4, 3, 5, 4, 9, 6, 10, 12]), /Leo or Aquarius/],
    // Gemini, the 2nd from a Taurus lagna, is an exempt sign for the 2nd.
    ["exempt sign for the house", c(2, [4, 5, 3, 4, 11, 6, 10, 12]), /exempt sign for the 2nd house from the lagna/],
    // Jupiter in Aquarius aspects Libra (its 9th).
    ["Jupiter's aspect", c(1, [4, 3, 7, 4, 11, 5, 10, 12]), /aspected by Jupiter/],
    // The Moon with Mars in Libra.
    ["the Moon with Mars", c(1, [4, 7, 7, 4, 9, 5, 10, 12]), /joined with the Moon/],
    // Venus rising (Mars is then 7th from Venus too).
    ["Venus in the lagna", c(1, [4, 3, 7, 4, 9, 1, 10, 12]), /Venus in the lagna/],
  ];
  it.each(cancels)("is cancelled by %s", (_label, chart, factor) => {
    const m = detectDoshas(chart).mangal;
    expect(m.formed).toBe(true);
    expect(m.cancelled).toBe(true);
    expect(m.present).toBe(false);
    expect(m.severity).toBe("none");
    expect(m.severityBeforeCancellation).not.toBe("none");
    expect(m.cancellationFactors.some((f) => factor.test(f))).toBe(true);
  });
});

describe("Kalsarpa dosha", () => {
  /**
   * Aries lagna, Rahu in sign r; the seven grahas in the five signs after Rahu (r+1 … r+5),
   * Jupiter on one of those that is not a kendra, so no planet shares a node's sign.
   */
  function hemmed(r: number): ChartInput {
    const inside = [1, 2, 3, 4, 5].map((k) => on(r, k));
    const jup = inside.find((s) => ![1, 4, 7, 10].includes(s))!;
    const [a, b, cc, d, e] = inside as [number, number, number, number, number];
    return c(1, [a, b, cc, d, jup, e, a, r]);
  }

  it.each(KALSARPA_TYPES.map((t, i) => [t, i + 1] as const))("%s: Rahu in house %i", (type, house) => {
    const k = detectDoshas(hemmed(house)).kalsarpa;
    expect(k.formed).toBe(true);
    expect(k.kind).toBe("full");
    expect(k.type).toBe(type);
    expect(k.rahuHouse).toBe(house);
    expect(k.direction).toBe("rahu_to_ketu");
    expect(k.affectedHouses).toEqual([house, on(house, 6)].sort((x, y) => x - y));
    // Rahu in an upachaya (3, 6, 11) is a named cancellation; elsewhere none applies in these charts.
    if ([3, 6, 11].includes(house)) {
      expect(k).toMatchObject({ cancelled: true, present: false, severity: "none" });
      expect(k.cancellationFactors).toEqual([`Rahu in an upachaya house (${house})`]);
    } else {
      expect(k).toMatchObject({ cancelled: false, present: true, severity: "high" });
    }
  });

  it("names the twelve types in order Anant … Sheshnag", () => {
    expect(KALSARPA_TYPES).toEqual(["Anant", "Kulik", "Vasuki", "Shankhpal", "Padma", "Mahapadma",
      "Takshak", "Karkotak", "Shankhachud", "Ghatak", "Vishdhar", "Sheshnag"]);
  });

  it("one graha outside the axis makes it partial (medium)", () => {
    // Rahu in Leo (5th): grahas in Virgo … Capricorn, Saturn alone in Aries, outside the arc.
    const k = detectDoshas(c(1, [6, 7, 8, 9, 6, 10, 1, 5])).kalsarpa;
    expect(k).toMatchObject({ formed: true, kind: "partial", outside: "saturn", type: "Padma", severity: "medium" });
  });

  it("grahas from Ketu forward to Rahu are reported as the other direction", () => {
    // Rahu in Leo, Ketu in Aquarius; grahas in Pisces … Cancer.
    const k = detectDoshas(c(1, [12, 1, 2, 3, 2, 4, 12, 5])).kalsarpa;
    expect(k).toMatchObject({ formed: true, kind: "full", direction: "ketu_to_rahu", type: "Padma" });
  });

  it("two or more grahas on each side: not formed", () => {
    const k = detectDoshas(c(1, [6, 7, 1, 2, 6, 10, 1, 5])).kalsarpa;
    expect(k).toMatchObject({ formed: false, present: false, kind: null, type: null, affectedHouses: [] });
  });

  it("is cancelled by a graha joined with Rahu, and by Jupiter in a kendra", () => {
    // Rahu at Leo 5°, the Sun at Leo 20° (inside the arc, same sign as Rahu).
    const joined = detectDoshas(c(1, [[5, 20], 7, 8, 9, 6, 10, 8, [5, 5]])).kalsarpa;
    expect(joined).toMatchObject({ formed: true, kind: "full", cancelled: true, present: false });
    expect(joined.cancellationFactors[0]).toMatch(/sun joined with Rahu or Ketu/);
    // Jupiter in Libra, the 7th from Aries.
    const jup = detectDoshas(c(1, [6, 7, 8, 9, 7, 10, 8, 5])).kalsarpa;
    expect(jup.cancellationFactors).toContain("Jupiter in a kendra from the lagna (house 7)");
    expect(jup.present).toBe(false);
  });
});

describe("Pitra dosha", () => {
  // Aries lagna: Sun with Rahu in Leo; Saturn in Taurus (aspects 4th, 8th, 11th signs: not Leo);
  // Jupiter (9th lord) in Virgo, aspecting Capricorn, Pisces, Taurus: not the 9th nor the Sun.
  const LOW = c(1, [5, 1, 10, 3, 6, 2, 2, 5]);

  it("states its rules", () => {
    expect(PITRA_RULES).toHaveLength(5);
    expect(detectDoshas(c(1, [5, 1, 1, 6, 6, 2, 10, 4])).pitra.description).toContain(PITRA_RULES[0]);
  });

  it("the Sun with Rahu alone: present, low", () => {
    const p = detectDoshas(LOW).pitra;
    expect(p).toMatchObject({ present: true, severity: "low", cancelled: false });
    expect(p.rulesMet).toEqual(["Sun joined with Rahu"]);
    expect(p.affectedHouses).toEqual([5, 9]);
    expect([...p.planets].sort()).toEqual(["rahu", "sun"]);
  });

  it("the Sun with Rahu in the 9th, aspected by Saturn: high", () => {
    // Sun and Rahu in Sagittarius; Saturn in Libra aspects its 3rd (Sagittarius); Jupiter in Taurus aspects Virgo, Scorpio, Capricorn.
    const p = detectDoshas(c(1, [9, 1, 10, 3, 2, 4, 7, 9])).pitra;
    expect(p.rulesMet).toEqual(["Sun joined with Rahu", "Sun joined or aspected by Saturn", "Rahu or Ketu in the 9th house"]);
    expect(p).toMatchObject({ present: true, severity: "high" });
  });

  it("the Sun with Ketu, Rahu in the 9th: medium", () => {
    // Rahu in Sagittarius, Ketu in Gemini with the Sun; Jupiter in Taurus aspects Virgo, Scorpio,
    // Capricorn; Saturn in Capricorn aspects Pisces, Cancer, Libra.
    const p = detectDoshas(c(1, [3, 1, 5, 4, 2, 4, 10, 9])).pitra;
    expect(p.rulesMet).toEqual(["Sun joined with Ketu", "Rahu or Ketu in the 9th house"]);
    expect(p.severity).toBe("medium");
  });

  it("no rule met: not formed", () => {
    const p = detectDoshas(c(1, [5, 1, 1, 6, 6, 2, 10, 4])).pitra;
    expect(p).toMatchObject({ formed: false, present: false, severity: "none", rulesMet: [] });
  });

  it("is cancelled by Jupiter aspecting the 9th house", () => {
    // As LOW, with Jupiter in Gemini: its 7th aspect falls on Sagittarius, the 9th.
    const p = detectDoshas(c(1, [5, 1, 10, 3, 3, 2, 2, 5])).pitra;
    expect(p).toMatchObject({ formed: true, cancelled: true, present: false, severity: "none", severityBeforeCancellation: "low" });
    expect(p.cancellationFactors).toContain("Jupiter joined with or aspecting the 9th house");
  });

  it("the 9th lord with a node is a rule of its own", () => {
    // Taurus lagna: Saturn (9th lord) with Rahu in Leo (aspects Libra, Aquarius, Taurus); the Sun in
    // Aries; Jupiter in Gemini aspects Libra, Sagittarius, Aquarius (not the 9th, Capricorn).
    const p = detectDoshas(c(2, [1, 2, 6, 12, 3, 7, 5, 5])).pitra;
    expect(p.rulesMet).toEqual(["9th lord joined with Rahu or Ketu"]);
    expect(p.planets).toEqual(["saturn"]);
  });

  it("is cancelled by an own-sign 9th lord", () => {
    const p = detectDoshas(c(1, [5, 1, 10, 3, 12, 2, 2, 5])).pitra;
    expect(p.cancellationFactors).toContain("9th lord jupiter in its own sign");
  });
});
