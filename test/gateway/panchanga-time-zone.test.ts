import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { clockFromTz, fixedClock, isoAt, localDateOf, localMidnightUnixMs } from "../../src/resolvers/panchanga/time-zone.js";

describe("panchanga time zones (GET /panchanga tz)", () => {
  it("an IANA zone takes the offset in force at each instant (DST)", () => {
    const ny = clockFromTz("tz", "America/New_York");
    expect(ny.label).toBe("America/New_York");
    expect(ny.offsetMinutesAt(Date.parse("2024-01-15T12:00:00Z"))).toBe(-300);
    expect(ny.offsetMinutesAt(Date.parse("2024-07-15T12:00:00Z"))).toBe(-240);
    expect(isoAt(ny, Date.parse("2024-07-15T12:00:00Z"))).toBe("2024-07-15T08:00:00-04:00");
  });

  it("local midnight of a date is found in the zone, also on the day clocks change", () => {
    const ny = clockFromTz("tz", "America/New_York");
    expect(new Date(localMidnightUnixMs(ny, 2024, 3, 10)).toISOString()).toBe("2024-03-10T05:00:00.000Z");
    expect(new Date(localMidnightUnixMs(ny, 2024, 3, 11)).toISOString()).toBe("2024-03-11T04:00:00.000Z");
    expect(new Date(localMidnightUnixMs(clockFromTz("tz", "Asia/Kolkata"), 2024, 1, 17)).toISOString()).toBe("2024-01-16T18:30:00.000Z");
  });

  it("±HH:MM offsets are fixed; a local date follows the offset", () => {
    const c = clockFromTz("tz", "-03:30");
    expect(c.label).toBe("-03:30");
    expect(c.offsetMinutesAt(0)).toBe(-210);
    expect(localDateOf(c, Date.parse("2024-01-15T02:00:00Z"))).toEqual([2024, 1, 14]);
    expect(fixedClock(0, "note").label).toBe("UTC");
  });

  it("refuses unknown zones and offsets beyond 18 h, naming the tz field", () => {
    for (const bad of ["Mars/Olympus", "+19:00", "+05:75"]) {
      try {
        clockFromTz("tz", bad);
        expect.unreachable(bad);
      } catch (err) {
        expect((err as { extensions: { field: string } }).extensions.field).toBe("tz");
      }
    }
  });
});
