import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildYearDays } from "../../../src/engine/calendar/year-days.js";
import { EngineInputError } from "../../../src/engine/errors.js";
import { detectEvents } from "../../../src/engine/events/detect.js";
import { EVENT_TYPES, type DetectedEvent } from "../../../src/engine/events/event-types.js";
import { panchangaForDate } from "../../../src/engine/panchanga/panchanga-day.js";
import { ingresses, stations } from "../../../src/engine/scans/ingresses.js";
import { deltaTSeconds } from "../../../src/engine/time/delta-t.js";
import { jdFromUnixMs, unixMsFromJd } from "../../../src/engine/time/julian.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";
import { localCalendarOf } from "../../../src/resolvers/calendar/local-calendar.js";
import { clockFromTz } from "../../../src/resolvers/panchanga/time-zone.js";

/**
 * The detector against the engine's own junction finders (the same instants, to the
 * millisecond) and against the Swiss Ephemeris references (test/fixtures/README.md): tithi
 * starts within 5 s, ingresses within 1″ of motion, stations within 0.5″/day of speed.
 */
const scans = JSON.parse(readFileSync(new URL("../../fixtures/swisseph-scans.json", import.meta.url), "utf8"));
const sunrise = JSON.parse(readFileSync(new URL("../../fixtures/swisseph-sunrise-panchanga.json", import.meta.url), "utf8"));
const DAY_MS = 86_400_000;
const ARCSEC = 1 / 3600;
const ms = (jd: number) => Math.round(unixMsFromJd(jd));
const of = (events: DetectedEvent[], ...types: string[]) => events.filter((e) => types.includes(e.type));

describe("tithi events are the panchanga's junctions", () => {
  // Reference days whose sunrise tithi is followed by Ekadashi (either paksha), Purnima or Amavasya.
  const NEXT: Record<number, string> = { 10: "ekadashi", 25: "ekadashi", 14: "purnima", 29: "amavasya" };
  const cases = (sunrise.cases as any[]).filter((c) => c.ends && NEXT[c.at_anchor.tithi] && c.at_anchor.tithi_margin_arcsec > 3.5);

  it("each starts where /panchanga ends the tithi before it (same instant) and within 5 s of the Swiss Ephemeris", () => {
    expect(cases.length).toBeGreaterThan(60);
    let worst = 0;
    for (const c of cases) {
      const refEnd = c.ends.tithi.end_jd_ut as number;
      const day = panchangaForDate(c.local_day_start_jd_ut, { latDeg: c.lat, lonDeg: c.lon }, DEFAULT_CONVENTIONS);
      const found = of(detectEvents(ms(refEnd) - DAY_MS, ms(refEnd) + DAY_MS), NEXT[c.at_anchor.tithi]!);
      expect(found, c.id).toHaveLength(1);
      const e = found[0]!;
      expect(e.instant, c.id).toBe(ms(day.tithi.endJd));
      expect((e.data.tithi as { number: number }).number).toBe(c.at_anchor.tithi + 1);
      const dt = Math.abs(e.instant - unixMsFromJd(refEnd)) / 1000;
      worst = Math.max(worst, dt);
      expect(dt, c.id).toBeLessThan(5);
    }
    console.log(`${cases.length} tithi starts vs Swiss Ephemeris: worst ${worst.toFixed(2)} s`);
  });

  it("equal the calendar's tithis and sankrantis for 2025 (New Delhi): starts, ends, month names", () => {
    const year = buildYearDays(2025, { latDeg: 28.6139, lonDeg: 77.209 }, DEFAULT_CONVENTIONS, localCalendarOf(clockFromTz("tz", "Asia/Kolkata")));
    const from = Date.UTC(2025, 0, 1), to = Date.UTC(2026, 0, 1);
    const events = detectEvents(from, to);
    const tithis = year.tithis.filter((t) => [11, 26, 15, 30].includes(t.number) && ms(t.startJd) >= from && ms(t.startJd) < to);
    const detected = of(events, "ekadashi", "purnima", "amavasya");
    expect(detected.map((e) => e.instant)).toEqual(tithis.map((t) => ms(t.startJd)));
    detected.forEach((e, i) => {
      expect(e.data.end).toBe(new Date(ms(tithis[i]!.endJd)).toISOString());
      expect((e.data.masa as { adhika: boolean }).adhika).toBe(tithis[i]!.adhika);
    });
    // The calendar solves sankrantis on the full Sun; the scans on the cached series: the same instant within 1 s.
    const sank = year.sankrantis.filter((s) => ms(s.jd) >= from && ms(s.jd) < to);
    const found = of(events, "sankranti");
    expect(found.map((e) => (e.data.sign as { number: number }).number)).toEqual(sank.map((s) => s.rashi));
    found.forEach((e, i) => expect(Math.abs(e.instant - unixMsFromJd(sank[i]!.jd))).toBeLessThan(1000));
  });
});

describe("ingresses and stations are the scans' (/transits/monthly)", () => {
  it("sankrantis, Saturn and Jupiter sign changes and Mercury stations of 2024–2025 equal ingresses()/stations()", () => {
    const from = Date.UTC(2024, 0, 1), to = Date.UTC(2025, 11, 1);
    const events = [...detectEvents(from, from + 330 * DAY_MS), ...detectEvents(from + 330 * DAY_MS, to)];
    const a = jdFromUnixMs(from), b = jdFromUnixMs(to);
    for (const [graha, type] of [["sun", "sankranti"], ["saturn", "saturn_sign_change"], ["jupiter", "jupiter_sign_change"]] as const) {
      const ref = ingresses(graha, a, b, DEFAULT_CONVENTIONS);
      const got = of(events, type);
      expect(got.map((e) => [(e.data.from_sign as any).number, (e.data.sign as any).number])).toEqual(ref.map((r) => [r.fromSign, r.toSign]));
      // The detector scans fixed 32-day blocks: roots agree to Brent's tolerance (0.09 s).
      got.forEach((e, i) => {
        expect(Math.abs(e.instant - unixMsFromJd(ref[i]!.jdUt))).toBeLessThan(200);
        if (graha !== "sun") expect(e.data.retrograde).toBe(ref[i]!.speedDegPerDay < 0);
      });
    }
    const st = stations("mercury", a, b, DEFAULT_CONVENTIONS);
    const got = of(events, "mercury_retrograde_start", "mercury_retrograde_end");
    expect(got.map((e) => e.type)).toEqual(st.map((s) => `mercury_${s.kind}`));
    got.forEach((e, i) => expect(Math.abs(e.instant - unixMsFromJd(st[i]!.jdUt))).toBeLessThan(200));
    // Jupiter's retrograde return from Cancer into Gemini (2025-12-05) is a sign change flagged retrograde.
    const back = of(detectEvents(Date.UTC(2025, 11, 1), Date.UTC(2025, 11, 10)), "jupiter_sign_change");
    expect(back.map((e) => [(e.data.from_sign as any).name, (e.data.sign as any).name, e.data.retrograde])).toEqual([["Cancer", "Gemini", true]]);
  });

  it("match the Swiss Ephemeris in 24 reference months (1950–2080): all present, none extra, within 1″/speed (stations 0.5″/day/|accel|)", () => {
    const toRefUt = (jdUt: number, refDeltaTs: number) => jdUt + (deltaTSeconds(jdUt) - refDeltaTs) / 86400;
    let compared = 0, worst = 0;
    for (const w of scans.monthly) {
      const events = detectEvents(ms(w.start_jd_ut), ms(w.end_jd_ut));
      const pairs: [any[], DetectedEvent[], (r: any) => number][] = [
        [w.ingresses.filter((r: any) => r.graha === "Sun"), of(events, "sankranti"), (r) => ARCSEC / Math.abs(r.speed)],
        [w.ingresses.filter((r: any) => r.graha === "Saturn"), of(events, "saturn_sign_change"), (r) => ARCSEC / Math.abs(r.speed)],
        [w.ingresses.filter((r: any) => r.graha === "Jupiter"), of(events, "jupiter_sign_change"), (r) => ARCSEC / Math.abs(r.speed)],
        [w.stations.filter((r: any) => r.graha === "Mercury"), of(events, "mercury_retrograde_start", "mercury_retrograde_end"), (r) => (0.5 * ARCSEC) / Math.abs(r.accel)],
      ];
      for (const [refs, got, tolDays] of pairs) {
        expect(got.length, `${w.id}: ${got.map((e) => e.type)} vs ${refs.length}`).toBe(refs.length);
        refs.sort((x: any, y: any) => x.jd_ut - y.jd_ut).forEach((r: any, i: number) => {
          const e = got[i]!;
          if (r.kind) expect(e.type).toBe(`mercury_${r.kind}`);
          else expect([(e.data.from_sign as any).number, (e.data.sign as any).number]).toEqual([r.from_sign, r.to_sign]);
          const dtDays = toRefUt(jdFromUnixMs(e.instant), w.delta_t_s) - r.jd_ut;
          worst = Math.max(worst, Math.abs(dtDays) / tolDays(r));
          expect(Math.abs(dtDays), `${w.id} ${e.type}: Δt ${(dtDays * 86400).toFixed(1)} s`).toBeLessThanOrEqual(tolDays(r));
          compared++;
        });
      }
    }
    console.log(`${compared} ingresses/stations vs Swiss Ephemeris: worst ${(worst * 100).toFixed(0)}% of tolerance`);
    expect(compared).toBeGreaterThanOrEqual(24);
  });
});

describe("a year of events", () => {
  const from = Date.UTC(2026, 0, 1), to = Date.UTC(2027, 0, 1);
  const events = detectEvents(from, to);

  it("has 24–26 ekadashis, 12–13 purnimas and amavasyas, 12 sankrantis, 3–4 Mercury retrogrades", () => {
    const n = (t: string) => of(events, t).length;
    expect(n("ekadashi")).toBeGreaterThanOrEqual(24);
    expect(n("ekadashi")).toBeLessThanOrEqual(26);
    for (const t of ["purnima", "amavasya"]) expect([12, 13]).toContain(n(t));
    expect(n("sankranti")).toBe(12);
    expect([3, 4]).toContain(n("mercury_retrograde_start"));
    expect([3, 4]).toContain(n("mercury_retrograde_end"));
    // Ekadashis alternate paksha; each lies between consecutive purnimas/amavasyas.
    const ek = of(events, "ekadashi").map((e) => (e.data.tithi as { paksha: string }).paksha);
    for (let i = 1; i < ek.length; i++) expect(ek[i]).not.toBe(ek[i - 1]);
  });

  it("is sorted, inside [from, to), of the ten types, integer milliseconds", () => {
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      expect(EVENT_TYPES).toContain(e.type);
      expect(Number.isInteger(e.instant)).toBe(true);
      expect(e.instant >= from && e.instant < to).toBe(true);
      if (i > 0) expect(e.instant).toBeGreaterThanOrEqual(events[i - 1]!.instant);
    }
  });

  it("gives the same instants and data whichever window finds an event (a store keyed on type + instant records it once)", () => {
    const a = detectEvents(Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 10));
    const b = detectEvents(Date.UTC(2026, 2, 17, 5, 3), Date.UTC(2026, 4, 1));
    const overlap = (e: DetectedEvent) => e.instant >= Date.UTC(2026, 2, 17, 5, 3) && e.instant < Date.UTC(2026, 3, 10);
    expect(a.filter(overlap)).toEqual(b.filter(overlap));
    expect(a.filter(overlap).length).toBeGreaterThan(3);
    expect(events.filter((e) => e.instant >= Date.UTC(2026, 2, 1) && e.instant < Date.UTC(2026, 3, 10))).toEqual(a);
  });
});

describe("window checks", () => {
  it("refuses a reversed, non-finite, out-of-range or over-long window, naming the field", () => {
    const field = (f: () => unknown) => { try { f(); } catch (e) { expect(e).toBeInstanceOf(EngineInputError); return (e as EngineInputError).field; } return "none"; };
    expect(field(() => detectEvents(NaN, 0))).toBe("from");
    expect(field(() => detectEvents(Date.UTC(2025, 1, 1), Date.UTC(2025, 0, 1)))).toBe("to");
    expect(field(() => detectEvents(Date.UTC(1800, 0, 1), Date.UTC(1800, 1, 1)))).toBe("from");
    expect(field(() => detectEvents(Date.UTC(2025, 0, 1), Date.UTC(2027, 0, 1)))).toBe("to");
    expect(detectEvents(Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 1))).toEqual([]);
  });
});
