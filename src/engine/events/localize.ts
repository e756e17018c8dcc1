import { localCalendarOf } from "../calendar/local-calendar.js";
import { SANKRANTI_RULE, sankrantiDay } from "../calendar/festivals.js";
import { tithiVratas } from "../calendar/vrata.js";
import { civilDays, yearDaysOf, type DatedTithi, type YearDays } from "../calendar/year-days.js";
import { EngineInputError } from "../errors.js";
import { formatIso } from "../time/iso.js";
import { jdFromUnixMs, unixMsFromJd } from "../time/julian.js";
import { ianaZoneClock, zoneOfPlace, type ZoneClock } from "../time/zones.js";
import { DEFAULT_CONVENTIONS, type Place } from "../types.js";
import type { DetectedEvent } from "./event-types.js";
import { tithisStartingIn } from "./tithi-events.js";

/**
 * An event seen from a subscriber's place (the webhook payload's location part,
 * docs/architecture.md §8): the place's IANA zone (looked up offline from the coordinates, as
 * the calendar does, unless one is given), the local date and time of the instant and, for
 * ekadashi, purnima and amavasya, the tithi's local start and end and the civil day the vrata
 * is kept there — the calendar's own rules (calendar/vrata.ts: Smarta Ekadashi at sunrise and
 * the Vaishnava day when Dashami touches arunodaya, Purnima at sunset, Amavasya at aparahna),
 * run on the few civil days around the tithi instead of a whole year. A sankranti gets the
 * calendar's punya-kala day.
 */

export interface LocalObservance {
  readonly name: string;
  readonly kind: string;
  /** Local civil date, "YYYY-MM-DD". */
  readonly date: string;
  readonly rule: string;
}

export interface LocalizedEvent {
  readonly latitude: number;
  readonly longitude: number;
  readonly time_zone: string;
  /** "given" when the subscription named the zone, else "coordinates". */
  readonly time_zone_source: "given" | "coordinates";
  /** The instant in the place's zone, ISO 8601 to the second with its offset. */
  readonly local_time: string;
  /** The civil date of the instant there, "YYYY-MM-DD". */
  readonly local_date: string;
  /** Tithi events: the tithi's span in local time. */
  readonly tithi_start_local?: string;
  readonly tithi_end_local?: string;
  /**
   * Tithi events and sankranti: the civil date the observance is kept at the place (Smarta
   * Ekadashi, Purnima, Amavasya, the sankranti's punya kala), null where it cannot be dated.
   */
  readonly observance_date?: string | null;
  readonly observances?: readonly LocalObservance[] | null;
  /** Why observance_date is null (a polar day or night, or no such tithi at the instant). */
  readonly observance_note?: string | null;
}

const TITHI_OF: Readonly<Record<string, readonly number[]>> = { ekadashi: [11, 26], purnima: [15], amavasya: [30] };
const MAIN_KIND: Readonly<Record<string, string>> = { ekadashi: "ekadashi_smarta", purnima: "purnima", amavasya: "amavasya" };
/** Civil days either side of a tithi or sankranti: enough for the next day's sunrise and the Vaishnava Ekadashi. */
const DAYS_AROUND = 1.5;

/** Throws EngineInputError naming latitude, longitude or timeZone when one is unusable. */
export function localizeEvent(event: DetectedEvent, latitude: number, longitude: number, timeZone?: string | null): LocalizedEvent {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw new EngineInputError(`latitude must be within −90..90, got ${latitude}`, "latitude");
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw new EngineInputError(`longitude must be within −180..180, got ${longitude}`, "longitude");
  const zoneName = timeZone ?? zoneOfPlace(latitude, longitude);
  const clock = ianaZoneClock(zoneName);
  if (!clock) throw new EngineInputError(`timeZone must be an IANA time zone (e.g. Asia/Kolkata), got "${timeZone}"`, "timeZone");
  const place: Place = { latDeg: latitude, lonDeg: longitude };
  const base: LocalizedEvent = {
    latitude, longitude, time_zone: zoneName, time_zone_source: timeZone ? "given" : "coordinates",
    local_time: localIso(clock, event.instant), local_date: dateOf(clock, event.instant),
  };
  const tithiNumbers = TITHI_OF[event.type];
  if (tithiNumbers) return { ...base, ...tithiPart(event, tithiNumbers, place, clock) };
  if (event.type === "sankranti") return { ...base, ...sankrantiPart(event, place, clock) };
  return base;
}

function tithiPart(event: DetectedEvent, numbers: readonly number[], place: Place, clock: ZoneClock): Partial<LocalizedEvent> {
  const t = tithiStartingAt(event.instant, numbers);
  if (!t) return { observance_date: null, observances: null, observance_note: `no ${event.type} tithi starts at this instant` };
  const span = { tithi_start_local: junctionIso(clock, t.startJd), tithi_end_local: junctionIso(clock, t.endJd) };
  // Ekadashi's day and parana depend on the Dwadashi that follows (calendar/ekadashi.ts): it rides along.
  const dwadashi = t.number === 11 || t.number === 26
    ? tithisStartingIn(t.endJd - 0.01, t.endJd + 0.01, DEFAULT_CONVENTIONS).find((x) => x.number === t.number + 1)
    : undefined;
  const year = daysAround(t.startJd, dwadashi?.endJd ?? t.endJd, place, clock, dwadashi ? [t, dwadashi] : [t]);
  if (typeof year === "string") return { ...span, observance_date: null, observances: null, observance_note: year };
  const observances = tithiVratas(t, year)
    .filter((v) => v.kind.startsWith(event.type))
    .map((v) => ({ name: v.name, kind: v.kind, date: v.date, rule: v.rule }));
  const main = observances.find((o) => o.kind === MAIN_KIND[event.type]);
  return { ...span, observance_date: main?.date ?? null, observances, observance_note: main ? null : "the tithi touches no civil day here" };
}

function sankrantiPart(event: DetectedEvent, place: Place, clock: ZoneClock): Partial<LocalizedEvent> {
  const jd = jdFromUnixMs(event.instant);
  const year = daysAround(jd, jd, place, clock);
  if (typeof year === "string") return { observance_date: null, observances: null, observance_note: year };
  const day = sankrantiDay(year, jd);
  if (!day) return { observance_date: null, observances: null, observance_note: "the instant falls on no civil day here" };
  return { observance_date: day.date, observances: [{ name: "Sankranti", kind: "sankranti", date: day.date, rule: SANKRANTI_RULE }], observance_note: null };
}

/** The civil days around [fromJd, toJd] at the place, as a YearDays for the calendar's rules, or why there are none. */
function daysAround(fromJd: number, toJd: number, place: Place, clock: ZoneClock, tithis: readonly DatedTithi[] = []): YearDays | string {
  const cal = localCalendarOf(clock);
  try {
    // From local midnight, as the calendar walks: a day-long window from an arbitrary instant can miss a sunrise.
    const [y, m, d] = cal.dateOf(fromJd - DAYS_AROUND).split("-").map(Number) as [number, number, number];
    const days = civilDays(cal.midnightJd(y, m, d), toJd + DAYS_AROUND, place, DEFAULT_CONVENTIONS, cal);
    return yearDaysOf(Number(cal.dateOf(fromJd).slice(0, 4)), days, tithis, [], place, DEFAULT_CONVENTIONS);
  } catch (e) {
    if (e instanceof EngineInputError) return e.message;
    throw e;
  }
}

/** Recent lookups of the tithi starting at an instant (every subscriber of one event asks for the same one). */
const recent = new Map<number, DatedTithi | null>();
const MAX_RECENT = 256;

/** The tithi (of one of `numbers`) the detector would report at `instantMs`, or null (an event submitted from outside). */
function tithiStartingAt(instantMs: number, numbers: readonly number[]): DatedTithi | null {
  let t = recent.get(instantMs);
  if (t === undefined) {
    const jd = jdFromUnixMs(instantMs);
    t = tithisStartingIn(jd - 0.01, jd + 0.01, DEFAULT_CONVENTIONS).find((x) => Math.abs(unixMsFromJd(x.startJd) - instantMs) < 1000) ?? null;
    if (recent.size >= MAX_RECENT) recent.clear();
    recent.set(instantMs, t);
  }
  return t && numbers.includes(t.number) ? t : null;
}

function localIso(clock: ZoneClock, unixMs: number): string {
  return formatIso(unixMs, clock.offsetMinutesAt(unixMs));
}

/** A junction to the second rounded up, as /panchanga prints it (docs/architecture.md §3). */
function junctionIso(clock: ZoneClock, jdUt: number): string {
  return localIso(clock, Math.ceil(unixMsFromJd(jdUt) / 1000) * 1000);
}

function dateOf(clock: ZoneClock, unixMs: number): string {
  return localCalendarOf(clock).dateOf(jdFromUnixMs(unixMs));
}
