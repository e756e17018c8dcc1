import { describe, expect, it } from "vitest";
import { chandraDarshan } from "../../../src/engine/calendar/chandra-darshan.js";
import { festivalCalendar } from "../../../src/engine/calendar/festivals.js";
import { buildYearDays } from "../../../src/engine/calendar/year-days.js";
import { DEFAULT_CONVENTIONS } from "../../../src/engine/types.js";
import { localCalendarOf } from "../../../src/resolvers/calendar/local-calendar.js";
import { clockFromTz } from "../../../src/resolvers/panchanga/time-zone.js";

const cal = localCalendarOf(clockFromTz("tz", "Asia/Kolkata"));
const DELHI = { latDeg: 28.6139, lonDeg: 77.209 };
const yearOf = (y: number) => buildYearDays(y, DELHI, DEFAULT_CONVENTIONS, cal);

/**
 * Drik Panchang's Chandra Darshan days at New Delhi, as republished month by month
 * (templesinindiainfo.com's 2021 and 2023 lists; India Today's 2025 list "according to drikpanchang").
 * The visibility test of chandra-darshan.ts was fitted to these: each must come out on its day.
 */
const DRIK_CHANDRA_DARSHAN: Record<number, string[]> = {
  2021: ["01-14", "02-13", "03-14", "04-13", "05-13", "06-11", "07-11", "08-09", "09-08", "10-07", "11-06", "12-05"],
  2023: ["01-23", "02-21", "03-22", "04-21", "05-20", "06-19", "07-19", "08-17", "09-16", "10-16", "11-15", "12-14"],
  2025: ["01-01", "01-30", "03-01", "03-30", "04-28", "05-28", "06-26", "07-26", "08-24", "09-23", "10-23", "11-22"],
};

describe("Chandra Darshan: the first evening the crescent is seen", () => {
  it.each(Object.keys(DRIK_CHANDRA_DARSHAN).map(Number))("%i: every month's day as Drik Panchang publishes it (New Delhi)", (y) => {
    const year = yearOf(y);
    const ours = year.tithis.filter((t) => t.number === 1).map((t) => chandraDarshan(t, year)?.day.date).filter((d): d is string => !!d && d.startsWith(`${y}-`));
    // 2025's December day is not in the published list used here.
    const want = DRIK_CHANDRA_DARSHAN[y]!.map((md) => `${y}-${md}`);
    expect(ours.filter((d) => d <= want[want.length - 1]!)).toEqual(want);
  });
});

describe("Cheti Chand (Sindhi new year): Chaitra's Chandra Darshan", () => {
  // Drik Panchang, New Delhi: 17 March 1980 (muhurta 18:31–19:12), 13 April 2021 (18:46–19:51),
  // 9 April 2024 (18:54–19:36, Pratipada; not the 10th: the crescent is seen on the 9th), 30 March 2025.
  it.each([[1980, "1980-03-17"], [2021, "2021-04-13"], [2024, "2024-04-09"], [2025, "2025-03-30"]])("%i: %s", (y, date) => {
    const e = festivalCalendar(yearOf(y)).filter((x) => x.name === "Cheti Chand");
    expect(e.map((x) => x.date)).toEqual([date]);
    const m = e[0]!.muhurta!;
    // Sunset to moonset: the window opens at the evening's sunset and lasts 40 min to 2 h.
    expect((m.endJd - m.startJd) * 1440).toBeGreaterThanOrEqual(40);
    expect((m.endJd - m.startJd) * 1440).toBeLessThan(120);
    expect(cal.dateOf(m.startJd)).toBe(date);
    expect(e[0]!.rule).toMatch(/crescent/);
  });

  it("2025: the same day as Ugadi (the new moon fell early on the 29th); 2024: also Ugadi's day", () => {
    for (const y of [2024, 2025]) {
      const f = festivalCalendar(yearOf(y));
      expect(f.find((x) => x.name === "Cheti Chand")!.date).toBe(f.find((x) => x.name === "Ugadi / Gudi Padwa")!.date);
    }
  });
});
