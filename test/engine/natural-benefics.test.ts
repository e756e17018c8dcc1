import { describe, expect, it } from "vitest";
import { isNaturalBenefic } from "../../src/engine/chart/natural-benefics.js";
import { chartFacts } from "../../src/engine/chart/yogas/chart-facts.js";
import { pakshaBala } from "../../src/engine/strength/kala-bala.js";
import type { ShadbalaInput } from "../../src/engine/strength/shadbala-input.js";
import { GRAHAS } from "../../src/engine/types.js";
import { at, chartOf } from "./chart-helpers.js";

/**
 * Mercury in mixed company (BPHS ch. 3 v. 11–12; Brihat Jataka ch. 2 v. 5): a malefic as soon as
 * any malefic — the Sun, Mars, Saturn, Rahu, Ketu or the waning Moon — shares his sign, whatever
 * benefics are there too. The other grahas for the record.
 */
type Companion = "sun" | "moon" | "mars" | "jupiter" | "venus" | "saturn" | "rahu" | "ketu";
/**
 * Mercury in Virgo (6) with the given companions at Virgo 20°; everyone else in other signs. The Sun
 * stays in Aries unless it is a companion; `sunLon` moves it (to make a Moon in Virgo wane).
 */
const mercuryWith = (company: Companion[], sunLon = at(1, 10)) => {
  const lons: Record<string, number> = { sun: sunLon, moon: at(4), mars: at(8), jupiter: at(9), venus: at(2), saturn: at(11), rahu: at(3), ketu: at(9), mercury: at(6, 12) };
  for (const g of company) lons[g] = at(6, 20);
  if (company.includes("rahu")) lons.ketu = at(12, 20);
  if (company.includes("ketu")) lons.rahu = at(12, 20);
  return chartOf(at(1), lons);
};
const WAXING_IN_VIRGO = mercuryWith(["moon"]); // Sun Aries 10°, Moon Virgo 20°: elongation 160°
const WANING_IN_VIRGO = mercuryWith(["moon"], at(8, 10)); // Sun Scorpio 10°: elongation 310°

describe("Mercury's nature in mixed company: one rule (chart/natural-benefics.ts)", () => {
  const cases: [string, ReturnType<typeof mercuryWith>, boolean][] = [
    ["alone", mercuryWith([]), true],
    ["with Jupiter and Venus", mercuryWith(["jupiter", "venus"]), true],
    ["with the waxing Moon", WAXING_IN_VIRGO, true],
    ["with the waning Moon", WANING_IN_VIRGO, false],
    ["with the waxing Moon and Jupiter", mercuryWith(["moon", "jupiter"]), true],
    ["with Jupiter and Saturn (V.P. Jain's case: benefic by count, malefic by BPHS)", mercuryWith(["jupiter", "saturn"]), false],
    ["with Jupiter, Venus and Ketu", mercuryWith(["jupiter", "venus", "ketu"]), false],
    ["with Rahu", mercuryWith(["rahu"]), false],
    ["with Mars", mercuryWith(["mars"]), false],
    ["with the Sun", mercuryWith(["sun"]), false],
  ];
  it.each(cases)("Mercury %s", (_name, chart, benefic) => {
    expect(isNaturalBenefic(chart, "mercury")).toBe(benefic);
    // The yoga and dosha facts read the same rule.
    expect(chartFacts(chart).benefic.mercury).toBe(benefic);
    // Paksha bala: a benefic gets elong/3, a malefic 60 − elong/3.
    const input = { chart } as ShadbalaInput;
    const elong = Math.abs(((chart.grahas.moon.lonSidDeg - chart.grahas.sun.lonSidDeg + 540) % 360) - 180);
    const e3 = elong / 3;
    expect(pakshaBala(input, "mercury")).toBeCloseTo(benefic ? e3 : 60 - e3, 9);
  });

  it("the waning-Moon case is waning and the waxing one waxing", () => {
    expect(isNaturalBenefic(WAXING_IN_VIRGO, "moon")).toBe(true);
    expect(isNaturalBenefic(WANING_IN_VIRGO, "moon")).toBe(false);
  });

  it("the others: Jupiter and Venus always benefic; Sun, Mars, Saturn and the nodes never; the Moon by phase", () => {
    const waxing = WAXING_IN_VIRGO;
    const waning = WANING_IN_VIRGO;
    let checked = 0;
    for (const g of GRAHAS) {
      if (g === "mercury") continue;
      const expected = g === "jupiter" || g === "venus" || (g === "moon" ? null : false);
      expect(isNaturalBenefic(waxing, g), g).toBe(expected ?? true);
      expect(isNaturalBenefic(waning, g), g).toBe(expected ?? false);
      checked += 1;
    }
    expect(checked).toBe(8);
  });
});

describe("the yogas that ask for a benefic by nature read the same rule", () => {
  it("Kusuma (the Moon with a benefic): Mercury with the Moon counts, but not once Ketu joins them", async () => {
    const { detectYogas } = await import("../../src/engine/chart/yogas/detect-yogas.js");
    // Taurus rising, Venus in it, the waxing Moon with Mercury in Virgo (5th), Saturn in Aquarius (10th).
    const base = { sun: at(4, 15), moon: at(6, 10), mars: at(1), mercury: at(6, 20), jupiter: at(9), venus: at(2), saturn: at(11), rahu: at(3), ketu: at(9) };
    const names = (lons: Record<string, number>) => detectYogas(chartOf(at(2), lons)).map((y: { name: string }) => y.name);
    expect(names(base)).toContain("Kusuma Yoga");
    expect(names({ ...base, rahu: at(12), ketu: at(6, 25) })).not.toContain("Kusuma Yoga");
  });
});
