import { EngineInputError } from "../errors.js";
import type { Conventions, Place } from "../types.js";
import type { CalendarEntry } from "./entry.js";
import { festivalCalendar } from "./festivals.js";
import { vrataCalendar } from "./vrata.js";
import { buildYearDays, type LocalCalendar } from "./year-days.js";

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

export interface CalendarInput {
  readonly year: number;
  /** 1..12, or null for the whole year. */
  readonly month: number | null;
  readonly place: Place;
  readonly conv: Conventions;
  readonly local: LocalCalendar;
}

export function checkCalendarInput(year: number, month: number | null): void {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new EngineInputError(`year must be an integer from ${MIN_YEAR} to ${MAX_YEAR}, got ${year}`, "year");
  }
  if (month !== null && (!Number.isInteger(month) || month < 1 || month > 12)) {
    throw new EngineInputError(`month must be an integer from 1 to 12, got ${month}`, "month");
  }
}

/** The entries dated in `month` of `year` (all when month is null). */
export function inMonth(entries: CalendarEntry[], year: number, month: number | null): CalendarEntry[] {
  if (month === null) return entries;
  const prefix = `${year}-${String(month).padStart(2, "0")}-`;
  return entries.filter((e) => e.date.startsWith(prefix));
}

export function festivals(input: CalendarInput): CalendarEntry[] {
  checkCalendarInput(input.year, input.month);
  return inMonth(festivalCalendar(buildYearDays(input.year, input.place, input.conv, input.local)), input.year, input.month);
}

export function vratas(input: CalendarInput): CalendarEntry[] {
  checkCalendarInput(input.year, input.month);
  return inMonth(vrataCalendar(buildYearDays(input.year, input.place, input.conv, input.local)), input.year, input.month);
}
