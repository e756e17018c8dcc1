import { describe, expect, it } from "vitest";
import type { ChartInput } from "../../src/engine/chart/chart-input.js";
import { moonNextAspect, prashnaReading } from "../../src/engine/prashna/prashna.js";
import { PRASHNA_QUESTION_TYPES, PRASHNA_SIGNIFICATORS } from "../../src/engine/tables/prashna.js";
import { GRAHAS, type Graha } from "../../src/engine/types.js";

const chartOf = (lagna: number, lon: Partial<Record<Graha, number>>): ChartInput => {
  const base: Record<Graha, number> = { sun: 200, moon: 10, mars: 300, mercury: 210, jupiter: 50, venus: 230, saturn: 330, rahu: 100, ketu: 280 };
  const all = { ...base, ...lon };
  return { lagnaSidDeg: lagna, grahas: Object.fromEntries(GRAHAS.map((g) => [g, { lonSidDeg: all[g], latDeg: 0, speedDegPerDay: 1 }])) as ChartInput["grahas"] };
};

describe("prashna significators table", () => {
  it("the ten spec question types, karya bhava first (BPHS ch. 11 significations)", () => {
    expect(Object.keys(PRASHNA_SIGNIFICATORS)).toEqual([...PRASHNA_QUESTION_TYPES]);
    expect(Object.fromEntries(PRASHNA_QUESTION_TYPES.map((q) => [q, PRASHNA_SIGNIFICATORS[q].houses[0]]))).toEqual({
      general: 1, health: 1, wealth: 2, career: 10, marriage: 7, travel: 9, education: 4, legal: 6, property: 4, children: 5,
    });
    expect(PRASHNA_SIGNIFICATORS.marriage.karakas).toEqual(["venus", "jupiter"]);
    expect(PRASHNA_SIGNIFICATORS.children.karakas).toEqual(["jupiter"]);
  });
});

describe("prashna reading", () => {
  it("the Moon's next exact aspect is the least elongation to travel", () => {
    const lon = { sun: 200, moon: 10, mars: 300, mercury: 210, jupiter: 50, venus: 230, saturn: 330, rahu: 0, ketu: 180 } as Record<Graha, number>;
    // Elongations Moon − planet: Sun 170° (180° in 10°), Mars 70° (90° in 20°), Mercury 160° (180° in 20°),
    // Jupiter 320° (0° in 40°), Venus 140° (180° in 40°), Saturn 40° (60° in 20°): the Sun comes first.
    expect(moonNextAspect(lon)).toEqual({ planet: "sun", angle: 180, degreesToGo: 10 });
    // Without the Sun that close, the ties at 20° resolve to the first in Sun…Saturn order: Mars.
    expect(moonNextAspect({ ...lon, sun: 100 })).toEqual({ planet: "mars", angle: 90, degreesToGo: 20 });
  });

  it("marriage: Ithasala between the lagna lord and the 7th lord counts for, and every point is listed", () => {
    // Lagna Aries (lord Mars), 7th Libra (lord Venus). Venus 20° Gemini, Mars 25° Leo: 3/11, Venus faster, 5° behind: Ithasala.
    const c = chartOf(5, { venus: 80, mars: 145, moon: 100, sun: 60 });
    const r = prashnaReading(c, "marriage");
    expect([r.lagnaLord, r.karyaLord, r.significantHouses[0]]).toEqual(["mars", "venus", 7]);
    expect(r.ithasala).toBe(true);
    expect(r.reasons.some((x) => x.startsWith("+ Ithasala"))).toBe(true);
    expect(r).toEqual(prashnaReading(c, "marriage")); // deterministic
    expect(["favourable", "mixed", "unfavourable"]).toContain(r.tendency);
  });

  it("the Tajaka yogas of the two lords count: the same Ithasala with Mars retrograde is refused (Radda)", () => {
    const c = chartOf(5, { venus: 80, mars: 145, moon: 100, sun: 60 });
    const retro: ChartInput = { ...c, grahas: { ...c.grahas, mars: { ...c.grahas.mars, speedDegPerDay: -0.3 } } };
    const direct = prashnaReading(c, "marriage");
    const refused = prashnaReading(retro, "marriage");
    expect(direct.reasons.some((x) => x.includes("Radda"))).toBe(false);
    expect(refused.reasons.filter((x) => x.startsWith("− Radda"))).toHaveLength(1);
    expect(refused.reasons.some((x) => x.startsWith("+ Ithasala"))).toBe(true);
  });

  it("tendency follows the counted points: a waning Moon in the 8th with the lords in dusthanas is unfavourable", () => {
    // Lagna Aries: Mars (lagna lord) in Virgo (6th), Venus (7th lord) in Scorpio (8th), Moon in Scorpio waning.
    const c = chartOf(5, { mars: 165, venus: 215, moon: 220, sun: 300 });
    const r = prashnaReading(c, "marriage");
    expect(r.moonWaxing).toBe(false);
    expect(r.moonHouse).toBe(8);
    expect(r.tendency).toBe("unfavourable");
  });
});
