import { describe, expect, it } from "vitest";
import { festivalCalendar } from "../../../src/engine/calendar/festivals.js";
import { parseRegions, regionalFestivals, regionsOfPlace } from "../../../src/engine/calendar/regional-festivals.js";
import { buildYearDays } from "../../../src/engine/calendar/year-days.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";
import { localCalendarOf } from "../../../src/resolvers/calendar/local-calendar.js";
import { clockFromTz } from "../../../src/resolvers/panchanga/time-zone.js";

const cal = localCalendarOf(clockFromTz("tz", "Asia/Kolkata"));
const CHENNAI = { latDeg: 13.0827, lonDeg: 80.2707 };
const of = (year: number) => {
  const y = buildYearDays(year, CHENNAI, DEFAULT_CONVENTIONS, cal);
  return regionalFestivals(y, cal, parseRegions("all", CHENNAI), festivalCalendar(y));
};

describe("regional festivals against published dates (Drik Panchang, state holiday lists)", () => {
  const list = [...of(2024), ...of(2025)];
  it.each([
    ["Thaipusam", "2024-01-25"], ["Thaipusam", "2025-02-11"], ["Karthigai Deepam", "2024-12-13"], ["Karthigai Deepam", "2025-12-03"],
    ["Onam (Thiruvonam)", "2024-09-15"], ["Onam (Thiruvonam)", "2025-09-05"], ["Varalakshmi Vratam", "2024-08-16"], ["Varalakshmi Vratam", "2025-08-08"],
    ["Skanda Sashti (Soorasamharam)", "2024-11-07"], ["Kali Puja", "2024-10-31"], ["Kali Puja", "2025-10-20"],
    ["Maha Navami (Durga Puja)", "2024-10-11"], ["Bijoya Dashami (Durga Puja)", "2024-10-12"], ["Maha Ashtami (Durga Puja)", "2024-10-11"],
  ])("%s: %s", (name, date) => expect(list.filter((e) => e.name === name).map((e) => e.date)).toContain(date));

  it("a place's regions come from its coordinates; bad names are refused", () => {
    expect(regionsOfPlace(CHENNAI)).toEqual(["tamil"]);
    expect(regionsOfPlace({ latDeg: 28.6139, lonDeg: 77.209 })).toEqual([]);
    expect(regionsOfPlace({ latDeg: 22.5726, lonDeg: 88.3639 })).toEqual(["bengal"]);
    expect(() => parseRegions("tamil,mars", CHENNAI)).toThrow(/region must be/);
  });
});
