import { describe, expect, it } from "vitest";
import { convertDate, solarToCivil } from "../../../src/engine/calendar/date-conversion.js";
import { monthStartDate, sankrantiBefore, solarDateOf, type SolarTradition } from "../../../src/engine/calendar/solar-calendar.js";
import { civilDays } from "../../../src/engine/calendar/year-days.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";
import { localCalendarOf } from "../../../src/resolvers/calendar/local-calendar.js";
import { clockFromTz } from "../../../src/resolvers/panchanga/time-zone.js";

const conv = DEFAULT_CONVENTIONS;
const cal = localCalendarOf(clockFromTz("tz", "Asia/Kolkata"));
const CHENNAI = { latDeg: 13.0827, lonDeg: 80.2707 };
const KOCHI = { latDeg: 9.9312, lonDeg: 76.2673 };
const KOLKATA = { latDeg: 22.5726, lonDeg: 88.3639 };
const BHUBANESWAR = { latDeg: 20.2961, lonDeg: 85.8245 };
const GUWAHATI = { latDeg: 26.1445, lonDeg: 91.7362 };
const AMRITSAR = { latDeg: 31.634, lonDeg: 74.8723 };
const MIN = 1 / 1440;

/** Day 1 of the month whose sankranti falls near (before) a civil date. */
const start = (t: SolarTradition, place: typeof CHENNAI, y: number, m: number, d: number) =>
  monthStartDate(t, sankrantiBefore(cal.midnightJd(y, m, d), conv).jd, place, conv, cal);

describe("month starts against published dates (each a festival on day 1)", () => {
  it.each([
    // Puthandu (Chithirai 1) and Thai Pongal (Thai 1): Tamil Nadu government holiday lists.
    ["tamil", CHENNAI, [2024, 4, 20], "2024-04-14"], ["tamil", CHENNAI, [2025, 4, 20], "2025-04-14"],
    ["tamil", CHENNAI, [2024, 1, 20], "2024-01-15"], ["tamil", CHENNAI, [2025, 1, 20], "2025-01-14"],
    // Vishu (Medam 1) and Chingam 1 (Malayalam new year, Kollam 1200 and 1201): Kerala holiday lists.
    ["malayalam", KOCHI, [2024, 4, 20], "2024-04-14"], ["malayalam", KOCHI, [2025, 4, 20], "2025-04-14"],
    ["malayalam", KOCHI, [2024, 8, 20], "2024-08-17"], ["malayalam", KOCHI, [2025, 8, 20], "2025-08-17"],
    // Pohela Boishakh in West Bengal: 14 April 2024, 15 April 2025 (the sankranti at 03:30 IST, after midnight).
    ["bengali", KOLKATA, [2024, 4, 20], "2024-04-14"], ["bengali", KOLKATA, [2025, 4, 20], "2025-04-15"],
    // Pana Sankranti (Baisakha 1): 13 April 2024, 14 April 2025.
    ["odia", BHUBANESWAR, [2024, 4, 20], "2024-04-13"], ["odia", BHUBANESWAR, [2025, 4, 20], "2025-04-14"],
    // Bohag (Rongali) Bihu: 14 April 2024 and 2025; Magh (Bhogali) Bihu 15 January 2024, 14 January 2025.
    ["assamese", GUWAHATI, [2024, 4, 20], "2024-04-14"], ["assamese", GUWAHATI, [2025, 4, 20], "2025-04-14"],
    ["assamese", GUWAHATI, [2024, 1, 20], "2024-01-15"], ["assamese", GUWAHATI, [2025, 1, 20], "2025-01-14"],
    // Vaisakhi: 13 April 2024, 14 April 2025.
    ["punjabi", AMRITSAR, [2024, 4, 20], "2024-04-13"], ["punjabi", AMRITSAR, [2025, 4, 20], "2025-04-14"],
  ] as const)("%s near %j: %s", (t, place, [y, m, d], expected) => expect(start(t, place, y, m, d)).toBe(expected));
});

describe("each rule at its edge (a sankranti minutes either side of the cut)", () => {
  const day = civilDays(cal.midnightJd(2025, 3, 3), cal.midnightJd(2025, 3, 4), CHENNAI, conv, cal)[0]!;
  it("Tamil: a minute before sunset → that day; a minute after → the next", () => {
    expect(monthStartDate("tamil", day.sunsetJd - MIN, CHENNAI, conv, cal)).toBe("2025-03-03");
    expect(monthStartDate("tamil", day.sunsetJd + MIN, CHENNAI, conv, cal)).toBe("2025-03-04");
  });
  it("Malabar: a minute before the end of the third fifth of daytime → that day; a minute after → the next", () => {
    const cut = day.sunriseJd + (3 / 5) * (day.sunsetJd - day.sunriseJd);
    expect(monthStartDate("malayalam", cut - MIN, CHENNAI, conv, cal)).toBe("2025-03-03");
    expect(monthStartDate("malayalam", cut + MIN, CHENNAI, conv, cal)).toBe("2025-03-04");
  });
  it("Bengal: a minute before midnight → the next day; a minute after → the day after that", () => {
    const midnight = cal.midnightJd(2025, 3, 4);
    expect(monthStartDate("bengali", midnight - MIN, KOLKATA, conv, cal)).toBe("2025-03-04");
    expect(monthStartDate("bengali", midnight + MIN, KOLKATA, conv, cal)).toBe("2025-03-05");
  });
  it("Orissa: the civil day, either side of midnight", () => {
    const midnight = cal.midnightJd(2025, 3, 4);
    expect(monthStartDate("odia", midnight - MIN, BHUBANESWAR, conv, cal)).toBe("2025-03-03");
    expect(monthStartDate("odia", midnight + MIN, BHUBANESWAR, conv, cal)).toBe("2025-03-04");
  });
  it("Tamil: a sankranti a minute before sunrise belongs to the night before: the month begins that (civil) day", () => {
    expect(monthStartDate("tamil", day.sunriseJd - MIN, CHENNAI, conv, cal)).toBe("2025-03-03");
  });
});

describe("date conversion", () => {
  it("1 November 2025 at Chennai: Kartika Shukla Dashami, Aippasi 16, Vikram 2082, Shaka 1947, Kollam 1201, Bangabda 1432, Vishvavasu", () => {
    const c = convertDate("2025-11-01", CHENNAI, conv, cal);
    expect([c.amanta.month, c.amanta.paksha, c.amanta.tithiName, c.purnimanta.month]).toEqual(["Kartika", "shukla", "Dashami", "Kartika"]);
    expect([c.solar.tamil.monthName, c.solar.tamil.day]).toEqual(["Aippasi", 16]);
    expect([c.vikramSamvat, c.shakaSamvat, c.kollam, c.bangabda]).toEqual([2082, 1947, 1201, 1432]);
    expect(c.tamilYear).toEqual({ startYear: 2025, jovianNumber: 39, jovianName: "Vishvavasu" });
  });
  it("a Krishna paksha date takes the next month's purnimanta name; era years turn at their own year starts", () => {
    const c = convertDate("2025-01-20", CHENNAI, conv, cal);
    expect([c.amanta.month, c.purnimanta.month, c.amanta.paksha]).toEqual(["Pausha", "Magha", "krishna"]);
    expect([c.vikramSamvat, c.shakaSamvat, c.kollam, c.bangabda, c.tamilYear.jovianName]).toEqual([2081, 1946, 1200, 1431, "Krodhi"]);
  });
  it("Tamil date → civil date and back: Thai 1 of the Tamil year begun April 2025 is 14 January 2026", () => {
    const r = solarToCivil("tamil", 2025, 10, 1, CHENNAI, conv, cal);
    expect(r.date).toBe("2026-01-14");
    expect(r.monthLength).toBeGreaterThanOrEqual(29);
    const back = solarDateOf("tamil", r.date, CHENNAI, conv, cal);
    expect([back.monthName, back.day]).toEqual(["Thai", 1]);
    expect(() => solarToCivil("tamil", 2025, 10, r.monthLength + 1, CHENNAI, conv, cal)).toThrow(/day must be/);
  });
});
