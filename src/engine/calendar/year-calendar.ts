import type { Conventions, Place } from "../types.js";
import type { CalendarEntry } from "./entry.js";
import { festivalCalendar } from "./festivals.js";
import { regionalFestivals, REGIONS, type Region } from "./regional-festivals.js";
import { vrataCalendar } from "./vrata.js";
import { buildYearDays, type LocalCalendar, type YearDays } from "./year-days.js";
import { lruMemo } from "../lru-memo.js";

/**
 * One place's year, built once and shared (docs/calendars.md, "Speed"): the day table (sunrises, tithis,
 * sankrantis) that the festival, vrata and regional lists all read, and each list computed at most once.
 * The lists are read-only: callers copy before sorting or adding.
 */
export interface YearCalendar {
  readonly days: YearDays;
  festivals(): readonly CalendarEntry[];
  vratas(): readonly CalendarEntry[];
  /** The regional festivals of `regions` (in any order; empty → none). */
  regional(regions: readonly Region[]): readonly CalendarEntry[];
}

/**
 * Places' years kept process-wide, least recently used first out. The key is the exact place (no
 * rounding: a sunrise moves with the coordinates), the zone and the conventions, so a hit is the
 * answer a fresh build gives. ≈ 0.52 MB each with all three lists (measured: node --expose-gc, 32
 * built), so ≈ 8 MB in all.
 */
const MAX_YEARS = 16;
const memo = new Map<string, YearCalendar>();
const stats = { hits: 0, misses: 0 };

/**
 * The year at the place, from the memo or built. `zoneKey` identifies the local calendar `cal` (the
 * zone's label and offsets: resolvers/calendar); `cal` must be the same zone whenever the key is.
 * Throws what buildYearDays throws (a polar place), caching nothing.
 */
export function yearCalendar(year: number, place: Place, conv: Conventions, cal: LocalCalendar, zoneKey: string): YearCalendar {
  const key = `${year}|${place.latDeg}|${place.lonDeg}|${place.heightM ?? 0}|${zoneKey}|${conventionsKey(conv)}`;
  return lruMemo(memo, key, MAX_YEARS, stats, () => makeYearCalendar(buildYearDays(year, place, conv, cal), cal));
}

/** The lists of one day table, each computed on first use. */
export function makeYearCalendar(days: YearDays, cal: LocalCalendar): YearCalendar {
  let festivals: CalendarEntry[] | undefined;
  let vratas: CalendarEntry[] | undefined;
  const regional = new Map<string, CalendarEntry[]>();
  const self: YearCalendar = {
    days,
    festivals: () => (festivals ??= festivalCalendar(days)),
    vratas: () => (vratas ??= vrataCalendar(days)),
    regional(regions) {
      const wanted = REGIONS.filter((r) => regions.includes(r));
      const k = wanted.join(",");
      let list = regional.get(k);
      if (!list) {
        list = wanted.length === 0 ? [] : regionalFestivals(days, cal, wanted, self.festivals());
        regional.set(k, list);
      }
      return list;
    },
  };
  return self;
}

const conventionsKey = (c: Conventions) => `${c.ayanamsha},${c.node},${c.sunrise},${c.month}`;

/** Hits and misses of the memo (tests, /metrics). */
export function yearCalendarStats(): { hits: number; misses: number; entries: number } {
  return { ...stats, entries: memo.size };
}

/** Empties the memo (benchmarks measuring uncached costs). */
export function clearYearCalendars(): void {
  memo.clear();
}
