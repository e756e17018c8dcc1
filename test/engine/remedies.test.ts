import { describe, expect, it } from "vitest";
import { functionalNatures } from "../../src/engine/chart/karakas.js";
import { gemstoneFor, remedies, type RemedyInputs } from "../../src/engine/chart/remedies/remedies.js";
import { at, chartOf } from "./chart-helpers.js";

/** A chart with nothing to remedy: Aries lagna, every graha in a good house, far from the Sun, none debilitated. */
const quiet = chartOf(at(1, 10), {
  sun: at(1, 15), moon: at(4, 15), mars: at(10, 15), mercury: at(3, 15), jupiter: at(9, 15), venus: at(2, 15), saturn: at(11, 15),
  rahu: at(5, 15), ketu: at(11, 15),
});
const base = (over: Partial<RemedyInputs> = {}): RemedyInputs => ({
  chart: quiet, strengths: [], doshas: { mangal: false, kalsarpa: false, pitra: false }, dashaLord: null,
  functional: functionalNatures(1), ...over,
});

describe("remedies: each finding triggers a remedy that names it", () => {
  it("a quiet chart has no findings and no remedies", () => {
    expect(remedies(base())).toEqual({ findings: [], remedies: [] });
  });

  it.each([
    ["weak shadbala", base({ strengths: [{ graha: "jupiter", totalRupas: 5.2, requiredRupas: 6.5 }] }), "weak_shadbala:jupiter", "jupiter"],
    ["debilitated", base({ chart: { ...quiet, grahas: { ...quiet.grahas, mars: { ...quiet.grahas.mars, lonSidDeg: at(4, 20) } } } }), "debilitated:mars", "mars"],
    ["combust", base({ chart: { ...quiet, grahas: { ...quiet.grahas, venus: { ...quiet.grahas.venus, lonSidDeg: at(1, 19) } } } }), "combust:venus", "venus"],
    ["dusthana", base({ chart: { ...quiet, grahas: { ...quiet.grahas, moon: { ...quiet.grahas.moon, lonSidDeg: at(6, 15) } } } }), "dusthana:moon", "moon"],
    ["mangal dosha", base({ doshas: { mangal: true, kalsarpa: false, pitra: false } }), "mangal_dosha", "mars"],
    ["kalsarpa dosha", base({ doshas: { mangal: false, kalsarpa: true, pitra: false } }), "kalsarpa_dosha", "rahu"],
    ["pitra dosha", base({ doshas: { mangal: false, kalsarpa: false, pitra: true } }), "pitra_dosha", "sun"],
    ["running dasha lord", base({ dashaLord: "mercury" }), "running_dasha_lord:mercury", "mercury"],
  ] as const)("%s", (_name, input, findingId, graha) => {
    const r = remedies(input);
    expect(r.findings.map((f) => f.id)).toEqual([findingId]);
    const remedy = r.remedies.find((x) => x.graha === graha)!;
    expect(remedy.triggeredBy).toEqual([findingId]);
    expect(remedy.beejMantra).toMatch(/^Om /);
    expect(remedy.japaCount).toBeGreaterThan(0);
    expect(remedy.charityDay).toBe(remedy.fastingDay);
    expect(remedy.lalKitab.length).toBeGreaterThan(0);
  });

  it("kalsarpa calls for both nodes; one graha's remedy lists every finding that names it", () => {
    const r = remedies(base({ doshas: { mangal: false, kalsarpa: true, pitra: false }, dashaLord: "rahu" }));
    expect(r.remedies.map((x) => x.graha)).toEqual(["rahu", "ketu"]);
    expect(r.remedies[0]!.triggeredBy).toEqual(["kalsarpa_dosha", "running_dasha_lord:rahu"]);
  });
});

describe("gemstone cautions", () => {
  it("never recommends the stone of a functional malefic of the lagna; recommends a functional benefic's with a trial caution", () => {
    const f = functionalNatures(1); // Aries lagna
    for (const g of f.malefics) {
      const s = gemstoneFor(g, f);
      expect(s.recommended, g).toBe(false);
      expect(s.caution).toMatch(/functional malefic for Aries lagna/);
    }
    for (const g of f.benefics) expect(gemstoneFor(g, f).recommended, g).toBe(true);
    expect(gemstoneFor("rahu", f).recommended).toBe(false);
    expect(f.malefics.length).toBeGreaterThan(0);
  });

  it("a weak functional malefic still gets mantra and charity but not its stone", () => {
    const f = functionalNatures(1);
    const g = f.malefics[0]!;
    const r = remedies(base({ strengths: [{ graha: g, totalRupas: 3, requiredRupas: 5 }] }));
    const remedy = r.remedies.find((x) => x.graha === g)!;
    expect(remedy.gemstone.recommended).toBe(false);
    expect(remedy.charityItems.length).toBeGreaterThan(0);
  });
});
