import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { panchangaForDate } from "../../src/engine/panchanga/panchanga-day.js";
import type { LimbName } from "../../src/engine/panchanga/limb-spans.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";

/** Swiss Ephemeris sunrise/panchanga reference (test/fixtures/README.md). */
interface Case {
  id: string;
  lat: number;
  lon: number;
  local_day_start_jd_ut: number;
  anchor_jd_ut: number;
  sunrise: { upper_limb_refraction: { jd_ut: number | null } };
  sunset: { upper_limb_refraction: { jd_ut: number | null } };
  at_anchor: Record<string, number | string>;
  ends: Record<LimbName, { end_jd_ut: number; index: number }>;
}
const cases = (
  JSON.parse(readFileSync(new URL("../fixtures/swisseph-sunrise-panchanga.json", import.meta.url), "utf8")) as { cases: Case[] }
).cases;

const SEC = 1 / 86400;
/** ~5 s of the fastest motion of each angle (Moon ≤ 15.4°/day, Sun + Moon ≤ 16.5°/day) in arcsec. */
const MARGIN_ARCSEC = 3.5;

describe("panchanga at sunrise against the Swiss Ephemeris reference (400 city-days, 1907–2100)", () => {
  const days = cases.map((c) => ({ c, d: panchangaForDate(c.local_day_start_jd_ut, { latDeg: c.lat, lonDeg: c.lon }, DEFAULT_CONVENTIONS) }));

  it("finds the upper-limb sunrise within 1 s and anchors the elements at it (or 06:00 without one)", () => {
    let compared = 0;
    for (const { c, d } of days) {
      const ref = c.sunrise.upper_limb_refraction.jd_ut;
      if (ref === null) {
        expect(d.sunriseJdUt, c.id).toBeNull();
        expect(d.polarReason, c.id).toMatch(/polar/);
        expect(d.windows, c.id).toBeNull();
        expect(Math.abs(d.anchorJdUt - c.anchor_jd_ut), c.id).toBeLessThan(SEC);
        continue;
      }
      expect(Math.abs(d.sunriseJdUt! - ref) / SEC, c.id).toBeLessThan(1);
      compared++;
    }
    expect(compared).toBeGreaterThan(380);
  });

  it("gives the element running at sunrise wherever its boundary is more than ~5 s away, and its end within 5 s", () => {
    const mine = (d: (typeof days)[number]["d"], el: LimbName) =>
      el === "karana" ? d.karana.halfTithi! : d[el].number;
    const counts: Record<LimbName, number> = { tithi: 0, nakshatra: 0, yoga: 0, karana: 0 };
    let worstEndS = 0;
    for (const { c, d } of days) {
      for (const el of ["tithi", "nakshatra", "yoga", "karana"] as const) {
        const margin = c.at_anchor[`${el}_margin_arcsec`] as number;
        if (margin <= MARGIN_ARCSEC) continue;
        expect(mine(d, el), `${c.id} ${el}`).toBe(c.at_anchor[el]);
        const endS = Math.abs(d[el].endJd - c.ends[el].end_jd_ut) / SEC;
        worstEndS = Math.max(worstEndS, endS);
        expect(endS, `${c.id} ${el} end`).toBeLessThan(5);
        counts[el]++;
      }
      if ((c.at_anchor.karana_margin_arcsec as number) > MARGIN_ARCSEC) expect(d.karana.name).toBe(c.at_anchor.karana_name);
      if ((c.at_anchor.pada_margin_arcsec as number) > MARGIN_ARCSEC) expect(d.nakshatra.pada, c.id).toBe(c.at_anchor.pada);
      if ((c.at_anchor.tithi_margin_arcsec as number) > MARGIN_ARCSEC) expect(d.paksha).toBe(c.at_anchor.paksha);
    }
    for (const el of Object.keys(counts) as LimbName[]) expect(counts[el]).toBeGreaterThan(390);
    expect(worstEndS).toBeLessThan(5);
  });

  it("starts each element where the previous one of the same limb ends, and lists every transition of the day", () => {
    expect(days.length).toBeGreaterThanOrEqual(120);
    for (const { c, d } of days.slice(0, 120)) {
      for (const el of ["tithi", "nakshatra", "yoga", "karana"] as const) {
        const list = d.transitions.filter((t) => t.element === el);
        expect(list.length, c.id).toBeGreaterThanOrEqual(1);
        for (let i = 1; i < list.length; i++) expect(list[i]!.startJd).toBe(list[i - 1]!.endJd);
        const dayStart = d.sunriseJdUt ?? d.anchorJdUt;
        const dayEnd = d.nextSunriseJdUt ?? d.anchorJdUt + 1;
        expect(list[0]!.startJd).toBeLessThanOrEqual(dayStart);
        expect(list[list.length - 1]!.endJd).toBeGreaterThanOrEqual(dayEnd);
        expect(list.some((t) => t.startJd === d[el].startJd && t.number === d[el].number)).toBe(true);
      }
    }
  });
});
