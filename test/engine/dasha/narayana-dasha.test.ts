import { describe, expect, it } from "vitest";
import type { ChartInput } from "../../../src/engine/chart/chart-input.js";
import { jaiminiLord } from "../../../src/engine/chart/jaimini-lords.js";
import {
  narayanaAntarOrder, narayanaDasha, narayanaOrder, narayanaSeed, narayanaYears,
} from "../../../src/engine/dasha/narayana-dasha.js";
import { RASHIS } from "../../../src/engine/tables/rashis.js";
import type { Graha } from "../../../src/engine/types.js";
import { REF_YEAR_DAYS, WAVE3 } from "./pyjhora-fixture.js";

const name = (s: number) => RASHIS[s - 1]!.name;
const ab = (signs: readonly number[]) => signs.map((s) => name(s).slice(0, 2)).join(" ");
const chartOf = (b: any): ChartInput => {
  const g: any = {};
  for (const [k, v] of Object.entries(b.chart.planets_deg)) g[k.toLowerCase()] = { lonSidDeg: v, latDeg: 0, speedDegPerDay: 1 };
  return { lagnaSidDeg: b.chart.ascendant_deg, grahas: g };
};
/** A chart with the lagna in `lagna` and each graha at 15° of a sign: Aquarius, Rahu Gemini and Ketu Sagittarius unless given. */
const synthetic = (lagna: number, signs: Partial<Record<Graha, number>>): ChartInput => {
  const base: Record<Graha, number> = { sun: 11, moon: 11, mars: 11, mercury: 11, jupiter: 11, venus: 11, saturn: 11, rahu: 3, ketu: 9 };
  const g: any = {};
  for (const [k, s] of Object.entries({ ...base, ...signs })) g[k] = { lonSidDeg: (s - 1) * 30 + 15, latDeg: 0, speedDegPerDay: 1 };
  return { lagnaSidDeg: (lagna - 1) * 30 + 10, grahas: g };
};

describe("Narayana dasha rules (P.V.R. Narasimha Rao, Vedic Astrology: An Integrated Approach, chapter Narayana Dasa)", () => {
  it("progressions: movable consecutive, fixed every 6th, dual trines first; direction by the 9th from the seed", () => {
    const c = synthetic(1, {});
    // The book's examples: Aries forward; Cancer backward; Leo forward; Taurus backward; Virgo forward; Gemini backward.
    expect(ab(narayanaOrder(c, 1).order)).toBe("Ar Ta Ge Ca Le Vi Li Sc Sa Ca Aq Pi");
    expect(ab(narayanaOrder(c, 4).order)).toBe("Ca Ge Ta Ar Pi Aq Ca Sa Sc Li Vi Le");
    expect(ab(narayanaOrder(c, 5).order)).toBe("Le Ca Ge Sc Ar Vi Aq Ca Sa Ta Li Pi");
    expect(ab(narayanaOrder(c, 2).order).startsWith("Ta Sa Ca Aq Vi Ar")).toBe(true);
    expect(ab(narayanaOrder(c, 6).order).startsWith("Vi Ca Ta Ge Li Aq Pi Ca")).toBe(true);
    expect(ab(narayanaOrder(c, 3).order).startsWith("Ge Aq Li Vi Ta Ca Sa Le")).toBe(true);
    expect(narayanaOrder(c, 5)).toMatchObject({ direction: 1, progression: "every 6th", exception: null });
  });

  it("Saturn in the seed: consecutive and forward whatever the sign; Ketu in the seed: the direction reversed", () => {
    const sat = narayanaOrder(synthetic(5, { saturn: 5 }), 5);
    expect(sat).toMatchObject({ direction: 1, progression: "consecutive", exception: "saturn" });
    expect(ab(sat.order).startsWith("Le Vi Li")).toBe(true);
    const ketu = narayanaOrder(synthetic(5, { ketu: 5, rahu: 11 }), 5);
    expect(ketu).toMatchObject({ direction: -1, progression: "every 6th", exception: "ketu" });
    expect(ab(ketu.order).startsWith("Le Pi Li Ta Sa")).toBe(true);
    const both = narayanaOrder(synthetic(5, { saturn: 5, ketu: 5 }), 5);
    expect(both).toMatchObject({ direction: -1, progression: "consecutive", exception: "saturn+ketu" });
  });

  it("years: the book's examples — Aries 2, 6, 10, 12 with Mars in Gemini, Libra, Aquarius, Aries; 10 in Capricorn (exalted), 2 in Cancer (debilitated)", () => {
    const aries = (mars: number) => narayanaYears(synthetic(1, { mars }), 1);
    expect([3, 7, 11, 1, 10, 4].map(aries)).toEqual([2, 6, 10, 12, 10, 2]);
    // Leo (even-footed, counted backwards): 2, 6, 9, 12 with the Sun in Gemini, Aquarius, Scorpio, Leo.
    expect([3, 11, 8, 5].map((sun) => narayanaYears(synthetic(1, { sun }), 5))).toEqual([2, 6, 9, 12]);
    // An own-sign lord gets 12 and no exaltation year: Mercury in Virgo.
    expect(narayanaYears(synthetic(1, { mercury: 6 }), 6)).toBe(12);
  });

  it("seed: the stronger of the lagna and the 7th — more grahas first; a full tie keeps the lagna", () => {
    expect(narayanaSeed(synthetic(1, { sun: 7, moon: 7 }))).toMatchObject({ seed: 7, from: "7th", rule: "more grahas in the sign" });
    expect(narayanaSeed(synthetic(7, { sun: 7, moon: 7 }))).toMatchObject({ seed: 7, from: "lagna", rule: "more grahas in the sign" });
    // Gemini vs Sagittarius, empty, unaspected by Jupiter and Mercury, lords five signs on in odd signs (4 years each): the lagna.
    const tie = synthetic(3, { mercury: 7, jupiter: 1, sun: 1, moon: 1, mars: 1, venus: 1, saturn: 1, rahu: 1, ketu: 7 });
    expect(narayanaSeed(tie).seed).toBe(3);
  });

  it("antardashas: 12 equal parts from the sign of the dasha sign's lord, forward from an odd sign, backward from an even one", () => {
    const c = synthetic(1, { mars: 3, venus: 4 });
    expect(ab(narayanaAntarOrder(c, 1)).startsWith("Ge Ca Le")).toBe(true); // Aries: Mars in Gemini (odd)
    expect(ab(narayanaAntarOrder(c, 2)).startsWith("Ca Ge Ta")).toBe(true); // Taurus: Venus in Cancer (even)
    const d = narayanaDasha(c, 2451545, 365.25);
    const antars = d.subdivide(d.mahaDashas[0]!);
    expect(antars).toHaveLength(12);
    for (const a of antars) expect(a.durationYears).toBeCloseTo(d.mahaDashas[0]!.durationYears / 12, 12);
    expect(antars[11]!.endJdUt).toBe(d.mahaDashas[0]!.endJdUt);
    expect(d.subdivide(antars[0]!)).toHaveLength(12);
    expect(d.subdivide(d.subdivide(antars[0]!)[0]!)).toEqual([]);
  });
});

describe("Narayana dasha against PyJHora (narayana_dhasa_for_rasi_chart)", () => {
  it("maha signs, years and starts (±1 day) where the seed, the co-lords and the nodes' exaltation agree", () => {
    let compared = 0;
    for (const b of WAVE3.births) {
      const c = chartOf(b);
      const used = b.jaimini.sign_lords_used as Record<string, string>;
      if (jaiminiLord(c, 8).graha !== used.Scorpio!.toLowerCase() || jaiminiLord(c, 11).graha !== used.Aquarius!.toLowerCase()) continue;
      const nodeSign = (g: "rahu" | "ketu") => Math.floor(c.grahas[g].lonSidDeg / 30) + 1;
      if ((used.Aquarius === "Rahu" && [2, 3, 8, 9].includes(nodeSign("rahu"))) || (used.Scorpio === "Ketu" && [2, 3, 8, 9].includes(nodeSign("ketu")))) continue;
      const ref = (b.dashas.narayana.mahadashas as any[]).filter((m) => m.years > 0);
      const d = narayanaDasha(c, b.jd_ut, REF_YEAR_DAYS);
      // B07: every rule through the 5th ties; we take the 7th by its longer dasha (rule 6), PyJHora keeps the lagna.
      if (name(d.narayana.seed) !== ref[0].lords) {
        expect(b.id).toBe("B07");
        continue;
      }
      ref.forEach((m, i) => {
        expect(name(d.mahaDashas[i]!.rashi!), `${b.id} ${i}`).toBe(m.lords);
        expect(d.mahaDashas[i]!.durationYears, `${b.id} ${m.lords}`).toBe(m.years);
        expect(Math.abs(d.mahaDashas[i]!.startJdUt - m.start_jd_ut)).toBeLessThan(1);
      });
      compared++;
    }
    // Of 15 births the others choose the other Scorpio/Aquarius co-lord, have a node lording one from a disputed exaltation sign, or (B07) another seed.
    expect(compared).toBe(7);
  });

  it("antardasha order where PyJHora starts from the sign of the dasha lord (its newer rule sometimes starts elsewhere) and no Ketu is there", () => {
    let compared = 0;
    for (const b of WAVE3.births) {
      const c = chartOf(b);
      const d = narayanaDasha(c, b.jd_ut, REF_YEAR_DAYS);
      const rows = b.dashas.narayana.antardashas_of_first_two_mahas as any[];
      for (const m of d.mahaDashas.slice(0, 2)) {
        const ref = rows.filter((r) => r.lords[0] === name(m.rashi!)).slice(0, 12).map((r) => r.lords[1]);
        const mine = d.subdivide(m).map((a) => name(a.rashi!));
        // PyJHora V4.8.5 does not reverse the order for Ketu in that sign (B14, Scorpio: Ketu in Aquarius); PVR's exception does.
        const ketuThere = Math.floor(c.grahas.ketu.lonSidDeg / 30) + 1 === d.subdivide(m)[0]!.rashi;
        if (ref.length !== 12 || ref[0] !== mine[0] || ketuThere) continue;
        expect(mine, `${b.id} ${name(m.rashi!)}`).toEqual(ref);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});
