/**
 * A webhook subscription's events as an iCalendar feed (docs/events.md, "The feed of a
 * subscription"): the world events of its types and its birth's personal events over the window
 * from 30 days before today (UT) to the end of the event horizon (the day boundary the personal
 * scheduler records to), from the same engine functions that feed the outbox — detect.ts for the
 * world, personal-events.ts for the birth — so each VEVENT's UID is the id its webhook carries
 * (`data.event_id`: type@instant, and type@instant@subscription for a personal event) and its
 * DTSTART that event's instant. Day events (the janma nakshatra day, the Vedic birthday) are
 * all-day events on the local date their instant falls on at the feed's place.
 */
import { detectEvents } from "../engine/events/detect.js";
import { eventKey, isEventType, type DetectedEvent, type EventType } from "../engine/events/event-types.js";
import {
  isPersonalEventType, personalEventKey, systemDashaOfType, type PersonalEvent, type PersonalEventType,
} from "../engine/events/personal-event-types.js";
import { natalOf, personalEvents, type WorldScan } from "../engine/events/personal-events.js";
import { formatIso } from "../engine/time/iso.js";
import { ianaZoneClock, zoneOfPlace, type ZoneClock } from "../engine/time/zones.js";
import type { AyanamshaName } from "../engine/types.js";
import { EVENT_TYPE_TITLES } from "../i18n/tables/event-types.js";
import { IN_PROCESS, type EngineTaskRunner } from "../engine-pool/engine-pool.js";
import { nextTurn } from "../gates/turns.js";
import type { IcsEvent } from "./ics.js";

const DAY_MS = 86_400_000;
/** Days before today (UT) the feed still shows: a calendar keeps the recent past. */
export const SUBSCRIPTION_FEED_PAST_DAYS = 30;
/** The world detector is run in chunks of this many days, the event loop served between them. */
const DETECT_CHUNK_DAYS = 10;

/** What a subscription's feed is made of (the subscription row, read at each poll). */
export interface FeedSubscription {
  readonly subscriptionId: string;
  readonly events: readonly string[];
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly birth: { readonly instant: string; readonly latitude: number; readonly longitude: number; readonly ayanamsha: AyanamshaName } | null;
}

export interface SubscriptionFeedWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/** [today − 30 days, the horizon's day boundary): whole UT days, so one day's polls share a window. */
export function subscriptionFeedWindow(nowMs: number, horizonMs: number): SubscriptionFeedWindow {
  return {
    fromMs: Math.floor(nowMs / DAY_MS) * DAY_MS - SUBSCRIPTION_FEED_PAST_DAYS * DAY_MS,
    toMs: Math.floor((nowMs + horizonMs) / DAY_MS) * DAY_MS,
  };
}

/** The zone the feed's days are dated in: the subscription's place, else the birth's, else UTC. */
export function subscriptionFeedZone(sub: FeedSubscription): { name: string; clock: ZoneClock } {
  const lat = sub.latitude ?? sub.birth?.latitude ?? null;
  const lon = sub.longitude ?? sub.birth?.longitude ?? null;
  const name = lat !== null && lon !== null ? zoneOfPlace(lat, lon) : "UTC";
  return { name, clock: ianaZoneClock(name) ?? { offsetMinutesAt: () => 0 } };
}

/** The feed's computation takes its turns in the event loop's one rotation (src/gates/turns.ts). */
const FEEDS = {};
const yieldLoop = () => nextTurn(FEEDS);

/**
 * World events and birth-independent scans of a window are the same for every subscription
 * polled that day: kept process-wide (a few windows), so a day's polls compute them once.
 */
const worldOfWindow = new Map<string, Promise<DetectedEvent[]>>();
const scansOfWindow = new Map<string, Promise<WorldScan>>();
function remember<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= 4) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

function worldEvents(w: SubscriptionFeedWindow): Promise<DetectedEvent[]> {
  const key = `${w.fromMs}|${w.toMs}`;
  const hit = worldOfWindow.get(key);
  if (hit) return hit;
  const run = (async () => {
    const out: DetectedEvent[] = [];
    // The detector gives an event the same instant whichever window finds it (detect.ts): chunks change nothing.
    for (let a = w.fromMs; a < w.toMs; a += DETECT_CHUNK_DAYS * DAY_MS) {
      out.push(...detectEvents(a, Math.min(w.toMs, a + DETECT_CHUNK_DAYS * DAY_MS)));
      await yieldLoop();
    }
    return out;
  })();
  run.catch(() => worldOfWindow.delete(key));
  return remember(worldOfWindow, key, run);
}

/** The window's world scan (≈ 0.6 s for 70 days): an engine task, on an engine thread when the service has one. */
function scanOf(w: SubscriptionFeedWindow, ayanamsha: AyanamshaName, tasks: EngineTaskRunner): Promise<WorldScan> {
  const key = `${w.fromMs}|${w.toMs}|${ayanamsha}`;
  const hit = scansOfWindow.get(key);
  if (hit) return hit;
  const run = tasks.run("worldScan", { fromMs: w.fromMs, toMs: w.toMs, ayanamsha });
  run.catch(() => scansOfWindow.delete(key));
  return remember(scansOfWindow, key, run);
}

const iso = (ms: number) => new Date(ms).toISOString();
const nameOf = (v: unknown): string =>
  v && typeof v === "object" && "name" in v ? String((v as { name: unknown }).name) : String(v);
const title = (s: string) => s.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The system's display name in a summary ("chaturaseeti_sama" → "Chaturaseeti sama"). */
function systemName(data: Readonly<Record<string, unknown>>): string {
  return title(String(data.system ?? "vimshottari"));
}

/** A personal event's one-line summary (English, as the calendar feeds' text). */
function personalSummary(type: PersonalEventType, d: Readonly<Record<string, unknown>>): string {
  const sys = systemDashaOfType(type);
  if (type === "dasha_maha_change" || sys?.level === "maha") return `${systemName(d)} maha dasha of ${title(nameOf(d.maha_dasha))} begins`;
  if (type === "dasha_antar_change" || sys?.level === "antar") {
    return `${systemName(d)} antar dasha ${title(nameOf(d.maha_dasha))}–${title(nameOf(d.antar_dasha))} begins`;
  }
  switch (type) {
    case "jupiter_house_change":
    case "saturn_house_change":
      return `${type.startsWith("jupiter") ? "Jupiter" : "Saturn"} enters the ${ordinal(Number(d.house_from_moon))} from the natal Moon (${nameOf(d.sign)})`;
    case "sade_sati_phase_start":
    case "sade_sati_phase_end":
      return `Sade Sati ${String(d.phase ?? "")} phase ${type.endsWith("start") ? "begins" : "ends"}`.replace("  ", " ");
    case "kantaka_shani_start":
    case "kantaka_shani_end":
      return `Kantaka Shani (${ordinal(Number(d.house_from_moon))} from the Moon) ${type.endsWith("start") ? "begins" : "ends"}`;
    case "ashtama_shani_start":
    case "ashtama_shani_end":
      return `Ashtama Shani ${type.endsWith("start") ? "begins" : "ends"}`;
    case "chandrashtama_start":
    case "chandrashtama_end":
      return `Chandrashtama ${type.endsWith("start") ? "begins" : "ends"} (Moon in ${nameOf(d.sign)})`;
    case "janma_nakshatra":
      return `Janma nakshatra (${nameOf(d.nakshatra)})`;
    case "vedic_birthday":
      return `Vedic birthday (${nameOf(d.tithi)}${d.age !== undefined ? `, age ${String(d.age)}` : ""})`;
    default:
      return title(type);
  }
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th"}`;

/** The event's data as DESCRIPTION lines: scalars as they are, named values by their name. */
function describe(id: string, data: Readonly<Record<string, unknown>>): string {
  const lines = [`Event id: ${id}`];
  for (const [k, v] of Object.entries(data)) {
    if (v === null || v === undefined) continue;
    if (typeof v === "object") {
      if ("name" in (v as object)) lines.push(`${k}: ${nameOf(v)}`);
      continue;
    }
    lines.push(`${k}: ${String(v)}`);
  }
  return lines.join("\n");
}

/** Personal types shown as all-day events: they name a day, not a moment. */
const DAY_EVENTS: ReadonlySet<string> = new Set(["janma_nakshatra", "vedic_birthday"]);

/**
 * The feed's events: world events of the subscription's types and, with a birth, its personal
 * events of the types it holds, each once, by instant. Gives the event loop a turn between the
 * heavy steps (the world detector in 10-day chunks, the window's scans).
 */
export async function subscriptionFeedEvents(
  sub: FeedSubscription, w: SubscriptionFeedWindow, zone: ZoneClock, tasks: EngineTaskRunner = IN_PROCESS,
): Promise<IcsEvent[]> {
  const worldTypes = new Set(sub.events.filter((t): t is EventType => isEventType(t)));
  const personalTypes = new Set(sub.events.filter((t): t is PersonalEventType => isPersonalEventType(t)));
  const out: { at: number; e: IcsEvent }[] = [];
  if (worldTypes.size > 0) {
    for (const e of await worldEvents(w)) {
      if (!worldTypes.has(e.type)) continue;
      const id = eventKey(e.type, e.instant);
      const titleRow = EVENT_TYPE_TITLES.rows[e.type] as Record<string, string> | undefined;
      out.push({
        at: e.instant,
        e: { uid: id, kind: "instant", atMs: e.instant, summary: titleRow?.en ?? title(e.type), description: describe(id, e.data), categories: ["world", e.type] },
      });
    }
  }
  if (sub.birth && personalTypes.size > 0) {
    const b = sub.birth;
    const natal = natalOf(Date.parse(b.instant), b.ayanamsha, { latDeg: b.latitude, lonDeg: b.longitude });
    const found: PersonalEvent[] = personalEvents(natal, await scanOf(w, b.ayanamsha, tasks), personalTypes);
    for (const p of found) {
      const id = personalEventKey(p.type, p.instant, sub.subscriptionId);
      const data = { ...p.data };
      const common = { uid: id, summary: personalSummary(p.type, data), description: describe(id, { instant: iso(p.instant), ...data }), categories: ["personal", p.type] };
      out.push({
        at: p.instant,
        e: DAY_EVENTS.has(p.type)
          ? { ...common, kind: "day", date: formatIso(p.instant, zone.offsetMinutesAt(p.instant)).slice(0, 10) }
          : { ...common, kind: "instant", atMs: p.instant },
      });
    }
  }
  return out.sort((a, b) => a.at - b.at || a.e.uid.localeCompare(b.e.uid)).map((x) => x.e);
}

