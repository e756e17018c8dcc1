import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  meanAyanamshaDeg,
  meanObliquityDeg,
  nutation,
  trueAyanamshaDeg,
  trueObliquityDeg,
} from "../../src/engine/astro/ayanamsha.js";
import { gcrsToEclipticOfDate } from "../../src/engine/astro/precession.js";
import { instantFromJdUt } from "../../src/engine/time/instant.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";

interface Case { id: string; jd_ut: number; delta_t_s: number; ayanamsha: { mean: number; true: number; nutation_lon_arcsec: number } }
const cases: Case[] = JSON.parse(
  readFileSync(new URL("../fixtures/swisseph-positions.json", import.meta.url), "utf8"),
).cases;

/** The reference's own TT, so these tests measure the ayanamsha alone, not our ΔT. */
const jdTtOf = (c: Case) => c.jd_ut + c.delta_t_s / 86400;

describe("Lahiri ayanamsha against the reference (all 300 cases)", () => {
  it("mean and true agree within 0.05″; nutation in longitude within 0.01″", () => {
    let maxMean = 0;
    let maxTrue = 0;
    let maxNut = 0;
    let maxTrueOurDt = 0;
    expect(cases).toHaveLength(300);
    for (const c of cases) {
      const jdTt = jdTtOf(c);
      maxMean = Math.max(maxMean, Math.abs(meanAyanamshaDeg(jdTt, "lahiri") - c.ayanamsha.mean) * 3600);
      maxTrue = Math.max(maxTrue, Math.abs(trueAyanamshaDeg(jdTt, "lahiri") - c.ayanamsha.true) * 3600);
      maxNut = Math.max(maxNut, Math.abs(nutation(jdTt).dPsiDeg * 3600 - c.ayanamsha.nutation_lon_arcsec));
      const own = instantFromJdUt(c.jd_ut).jdTt;
      maxTrueOurDt = Math.max(maxTrueOurDt, Math.abs(trueAyanamshaDeg(own, "lahiri") - c.ayanamsha.true) * 3600);
    }
    console.log(
      `lahiri vs reference: mean ${maxMean.toFixed(4)}″, true ${maxTrue.toFixed(4)}″, Δψ ${maxNut.toFixed(4)}″, true with our ΔT ${maxTrueOurDt.toFixed(4)}″`,
    );
    expect(maxMean).toBeLessThan(0.05);
    expect(maxTrue).toBeLessThan(0.05);
    expect(maxNut).toBeLessThan(0.01);
    expect(maxTrueOurDt).toBeLessThan(0.05);
  });

  it("is 23.857092354° at J2000 (23.245524743° at 1956 carried with IAU 1976 precession)", () => {
    expect(meanAyanamshaDeg(2451545.0, "lahiri")).toBeCloseTo(23.857092354, 6);
    // Back at its epoch with IAU 2006 (not the defining IAU 1976) the value differs by 0.13″.
    expect(Math.abs(meanAyanamshaDeg(2435553.5, "lahiri") - 23.245524743) * 3600).toBeLessThan(0.15);
  });
});

describe("other ayanamshas", () => {
  it("krishnamurti and raman hold their Swiss Ephemeris J1900 values (carried with Newcomb's precession) and grow by general precession", () => {
    // Back at 1900 with IAU 2006 instead of Newcomb the values differ by about 0.83″.
    expect(Math.abs(meanAyanamshaDeg(2415020.0, "krishnamurti") - (360 - 337.636111)) * 3600).toBeLessThan(1);
    expect(Math.abs(meanAyanamshaDeg(2415020.0, "raman") - (360 - 338.98556)) * 3600).toBeLessThan(1);
    // All epoch-defined ayanamshas move together from J2000: differences stay constant to < 1 mas.
    for (const jd of [2415020.0, 2451545.0, 2488070.0]) {
      expect((meanAyanamshaDeg(jd, "lahiri") - meanAyanamshaDeg(jd, "raman")) * 3600).toBeCloseTo(
        (meanAyanamshaDeg(2451545.0, "lahiri") - meanAyanamshaDeg(2451545.0, "raman")) * 3600,
        1,
      );
    }
    // ~50.29″ per year of general precession.
    const perYear = (meanAyanamshaDeg(2451545.0 + 365.25, "raman") - meanAyanamshaDeg(2451545.0, "raman")) * 3600;
    expect(perYear).toBeCloseTo(50.29, 1);
  });

  it("true_chitra lies within 90″ of Lahiri and true − mean is the nutation in longitude", () => {
    for (const jd of [2415020.0, 2451545.0, 2460676.5, 2488070.0]) {
      const diffArcsec = (meanAyanamshaDeg(jd, "true_chitra") - meanAyanamshaDeg(jd, "lahiri")) * 3600;
      expect(Math.abs(diffArcsec)).toBeLessThan(90);
      expect(trueAyanamshaDeg(jd, "true_chitra") - meanAyanamshaDeg(jd, "true_chitra")).toBeCloseTo(nutation(jd).dPsiDeg, 12);
    }
  });
});

interface KpCase { id: string; jd_ut: number; delta_t_s: number; lahiri: { mean: number; true: number }; krishnamurti: { mean: number; true: number } }
const kpCases: KpCase[] = JSON.parse(
  readFileSync(new URL("../fixtures/swisseph-ayanamsha-kp.json", import.meta.url), "utf8"),
).cases;

describe("krishnamurti and raman against the Swiss Ephemeris (20 instants 1982–2074)", () => {
  it("krishnamurti: mean and true within 0.01″ of SE_SIDM_KRISHNAMURTI; 23.760240040° at J2000", () => {
    let max = 0;
    expect(kpCases).toHaveLength(20);
    for (const c of kpCases) {
      const jdTt = c.jd_ut + c.delta_t_s / 86400;
      max = Math.max(max, Math.abs(meanAyanamshaDeg(jdTt, "krishnamurti") - c.krishnamurti.mean) * 3600);
      max = Math.max(max, Math.abs(trueAyanamshaDeg(jdTt, "krishnamurti") - c.krishnamurti.true) * 3600);
    }
    console.log(`krishnamurti vs reference: ${max.toFixed(4)}″`);
    expect(max).toBeLessThan(0.01);
    expect(Math.abs(meanAyanamshaDeg(2451545.0, "krishnamurti") - 23.760240040326494) * 3600).toBeLessThan(0.001);
  });

  it("raman: SE's Krishnamurti − (22.363889° − 21.01444°), within 0.01″", () => {
    // SE_SIDM_RAMAN and SE_SIDM_KRISHNAMURTI share their epoch (J1900) and precession (Newcomb to
    // J2000, then the default model), so in the Swiss Ephemeris they differ by the difference of
    // their J1900 values (360 − 338.98556 and 360 − 337.636111, the Swiss Ephemeris' table) at every date.
    const offset = 338.98556 - 337.636111;
    let max = 0;
    expect(kpCases).toHaveLength(20);
    for (const c of kpCases) {
      const jdTt = c.jd_ut + c.delta_t_s / 86400;
      max = Math.max(max, Math.abs(meanAyanamshaDeg(jdTt, "raman") - (c.krishnamurti.mean - offset)) * 3600);
      max = Math.max(max, Math.abs(trueAyanamshaDeg(jdTt, "raman") - (c.krishnamurti.true - offset)) * 3600);
    }
    console.log(`raman vs reference: ${max.toFixed(4)}″`);
    expect(max).toBeLessThan(0.01);
  });
});

describe("true_chitra: Spica's apparent position at 180°, as the Swiss Ephemeris computes it", () => {
  const SPICA = { raDeg: 201.2982474, decDeg: -11.1613195, pmRa: -42.35, pmDec: -30.67 };
  const DEG = Math.PI / 180;
  /** Spica's aberration-free longitude on the mean ecliptic of date (the engine's old definition), degrees. */
  const geometricLon = (jdTt: number) => {
    const years = (jdTt - 2451545.0) / 365.25;
    const dec = (SPICA.decDeg + (SPICA.pmDec * years) / 3.6e6) * DEG;
    const ra = (SPICA.raDeg + (SPICA.pmRa * years) / 3.6e6 / Math.cos(SPICA.decDeg * DEG)) * DEG;
    const m = gcrsToEclipticOfDate(jdTt);
    const [x, y, z] = [Math.cos(dec) * Math.cos(ra), Math.cos(dec) * Math.sin(ra), Math.sin(dec)];
    const X = m[0] * x + m[1] * y + m[2] * z;
    const Y = m[3] * x + m[4] * y + m[5] * z;
    const Z = m[6] * x + m[7] * y + m[8] * z;
    return { lonDeg: (Math.atan2(Y, X) / DEG + 360) % 360, latDeg: Math.atan2(Z, Math.hypot(X, Y)) / DEG };
  };

  it("matches SE_SIDM_TRUE_CITRA on 1996-12-07 10:34 UT: 23.795019° (mean, swe_get_ayanamsa_ut), within 0.05″", () => {
    // Figure from issue #9 (Swiss Ephemeris 2.10). The issue labels the instant 10:34 IST; our
    // value then is 0.11″ lower, at 10:34 UT it agrees to 0.013″ (the annual aberration moves this
    // ayanamsha by ~0.3″ a day), so the figure is taken as computed for 10:34 UT. The
    // aberration-free definition was 12.7″ above it.
    const jdUt = jdFromUnixMs(Date.parse("1996-12-07T10:34:00Z"));
    const jdTt = instantFromJdUt(jdUt).jdTt;
    const diff = (meanAyanamshaDeg(jdTt, "true_chitra") - 23.795019) * 3600;
    console.log(`true_chitra vs SE 1996-12-07 10:34 UT: ${diff.toFixed(4)}″`);
    expect(Math.abs(diff)).toBeLessThan(0.05);
    expect((geometricLon(jdTt).lonDeg - 180 - 23.795019) * 3600).toBeGreaterThan(12.5);
  });

  it("differs from Spica's aberration-free longitude by the annual aberration (Meeus, Astronomical Algorithms eq. 23.2) within 0.03″", () => {
    let swing = [Infinity, -Infinity];
    for (let k = 0; k < 48; k++) {
      const jdTt = 2460676.5 + k * 7.61;
      const t = (jdTt - 2451545.0) / 36525;
      // Meeus ch. 25 (low accuracy, 0.01°): the Sun's true longitude; e and ϖ of the Earth's orbit.
      const l0 = 280.46646 + 36000.76983 * t;
      const mA = (357.52911 + 35999.05029 * t) * DEG;
      const sun = l0 + (1.914602 - 0.004817 * t) * Math.sin(mA) + 0.019993 * Math.sin(2 * mA);
      const e = 0.016708634 - 0.000042037 * t;
      const pi = 102.93735 + 1.71946 * t;
      const { lonDeg, latDeg } = geometricLon(jdTt);
      const elongation = Math.acos(Math.cos(latDeg * DEG) * Math.cos((sun - lonDeg) * DEG)) / DEG;
      const kappa = 20.49552;
      const aberr = (-kappa * Math.cos((sun - lonDeg) * DEG) + e * kappa * Math.cos((pi - lonDeg) * DEG)) / Math.cos(latDeg * DEG);
      const ours = (meanAyanamshaDeg(jdTt, "true_chitra") - (lonDeg - 180)) * 3600;
      swing = [Math.min(swing[0]!, ours), Math.max(swing[1]!, ours)];
      // Light deflection (in ours, not in the formula) stays under 0.015″ more than 30° from the Sun.
      if (elongation > 30) expect(Math.abs(ours - aberr), `JD ${jdTt}`).toBeLessThan(0.03);
    }
    // Over a year the aberration swings Spica's longitude by ±κ/cos β ≈ ±20.5″.
    expect(swing[0]).toBeLessThan(-20);
    expect(swing[1]).toBeGreaterThan(20);
  });
});

describe("obliquity", () => {
  it("is 23°26′21.406″ at J2000 (IAU 2006) and true = mean + Δε", () => {
    expect(meanObliquityDeg(2451545.0) * 3600).toBeCloseTo(84381.406, 6);
    const jd = 2460676.5;
    expect(trueObliquityDeg(jd) - meanObliquityDeg(jd)).toBeCloseTo(nutation(jd).dEpsDeg, 12);
    expect(Math.abs(nutation(jd).dEpsDeg * 3600)).toBeLessThan(10);
  });
});
