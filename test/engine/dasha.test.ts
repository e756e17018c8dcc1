import { describe, expect, it } from "vitest";
import { currentPeriods, subPeriods, vimshottari } from "../../src/engine/dasha/vimshottari.js";
import { EngineInputError } from "../../src/engine/errors.js";

// Hand-checkable cases of the BPHS ch. 46 rule (no published worked example was verifiable
// offline). Sub-period lengths follow from the rule: Ketu–Ketu 49/120 y, Saturn–Saturn 361/120 y,
// Venus–Venus 400/120 y — checked in years.
const BIRTH = 2451545.0; // J2000, an arbitrary birth instant
const Y = 365.25;

describe("Vimshottari balance at birth", () => {
  it("the Moon at the start of Ashwini: the whole 7 years of Ketu remain", () => {
    const d = vimshottari(0, BIRTH);
    expect(d.balance).toMatchObject({ lord: "ketu", elapsedFraction: 0 });
    expect(d.balance.years).toBeCloseTo(7, 12);
    expect(d.mahaDashas[0]!.startJdUt).toBe(BIRTH);
    expect(d.mahaDashas[1]).toMatchObject({ lord: "venus", startJdUt: BIRTH + 7 * Y });
  });
  it("the Moon at 100° (half-way through Pushya): Saturn with 9.5 of 19 years left", () => {
    const d = vimshottari(100, BIRTH);
    expect(d.moonNakshatraName).toBe("Pushya");
    expect(d.balance.lord).toBe("saturn");
    expect(d.balance.years).toBeCloseTo(9.5, 10);
    expect(d.mahaDashas[0]!.startJdUt).toBeCloseTo(BIRTH - 9.5 * Y, 6);
    expect(d.mahaDashas[0]!.endJdUt).toBeCloseTo(BIRTH + 9.5 * Y, 6);
    expect(d.mahaDashas.map((m) => m.lord)).toEqual(["saturn", "mercury", "ketu", "venus", "sun", "moon", "mars", "rahu", "jupiter"]);
  });
  it("the nine maha dashas span 120 years and tile without gaps", () => {
    const d = vimshottari(217.3, BIRTH);
    expect(d.mahaDashas).toHaveLength(9);
    expect(d.mahaDashas[8]!.endJdUt - d.mahaDashas[0]!.startJdUt).toBeCloseTo(120 * Y, 6);
    for (let i = 1; i < 9; i++) expect(d.mahaDashas[i]!.startJdUt).toBe(d.mahaDashas[i - 1]!.endJdUt);
  });
});

describe("sub-periods", () => {
  it("antardashas start with the maha lord, last maha × years / 120, and fill the maha exactly", () => {
    const d = vimshottari(100, BIRTH);
    const sat = d.mahaDashas[0]!;
    expect(sat.sub.map((a) => a.lord)).toEqual(["saturn", "mercury", "ketu", "venus", "sun", "moon", "mars", "rahu", "jupiter"]);
    expect(sat.sub[0]!.durationYears).toBeCloseTo((19 * 19) / 120, 12); // 3.00833 y = 3 y 0 m 3 d
    expect(sat.sub[0]!.startJdUt).toBe(sat.startJdUt);
    expect(sat.sub[8]!.endJdUt).toBe(sat.endJdUt);
    const ketu = d.mahaDashas[2]!;
    expect(ketu.sub[0]!.durationYears).toBeCloseTo((7 * 7) / 120, 12); // 4 m 27 d
    expect(d.mahaDashas[3]!.sub[0]!.durationYears).toBeCloseTo(20 / 6, 12); // Venus–Venus 3 y 4 m
  });
  it("pratyantardashas are computed by default; deeper levels on demand down to prana", () => {
    const d = vimshottari(100, BIRTH);
    const antar = d.mahaDashas[1]!.sub[2]!;
    expect(antar.sub).toHaveLength(9);
    expect(antar.sub[0]!.sub).toHaveLength(0);
    const sookshma = subPeriods(antar.sub[0]!, d.yearDays, 1);
    expect(sookshma).toHaveLength(9);
    expect(sookshma[0]!.level).toBe(4);
    expect(sookshma[0]!.sub[0]!.level).toBe(5);
    expect(subPeriods(sookshma[0]!.sub[0]!, d.yearDays)).toEqual([]);
    const sum = sookshma.reduce((a, s) => a + s.durationYears, 0);
    expect(sum).toBeCloseTo(antar.sub[0]!.durationYears, 12);
  });
  it("depth 1 gives maha dashas only", () => {
    expect(vimshottari(100, BIRTH, { depth: 1 }).mahaDashas[0]!.sub).toHaveLength(0);
    expect(() => vimshottari(100, BIRTH, { depth: 6 })).toThrow(EngineInputError);
  });
});

describe("current period and year conventions", () => {
  it("at birth the balance lord runs; later the chain descends maha → antar → pratyantar", () => {
    const d = vimshottari(100, BIRTH);
    expect(currentPeriods(d, BIRTH)!.map((p) => p.lord)[0]).toBe("saturn");
    // 10 years after birth: Saturn ended at +9.5 y, Mercury maha began; Mercury–Mercury lasts 2.408 y.
    const chain = currentPeriods(d, BIRTH + 10 * Y, 5)!;
    expect(chain.map((p) => p.level)).toEqual([1, 2, 3, 4, 5]);
    expect(chain[0]!.lord).toBe("mercury");
    expect(chain[1]!.lord).toBe("mercury");
    for (const p of chain) expect(BIRTH + 10 * Y).toBeGreaterThanOrEqual(p.startJdUt);
    for (const p of chain) expect(BIRTH + 10 * Y).toBeLessThan(p.endJdUt);
    expect(currentPeriods(d, BIRTH - 20 * Y)).toBeNull();
  });
  it("savana (360 d) and sidereal (365.256363 d) years scale the dates and are echoed", () => {
    const s = vimshottari(0, BIRTH, { year: "savana" });
    expect(s).toMatchObject({ yearConvention: "savana", yearDays: 360 });
    expect(s.mahaDashas[0]!.endJdUt).toBe(BIRTH + 7 * 360);
    const sid = vimshottari(0, BIRTH, { year: "sidereal" });
    expect(sid.mahaDashas[0]!.endJdUt).toBeCloseTo(BIRTH + 7 * 365.256363, 9);
    expect(vimshottari(0, BIRTH).yearConvention).toBe("julian");
  });
  it("past 120 years the cycle repeats", () => {
    const d = vimshottari(0, BIRTH);
    expect(currentPeriods(d, BIRTH + 121 * Y, 1)![0]!.lord).toBe("ketu");
    expect(currentPeriods(d, BIRTH + 128 * Y, 1)![0]!.lord).toBe("venus");
  });
});
