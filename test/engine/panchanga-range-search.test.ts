import { describe, expect, it } from "vitest";
import { EngineInputError } from "../../src/engine/errors.js";
import { panchangaRange } from "../../src/engine/panchanga/panchanga-range.js";
import { dayMatches, searchPanchanga } from "../../src/engine/panchanga/panchanga-search.js";
import { parseCriteria } from "../../src/engine/panchanga/search-criteria.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { formatIso } from "../../src/engine/time/iso.js";
import { jdFromUnixMs, unixMsFromJd } from "../../src/engine/time/julian.js";
import { instantFromJdUt } from "../../src/engine/time/instant.js";
import { DEFAULT_CONVENTIONS, type Place } from "../../src/engine/types.js";

const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
const conv = DEFAULT_CONVENTIONS;
const at = (iso: string) => instantFromUnixMs(Date.parse(iso));
const istDate = (jd: number) => formatIso(unixMsFromJd(jd), 330).slice(0, 10);

describe("panchanga range", () => {
  it("gives one entry per Hindu day: January 2025 in Delhi has 31", () => {
    const days = panchangaRange(at("2025-01-01T00:00:00+05:30"), at("2025-01-31T23:59:59+05:30"), DELHI, conv, { moonEvents: false });
    expect(days).toHaveLength(31);
    expect(istDate(days[0]!.sunriseJdUt!)).toBe("2025-01-01");
    expect(istDate(days[30]!.sunriseJdUt!)).toBe("2025-01-31");
    for (let i = 1; i < days.length; i++) expect(days[i]!.sunriseJdUt).toBe(days[i - 1]!.nextSunriseJdUt);
  });

  it("refuses a 32-day range, saying the limit, and an end before the start", () => {
    expect(() => panchangaRange(at("2025-01-01T00:00:00Z"), at("2025-02-02T00:00:00Z"), DELHI, conv)).toThrow(EngineInputError);
    expect(() => panchangaRange(at("2025-01-01T00:00:00Z"), at("2025-02-02T00:00:00Z"), DELHI, conv)).toThrow(/31 days/);
    expect(() => panchangaRange(at("2025-01-02T00:00:00Z"), at("2025-01-01T00:00:00Z"), DELHI, conv)).toThrow(/before/);
  });
});

describe("panchanga search", () => {
  const after = jdFromUnixMs(Date.parse("2025-01-01T00:00:00+05:30"));

  it("finds the next Ekadashis exactly where the day-by-day panchanga has them", () => {
    const found = searchPanchanga({ place: DELHI, after: instantFromJdUt(after), criteria: { tithi: "Ekadashi" }, maxResults: 2, conv });
    const days = panchangaRange(at("2025-01-01T00:00:00+05:30"), at("2025-01-31T23:00:00+05:30"), DELHI, conv, { moonEvents: false });
    const crit = parseCriteria({ tithi: "Ekadashi" });
    const byDay = days.filter((d) => dayMatches(d, crit)).map((d) => istDate(d.sunriseJdUt!));
    expect(found.matches.map((d) => istDate(d.sunriseJdUt!))).toEqual(byDay.slice(0, 2));
    expect(byDay).toHaveLength(2);
    expect(byDay[0]).toBe("2025-01-10"); // Pausha Putrada Ekadashi
    expect(found.matches[0]!.tithi.name).toBe("Ekadashi");
  });

  it("combines criteria: Guru-Pushya days are Thursdays with Pushya at sunrise or wholly inside", () => {
    const res = searchPanchanga({ place: DELHI, after: instantFromJdUt(after), criteria: { nakshatra: "Pushya", vara: "Guru" }, maxResults: 4, conv });
    expect(res.matches.length).toBeGreaterThanOrEqual(1);
    for (const d of res.matches) {
      expect(d.vara!.name).toBe("Thursday");
      expect(d.transitions.some((t) => t.element === "nakshatra" && t.number === 8)).toBe(true);
    }
    const times = res.matches.map((d) => d.sunriseJdUt!);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("walks sunrises for a vara-only search and stops at max_results", () => {
    const res = searchPanchanga({ place: DELHI, after: instantFromJdUt(after), criteria: { vara: "Shani" }, maxResults: 3, conv });
    expect(res.matches.map((d) => istDate(d.sunriseJdUt!))).toEqual(["2025-01-04", "2025-01-11", "2025-01-18"]);
  });

  it("stays inside max_days and validates max_results 1-20 and max_days 1-365", () => {
    const res = searchPanchanga({ place: DELHI, after: instantFromJdUt(after), criteria: { tithi: "Purnima" }, maxResults: 20, maxDays: 40, conv });
    expect(res.matches.length).toBeGreaterThanOrEqual(1);
    expect(res.matches.length).toBeLessThanOrEqual(2);
    for (const d of res.matches) expect(d.sunriseJdUt!).toBeLessThan(after + 40);
    expect(() => searchPanchanga({ place: DELHI, after: instantFromJdUt(after), criteria: {}, maxResults: 21, conv })).toThrow(/1-20/);
    expect(() => searchPanchanga({ place: DELHI, after: instantFromJdUt(after), criteria: {}, maxDays: 366, conv })).toThrow(/1-365/);
    expect(() => searchPanchanga({ place: DELHI, after: instantFromJdUt(after), criteria: { yoga: "Lucky" }, conv })).toThrow(/accepted: Vishkumbha/);
  });

  it("counts a kshaya tithi (beginning and ending within one day) for that day, and a day can hold three karanas", () => {
    const days = panchangaRange(at("2025-01-01T00:00:00+05:30"), at("2025-01-31T23:00:00+05:30"), DELHI, conv, { moonEvents: false });
    const kshaya = days
      .flatMap((d) => d.transitions.filter((t) => t.element === "tithi" && t.startJd >= d.sunriseJdUt! && t.endJd <= d.nextSunriseJdUt!).map((t) => ({ d, t })))[0];
    expect(kshaya).toBeDefined();
    const { d, t } = kshaya!;
    // The day's own panchanga (at sunrise) shows the earlier tithi; the search still finds the day.
    expect(d.tithi.number).not.toBe(t.number);
    const res = searchPanchanga({ place: DELHI, after: instantFromJdUt(d.sunriseJdUt! - 0.5), criteria: { tithi: t.number }, maxResults: 1, conv });
    expect(res.matches[0]!.sunriseJdUt).toBe(d.sunriseJdUt);
    expect(days.some((x) => x.transitions.filter((tr) => tr.element === "karana").length >= 3)).toBe(true);
  });

  it("does not throw in polar night: days without a sunrise are entries with the reason, and never matches", () => {
    const tromso = { latDeg: 69.65, lonDeg: 18.96 };
    const days = panchangaRange(at("2024-12-10T00:00:00+01:00"), at("2024-12-15T00:00:00+01:00"), tromso, conv, { moonEvents: false });
    expect(days.length).toBeGreaterThanOrEqual(5);
    for (const d of days) {
      expect(d.sunriseJdUt).toBeNull();
      expect(d.polarReason).toMatch(/polar/);
    }
    const res = searchPanchanga({ place: tromso, after: at("2024-12-01T00:00:00+01:00"), criteria: { tithi: "Purnima" }, maxDays: 60, conv });
    for (const d of res.matches) expect(d.sunriseJdUt).not.toBeNull();
    const byVara = searchPanchanga({ place: tromso, after: at("2024-12-01T00:00:00+01:00"), criteria: { vara: "Soma" }, maxDays: 60, maxResults: 2, conv });
    for (const d of byVara.matches) expect(d.vara!.name).toBe("Monday");
  });
});
