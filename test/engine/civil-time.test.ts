import { describe, expect, it } from "vitest";
import { resolveCivilTime } from "../../src/engine/time/civil-time.js";
import { formatIso, formatOffset, parseLocalDateTime } from "../../src/engine/time/iso.js";

/** A wall-clock datetime in a zone → { offset, iso, warning } (throws the refusal). */
function civil(datetime: string, zone: string, options: { fold?: 0 | 1; lonDeg?: number } = {}) {
  const r = resolveCivilTime(parseLocalDateTime(datetime).localMs, zone, options);
  return { offset: formatOffset(r.offsetSeconds / 60), iso: formatIso(r.unixMs, r.offsetSeconds / 60), warning: r.warning };
}

describe("a local datetime read through the tz database's rules for its date", () => {
  it("Kolkata 1943-03-01 14:30 is war time, +06:30", () => {
    expect(civil("1943-03-01T14:30", "Asia/Kolkata", { lonDeg: 88.36 })).toEqual(
      { offset: "+06:30", iso: "1943-03-01T14:30:00+06:30", warning: null });
  });

  it("New York keeps -04:00 on 1990-07-04 (DST) and -05:00 on 1990-01-04", () => {
    expect(civil("1990-07-04T10:00", "America/New_York").offset).toBe("-04:00");
    expect(civil("1990-01-04T10:00", "America/New_York").offset).toBe("-05:00");
  });

  it("2021-03-14 02:30 in New York does not exist: the refusal names the gap", () => {
    expect(() => civil("2021-03-14T02:30", "America/New_York")).toThrow(
      /does not exist in America\/New_York: clocks went from 2021-03-14T02:00:00 \(-05:00\) straight to 2021-03-14T03:00:00 \(-04:00\)/);
  });

  it("2021-11-07 01:30 in New York happens twice: refused naming -04:00 and -05:00 unless fold chooses", () => {
    expect(() => civil("2021-11-07T01:30", "America/New_York")).toThrow(/at -04:00 and then at -05:00/);
    expect(civil("2021-11-07T01:30", "America/New_York", { fold: 0 }).offset).toBe("-04:00");
    expect(civil("2021-11-07T01:30", "America/New_York", { fold: 1 }).offset).toBe("-05:00");
  });

  it("Chennai 1850 (before standard time) takes the birth longitude's mean time, +05:21:05, flagged", () => {
    const r = civil("1850-01-01T12:00", "Asia/Kolkata", { lonDeg: 80.27 });
    expect(r.offset).toBe("+05:21:05");
    expect(r.iso).toBe("1850-01-01T12:00:00+05:21:05");
    expect(r.warning).toMatch(/local mean time of longitude 80.27/);
    expect(r.warning).toMatch(/\+05:53:28/); // the tz data's Kolkata LMT it replaced
  });

  it("Chennai 1890 keeps Madras time +05:21:10 from the tz data, not flagged", () => {
    expect(civil("1890-01-01T12:00", "Asia/Kolkata", { lonDeg: 80.27 })).toEqual(
      { offset: "+05:21:10", iso: "1890-01-01T12:00:00+05:21:10", warning: null });
  });

  it("without a longitude the tz data's LMT is used and the answer says so", () => {
    const r = civil("1850-01-01T12:00", "Asia/Kolkata");
    expect(r.offset).toBe("+05:53:28");
    expect(r.warning).toMatch(/give the place/);
  });

  it("a zone that never changed has no LMT period, and an unknown zone is refused", () => {
    expect(civil("1850-01-01T12:00", "UTC", { lonDeg: 80.27 })).toEqual({ offset: "+00:00", iso: "1850-01-01T12:00:00+00:00", warning: null });
    expect(() => civil("2000-01-01T12:00", "Nowhere/Atlantis")).toThrow(/not an IANA time zone/);
  });
});
