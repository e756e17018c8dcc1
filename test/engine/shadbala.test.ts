import { describe, expect, it } from "vitest";
import { bhavaBala, bhavaDigStrongHouse } from "../../src/engine/strength/bhava-bala.js";
import { cheshtaBala } from "../../src/engine/strength/cheshta-bala.js";
import { ayanaBala, nathonnathaBala } from "../../src/engine/strength/kala-bala.js";
import { shadbala } from "../../src/engine/strength/shadbala.js";
import type { ShadbalaInput } from "../../src/engine/strength/shadbala-input.js";
import { uchchaBala } from "../../src/engine/strength/sthana-bala.js";
import { sphutaDrishti } from "../../src/engine/chart/sphuta-drishti.js";
import { birthShadbalaInput } from "./shadbala-helpers.js";
import { rng } from "./chart-helpers.js";

describe("shadbala rules", () => {
  it("uchcha bala is 60 at deep exaltation and 0 at deep debilitation", () => {
    expect(uchchaBala("sun", 10)).toBeCloseTo(60, 12);
    expect(uchchaBala("sun", 190)).toBeCloseTo(0, 12);
    expect(uchchaBala("saturn", 200)).toBeCloseTo(60, 12);
  });

  it("nathonnatha: day-strong grahas get 60 at noon and 0 at midnight, night-strong the reverse, Mercury always 60", () => {
    expect(nathonnathaBala("sun", 0)).toBeCloseTo(60, 12);
    expect(nathonnathaBala("sun", 180)).toBeCloseTo(0, 12);
    expect(nathonnathaBala("moon", 180)).toBeCloseTo(60, 12);
    expect(nathonnathaBala("mercury", 97)).toBe(60);
  });

  it("ayana bala: 30 on the equinoxes; the Sun's doubled; north adds for Jupiter, south for Saturn", () => {
    expect(ayanaBala("jupiter", 0)).toBeCloseTo(30, 12);
    expect(ayanaBala("sun", 0)).toBeCloseTo(60, 12);
    expect(ayanaBala("jupiter", 90)).toBeCloseTo(60, 12);
    expect(ayanaBala("saturn", 90)).toBeCloseTo(0, 12);
    expect(ayanaBala("mercury", 270)).toBeCloseTo(60, 12);
  });

  it("sphuta drishti: 60 on the opposition, nil within 30°, Saturn full on the 10th, Mars on the 4th, Jupiter on the 5th", () => {
    expect(sphutaDrishti("venus", 180)).toBe(60);
    expect(sphutaDrishti("venus", 20)).toBe(0);
    expect(sphutaDrishti("saturn", 270)).toBe(60);
    expect(sphutaDrishti("mars", 90)).toBe(60);
    expect(sphutaDrishti("jupiter", 120)).toBe(60);
    expect(sphutaDrishti("rahu", 180)).toBe(0);
  });

  it("cheshta is near 60 for a planet at opposition (retrograde) and near 0 at conjunction", () => {
    // Jupiter at opposition 2023-11-03: its sayana longitude ≈ mean Sun + 180°.
    const jdTt = 2460251.5;
    const opp = cheshtaBala("jupiter", 41.5, jdTt); // Jupiter ≈ 41.5° tropical then, the Sun ≈ 221°
    expect(opp).toBeGreaterThan(50);
    // Jupiter in conjunction with the Sun 2023-04-11, both ≈ 21.5° tropical.
    expect(cheshtaBala("jupiter", 21.5, 2460046.5)).toBeLessThan(10);
  });

  it("bhava dig bala's strong house follows the sign's nature (human 1st, quadruped 10th, watery 4th, Scorpio 7th)", () => {
    expect(bhavaDigStrongHouse(75)).toBe(1); // Gemini
    expect(bhavaDigStrongHouse(255)).toBe(10); // Sagittarius 15°+
    expect(bhavaDigStrongHouse(100)).toBe(4); // Cancer
    expect(bhavaDigStrongHouse(220)).toBe(7); // Scorpio
  });
});

describe("shadbala of real births", () => {
  const next = rng(11);
  const births: ShadbalaInput[] = Array.from({ length: 12 }, () => {
    const ms = Date.UTC(1900, 0, 1) + next() * (Date.UTC(2100, 0, 1) - Date.UTC(1900, 0, 1));
    return birthShadbalaInput(new Date(ms).toISOString(), -55 + next() * 115, -180 + next() * 360);
  });

  it("every component stays in its classical range; totals are their sums; ranks are 1..7", () => {
    for (const input of births) {
      const sb = shadbala(input);
      for (const g of sb.grahas) {
        for (const v of [g.sthana.uchcha, g.dig, g.kala.nathonnatha, g.kala.ayana / (g.graha === "sun" ? 2 : 1), g.cheshta, g.naisargika]) {
          expect(v).toBeGreaterThanOrEqual(-1e-9);
          expect(v).toBeLessThanOrEqual(60 + 1e-9);
        }
        expect(g.kala.paksha).toBeLessThanOrEqual(g.graha === "moon" ? 120 : 60);
        const s = g.sthana;
        expect(s.total).toBeCloseTo(s.uchcha + s.saptavargaja + s.ojayugma + s.kendradi + s.drekkana, 9);
        expect(g.totalVirupas).toBeCloseTo(s.total + g.dig + g.kala.total + g.cheshta + g.naisargika + g.drik, 9);
        expect(g.strengthRatio).toBeCloseTo(g.totalRupas / g.requiredRupas, 12);
        expect(g.ishtaPhala).toBeGreaterThanOrEqual(0);
      }
      expect(sb.grahas.map((g) => g.rank).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      // Exactly one lord each of abda, masa, vara, hora; Jupiter always has tribhaga bala.
      for (const part of ["abda", "masa", "vara", "hora"] as const) expect(sb.grahas.filter((g) => g.kala[part] > 0)).toHaveLength(1);
      expect(sb.grahas.find((g) => g.graha === "jupiter")!.kala.tribhaga).toBe(60);
      const bb = bhavaBala(input.chart, sb);
      expect(bb.map((h) => h.house)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    }
  });

  it("yuddha: only between Mars … Saturn within 1°; the winner gains what the loser loses", () => {
    const base = births[0]!;
    const mars = base.chart.grahas.mars.lonSidDeg;
    const warInput = (sepDeg: number): ShadbalaInput => ({
      ...base, chart: { ...base.chart, grahas: { ...base.chart.grahas, venus: { ...base.chart.grahas.venus, lonSidDeg: mars + sepDeg } } },
    });
    const war = shadbala(warInput(0.5)).grahas;
    const m = war.find((g) => g.graha === "mars")!.kala.yuddha;
    const v = war.find((g) => g.graha === "venus")!.kala.yuddha;
    expect(m).not.toBe(0);
    expect(m + v).toBeCloseTo(0, 9);
    const peace = shadbala(warInput(1.5)).grahas;
    for (const g of peace) if (g.graha === "mars" || g.graha === "venus") expect(g.kala.yuddha).toBe(0);
  });
});
