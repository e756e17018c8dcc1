import { describe, expect, it } from "vitest";
import { haddaLord, panchaVargeeyaBala, tajakaDrekkanaLord, tajakaUchchaBala, type PanchaVargeeyaBala } from "../../src/engine/tajaka/pancha-vargeeya.js";
import { yearLord } from "../../src/engine/tajaka/year-lord.js";
import type { OfficeBearer } from "../../src/engine/tajaka/varshaphal.js";
import { HADDA, TAJAKA_DREKKANA_ORDER } from "../../src/engine/tables/tajaka.js";
import type { SaptaGraha } from "../../src/engine/types.js";

const S = (sign: number, deg: number) => (sign - 1) * 30 + deg;

describe("the Tajaka hadda (terms) table", () => {
  it("each sign's five spans end at 30° and the five planets each take their classical total (the Egyptian terms)", () => {
    const totals: Record<string, number> = {};
    for (const row of HADDA) {
      expect(row).toHaveLength(5);
      expect(row.at(-1)![1]).toBe(30);
      expect(new Set(row.map(([g]) => g)).size).toBe(5);
      let start = 0;
      for (const [g, end] of row) {
        expect(end).toBeGreaterThan(start);
        totals[g] = (totals[g] ?? 0) + end - start;
        start = end;
      }
    }
    expect(totals).toEqual({ saturn: 57, jupiter: 79, mars: 66, venus: 82, mercury: 76 });
  });
  it("looks up by degree: Aries 0–6 Jupiter, 6–12 Venus; 29.99° Pisces Saturn; 12° Sagittarius Venus", () => {
    expect(haddaLord(S(1, 5.99))).toBe("jupiter");
    expect(haddaLord(S(1, 6))).toBe("venus");
    expect(haddaLord(S(12, 29.99))).toBe("saturn");
    expect(haddaLord(S(9, 11.99))).toBe("jupiter");
    expect(haddaLord(S(9, 12))).toBe("venus");
  });
});

describe("Tajaka drekkana lords (Chaldean order from Aries)", () => {
  it("Aries Mars, Sun, Venus; Taurus Mercury, Moon, Saturn; Pisces Saturn, Jupiter, Mars (the 36th decan closes the cycle on Mars)", () => {
    expect(TAJAKA_DREKKANA_ORDER).toEqual(["mars", "sun", "venus", "mercury", "moon", "saturn", "jupiter"]);
    expect([5, 15, 25].map((d) => tajakaDrekkanaLord(S(1, d)))).toEqual(["mars", "sun", "venus"]);
    expect([5, 15, 25].map((d) => tajakaDrekkanaLord(S(2, d)))).toEqual(["mercury", "moon", "saturn"]);
    expect([5, 15, 25].map((d) => tajakaDrekkanaLord(S(12, d)))).toEqual(["saturn", "jupiter", "mars"]);
  });
});

describe("pancha-vargeeya bala", () => {
  it("uchcha: 20 at deep exaltation, 0 at debilitation, 10 a quadrant away", () => {
    expect(tajakaUchchaBala("sun", S(1, 10))).toBeCloseTo(20, 12);
    expect(tajakaUchchaBala("sun", S(7, 10))).toBeCloseTo(0, 12);
    expect(tajakaUchchaBala("sun", S(4, 10))).toBeCloseTo(10, 12);
    expect(tajakaUchchaBala("saturn", S(1, 20))).toBeCloseTo(0, 12);
  });

  it("a hand-derived case: the Sun at 10°30′ Aries", () => {
    // Kshetra: Aries' lord Mars stands in Leo, 5th from Aries: Tajaka friend → 30 × 3/4 = 22.5.
    // Uchcha: 0.5° from deep exaltation (10° Aries) → (180 − 0.5) / 9 = 19.9444.
    // Hadda: Aries 6–12° is Venus's; Venus in Gemini, 3rd from Aries: friend → 15 × 3/4 = 11.25.
    // Drekkana: the second decan of Aries is the Sun's own → 10.
    // Navamsha: 10.5° Aries is the 4th navamsha → Cancer, the Moon's; the Moon in Libra, 7th: enemy → 5 × 1/4 = 1.25.
    // Total (22.5 + 19.9444 + 11.25 + 10 + 1.25) / 4 = 16.2361.
    const lon = { sun: S(1, 10.5), moon: S(7, 3), mars: S(5, 20), mercury: S(2, 1), jupiter: S(9, 1), venus: S(3, 1), saturn: S(11, 1) };
    const b = panchaVargeeyaBala("sun", lon);
    expect(b.lords).toEqual({ kshetra: "mars", hadda: "venus", drekkana: "sun", navamsha: "moon" });
    expect(b.kshetra).toBe(22.5);
    expect(b.uchcha).toBeCloseTo(179.5 / 9, 12);
    expect(b.hadda).toBe(11.25);
    expect(b.drekkana).toBe(10);
    expect(b.navamsha).toBe(1.25);
    expect(b.total).toBeCloseTo((22.5 + 179.5 / 9 + 11.25 + 10 + 1.25) / 4, 12);
    // Mars moved to Taurus (2nd from Aries: neutral) → kshetra 15; moved into Aries itself (conjunct: inimical) → 7.5.
    expect(panchaVargeeyaBala("sun", { ...lon, mars: S(2, 20) }).kshetra).toBe(15);
    expect(panchaVargeeyaBala("sun", { ...lon, mars: S(1, 20) }).kshetra).toBe(7.5);
    // Mars in its own Aries: its kshetra share is full.
    expect(panchaVargeeyaBala("mars", { ...lon, mars: S(1, 20) }).kshetra).toBe(30);
  });
});

const bala = (totals: Partial<Record<SaptaGraha, number>>) => (g: SaptaGraha): PanchaVargeeyaBala => ({
  planet: g, kshetra: 0, uchcha: 0, hadda: 0, drekkana: 0, navamsha: 0, total: totals[g] ?? 0,
  lords: { kshetra: g, hadda: g, drekkana: g, navamsha: g },
});
const ob = (role: OfficeBearer["role"], planet: SaptaGraha, aspectOnLagna: OfficeBearer["aspectOnLagna"]): OfficeBearer => ({ role, planet, aspectOnLagna });

describe("the lord of the year (Tajaka Neelakanthi, Varsha Tantra)", () => {
  const five = [
    ob("muntha_lord", "venus", "none"), ob("janma_lagna_lord", "sun", "inimical"), ob("varsha_lagna_lord", "mars", "friendly"),
    ob("tri_rashi_pati", "saturn", "friendly"), ob("dina_ratri_pati", "jupiter", "none"),
  ];

  it("the strongest among those aspecting the varsha lagna, even when a non-aspecting one is stronger", () => {
    const y = yearLord(five, bala({ venus: 18, sun: 9, mars: 12, saturn: 11, jupiter: 17 }));
    expect(y.planet).toBe("mars");
    expect(y.rule).toBe("strongest_aspecting");
    expect(y.tieBrokenBy).toBeNull();
    expect(y.reason).toContain("not aspecting the lagna: venus, jupiter");
    // The five components reach the output for every candidate.
    expect(y.candidates.map((c) => c.planet)).toEqual(["venus", "sun", "mars", "saturn", "jupiter"]);
  });

  it("an inimical aspect counts as an aspect", () => {
    expect(yearLord(five, bala({ venus: 18, sun: 13, mars: 12, saturn: 11, jupiter: 17 })).planet).toBe("sun");
  });

  it("none aspecting: the strongest of all (the fallback)", () => {
    const none = five.map((o) => ({ ...o, aspectOnLagna: "none" as const }));
    const y = yearLord(none, bala({ venus: 18, sun: 9, mars: 12, saturn: 11, jupiter: 17 }));
    expect(y.planet).toBe("venus");
    expect(y.rule).toBe("strongest_no_aspect");
    expect(y.reason).toMatch(/^no office bearer aspects the varsha lagna/);
  });

  it("ties: a friendly aspect beats an inimical one; then more offices; then the order of the offices", () => {
    expect(yearLord(five, bala({ sun: 12, mars: 12 }))).toMatchObject({ planet: "mars", tieBrokenBy: "friendly_aspect" });
    const twoOffices = [...five.slice(0, 3), ob("tri_rashi_pati", "saturn", "friendly"), ob("dina_ratri_pati", "saturn", "friendly")];
    const y = yearLord(twoOffices, bala({ mars: 12, saturn: 12 }));
    expect(y).toMatchObject({ planet: "saturn", tieBrokenBy: "more_offices" });
    expect(y.candidates.find((c) => c.planet === "saturn")!.roles).toEqual(["tri_rashi_pati", "dina_ratri_pati"]);
    expect(yearLord(five, bala({ mars: 12, saturn: 12 }))).toMatchObject({ planet: "mars", tieBrokenBy: "office_order" });
  });
});
