import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Astronomy, deltaTInstalled } from "../../src/engine/astro/astronomy.js";
import { deltaTSeconds } from "../../src/engine/time/delta-t.js";
import { instantFromJdUt, instantFromUnixMs } from "../../src/engine/time/instant.js";

interface Case { jd_ut: number; delta_t_s: number }
const cases: Case[] = JSON.parse(
  readFileSync(new URL("../fixtures/swisseph-positions.json", import.meta.url), "utf8"),
).cases;

const yearOf = (jd: number) => 2000 + (jd - 2451544.5) / 365.2425;

describe("ΔT", () => {
  it("agrees with the reference (Swiss Ephemeris) ΔT within 0.1 s over 1900–2100", () => {
    let max = 0;
    let worstYear = 0;
    expect(cases).toHaveLength(300);
    for (const c of cases) {
      const d = Math.abs(deltaTSeconds(c.jd_ut) - c.delta_t_s);
      if (d > max) [max, worstYear] = [d, yearOf(c.jd_ut)];
    }
    console.log(`ΔT vs reference: max |diff| ${max.toFixed(3)} s (at ${worstYear.toFixed(2)}) over ${cases.length} cases`);
    expect(max).toBeLessThan(0.1);
  });

  it("is continuous across table joins and smooth over 1800–2400", () => {
    let prev = deltaTSeconds(2378496.5); // 1800-01-01
    let maxStep = 0;
    for (let jd = 2378496.5 + 1; jd < 2597641.5; jd += 1) {
      const v = deltaTSeconds(jd);
      maxStep = Math.max(maxStep, Math.abs(v - prev));
      prev = v;
    }
    expect(maxStep).toBeLessThan(0.01); // < 0.01 s change per day anywhere: no jumps at the joins
  });

  it("has the known magnitudes: ~ +29 s in 1950, ~ 63.8 s in 2000, a few minutes by 2300", () => {
    expect(deltaTSeconds(2433282.5)).toBeCloseTo(29.1, 0);
    expect(deltaTSeconds(2451544.5)).toBeCloseTo(63.83, 1);
    const dt2300 = deltaTSeconds(2561117.5);
    expect(dt2300).toBeGreaterThan(150);
    expect(dt2300).toBeLessThan(600);
    expect(Number.isFinite(deltaTSeconds(2000000))).toBe(true);
  });
});

describe("Instant", () => {
  it("carries jdTt = jdUt + ΔT/86400 and the same moment in unix ms", () => {
    const i = instantFromUnixMs(Date.UTC(2024, 0, 1, 12));
    expect(i.jdUt).toBeCloseTo(2460311.0, 9);
    expect((i.jdTt - i.jdUt) * 86400).toBeCloseTo(deltaTSeconds(i.jdUt), 4);
    const j = instantFromJdUt(i.jdUt);
    expect(j.unixMs).toBeCloseTo(i.unixMs, 1);
    expect(j.jdTt).toBe(i.jdTt);
  });
});

describe("astronomy-engine through engine/astro/astronomy.ts", () => {
  it("uses our ΔT (not its built-in one) for every AstroTime", () => {
    expect(deltaTInstalled).toBe(true);
    for (const jdUt of [2415020.5, 2451545.0, 2460676.5, 2488069.5]) {
      const t = Astronomy.MakeTime(jdUt - 2451545.0);
      expect((t.tt - t.ut) * 86400).toBeCloseTo(deltaTSeconds(jdUt), 6);
    }
  });
});
