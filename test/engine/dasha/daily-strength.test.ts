import { describe, expect, it } from "vitest";
import { chandrashtamaPeriods, dailyStrength, taraBala } from "../../../src/engine/personal/daily-strength.js";
import { longitudeFn } from "../../../src/engine/scans/graha-motion.js";
import { withDefaults } from "../../../src/engine/types.js";
import { WAVE3 } from "./pyjhora-fixture.js";

const conv = withDefaults();
const REF_TARA: Record<string, number> = {
  Janma: 1, Sampat: 2, Vipat: 3, Kshema: 4, Pratyari: 5, Sadhaka: 6, Vadha: 7, Mitra: 8, "Parama Mitra": 9,
};
const natalMoon = (id: string): number => WAVE3.births.find((b) => b.id === id)!.chart.planets_deg.Moon;

describe("tara bala and chandra bala against the reference (15 cases; PyJHora's own chandra bala drops the 11th, a known fault)", () => {
  it("tara count and name, chandra bala count and the classical 1,3,6,7,10,11 verdict, the Moon's sign exit within 3 minutes", () => {
    for (const c of WAVE3.bala) {
      const s = dailyStrength(natalMoon(c.birth_id), c.jd_ut, conv);
      expect(s.taraBala.count, c.id).toBe(c.tara_bala.count_birth_to_day_derived);
      // The reference spells three taras another common way: Pratyari, Sadhaka, Vadha.
      expect(REF_TARA[c.tara_bala.tara_name_derived], c.id).toBe(s.taraBala.tara.number);
      expect(s.chandraBala.count, c.id).toBe(c.chandra_bala.count_from_birth_moon_sign_derived);
      expect(s.chandraBala.favourable, c.id).toBe(c.chandra_bala.classical_good_1_3_6_7_10_11_derived);
      expect(Math.abs(s.rashiEndsJdUt - c.chandrashtama.moon_leaves_sign_at.jd_ut) * 1440, c.id).toBeLessThan(3);
    }
  });

  it("the count wraps past Revati: natal Revati, day Ashwini is the 2nd (Sampat); the 10th star is Janma again", () => {
    expect(taraBala(27, 1)).toMatchObject({ count: 2, tara: { name: "Sampat", favourable: true } });
    expect(taraBala(5, 14).tara.name).toBe("Janma");
    expect(taraBala(5, 11).tara).toMatchObject({ name: "Naidhana", favourable: false });
  });
});

describe("Chandrashtama periods", () => {
  it("in 60 days: about two periods, each with the Moon entering and leaving the 8th sign from the natal Moon sign at its ends", () => {
    const natal = natalMoon("B01"); // Aries Moon → the 8th is Scorpio
    const start = 2460676.5; // 2025-01-01 0h UT
    const ps = chandrashtamaPeriods(natal, start, start + 60, conv);
    expect(ps.length).toBeGreaterThanOrEqual(2);
    expect(ps.length).toBeLessThanOrEqual(3);
    const lon = longitudeFn("moon", conv);
    for (const p of ps) {
      expect(p.rashi).toBe(8);
      expect(p.endJdUt - p.startJdUt).toBeGreaterThan(1.9);
      expect(p.endJdUt - p.startJdUt).toBeLessThan(2.9);
      expect(Math.abs(lon(p.startJdUt) - 210) * 3600).toBeLessThan(1);
      expect(Math.abs(lon(p.endJdUt) - 240) * 3600).toBeLessThan(1);
      expect(Math.floor(lon((p.startJdUt + p.endJdUt) / 2) / 30)).toBe(7);
    }
  });

  it("a period running at the range's start is reported whole (its true start before the range)", () => {
    const natal = natalMoon("B01");
    const start = 2460676.5;
    const [p] = chandrashtamaPeriods(natal, start, start + 60, conv);
    const inside = chandrashtamaPeriods(natal, p!.startJdUt + 1, p!.startJdUt + 2, conv);
    expect(inside).toHaveLength(1);
    expect(inside[0]!.startJdUt).toBeCloseTo(p!.startJdUt, 8);
  });

  it("a range over 366 days or ending before it starts is refused", () => {
    expect(() => chandrashtamaPeriods(0, 2460000, 2460400, conv)).toThrow(/366 days/);
    expect(() => chandrashtamaPeriods(0, 2460000, 2459999, conv)).toThrow(/end after/);
  });
});
