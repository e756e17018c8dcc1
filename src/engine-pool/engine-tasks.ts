/**
 * The engine calls that may run longer than a slice of the event loop (tens to hundreds of ms:
 * a year of sunrises, tithis and festivals, a 366-day sub-lord scan, a year's panchanga search),
 * as tasks of plain data: each input and answer survives structured cloning, so the same
 * function runs on an engine thread (engine-thread.ts) or, with ENGINE_THREADS=0, in the calling
 * thread, with identical answers (docs/limits.md, "The event loop").
 */
import type { CalendarEntry } from "../engine/calendar/entry.js";
import { localCalendarOf } from "../engine/calendar/local-calendar.js";
import type { Region } from "../engine/calendar/regional-festivals.js";
import { yearCalendar, type YearCalendar } from "../engine/calendar/year-calendar.js";
import { subLordChanges, type SubLordChange } from "../engine/kp/sublord-changes.js";
import { searchPanchanga, type PanchangaSearchInput, type PanchangaSearchResult } from "../engine/panchanga/panchanga-search.js";
import { worldScan, type WorldScan } from "../engine/events/personal-events.js";
import { ingresses, type Ingress } from "../engine/scans/ingresses.js";
import { zoneClockOf, type ZoneSpec } from "../engine/time/zones.js";
import type { AyanamshaName, Conventions, Graha, Place } from "../engine/types.js";

/** A year's calendar at a place, dated in a zone. */
export interface CalendarYearInput {
  readonly year: number;
  readonly place: Place;
  readonly zone: ZoneSpec;
  readonly conv: Conventions;
}

export interface ScanInput {
  readonly graha: Graha;
  readonly startJdUt: number;
  readonly endJdUt: number;
  readonly conv: Conventions;
}

/** The key of a calendar year; also the pool's affinity key, so one year's tasks meet its memo. */
export function calendarYearKey(i: CalendarYearInput): string {
  return `${i.year}|${i.place.latDeg}|${i.place.lonDeg}|${i.place.heightM ?? 0}|${zoneKey(i.zone)}|${i.conv.ayanamsha}/${i.conv.node}/${i.conv.sunrise}/${i.conv.month}`;
}

const zoneKey = (z: ZoneSpec) => ("iana" in z ? z.iana : String(z.offsetMinutes));

/**
 * The place's year from the memo of the thread that runs the task (engine/calendar/year-calendar.ts):
 * a request's festivals and vratas, and the next request for the same year and place, build it once.
 */
function yearOf(i: CalendarYearInput): YearCalendar {
  return yearCalendar(i.year, i.place, i.conv, localCalendarOf(zoneClockOf(i.zone)), zoneKey(i.zone));
}

export const ENGINE_TASKS = {
  /** The year's festivals, national and of `regions`, in date order then name. */
  festivalYear(i: CalendarYearInput & { readonly regions: readonly Region[] }): CalendarEntry[] {
    const yc = yearOf(i);
    const national = yc.festivals();
    if (i.regions.length === 0) return [...national];
    return [...national, ...yc.regional(i.regions)]
      .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  },
  /** The year's vrata days. */
  vrataYear(i: CalendarYearInput): CalendarEntry[] {
    return [...yearOf(i).vratas()];
  },
  panchangaSearch(i: PanchangaSearchInput): PanchangaSearchResult {
    return searchPanchanga(i);
  },
  subLordChanges(i: ScanInput): SubLordChange[] {
    return subLordChanges(i.graha, i.startJdUt, i.endJdUt, i.conv);
  },
  ingresses(i: ScanInput): Ingress[] {
    return ingresses(i.graha, i.startJdUt, i.endJdUt, i.conv);
  },
  /** The Moon's, Jupiter's, Saturn's and the tithis' crossings of a window, shared by every birth's personal events (≈ 0.6 s for 40 days). */
  worldScan(i: { readonly fromMs: number; readonly toMs: number; readonly ayanamsha: AyanamshaName }): WorldScan {
    return worldScan(i.fromMs, i.toMs, i.ayanamsha);
  },
} as const;

export type EngineTasks = typeof ENGINE_TASKS;
export type EngineTaskName = keyof EngineTasks;
export type TaskInput<N extends EngineTaskName> = Parameters<EngineTasks[N]>[0];
export type TaskOutput<N extends EngineTaskName> = ReturnType<EngineTasks[N]>;
