import { EngineInputError } from "../errors.js";
import { formatIso } from "../time/iso.js";
import { jdFromUnixMs, unixMsFromJd } from "../time/julian.js";
import { ianaZoneClock, zoneOfPlace, type ZoneClock } from "../time/zones.js";
import { checkWindow, detectEvents } from "./detect.js";
import { lunarEclipseSeenFrom, solarEclipseSeenFrom, type EclipseVisibility } from "./eclipse-visibility.js";
import { lunarEclipseAt } from "./eclipses.js";
import { eventKey, type DetectedEvent, type EventType } from "./event-types.js";
import { localizeEvent, type LocalizedEvent } from "./localize.js";

/**
 * The events query (docs/events.md): the detector's events in a window, each with the key the
 * webhooks and subscriptions carry (`eventKey`, the same instant whichever window found it) and,
 * for a place, what webhook subscribers with that place receive (localize.ts: local times, the
 * observance day of tithi events and sankrantis) plus, for eclipses, whether and when the eclipse
 * is seen there (eclipse-visibility.ts).
 */

/** A window spans at most a year (a leap year's 366 days). */
export const MAX_QUERY_DAYS = 366;
const DAY_MS = 86_400_000;

export interface QueryPlace {
  readonly latitude: number;
  readonly longitude: number;
  /** IANA zone; default the zone of the coordinates (offline lookup). */
  readonly timeZone?: string | null;
}

export interface LocalVisibility {
  readonly visible: boolean;
  /** Solar: the kind seen there (partial, annular, total); null for lunar eclipses and where none reaches the place. */
  readonly local_kind: string | null;
  readonly obscuration: number | null;
  readonly contacts: readonly { contact: string; time: string; altitude: number }[];
  readonly maximum: { time: string; altitude: number } | null;
  readonly seen_from: string | null;
  readonly seen_until: string | null;
}

export interface QueriedEvent {
  /** Stable id: type and instant (the same in webhook payloads and GraphQL subscriptions). */
  readonly id: string;
  readonly type: EventType;
  /** ISO 8601 UT to the millisecond. */
  readonly instant: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly location: (LocalizedEvent & { visibility?: LocalVisibility }) | null;
}

/** Days of window per price unit (one unit per started 31 days). */
export const PRICE_UNIT_DAYS = 31;

/** Price units of a window (≥ 1; a window that cannot be read counts 1: it is refused, free). */
export function windowPriceUnits(fromMs: number, toMs: number): number {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs <= fromMs) return 1;
  return Math.max(1, Math.ceil(Math.min(toMs - fromMs, MAX_QUERY_DAYS * DAY_MS) / (PRICE_UNIT_DAYS * DAY_MS)));
}

/**
 * The query's input rules, run before anything is priced (and again by eventsInWindow): the
 * window inside the ephemeris span and at most a year, `to` after `from`, a non-empty `types`,
 * a usable place. Throws EngineInputError naming the field; returns the place's zone clock.
 */
export function checkEventsQuery(fromMs: number, toMs: number, types: readonly EventType[] | null, place: QueryPlace | null): ZoneClock | null {
  checkWindow(fromMs, toMs);
  if (toMs <= fromMs) throw new EngineInputError("to must be after from", "to");
  if (toMs - fromMs > MAX_QUERY_DAYS * DAY_MS) throw new EngineInputError(`a window spans at most ${MAX_QUERY_DAYS} days`, "to");
  if (types && types.length === 0) throw new EngineInputError("types, when given, names at least one event type", "types");
  return place ? placeClock(place) : null;
}

export function eventsInWindow(fromMs: number, toMs: number, types: readonly EventType[] | null, place: QueryPlace | null): QueriedEvent[] {
  const clock = checkEventsQuery(fromMs, toMs, types, place);
  const wanted = types ? new Set(types) : null;
  return detectEvents(fromMs, toMs)
    .filter((e) => !wanted || wanted.has(e.type))
    .map((e) => ({
      id: eventKey(e.type, e.instant), type: e.type, instant: new Date(e.instant).toISOString(), data: e.data,
      location: place && clock ? localPart(e, place, clock) : null,
    }));
}

function placeClock(place: QueryPlace): ZoneClock {
  const { latitude, longitude } = place;
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw new EngineInputError(`latitude must be within −90..90, got ${latitude}`, "latitude");
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw new EngineInputError(`longitude must be within −180..180, got ${longitude}`, "longitude");
  const name = place.timeZone ?? zoneOfPlace(latitude, longitude);
  const clock = ianaZoneClock(name);
  if (!clock) throw new EngineInputError(`timeZone must be an IANA time zone (e.g. Asia/Kolkata), got "${place.timeZone}"`, "timeZone");
  return clock;
}

function localPart(e: DetectedEvent, place: QueryPlace, clock: ZoneClock): LocalizedEvent & { visibility?: LocalVisibility } {
  const local = localizeEvent(e, place.latitude, place.longitude, place.timeZone);
  const p = { latDeg: place.latitude, lonDeg: place.longitude };
  if (e.type === "eclipse_solar") return { ...local, visibility: visibilityJson(solarEclipseSeenFrom(jdFromUnixMs(e.instant), p), clock) };
  if (e.type === "eclipse_lunar") {
    // The detector found it at the full moon before its peak: search from there again (same instant, eclipses.ts).
    const lunar = lunarEclipseAt(jdFromUnixMs(e.instant));
    if (lunar) return { ...local, visibility: visibilityJson(lunarEclipseSeenFrom(lunar, p), clock) };
  }
  return local;
}

function visibilityJson(v: EclipseVisibility, clock: ZoneClock): LocalVisibility {
  const at = (jd: number) => {
    const ms = Math.round(unixMsFromJd(jd) / 1000) * 1000;
    return formatIso(ms, clock.offsetMinutesAt(ms));
  };
  const alt = (deg: number) => Math.round(deg * 10) / 10;
  return {
    visible: v.visible, local_kind: v.localKind, obscuration: v.obscuration === null ? null : Math.round(v.obscuration * 1e4) / 1e4,
    contacts: v.contacts.map((c) => ({ contact: c.contact, time: at(c.jdUt), altitude: alt(c.altitudeDeg) })),
    maximum: v.maximum && { time: at(v.maximum.jdUt), altitude: alt(v.maximum.altitudeDeg) },
    seen_from: v.seenFromJdUt === null ? null : at(v.seenFromJdUt),
    seen_until: v.seenUntilJdUt === null ? null : at(v.seenUntilJdUt),
  };
}
