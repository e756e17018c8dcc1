/**
 * What a calendar feed holds (docs/calendars.md §3): the festivals (with the place's regional ones),
 * the vratas, each as an all-day event on its local date; the windows — Ekadashi parana, a rite's
 * muhurta, an eclipse as seen from the place — as timed events. Each event's UID is made of what
 * identifies it (kind, name, local date, place), never of the poll: the same event gets the same
 * UID in every poll and in every feed year or window that contains it, so calendar apps update
 * rather than duplicate.
 */
import type { CalendarEntry } from "../engine/calendar/entry.js";
import { localCalendarOf } from "../engine/calendar/local-calendar.js";
import { parseRegions } from "../engine/calendar/regional-festivals.js";
import { yearCalendar } from "../engine/calendar/year-calendar.js";
import type { YearDays } from "../engine/calendar/year-days.js";
import { lunarEclipseAt, solarEclipseAt, type LunarEclipse, type SolarEclipse } from "../engine/events/eclipses.js";
import { lunarEclipseSeenFrom, solarEclipseSeenFrom, type EclipseVisibility } from "../engine/events/eclipse-visibility.js";
import { jdFromUnixMs, unixMsFromJd } from "../engine/time/julian.js";
import { DEFAULT_CONVENTIONS, type Place } from "../engine/types.js";
import { zoneKeyOf } from "../resolvers/calendar/local-calendar.js";
import type { Clock } from "../resolvers/panchanga/time-zone.js";
import type { IcsEvent } from "./ics.js";

export const FEED_CONTENTS = ["festivals", "vratas", "eclipses"] as const;
export type FeedContent = (typeof FEED_CONTENTS)[number];

export interface FeedDefinition {
  readonly latitude: number;
  readonly longitude: number;
  /** The zone asked for, or null: the zone of the coordinates. */
  readonly tz: string | null;
  /** A Gregorian year, or null: the rolling window (ROLLING_PAST_DAYS before today to ROLLING_AHEAD_DAYS after). */
  readonly year: number | null;
  readonly contents: readonly FeedContent[];
  /** The festivals' `region` argument (null: the place's regions). */
  readonly region: string | null;
}

export const ROLLING_PAST_DAYS = 30;
export const ROLLING_AHEAD_DAYS = 365;

/** The domain part of every UID (RFC 5545 §3.8.4.7 recommends a domain-like right-hand side). */
const UID_DOMAIN = "feeds.vedic-astro";

const slug = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
/** The place in a UID: coordinates to 0.01° (≈ 1 km), so two places' feeds in one calendar app never share a UID. */
const placeKey = (p: Place) =>
  `${Math.abs(p.latDeg).toFixed(2)}${p.latDeg < 0 ? "s" : "n"}${Math.abs(p.lonDeg).toFixed(2)}${p.lonDeg < 0 ? "w" : "e"}`;

export interface FeedWindow {
  /** Local dates, inclusive. */
  readonly from: string;
  readonly to: string;
}

/** The dates a definition covers: its year, or the rolling window around `today` (a local date). */
export function feedWindow(def: FeedDefinition, today: string): FeedWindow {
  if (def.year !== null) return { from: `${def.year}-01-01`, to: `${def.year}-12-31` };
  const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { from: shift(-ROLLING_PAST_DAYS), to: shift(ROLLING_AHEAD_DAYS) };
}

function describe(e: CalendarEntry): string {
  const parts = [e.rule];
  if (e.tithi) parts.push(`Tithi: ${e.tithi.name} (${e.tithi.paksha})`);
  if (e.masa) parts.push(`Masa: ${e.masa.amanta} (amanta), ${e.masa.purnimanta} (purnimanta)${e.masa.adhika ? ", adhika" : ""}`);
  if (e.region) parts.push(`Region: ${e.region}`);
  if (e.note) parts.push(e.note);
  return parts.join("\n");
}

/** Every event of the definition in the window, at the place, in date order (UIDs unique), in one go (bench, tests). */
export function feedEvents(def: FeedDefinition, place: Place, clock: Clock, window: FeedWindow): IcsEvent[] {
  const steps = feedEventSteps(def, place, clock, window);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * The same, giving the event loop a turn between its heavy steps (each year's days, its rules, its
 * eclipses: ≈ 10–35 ms each, idle), so a rolling window's two years never hold the loop for long
 * (docs/limits.md). What the service runs for a poll.
 */
export async function feedEventsSliced(def: FeedDefinition, place: Place, clock: Clock, window: FeedWindow): Promise<IcsEvent[]> {
  const steps = feedEventSteps(def, place, clock, window);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* feedEventSteps(def: FeedDefinition, place: Place, clock: Clock, window: FeedWindow): Generator<void, IcsEvent[], void> {
  const cal = localCalendarOf(clock);
  const key = placeKey(place);
  const out = new Map<string, IcsEvent>();
  const add = (e: IcsEvent) => {
    if (!out.has(e.uid)) out.set(e.uid, e);
  };
  const inWindow = (date: string) => date >= window.from && date <= window.to;
  const firstYear = Number(window.from.slice(0, 4)), lastYear = Number(window.to.slice(0, 4));
  const want = new Set(def.contents);
  for (let y = firstYear; y <= lastYear; y++) {
    // The place's year is shared with /festivals and /vrata and other feeds of the place (year-calendar.ts).
    const yc = yearCalendar(y, place, DEFAULT_CONVENTIONS, cal, zoneKeyOf(clock, y));
    const year: YearDays = yc.days;
    yield;
    const entries: CalendarEntry[] = [];
    if (want.has("festivals")) entries.push(...yc.festivals(), ...yc.regional(parseRegions(def.region, place)));
    if (want.has("vratas")) entries.push(...yc.vratas());
    for (const e of entries) {
      if (!inWindow(e.date)) continue;
      const category = e.region ? `festival/${e.region}` : e.kind;
      add({
        uid: `${slug(e.name)}-${e.date}-${key}@${UID_DOMAIN}`, kind: "day", date: e.date, endDate: e.endDate,
        summary: e.name, description: describe(e), categories: [category],
      });
      if (e.parana) {
        add({
          uid: `parana-${slug(e.name)}-${e.parana.date}-${key}@${UID_DOMAIN}`, kind: "window",
          startMs: unixMsFromJd(e.parana.startJd), endMs: unixMsFromJd(e.parana.endJd),
          summary: `Parana: ${e.name}`,
          description: `Break the fast of ${e.name} in this window.\nStart: ${e.parana.startRule}; end: ${e.parana.endRule}.`,
          categories: ["parana"],
        });
      }
      if (e.muhurta) {
        add({
          uid: `muhurta-${slug(e.name)}-${e.date}-${key}@${UID_DOMAIN}`, kind: "window",
          startMs: unixMsFromJd(e.muhurta.startJd), endMs: unixMsFromJd(e.muhurta.endJd),
          summary: `${e.name} muhurta`, description: e.rule, categories: ["muhurta"],
        });
      }
    }
    yield;
    if (want.has("eclipses")) for (const ev of eclipses(year, place, key)) if (ev.kind === "window" && inWindow(cal.dateOf(jdFromUnixMs(ev.startMs)))) add(ev);
  }
  return [...out.values()].sort((a, b) => startKey(a, cal).localeCompare(startKey(b, cal)) || a.uid.localeCompare(b.uid));
}

const startKey = (e: IcsEvent, cal: { dateOf(jd: number): string }) =>
  e.kind === "day" ? `${e.date}T` : `${cal.dateOf(jdFromUnixMs(startOf(e)))}U${String(startOf(e)).padStart(15, "0")}`;
const startOf = (e: Exclude<IcsEvent, { kind: "day" }>) => (e.kind === "instant" ? e.atMs : e.startMs);

/**
 * Eclipse searches are the dearest part of a feed (≈ 15–20 ms a year each, idle): the global eclipse
 * of a syzygy is place-free and kept process-wide, its visibility kept per place (0.01°), both in
 * bounded maps — as the lunisolar chunks are, so a second feed of the same year or place reuses them.
 */
const CACHE_MAX = 4096;
const globalEclipses = new Map<string, SolarEclipse | LunarEclipse | null>();
const seenFrom = new Map<string, EclipseVisibility>();
function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  if (map.has(key)) return map.get(key)!;
  const v = make();
  if (map.size >= CACHE_MAX) map.delete(map.keys().next().value!);
  map.set(key, v);
  return v;
}
const syzygyKey = (kind: string, jd: number) => `${kind}${jd.toFixed(4)}`;

/** The eclipses of the year's new and full moons seen from the place: from the first contact it sees to the last. */
function eclipses(year: YearDays, place: Place, key: string): IcsEvent[] {
  const out: IcsEvent[] = [];
  for (const t of year.tithis) {
    if (t.number === 1) {
      const e = cached(globalEclipses, syzygyKey("s", t.startJd), () => solarEclipseAt(t.startJd)) as SolarEclipse | null;
      if (!e) continue;
      const v = cached(seenFrom, `${syzygyKey("s", t.startJd)}@${key}`, () => solarEclipseSeenFrom(e.peakJdUt, place));
      if (!v.visible || v.seenFromJdUt === null || v.seenUntilJdUt === null) continue;
      const startMs = unixMsFromJd(v.seenFromJdUt);
      out.push({
        uid: `eclipse-solar-${new Date(unixMsFromJd(e.peakJdUt)).toISOString().slice(0, 10)}-${key}@${UID_DOMAIN}`, kind: "window",
        startMs, endMs: unixMsFromJd(v.seenUntilJdUt), summary: `Solar eclipse (${v.localKind ?? e.kind})`,
        description: `Seen from this place from first to last contact above the horizon. Global kind: ${e.kind}, magnitude ${e.magnitude.toFixed(3)}.`,
        categories: ["eclipse"],
      });
    } else if (t.number === 16) {
      const e = cached(globalEclipses, syzygyKey("l", t.startJd), () => lunarEclipseAt(t.startJd)) as LunarEclipse | null;
      if (!e) continue;
      const v = cached(seenFrom, `${syzygyKey("l", t.startJd)}@${key}`, () => lunarEclipseSeenFrom(e, place));
      if (!v.visible || v.seenFromJdUt === null || v.seenUntilJdUt === null) continue;
      out.push({
        uid: `eclipse-lunar-${new Date(unixMsFromJd(e.peakJdUt)).toISOString().slice(0, 10)}-${key}@${UID_DOMAIN}`, kind: "window",
        startMs: unixMsFromJd(v.seenFromJdUt), endMs: unixMsFromJd(v.seenUntilJdUt), summary: `Lunar eclipse (${e.kind})`,
        description: `Seen from this place while the Moon is above the horizon. Umbral magnitude ${e.umbralMagnitude.toFixed(3)}.`,
        categories: ["eclipse"],
      });
    }
  }
  return out;
}
