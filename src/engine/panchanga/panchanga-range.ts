import { nextSunrise } from "../astro/rise-set.js";
import { EngineInputError } from "../errors.js";
import type { Conventions, Instant, Place } from "../types.js";
import { buildPolarDay, panchangaForDate, panchangaFromSunrise, type PanchangaDay, type PanchangaDayOptions } from "./panchanga-day.js";

/** The longest range one request may ask for (spec, Limits). */
export const MAX_RANGE_DAYS = 31;

/**
 * The range rule on its own (end not before start, at most MAX_RANGE_DAYS), so a caller can
 * refuse a bad range before pricing it; throws EngineInputError naming end_datetime.
 */
export function checkRangeSpan(start: Instant, end: Instant): void {
  if (end.jdUt < start.jdUt) throw new EngineInputError("end_datetime is before start_datetime", "end_datetime");
  if (end.jdUt - start.jdUt > MAX_RANGE_DAYS) {
    throw new EngineInputError(`a panchanga range covers at most ${MAX_RANGE_DAYS} days`, "end_datetime");
  }
}

/**
 * One panchanga (elements at sunrise) per Hindu day whose sunrise falls in [start, end],
 * at most 31 (the engine's walk over sunrises; POST /panchanga/range answers by civil date,
 * panchangaForDates below). Where a stretch of 24 h holds no sunrise (polar day or night) the entry is the
 * sunrise-less day anchored at that stretch's start, with the reason.
 */
export function panchangaRange(start: Instant, end: Instant, place: Place, conv: Conventions, opts: PanchangaDayOptions = {}): PanchangaDay[] {
  checkRangeSpan(start, end);
  const days: PanchangaDay[] = [];
  let cursor = start.jdUt;
  // Each day's next sunrise is the following day's sunrise (one value, so days abut exactly).
  let sr = nextSunrise(cursor, place, conv, 1);
  while (cursor <= end.jdUt && days.length < MAX_RANGE_DAYS) {
    if (sr === null) {
      days.push(buildPolarDay(cursor, place, conv, opts));
      cursor += 1;
      sr = nextSunrise(cursor, place, conv, 1);
      continue;
    }
    if (sr > end.jdUt) break;
    const day = panchangaFromSunrise(sr, place, conv, opts);
    days.push(day);
    cursor = sr + 0.01;
    sr = day.nextSunriseJdUt ?? nextSunrise(cursor, place, conv, 1);
  }
  return days;
}

/**
 * The range rule on its own, on civil dates (days since 1970-01-01 of start's and end's own
 * calendar dates): end's date not before start's, at most MAX_RANGE_DAYS dates inclusive. A
 * caller refuses a bad range before pricing it; throws EngineInputError naming end_datetime.
 * Returns how many dates the range holds.
 */
export function rangeDateCount(startEpochDay: number, endEpochDay: number): number {
  if (endEpochDay < startEpochDay) throw new EngineInputError("end_datetime's date is before start_datetime's", "end_datetime");
  const count = endEpochDay - startEpochDay + 1;
  if (count > MAX_RANGE_DAYS) {
    throw new EngineInputError(`a panchanga range covers at most ${MAX_RANGE_DAYS} dates (this one: ${count})`, "end_datetime");
  }
  return count;
}

/**
 * One panchanga per civil date (the spec: "one Panchanga entry per day"), `count` dates from the
 * one whose local midnight is `firstDayStartJdUt`: each the Hindu day beginning at that date's
 * first sunrise, elements at the sunrise — what GET /panchanga answers for the date. Days whose
 * dates are 24 h apart (a fixed offset); where a date holds no sunrise (polar day or night) its
 * entry is the sunrise-less day, as GET /panchanga gives it.
 */
export function panchangaForDates(
  firstDayStartJdUt: number, count: number, place: Place, conv: Conventions, opts: PanchangaDayOptions = {},
): PanchangaDay[] {
  const days: PanchangaDay[] = [];
  // A day's next sunrise is usually the next date's sunrise: reuse it, so days abut exactly.
  let known: number | null = null;
  for (let i = 0; i < Math.min(count, MAX_RANGE_DAYS); i++) {
    const from = firstDayStartJdUt + i;
    const day: PanchangaDay = known !== null && known >= from && known < from + 1
      ? panchangaFromSunrise(known, place, conv, opts)
      : panchangaForDate(from, place, conv, opts);
    days.push(day);
    known = day.nextSunriseJdUt;
  }
  return days;
}
