import { describe, expect, it } from "vitest";
import { vrataCalendar } from "../../../src/engine/calendar/vrata.js";
import { localCalendarOf } from "../../../src/engine/calendar/local-calendar.js";
import { buildYearDays } from "../../../src/engine/calendar/year-days.js";
import { EngineInputError } from "../../../src/engine/errors.js";
import { detectEvents } from "../../../src/engine/events/detect.js";
import { localizeEvent } from "../../../src/engine/events/localize.js";
import { unixMsFromJd } from "../../../src/engine/time/julian.js";
import { ianaZoneClock } from "../../../src/engine/time/zones.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";

/** Localized events against the calendar's own vrata days (GET /vrata, the calendar query) at the same place. */
const DELHI = { lat: 28.6139, lon: 77.209, zone: "Asia/Kolkata" };
const NEW_YORK = { lat: 40.7128, lon: -74.006, zone: "America/New_York" };
const events2025 = detectEvents(Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1));

function calendarOf(place: { lat: number; lon: number; zone: string }) {
  const year = buildYearDays(2025, { latDeg: place.lat, lonDeg: place.lon }, DEFAULT_CONVENTIONS, localCalendarOf(ianaZoneClock(place.zone)!));
  return vrataCalendar(year);
}

describe("localized tithi events keep the calendar's vrata days", () => {
  for (const place of [DELHI, NEW_YORK]) {
    it(`${place.zone}: every Ekadashi (Smarta and Vaishnava), Purnima and Amavasya of 2025 on the calendar's date`, () => {
      const entries = calendarOf(place);
      let compared = 0;
      for (const e of events2025.filter((x) => ["ekadashi", "purnima", "amavasya"].includes(x.type))) {
        const l = localizeEvent(e, place.lat, place.lon);
        expect(l.time_zone).toBe(place.zone);
        expect(l.time_zone_source).toBe("coordinates");
        const mine = entries.filter((c) => c.tithi && Math.round(unixMsFromJd(c.tithi.startJd)) === e.instant && c.kind.startsWith(e.type));
        if (mine.length === 0) continue; // observed in 2024 or 2026: outside the calendar year compared
        expect(l.observances!.map((o) => [o.kind, o.date])).toEqual(mine.map((c) => [c.kind, c.date]));
        expect(l.observance_date).toBe(mine.find((c) => c.kind !== "ekadashi_vaishnava")!.date);
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(46);
    });
  }

  it("gives the instant, the tithi's start and end in local time with the zone's offset (DST in New York)", () => {
    const ek = events2025.find((e) => e.type === "ekadashi" && e.instant > Date.UTC(2025, 6, 1))!;
    const ny = localizeEvent(ek, NEW_YORK.lat, NEW_YORK.lon);
    expect(ny.local_time).toMatch(/-04:00$/);
    expect(Date.parse(ny.local_time)).toBe(Math.round(ek.instant / 1000) * 1000);
    expect(Date.parse(ny.tithi_start_local!)).toBe(Math.ceil(ek.instant / 1000) * 1000);
    expect(Date.parse(ny.tithi_end_local!)).toBe(Math.ceil(Date.parse(ek.data.end as string) / 1000) * 1000);
    const delhi = localizeEvent(ek, DELHI.lat, DELHI.lon);
    expect(delhi.local_time).toMatch(/\+05:30$/);
    expect(delhi.local_date).toBe(delhi.local_time.slice(0, 10));
    // A named zone wins over the coordinates.
    const given = localizeEvent(ek, DELHI.lat, DELHI.lon, "Europe/London");
    expect([given.time_zone, given.time_zone_source]).toEqual(["Europe/London", "given"]);
    expect(given.local_time).toMatch(/\+01:00$/);
  });

  it("dates a sankranti on the calendar's punya-kala day (Makar Sankranti 2025, New Delhi: 14 January)", () => {
    const entries = calendarOf(DELHI).filter((c) => c.kind === "sankranti");
    for (const e of events2025.filter((x) => x.type === "sankranti")) {
      const l = localizeEvent(e, DELHI.lat, DELHI.lon);
      expect(l.observance_date).toBe(entries.find((c) => Math.abs(unixMsFromJd(c.instantJd!) - e.instant) < 1000)!.date);
    }
    expect(localizeEvent(events2025.find((x) => x.type === "sankranti")!, DELHI.lat, DELHI.lon).observance_date).toBe("2025-01-14");
  });
});

describe("localizing where the calendar cannot, and bad input", () => {
  it("at Tromsø in the polar night gives local times but no observance day, with the reason", () => {
    const e = events2025.find((x) => x.type === "purnima" && x.instant > Date.UTC(2025, 11, 1))!;
    const l = localizeEvent(e, 69.65, 18.96);
    expect(l.time_zone).toBe("Europe/Oslo");
    expect(l.tithi_start_local).toMatch(/\+01:00$/);
    expect(l.observance_date).toBeNull();
    expect(l.observance_note).toMatch(/polar/);
  });

  it("an event submitted from outside at an instant where no such tithi starts keeps only its local time", () => {
    const l = localizeEvent({ type: "ekadashi", instant: Date.UTC(2025, 4, 5, 12), data: {} }, DELHI.lat, DELHI.lon);
    expect(l.local_time).toBe("2025-05-05T17:30:00+05:30");
    expect(l.observance_date).toBeNull();
    expect(l.observance_note).toMatch(/no ekadashi tithi/);
    const eclipse = events2025.find((x) => x.type === "eclipse_lunar")!;
    expect(Object.keys(localizeEvent(eclipse, DELHI.lat, DELHI.lon)).sort()).toEqual(
      ["latitude", "local_date", "local_time", "longitude", "time_zone", "time_zone_source"]);
  });

  it("refuses a latitude, longitude or zone it cannot use, naming the field", () => {
    const e = events2025[0]!;
    const field = (f: () => unknown) => { try { f(); } catch (x) { expect(x).toBeInstanceOf(EngineInputError); return (x as EngineInputError).field; } return "none"; };
    expect(field(() => localizeEvent(e, 91, 0))).toBe("latitude");
    expect(field(() => localizeEvent(e, 0, NaN))).toBe("longitude");
    expect(field(() => localizeEvent(e, 0, 0, "Mars/Olympus_Mons"))).toBe("timeZone");
  });
});
