import { describe, expect, it } from "vitest";
import { grahaDrishti, mutualAspects, rashiDrishti, rashiDrishtiSigns } from "../../src/engine/chart/drishti.js";
import { sphutaDrishti } from "../../src/engine/chart/sphuta-drishti.js";
import { drikBala } from "../../src/engine/strength/drik-bala.js";
import { isNaturalBenefic } from "../../src/engine/chart/natural-benefics.js";
import { SAPTA_GRAHAS } from "../../src/engine/types.js";
import { at, chartOf } from "./chart-helpers.js";

describe("graha drishti (BPHS ch. 26)", () => {
  const chart = chartOf(at(1), { mars: at(1), jupiter: at(4), saturn: at(10), sun: at(7), moon: at(5), venus: at(3) });
  const of = (g: string) => grahaDrishti(chart).find((d) => d.graha === g)!;

  it("every graha: 3rd/10th 25%, 5th/9th 50%, 4th/8th 75%, 7th 100%", () => {
    const sun = of("sun");
    expect(Object.fromEntries(sun.targets.map((t) => [t.nth, t.strengthPercent]))).toEqual({ 3: 25, 4: 75, 5: 50, 7: 100, 8: 75, 9: 50, 10: 25 });
    expect(sun.targets.every((t) => !t.special)).toBe(true);
  });

  it("special full aspects: Mars 4/8, Jupiter 5/9, Saturn 3/10", () => {
    const full = (g: string) => of(g).targets.filter((t) => t.special).map((t) => [t.nth, t.strengthPercent]);
    expect(full("mars")).toEqual([[4, 100], [8, 100]]);
    expect(full("jupiter")).toEqual([[5, 100], [9, 100]]);
    expect(full("saturn")).toEqual([[3, 100], [10, 100]]);
  });

  it("targets name the houses from the lagna and the grahas there", () => {
    // Mars in Aries (house 1) aspects Cancer (4th) where Jupiter is, in full.
    const t = of("mars").targets.find((x) => x.nth === 4)!;
    expect([t.rashi, t.house, t.grahas]).toEqual([4, 4, ["jupiter"]]);
  });

  it("mutual aspects: Sun (Libra) and Mars (Aries) oppose each other in full; Jupiter and Saturn 7th apart too", () => {
    const m = mutualAspects(chart);
    expect(m).toContainEqual({ a: "sun", b: "mars", aToBPercent: 100, bToAPercent: 100, full: true });
    expect(m).toContainEqual({ a: "jupiter", b: "saturn", aToBPercent: 100, bToAPercent: 100, full: true });
    // Venus (Gemini) → Jupiter (Cancer) is the 2nd: no aspect, so no pair.
    expect(m.find((x) => x.a === "jupiter" && x.b === "venus")).toBeUndefined();
  });

  it("the sphuta drishti reported is the one drik bala sums (one function)", () => {
    const sat = of("saturn");
    for (const v of sat.virupas) expect(v.virupas).toBe(sphutaDrishti("saturn", chart.grahas[v.graha].lonSidDeg - chart.grahas.saturn.lonSidDeg));
    const onSun = SAPTA_GRAHAS.filter((g) => g !== "sun").reduce((s, g) => {
      const v = of(g).virupas.find((x) => x.graha === "sun")!.virupas;
      return s + (isNaturalBenefic(chart, g) ? v : -v);
    }, 0);
    expect(drikBala(chart, "sun")).toBeCloseTo(onSun / 4, 12);
    expect(of("rahu").virupas).toEqual([]);
  });
});

describe("Jaimini rashi drishti (Jaimini Sutras 1.1.2–4)", () => {
  it("movable signs aspect fixed signs but the adjacent one; fixed aspect movable but the adjacent; dual aspect dual", () => {
    expect(rashiDrishtiSigns(1)).toEqual([5, 8, 11]); // Aries: not Taurus
    expect(rashiDrishtiSigns(2)).toEqual([4, 7, 10]); // Taurus: not Aries
    expect(rashiDrishtiSigns(3)).toEqual([6, 9, 12]);
    expect(rashiDrishtiSigns(10)).toEqual([2, 5, 8]); // Capricorn: not Aquarius
    expect(rashiDrishtiSigns(11)).toEqual([1, 4, 7]); // Aquarius: not Capricorn
    // Symmetric: every rashi drishti is mutual.
    for (let s = 1; s <= 12; s++) for (const t of rashiDrishtiSigns(s)) expect(rashiDrishtiSigns(t)).toContain(s);
  });

  it("lists the grahas in the aspected signs", () => {
    const chart = chartOf(at(1), { sun: at(5), moon: at(8), mars: at(2) });
    const aries = rashiDrishti(chart).find((r) => r.rashi === 1)!;
    expect(aries.aspectedGrahas).toEqual(expect.arrayContaining(["sun", "moon"]));
    expect(aries.aspectedGrahas).not.toContain("mars");
  });
});
