import { describe, expect, it } from "vitest";
import {
  DEFAULT_VARGA_CHARTS,
  VARGA_CHARTS,
  isVargottama,
  parseVargaList,
  vargaChart,
  vargaMethods,
  vargaPlacement,
} from "../../src/engine/varga/varga-chart.js";
import { EngineInputError } from "../../src/engine/errors.js";
import { at, chartOf, rng } from "./chart-helpers.js";

// No published worked example could be verified offline, so these test the Parashari rules
// (BPHS ch. 6) with hand-checkable cases: each expectation below is worked by hand in its comment.
const sign = (chart: Parameters<typeof vargaPlacement>[0], rashi: number, deg: number) =>
  vargaPlacement(chart, at(rashi, deg)).rashi;

describe("Parashari vargas, hand-checked", () => {
  it("D2 hora: odd signs Sun (Leo) then Moon (Cancer), even signs the reverse", () => {
    expect(sign("D2", 1, 10)).toBe(5);
    expect(sign("D2", 1, 20)).toBe(4);
    expect(sign("D2", 2, 10)).toBe(4);
    expect(sign("D2", 2, 20)).toBe(5);
    expect(vargaPlacement("D2", at(1, 20)).degInRashi).toBeCloseTo(10, 9);
  });
  it("D3: 1st, 5th, 9th from the sign", () => {
    expect([5, 15, 25].map((d) => sign("D3", 4, d))).toEqual([4, 8, 12]); // Cancer → Cancer, Scorpio, Pisces
  });
  it("D4: 1st, 4th, 7th, 10th", () => {
    expect([3, 10, 17, 25].map((d) => sign("D4", 2, d))).toEqual([2, 5, 8, 11]);
  });
  it("D7: odd from the sign, even from the 7th", () => {
    expect(sign("D7", 1, 1)).toBe(1);
    expect(sign("D7", 1, 29)).toBe(7);
    expect(sign("D7", 2, 1)).toBe(8); // Taurus → 7th = Scorpio
  });
  it("D9: movable from itself, fixed from the 9th, dual from the 5th", () => {
    expect(sign("D9", 1, 1)).toBe(1); // Aries 1° → Aries (vargottama)
    expect(sign("D9", 2, 1)).toBe(10); // Taurus → Capricorn
    expect(sign("D9", 3, 1)).toBe(7); // Gemini → Libra
    expect(sign("D9", 5, 29)).toBe(9); // Leo last navamsha → Sagittarius
    expect(sign("D9", 12, 29.9)).toBe(12); // Pisces last navamsha → Pisces
  });
  it("D10: odd from the sign, even from the 9th", () => {
    expect(sign("D10", 3, 0.5)).toBe(3);
    expect(sign("D10", 4, 0.5)).toBe(12); // Cancer → 9th = Pisces
    expect(sign("D10", 4, 29.5)).toBe(9);
  });
  it("D12 from the sign; D16/D20/D45 by modality; D24 Leo/Cancer; D40 Aries/Libra", () => {
    expect(sign("D12", 7, 29)).toBe(6);
    expect(sign("D16", 2, 0.1)).toBe(5);
    expect(sign("D16", 3, 0.1)).toBe(9);
    expect(sign("D20", 2, 0.1)).toBe(9);
    expect(sign("D20", 3, 0.1)).toBe(5);
    expect(sign("D24", 1, 0.1)).toBe(5);
    expect(sign("D24", 2, 0.1)).toBe(4);
    expect(sign("D40", 2, 0.1)).toBe(7);
    expect(sign("D45", 11, 0.1)).toBe(5);
    expect(sign("D45", 12, 0.1)).toBe(9);
  });
  it("D27: fiery from Aries, earthy Cancer, airy Libra, watery Capricorn", () => {
    expect([1, 2, 3, 4, 5].map((r) => sign("D27", r, 0.1))).toEqual([1, 4, 7, 10, 1]);
  });
  it("D30: odd signs Mars 5 Saturn 5 Jupiter 8 Mercury 7 Venus 5; even reversed", () => {
    expect([2, 7, 15, 20, 27].map((d) => sign("D30", 1, d))).toEqual([1, 11, 9, 3, 7]);
    expect([2, 7, 15, 22, 27].map((d) => sign("D30", 2, d))).toEqual([2, 6, 12, 10, 8]);
    // 14° Aries is half-way through Jupiter's 10–18° segment → 15° of Sagittarius.
    expect(vargaPlacement("D30", at(1, 14)).degInRashi).toBeCloseTo(15, 9);
  });
  it("D60: twice the degrees, counted from the sign", () => {
    expect(sign("D60", 1, 0.2)).toBe(1);
    expect(sign("D60", 1, 6.2)).toBe(1); // part 12 → 12 signs on = Aries
    expect(sign("D60", 3, 0.7)).toBe(4); // part 1 → Cancer
  });
});

describe("varga invariants on random longitudes", () => {
  const next = rng(7);
  const lons = Array.from({ length: 2000 }, () => next() * 360);
  it("D9, D27 and D12/D60 match their continuous forms", () => {
    for (const l of lons) {
      expect(vargaPlacement("D9", l).rashi).toBe((Math.floor(l / (10 / 3)) % 12) + 1);
      expect(vargaPlacement("D27", l).rashi).toBe((Math.floor(l / (30 / 27)) % 12) + 1);
      const r = Math.floor(l / 30);
      expect(vargaPlacement("D12", l).rashi).toBe(((r + Math.floor((l % 30) / 2.5)) % 12) + 1);
    }
  });
  it("every placement is a sign 1..12 with a degree in [0, 30)", () => {
    for (const c of VARGA_CHARTS) {
      for (const l of lons.slice(0, 200)) {
        const p = vargaPlacement(c, l);
        expect(p.rashi).toBeGreaterThanOrEqual(1);
        expect(p.rashi).toBeLessThanOrEqual(12);
        expect(p.degInRashi).toBeGreaterThanOrEqual(0);
        expect(p.degInRashi).toBeLessThan(30 + 1e-9);
      }
    }
  });
  it("D1 is the rashi itself", () => {
    for (const l of lons) expect(vargaPlacement("D1", l).degInRashi).toBeCloseTo(l % 30, 9);
  });
});

describe("chart list parsing", () => {
  it('accepts "D9,D10" and "9,10"; empty gives the default set', () => {
    expect(parseVargaList("D9,D10", DEFAULT_VARGA_CHARTS)).toEqual(["D9", "D10"]);
    expect(parseVargaList("9, 10", DEFAULT_VARGA_CHARTS)).toEqual(["D9", "D10"]);
    expect(parseVargaList("d60,60", DEFAULT_VARGA_CHARTS)).toEqual(["D60"]);
    expect(parseVargaList(undefined, DEFAULT_VARGA_CHARTS)).toEqual(["D2", "D3", "D4", "D7", "D9", "D10", "D12", "D30"]);
  });
  it("an unknown chart is refused, listing the allowed ones", () => {
    expect(() => parseVargaList("D9,D13", DEFAULT_VARGA_CHARTS)).toThrow(EngineInputError);
    expect(() => parseVargaList("D13", DEFAULT_VARGA_CHARTS)).toThrow(/D13.*allowed: D1, D2, D3/);
    expect(() => parseVargaList("x", DEFAULT_VARGA_CHARTS)).toThrow(/D60/);
  });
});

describe("vargaChart", () => {
  it("gives the lagna and every graha, and names the D2 method", () => {
    const c = vargaChart(chartOf(at(1, 1), { sun: at(2, 1) }), "D9");
    expect(c.lagna).toMatchObject({ rashi: 1, rashiName: "Aries" });
    expect(c.grahas.sun.rashi).toBe(10);
    expect(Object.keys(c.grahas)).toHaveLength(9);
    expect(vargaMethods(["D2", "D30"])).toEqual({ D2: "parashari_sun_moon_hora", D30: "parashari_odd_even_unequal" });
  });
  it("vargottama = same sign in D1 and D9", () => {
    expect(isVargottama(at(1, 2))).toBe(true); // first navamsha of a movable sign
    expect(isVargottama(at(2, 15))).toBe(true); // middle navamsha of a fixed sign
    expect(isVargottama(at(3, 29))).toBe(true); // last navamsha of a dual sign
    expect(isVargottama(at(2, 2))).toBe(false);
  });
});
