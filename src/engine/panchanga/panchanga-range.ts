import { nextSunrise } from "../astro/rise-set.js";
import { EngineInputError } from "../errors.js";
import type { Conventions, Instant, Place } from "../types.js";
import { buildPolarDay, panchangaFromSunrise, type PanchangaDay, type PanchangaDayOptions } from "./panchanga-day.js";

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
 * at most 31. Where a stretch of 24 h holds no sunrise (polar day or night) the entry is the
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
