import { describe, expect, it } from "vitest";
import { panchaPakshiAtMoment } from "../../src/engine/pancha-pakshi/pancha-pakshi-day.js";
import { panchangaAtMoment } from "../../src/engine/panchanga/panchanga-day.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";

const chennai = { latDeg: 13.0827, lonDeg: 80.2707 };
const jdOf = (iso: string) => jdFromUnixMs(Date.parse(iso));

describe("pancha pakshi day (engine)", () => {
  it("takes sunrise, sunset and the paksha from the panchanga of the same day", () => {
    for (const iso of ["2024-01-15T10:00:00+05:30", "2024-01-30T21:00:00+05:30", "2024-06-21T04:00:00+05:30"]) {
      const jd = jdOf(iso);
      const d = panchaPakshiAtMoment(jd, chennai, DEFAULT_CONVENTIONS, null);
      const sunriseDay = panchangaAtMoment(d.sunriseJdUt!, chennai, DEFAULT_CONVENTIONS, { moonEvents: false, windows: false });
      expect(d.sunriseJdUt).toBe(sunriseDay.sunriseJdUt);
      expect(d.sunsetJdUt).toBe(sunriseDay.sunsetJdUt);
      expect(d.nextSunriseJdUt).toBe(sunriseDay.nextSunriseJdUt);
      expect(d.paksha).toBe(sunriseDay.tithi.paksha);
      expect(d.tithiNumber).toBe(sunriseDay.tithi.number);
    }
  });

  it("yamas and sub-periods tile the day and the night without gaps; the moment lies in the reported sub-period", () => {
    const jd = jdOf("2024-01-30T21:00:00+05:30");
    const d = panchaPakshiAtMoment(jd, chennai, DEFAULT_CONVENTIONS, { nakshatra: 20, shukla: false });
    const all = [...d.day, ...d.night];
    expect(all[0]!.startJd).toBe(d.sunriseJdUt);
    expect(all[9]!.endJd).toBe(d.nextSunriseJdUt);
    for (let i = 1; i < 10; i++) expect(all[i]!.startJd).toBe(all[i - 1]!.endJd);
    for (const y of all) {
      expect(y.subPeriods[0]!.startJd).toBe(y.startJd);
      expect(y.subPeriods[4]!.endJd).toBe(y.endJd);
      for (let i = 1; i < 5; i++) expect(y.subPeriods[i]!.startJd).toBe(y.subPeriods[i - 1]!.endJd);
    }
    expect(d.now!.yama.half).toBe("night");
    expect(jd).toBeGreaterThanOrEqual(d.now!.sub.startJd);
    expect(jd).toBeLessThan(d.now!.sub.endJd);
    // Purva Ashadha (20), krishna birth → owl; its ten yama activities follow the krishna day and night cycles.
    expect(d.birth!.bird).toBe("owl");
    expect(d.birth!.periods).toHaveLength(10);
    for (const w of d.birth!.bestWindows) {
      expect(["ruling", "eating"]).toContain(w.activity);
      expect(["ruling", "eating"]).toContain(w.sub.activity);
    }
  });

  it("a polar night: no yamas, the reason, the birth bird still given", () => {
    const d = panchaPakshiAtMoment(jdOf("2024-12-21T12:00:00+01:00"), { latDeg: 78.22, lonDeg: 15.65 }, DEFAULT_CONVENTIONS, { nakshatra: 1, shukla: true });
    expect(d.sunriseJdUt).toBeNull();
    expect(d.day).toEqual([]);
    expect(d.night).toEqual([]);
    expect(d.now).toBeNull();
    expect(d.polarReason).toMatch(/polar/);
    expect(d.birth).toMatchObject({ bird: "vulture", periods: [], bestWindows: [] });
  });
});
