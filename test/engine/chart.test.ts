import { describe, expect, it } from "vitest";
import { chartAspects, aspectStrength } from "../../src/engine/chart/aspects.js";
import { chartHouses } from "../../src/engine/chart/houses.js";
import { charaKarakas, functionalNatures } from "../../src/engine/chart/karakas.js";
import { grahaPlacement, lagnaPlacement } from "../../src/engine/chart/placements.js";
import { ChartCore } from "../../src/engine/chart/chart-core.js";
import { at, chartOf, fixtureCharts } from "./chart-helpers.js";

describe("lagna and planets", () => {
  it("sign, degree, whole-sign house, nakshatra, pada and lord", () => {
    const c = chartOf(at(5, 5), { moon: 101, mars: at(1, 20) }, ["mars"]);
    expect(lagnaPlacement(c)).toMatchObject({ rashi: 5, rashiName: "Leo", rashiLord: "sun", nakshatraName: "Magha", pada: 2 });
    const moon = grahaPlacement(c, "moon");
    expect(moon).toMatchObject({ rashi: 4, house: 12, nakshatraName: "Pushya", nakshatraLord: "saturn", pada: 3, retrograde: false });
    expect(moon.rashiDegree).toBeCloseTo(11, 9);
    const mars = grahaPlacement(c, "mars");
    expect(mars).toMatchObject({ house: 9, retrograde: true, dignity: "own" });
  });
  it("combustion with the orb used, and vargottama", () => {
    const c = chartOf(0, { sun: at(1, 10), mercury: at(1, 2), saturn: at(1, 1.5) });
    expect(grahaPlacement(c, "mercury")).toMatchObject({ combust: true, combustOrbDeg: 14 });
    expect(grahaPlacement(c, "sun")).toMatchObject({ combust: false, combustOrbDeg: null });
    expect(grahaPlacement(c, "saturn")).toMatchObject({ vargottama: true, dignity: "debilitated" });
  });
  it("the reference charts' planet signs agree with the fixture's rashi; houses count whole signs from the lagna", () => {
    let planets = 0;
    for (const f of fixtureCharts().slice(0, 50)) {
      const core = new ChartCore(f.chart, f.jdUt);
      for (const p of core.planets) {
        expect(p.rashi, `${f.id} ${p.graha}`).toBe(f.rashi[p.graha]);
        expect(p.house).toBe(((p.rashi - core.lagna.rashi + 12) % 12) + 1);
        planets += 1;
      }
    }
    expect(planets).toBe(50 * 9);
  });
});

describe("houses and aspects (BPHS ch. 26)", () => {
  const c = chartOf(at(1), { sun: at(1), moon: at(2), mars: at(3), mercury: at(1), jupiter: at(5), venus: at(2), saturn: at(10), rahu: at(6) });
  const aspects = chartAspects(c);
  it("every graha aspects the 7th in full; Mars 4/8, Jupiter 5/9, Saturn 3/10 in full", () => {
    const full = (g: string) => aspects.onHouses.filter((a) => a.from === g).map((a) => a.house).sort((x, y) => x - y);
    expect(full("sun")).toEqual([7]);
    expect(full("mars")).toEqual([6, 9, 10]); // Mars in Gemini (house 3): 4th → 6, 7th → 9, 8th → 10
    expect(full("jupiter")).toEqual([1, 9, 11]); // Jupiter in Leo (5): 5th → 9, 7th → 11, 9th → 1
    expect(full("saturn")).toEqual([4, 7, 12]); // Saturn in Capricorn (10): 3rd → 12, 7th → 4, 10th → 7
    expect(aspects.onHouses.every((a) => a.strength === 1)).toBe(true);
  });
  it("partial strengths 25/50/75% and not duplicated by special aspects", () => {
    expect([3, 4, 5, 7, 8, 9, 10].map((n) => aspectStrength("sun", n))).toEqual([0.25, 0.75, 0.5, 1, 0.75, 0.5, 0.25]);
    expect(aspectStrength("mars", 4)).toBe(1);
    expect(aspectStrength("sun", 2)).toBe(0);
    const marsPartial = aspects.partialOnHouses.filter((a) => a.from === "mars").map((a) => a.nth).sort((x, y) => x - y);
    expect(marsPartial).toEqual([3, 5, 9, 10]);
  });
  it("aspects on grahas by sign", () => {
    // Saturn (Capricorn): 3rd Pisces (Ketu, opposite Rahu in Virgo), 7th Cancer, 10th Libra (empty).
    expect(aspects.onGrahas.filter((a) => a.from === "saturn").map((a) => [a.to, a.nth])).toEqual([["ketu", 3]]);
    // Jupiter (Leo) 9th → Aries: Sun and Mercury.
    expect(aspects.onGrahas.filter((a) => a.from === "jupiter").map((a) => a.to)).toEqual(["sun", "mercury"]);
    // Mars (Gemini): 4th → Virgo (Rahu), 8th → Capricorn (Saturn).
    expect(aspects.onGrahas.filter((a) => a.from === "mars").map((a) => [a.to, a.nth])).toEqual([["rahu", 4], ["saturn", 8]]);
  });
  it("12 houses with sign, lord, occupants and the grahas aspecting them", () => {
    const h = chartHouses(c, aspects);
    expect(h).toHaveLength(12);
    expect(h[0]).toMatchObject({ house: 1, rashi: 1, lord: "mars", grahas: ["sun", "mercury"], aspectedBy: ["jupiter"] });
    expect(h[6]).toMatchObject({ house: 7, rashiName: "Libra", lord: "venus", aspectedBy: ["sun", "mercury", "saturn"] });
    expect(h[5]!.grahas).toEqual(["rahu"]);
  });
});

describe("karakas", () => {
  it("the classical yoga-karakas: Saturn for Taurus and Libra, Mars for Cancer and Leo, Venus for Capricorn and Aquarius", () => {
    expect([2, 7, 4, 5, 10, 11].map((l) => functionalNatures(l).yogakaraka)).toEqual(["saturn", "saturn", "mars", "mars", "venus", "venus"]);
    expect(functionalNatures(1).yogakaraka).toBeNull();
  });
  it("Aries lagna: Sun and Jupiter benefic, Mercury and Saturn malefic (lords of 3/6, 11), Venus malefic (2/7)", () => {
    const f = functionalNatures(1);
    expect(f.benefics).toEqual(expect.arrayContaining(["sun", "jupiter", "mars"]));
    expect(f.malefics).toEqual(expect.arrayContaining(["mercury", "saturn", "venus"]));
    expect(f.roles.find((r) => r.graha === "moon")!.nature).toBe("benefic");
  });
  it("chara karakas rank degrees in sign; the 8-scheme counts Rahu backwards", () => {
    const c = chartOf(0, { sun: at(1, 29), moon: at(2, 3), mars: at(3, 20), mercury: at(4, 10), jupiter: at(5, 25), venus: at(6, 1), saturn: at(7, 15), rahu: at(8, 2) });
    expect(charaKarakas(c).map((k) => `${k.karaka}:${k.graha}`)).toEqual([
      "atma:sun", "amatya:jupiter", "bhratri:mars", "matri:saturn", "putra:mercury", "gnati:moon", "dara:venus",
    ]);
    const eight = charaKarakas(c, 8);
    expect(eight[1]).toMatchObject({ karaka: "amatya", graha: "rahu", degreeDeg: 28 });
    expect(eight.map((k) => k.karaka)).toContain("pitri");
  });
});

describe("ChartCore", () => {
  it("computes each part once and the full set for a real chart", () => {
    const f = fixtureCharts()[0]!;
    const core = new ChartCore(f.chart, f.jdUt).all();
    expect(core.planets).toBe(core.planets);
    expect(core.houses.flatMap((h) => h.grahas)).toHaveLength(9);
    expect(core.navamsha.chart).toBe("D9");
    expect(core.ashtakavarga.sarvaTotal).toBe(337);
    expect(core.dasha.mahaDashas[0]!.startJdUt).toBeLessThanOrEqual(f.jdUt);
    expect(core.charaKarakas).toHaveLength(7);
    expect(core.vargas().map((v) => v.chart)).toEqual(["D2", "D3", "D4", "D7", "D9", "D10", "D12", "D30"]);
    expect(core.vargas(["D60"])[0]!.grahas.moon.rashi).toBeGreaterThanOrEqual(1);
  });
});
