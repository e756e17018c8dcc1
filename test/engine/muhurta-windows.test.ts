import { describe, expect, it } from "vitest";
import { findMuhurtaWindows } from "../../src/engine/muhurta/muhurta-windows.js";
import { MUHURTA_RULES } from "../../src/engine/muhurta/muhurta-rules.js";
import { panchangaAtMoment } from "../../src/engine/panchanga/panchanga-day.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";
import { instantFromJdUt } from "../../src/engine/time/instant.js";
import { DEFAULT_CONVENTIONS, type Place } from "../../src/engine/types.js";

const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
const conv = DEFAULT_CONVENTIONS;
const from = jdFromUnixMs(Date.parse("2025-02-01T00:00:00+05:30"));

describe("muhurta windows", () => {
  for (const type of ["marriage", "griha_pravesha", "travel"] as const) {
    it(`every ${type} window satisfies its own rule when checked against the panchanga, with Rahu Kala excluded`, () => {
      const res = findMuhurtaWindows({ place: DELHI, from: instantFromJdUt(from), type, days: 30, conv });
      expect(res.scanDays).toBe(30);
      expect(res.scanToJdUt - res.scanFromJdUt).toBe(30);
      expect(res.windows.length).toBeGreaterThan(0);
      const rule = MUHURTA_RULES[type];
      for (const w of res.windows.slice(0, 12)) {
        expect(w.endJd).toBeGreaterThan(w.startJd);
        expect(w.startJd).toBeGreaterThanOrEqual(from);
        expect(w.reasons).toHaveLength(4);
        const mid = (w.startJd + w.endJd) / 2;
        const d = panchangaAtMoment(mid, DELHI, conv, { moonEvents: false });
        expect(rule.tithis.has(d.tithi.number)).toBe(true);
        expect(rule.nakshatras.has(d.nakshatra.number)).toBe(true);
        expect(rule.yogas.has(d.yoga.number)).toBe(true);
        expect(rule.varas.has(d.vara!.number)).toBe(true);
        expect([w.tithi.number, w.nakshatra.number, w.yoga.number, w.vara.number]).toEqual([
          d.tithi.number, d.nakshatra.number, d.yoga.number, d.vara!.number,
        ]);
        // The whole window lies inside one Hindu day, outside its Rahu Kala.
        expect(w.startJd).toBeGreaterThanOrEqual(d.sunriseJdUt! - 1e-6);
        expect(w.endJd).toBeLessThanOrEqual(d.nextSunriseJdUt! + 1e-6);
        const rk = d.windows!.rahuKala;
        expect(w.endJd <= rk.startJd + 1e-6 || w.startJd >= rk.endJd - 1e-6).toBe(true);
      }
    });
  }

  it("refuses an unknown event type, listing the accepted ones", () => {
    expect(() => findMuhurtaWindows({ place: DELHI, from: instantFromJdUt(from), type: "party", conv })).toThrow(/accepted: general, marriage/);
    expect(() => findMuhurtaWindows({ place: DELHI, from: instantFromJdUt(from), days: 91, conv })).toThrow(/1-90/);
  });
});
