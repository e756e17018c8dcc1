/**
 * The IANA clock caches offsets per 6-hour block (src/resolvers/panchanga/time-zone.ts): every
 * instant must still get exactly the offset Intl gives for it, across DST changes (both ways),
 * a 30-minute DST (Lord Howe) and a 24-hour jump (Apia skipped 30 Dec 2011).
 */
import { describe, expect, it } from "vitest";
import { clockFromTz, isoAt } from "../../src/resolvers/panchanga/time-zone.js";

const formatters = new Map<string, Intl.DateTimeFormat>();

function intlOffsetMinutes(zone: string, unixMs: number): number {
  let fmt = formatters.get(zone);
  if (!fmt) formatters.set(zone, (fmt = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })));
  const name = fmt.formatToParts(new Date(unixMs)).find((p) => p.type === "timeZoneName")!.value;
  const m = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(name)!;
  return m[1] ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
}

const CASES: [zone: string, year: number][] = [
  ["America/New_York", 2025],
  ["Europe/London", 2025],
  ["Australia/Lord_Howe", 2025],
  ["Asia/Kolkata", 2025],
  ["Pacific/Apia", 2011],
];

const STEP_MS = 37 * 60_000;

describe("IANA clock offsets from 6-hour blocks", () => {
  it.each(CASES)("%s %i: every instant (37-minute steps, and ±1 ms around each change) matches Intl", (zone, year) => {
    const clock = clockFromTz("tz", zone);
    const start = Date.UTC(year, 0, 1);
    const end = Date.UTC(year + 1, 0, 1);
    let changes = 0;
    let prev = intlOffsetMinutes(zone, start);
    for (let t = start; t < end; t += STEP_MS) {
      const want = intlOffsetMinutes(zone, t);
      expect(clock.offsetMinutesAt(t)).toBe(want);
      if (want !== prev) {
        changes++;
        // Find the change to the millisecond and check both sides of it.
        let lo = t - STEP_MS;
        let hi = t;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (intlOffsetMinutes(zone, mid) === prev) lo = mid;
          else hi = mid;
        }
        expect(clock.offsetMinutesAt(lo)).toBe(prev);
        expect(clock.offsetMinutesAt(hi)).toBe(want);
        prev = want;
      }
    }
    expect(changes).toBe(zone === "Asia/Kolkata" ? 0 : zone === "Pacific/Apia" ? 3 : 2);
  });

  it("prints the times of one day across the New York spring change in their own offsets", () => {
    const clock = clockFromTz("tz", "America/New_York");
    expect(isoAt(clock, Date.UTC(2025, 2, 9, 6, 59, 59))).toBe("2025-03-09T01:59:59-05:00");
    expect(isoAt(clock, Date.UTC(2025, 2, 9, 7, 0, 0))).toBe("2025-03-09T03:00:00-04:00");
  });
});
