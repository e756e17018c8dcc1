import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { moolatrikona } from "../../src/engine/chart/dignity.js";
import { isNaturalBenefic } from "../../src/engine/chart/natural-benefics.js";
import { norm360, rashiOf } from "../../src/engine/tables/rashis.js";
import { shadbala } from "../../src/engine/strength/shadbala.js";
import { SAPTA_GRAHAS } from "../../src/engine/types.js";
import { birthShadbalaInput } from "./shadbala-helpers.js";

/**
 * PyJHora V4.8.5's shadbala for 19 births (test/fixtures/pyjhora-chart2.json; Tromsø has none) as a
 * LOOSE cross-check: a second implementation, not ground truth. Its README lists where it departs
 * from the classical rules (unfolded dig/cheshta/paksha arcs, yuddha without the 1° limit,
 * Placidus cusps for dig bala, moolatrikona by whole sign), so those parts are compared only where
 * the departure cannot matter, and stepped parts are counted rather than required to agree
 * everywhere. PyJHora's sunrise is the disc centre without refraction: ours uses `hindu` here.
 */
const data = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-chart2.json", import.meta.url), "utf8"));
const CAP = (g: string): string => g[0]!.toUpperCase() + g.slice(1);

interface Tally { agree: number; total: number }
const tally: Record<string, Tally> = {};
function count(name: string, ok: boolean): void {
  const t = (tally[name] ??= { agree: 0, total: 0 });
  t.total += 1;
  if (ok) t.agree += 1;
}

describe("shadbala cross-checked with PyJHora (loose)", () => {
  const births = data.births.filter((b: any) => b.shadbala);

  it("agreement table over 19 births × 7 grahas; rule-identical parts agree", () => {
    expect(births.length).toBe(19);
    for (const b of births) {
      const input = birthShadbalaInput(b.utc, b.lat, b.lon, "lahiri", "hindu");
      const sb = shadbala(input);
      const p = b.shadbala;
      for (const g of sb.grahas) {
        const G = CAP(g.graha);
        count("uchcha ±0.05", Math.abs(g.sthana.uchcha - p.sthana_parts.uchcha[G]) <= 0.05);
        // PyJHora rounds to 0.01 and takes moolatrikona by whole sign: compare where the graha is outside its moolatrikona sign.
        if (rashiOf(input.chart.grahas[g.graha].lonSidDeg) !== moolatrikona(g.graha).rashi) {
          count("saptavargaja ±0.01 (outside MT sign)", Math.abs(g.sthana.saptavargaja - p.sthana_parts.saptavargaja[G]) <= 0.01);
        }
        count("ojayugma", g.sthana.ojayugma === p.sthana_parts.ojayugma[G]);
        count("kendradi", g.sthana.kendradi === p.sthana_parts.kendradi[G]);
        count("drekkana", g.sthana.drekkana === p.sthana_parts.drekkana[G]);
        count("nathonnatha ±0.5", Math.abs(g.kala.nathonnatha - p.kala_parts.nathonnatha[G]) <= 0.5);
        for (const part of ["tribhaga", "abda", "masa", "vara", "hora"] as const) count(part, g.kala[part] === p.kala_parts[part][G]);
        count("ayana ±1", Math.abs(g.kala.ayana - p.kala_parts.ayana[G]) <= 1);
        count("naisargika ±0.01", Math.abs(g.naisargika - p.naisargika[G]) <= 0.01);
      }
    }
    console.log("shadbala vs PyJHora (agree/total):\n" + Object.entries(tally).map(([k, t]) => `${k.padEnd(34)} ${t.agree}/${t.total}`).join("\n"));
    // The same rule on nearly the same positions: these must agree everywhere.
    for (const k of ["uchcha ±0.05", "saptavargaja ±0.01 (outside MT sign)", "ojayugma", "kendradi", "drekkana", "tribhaga", "abda", "masa",
      "vara", "naisargika ±0.01"]) {
      expect(tally[k]!.agree, k).toBe(tally[k]!.total);
    }
    // Hora: PyJHora's birth hora lord differs from the sunrise-based hora (panchanga/hora.ts, which gives
    // Raman's Moon in the book's example) in most births; only the table reports it.
    // PyJHora measures nathonnatha on the zone clock (ours: apparent solar time), folds nothing and
    // classes Mercury otherwise: loosely, most still agree.
    expect(tally["nathonnatha ±0.5"]!.agree / tally["nathonnatha ±0.5"]!.total).toBeGreaterThan(0.5);
    expect(tally["ayana ±1"]!.agree / tally["ayana ±1"]!.total).toBeGreaterThan(0.9);
  });
});

/**
 * Paksha bala, every graha of every birth (19 × 7 = 133), asserted. Both sides take elong/3 for a
 * benefic, 60 − elong/3 for a malefic and double the Moon's; they differ in three listed ways:
 * 1. PyJHora's arc is |λSun − λMoon| on the raw 0..360 longitudes, never folded (fixture README,
 *    `strength._paksha_bala`): when 0° Aries lies between the two it is 360° − the true arc, so its
 *    numbers are read back through the fold before comparing (Chennai and random-16 among the waxing).
 * 2. Mercury's nature: the engine's rule (chart/natural-benefics.ts; BPHS ch. 3 v. 11–12, Brihat
 *    Jataka ch. 2 v. 5) makes Mercury a malefic with ANY malefic in his sign, nodes and the waning
 *    Moon included. PyJHora counts the company instead (benefics > malefics → benefic, a tie goes to
 *    the nearest planet) and leaves the nodes out — P.V.R. Narasimha Rao's and V.P. Jain's modern
 *    rule. Where the two rules class Mercury differently, he must get exactly the other class's value.
 * 3. The waning Moon's own paksha bala: PyJHora classes her a malefic (2·(60 − arc/3)); the engine
 *    gives the Moon her phase strength 2·arc/3 in both halves (Raman, "Graha and Bhava Balas").
 */
const MERCURY_CLASSED_OTHERWISE: Record<string, string> = {
  "New Delhi": "Mercury with Ketu only: PyJHora leaves the nodes out",
  London: "Mercury with Ketu only: PyJHora leaves the nodes out",
  "random-08": "Mercury with Ketu only: PyJHora leaves the nodes out",
  "random-14": "Mercury with the Sun and Venus: a tie, PyJHora takes the nearer Venus",
  "random-17": "Mercury with the Sun, Venus and Rahu: a tie without the node, PyJHora takes the nearer Venus",
  "random-19": "Mercury with the waxing Moon, Jupiter, Saturn and Ketu: PyJHora's count (2 benefics to 1) — V.P. Jain's case",
};

describe("paksha bala against PyJHora, every disagreement explained", () => {
  it("agrees to 0.1 virupa on 19 births × 7 grahas once PyJHora's arc is folded, but for Mercury's listed company and the waning Moon", () => {
    const births = data.births.filter((b: any) => b.shadbala);
    expect(births.length).toBe(19);
    let agreed = 0;
    const mercuryOtherwise: string[] = [];
    const waningMoons: string[] = [];
    for (const b of births) {
      const input = birthShadbalaInput(b.utc, b.lat, b.lon, "lahiri", "hindu");
      const sb = shadbala(input);
      const rawArc = Math.abs(b.chart.planets_deg.Sun - b.chart.planets_deg.Moon);
      const unfolded = rawArc > 180;
      const arc = unfolded ? 360 - rawArc : rawArc;
      // The engine's arc from its own (apparent) positions is within 0.05° of PyJHora's (geometric) one.
      const ours = norm360(input.chart.grahas.moon.lonSidDeg - input.chart.grahas.sun.lonSidDeg);
      expect(Math.abs((ours > 180 ? 360 - ours : ours) - arc), b.place).toBeLessThan(0.05);
      const waxing = ours < 180;
      for (const g of sb.grahas) {
        const pj: number = b.shadbala.kala_parts.paksha[CAP(g.graha)];
        // PyJHora's class, read from its number: benefic rawArc/3 (Moon doubled) or malefic 60 − rawArc/3.
        const pjBenefic = g.graha === "moon" ? Math.abs(pj - (2 * rawArc) / 3) < 0.05 : Math.abs(pj - rawArc / 3) < 0.05;
        const folded = (benefic: boolean) => (g.graha === "moon" ? 2 : 1) * (benefic ? arc / 3 : 60 - arc / 3);
        const label = `${b.place} ${g.graha}`;
        if (g.graha === "moon" && !waxing) {
          expect(pjBenefic, label).toBe(false);
          expect(g.kala.paksha, label).toBeCloseTo(folded(true), 1);
          waningMoons.push(b.place);
          continue;
        }
        const oursBenefic = g.graha === "moon" || isNaturalBenefic(input.chart, g.graha);
        expect(g.kala.paksha, label).toBeCloseTo(folded(oursBenefic), 1);
        if (pjBenefic !== oursBenefic) {
          expect(g.graha, label).toBe("mercury");
          mercuryOtherwise.push(b.place);
          expect(Math.abs(g.kala.paksha - folded(pjBenefic)), label).toBeGreaterThan(1);
        } else {
          expect(Math.abs(g.kala.paksha - folded(pjBenefic)), label).toBeLessThanOrEqual(0.1);
          agreed += 1;
        }
      }
    }
    expect(mercuryOtherwise.sort()).toEqual(Object.keys(MERCURY_CLASSED_OTHERWISE).sort());
    expect(waningMoons.length).toBe(11);
    expect(agreed).toBe(133 - 6 - 11);
  });
});
