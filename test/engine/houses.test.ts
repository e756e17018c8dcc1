import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ascendantAndMc, houseCusps } from "../../src/engine/astro/houses.js";
import { instantFromJdUt } from "../../src/engine/time/instant.js";
import { withDefaults, type Place } from "../../src/engine/types.js";

interface PositionCase {
  id: string;
  utc: string;
  jd_ut: number;
  lat: number;
  lon: number;
  ascendant: number;
  mc: number;
  armc: number;
  houses_placidus: number[];
  houses_flag: number;
}
const fixture = JSON.parse(readFileSync(new URL("../fixtures/swisseph-positions.json", import.meta.url), "utf8")) as {
  cases: PositionCase[];
};
const conv = withDefaults();
const placeOf = (c: PositionCase): Place => ({ latDeg: c.lat, lonDeg: c.lon });
/** |a − b| on the circle, arcseconds. */
const arcsec = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) * 3600;
/** From 2050-01-01 the reference switches to a long-term sidereal-time model (≈1.9″ off IAU 2006): 2″ more allowed. */
const REFERENCE_SIDEREAL_SWITCH_JD = 2469807.5;
const toleranceArcsec = (c: PositionCase) => (c.jd_ut >= REFERENCE_SIDEREAL_SWITCH_JD ? 4 : 2);

describe("ascendant and MC against the Swiss Ephemeris reference (300 cases, 1900–2100)", () => {
  it("ascendant, MC and ARMC within 2″ (4″ after 2050) in every case", () => {
    const worst = { asc: 0, mc: 0, armc: 0, ascLate: 0, mcLate: 0 };
    expect(fixture.cases).toHaveLength(300);
    for (const c of fixture.cases) {
      const got = ascendantAndMc(instantFromJdUt(c.jd_ut), placeOf(c), conv);
      const tol = toleranceArcsec(c);
      const dAsc = arcsec(got.ascendantSidDeg, c.ascendant);
      const dMc = arcsec(got.mcSidDeg, c.mc);
      expect(dAsc, `${c.id} ascendant`).toBeLessThanOrEqual(tol);
      expect(dMc, `${c.id} MC`).toBeLessThanOrEqual(tol);
      expect(arcsec(got.armcDeg, c.armc), `${c.id} ARMC`).toBeLessThanOrEqual(tol);
      if (tol === 2) {
        worst.asc = Math.max(worst.asc, dAsc);
        worst.mc = Math.max(worst.mc, dMc);
        worst.armc = Math.max(worst.armc, arcsec(got.armcDeg, c.armc));
      } else {
        worst.ascLate = Math.max(worst.ascLate, dAsc);
        worst.mcLate = Math.max(worst.mcLate, dMc);
      }
    }
    console.log(
      `max error before 2050: asc ${worst.asc.toFixed(3)}″ MC ${worst.mc.toFixed(3)}″ ARMC ${worst.armc.toFixed(3)}″; ` +
        `from 2050: asc ${worst.ascLate.toFixed(3)}″ MC ${worst.mcLate.toFixed(3)}″`,
    );
  });
});

describe("Placidus cusps against the reference", () => {
  it("all twelve cusps within 2″ (4″ after 2050); Porphyry with a reason where the reference fell back", () => {
    let worst = 0;
    let worstBefore2050 = 0;
    let fallbacks = 0;
    expect(fixture.cases).toHaveLength(300);
    for (const c of fixture.cases) {
      const got = houseCusps(instantFromJdUt(c.jd_ut), placeOf(c), "placidus", conv);
      expect(got.system).toBe("placidus");
      expect(got.cuspsSidDeg).toHaveLength(12);
      if (c.houses_flag === -1) {
        expect(got.fallback?.system, c.id).toBe("porphyry");
        expect(got.fallback?.reason).toMatch(/polar/);
        fallbacks++;
      } else {
        expect(got.fallback, c.id).toBeNull();
      }
      for (let i = 0; i < 12; i++) {
        const d = arcsec(got.cuspsSidDeg[i]!, c.houses_placidus[i]!);
        expect(d, `${c.id} cusp ${i + 1}`).toBeLessThanOrEqual(toleranceArcsec(c));
        worst = Math.max(worst, d);
        if (c.jd_ut < REFERENCE_SIDEREAL_SWITCH_JD) worstBefore2050 = Math.max(worstBefore2050, d);
      }
    }
    console.log(`Placidus: max cusp error ${worstBefore2050.toFixed(3)}″ before 2050, ${worst.toFixed(3)}″ overall, over ${fixture.cases.length} cases, ${fallbacks} Porphyry fallback(s)`);
    expect(fallbacks).toBe(1);
  });

  it("cusp 1 is the ascendant and cusp 10 the MC", () => {
    for (const c of fixture.cases.slice(0, 50)) {
      const instant = instantFromJdUt(c.jd_ut);
      const { ascendantSidDeg, mcSidDeg } = ascendantAndMc(instant, placeOf(c), conv);
      const { cuspsSidDeg } = houseCusps(instant, placeOf(c), "placidus", conv);
      expect(arcsec(cuspsSidDeg[0]!, ascendantSidDeg)).toBeLessThan(1e-6);
      expect(arcsec(cuspsSidDeg[9]!, mcSidDeg)).toBeLessThan(1e-6);
    }
  });

  it("falls back to Porphyry beyond the polar circle, e.g. at 75°N and 80°S, and never throws at the poles", () => {
    const instant = instantFromJdUt(2460676.5);
    for (const place of [{ latDeg: 75, lonDeg: 10 }, { latDeg: -80, lonDeg: -60 }, { latDeg: 90, lonDeg: 0 }, { latDeg: -90, lonDeg: 0 }]) {
      const got = houseCusps(instant, place, "placidus", conv);
      expect(got.fallback?.system).toBe("porphyry");
      for (const cusp of got.cuspsSidDeg) expect(Number.isFinite(cusp)).toBe(true);
    }
    expect(houseCusps(instant, { latDeg: 66, lonDeg: 10 }, "placidus", conv).fallback).toBeNull();
    // Whole-sign and equal houses are defined everywhere.
    expect(houseCusps(instant, { latDeg: 75, lonDeg: 10 }, "whole_sign", conv).fallback).toBeNull();
    expect(houseCusps(instant, { latDeg: 75, lonDeg: 10 }, "equal", conv).fallback).toBeNull();
  });

  it("Porphyry trisects each quadrant between the angles", () => {
    const c = fixture.cases.find((x) => x.houses_flag === -1)!;
    const { cuspsSidDeg: h } = houseCusps(instantFromJdUt(c.jd_ut), placeOf(c), "placidus", conv);
    const arc = (from: number, to: number) => (to - from + 360) % 360;
    expect(arc(h[9]!, h[10]!)).toBeCloseTo(arc(h[10]!, h[11]!), 9);
    expect(arc(h[10]!, h[11]!)).toBeCloseTo(arc(h[11]!, h[0]!), 9);
    expect(arc(h[0]!, h[1]!)).toBeCloseTo(arc(h[2]!, h[3]!), 9);
  });
});

describe("whole-sign and equal houses", () => {
  const c = fixture.cases[0]!;
  const instant = instantFromJdUt(c.jd_ut);

  it("whole sign: cusp n starts the nth sign counted from the lagna's sign", () => {
    const { ascendantSidDeg } = ascendantAndMc(instant, placeOf(c), conv);
    const got = houseCusps(instant, placeOf(c), "whole_sign", conv);
    expect(got.fallback).toBeNull();
    const lagnaSignStart = Math.floor(ascendantSidDeg / 30) * 30;
    expect(got.cuspsSidDeg).toHaveLength(12);
    got.cuspsSidDeg.forEach((cusp, i) => expect(cusp).toBeCloseTo((lagnaSignStart + 30 * i) % 360, 9));
  });

  it("equal: cusp n is the ascendant degree plus 30°·(n − 1)", () => {
    const { ascendantSidDeg } = ascendantAndMc(instant, placeOf(c), conv);
    const got = houseCusps(instant, placeOf(c), "equal", conv);
    expect(got.cuspsSidDeg).toHaveLength(12);
    got.cuspsSidDeg.forEach((cusp, i) => expect(arcsec(cusp, ascendantSidDeg + 30 * i)).toBeLessThan(1e-6));
  });

  it("another ayanamsha shifts every cusp by the difference of the ayanamshas", () => {
    const lahiri = houseCusps(instant, placeOf(c), "equal", conv).cuspsSidDeg;
    const kp = houseCusps(instant, placeOf(c), "equal", withDefaults({ ayanamsha: "krishnamurti" })).cuspsSidDeg;
    const shift = ((lahiri[0]! - kp[0]! + 540) % 360) - 180;
    expect(Math.abs(shift)).toBeGreaterThan(0);
    expect(Math.abs(shift)).toBeLessThan(0.2); // KP and Lahiri differ by a few arcminutes
    lahiri.forEach((cusp, i) => expect(arcsec(cusp - kp[i]!, shift)).toBeLessThan(1e-6));
  });
});
