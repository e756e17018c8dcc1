import { formatIso, formatOffset } from "../../engine/time/iso.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { ianaZoneClock, type ZoneSpec } from "../../engine/time/zones.js";
import { badUserInput } from "../common/input-errors.js";

/** Local dates and midnights of a zone live in the engine (pure; the event localizer uses them too). */
export { localDateOf, localMidnightUnixMs } from "../../engine/time/zones.js";

/**
 * How times are written back to the caller: a fixed offset (from the caller's datetime or a
 * "±HH:MM" tz) or an IANA zone, whose offset is taken at each instant (so a day crossing a
 * DST change prints each time in the offset then in force).
 */
export interface Clock {
  /** "+05:30", "America/New_York" or "UTC". */
  readonly label: string;
  /** Set when the caller gave no zone and times are in UTC. */
  readonly note: string | null;
  offsetMinutesAt(unixMs: number): number;
  /** The same zone as plain data, for engine calls run on an engine thread (src/engine-pool). */
  readonly zone: ZoneSpec;
}

export const UTC_NOTE = "no tz or UTC offset was given: times are in UTC";

const FIXED = /^([+-])(\d{2}):?(\d{2})$/;

export function fixedClock(offsetMinutes: number, note: string | null = null): Clock {
  return { label: note ? "UTC" : formatOffset(offsetMinutes), note, offsetMinutesAt: () => offsetMinutes, zone: { offsetMinutes } };
}

/** A caller's `tz`: "±HH:MM" (or ±HHMM) or an IANA zone name; errors name `field`. */
export function clockFromTz(field: string, tz: string): Clock {
  const fixed = FIXED.exec(tz.trim());
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
    if (Number(fixed[3]) > 59 || minutes > 18 * 60) throw badUserInput(field, `tz offset out of range: ${tz}`);
    return fixedClock((fixed[1] === "-" ? -1 : 1) * minutes);
  }
  const zone = ianaZoneClock(tz.trim());
  if (!zone) throw badUserInput(field, `tz must be an IANA time zone (e.g. Asia/Kolkata) or a UTC offset ±HH:MM, got "${tz}"`);
  // The caller's spelling (Intl canonicalises Asia/Kolkata to Asia/Calcutta).
  return { label: tz.trim(), note: null, offsetMinutesAt: zone.offsetMinutesAt, zone: { iana: tz.trim() } };
}

/** ISO 8601 of an instant in the clock's zone, to the second. */
export function isoAt(clock: Clock, unixMs: number): string {
  return formatIso(unixMs, clock.offsetMinutesAt(unixMs));
}

/**
 * ISO 8601 of a junction (a limb's end, the next one's start), to the second rounded UP: the
 * printed instant is never before the exact root, so asking the service at the time it printed
 * gives the new element, and every day that reports the junction prints the same second
 * (docs/architecture.md §3).
 */
export function isoOfJunction(clock: Clock, jdUt: number): string {
  const ms = unixMsFromJd(jdUt);
  return isoAt(clock, Math.ceil(ms / 1000) * 1000);
}

/** ISO 8601 of a Julian day UT, or null. */
export function isoOfJd(clock: Clock, jdUt: number | null): string | null {
  return jdUt === null ? null : isoAt(clock, unixMsFromJd(jdUt));
}
