import type { Clock } from "../panchanga/time-zone.js";

/** The engine's view of local civil dates, from a zone's clock (pure: it lives in the engine). */
export { localCalendarOf } from "../../engine/calendar/local-calendar.js";

/**
 * What identifies a clock's zone for the year memo (engine/calendar/year-calendar.ts): its label (an IANA
 * name or a fixed offset) with its offsets in January and July of the year, so two clocks share a key only
 * when they are the same zone.
 */
export function zoneKeyOf(clock: Clock, year: number): string {
  return `${clock.label}@${clock.offsetMinutesAt(Date.UTC(year, 0, 1))},${clock.offsetMinutesAt(Date.UTC(year, 6, 1))}`;
}
