/**
 * The specification's ten event types (its Events section), exactly as they travel in webhook
 * payloads, subscriptions and GraphQL. Shared by the detector (engine/events), the outbox and
 * the GraphQL subscription (docs/architecture.md §8).
 */
export const EVENT_TYPES = [
  "ekadashi",
  "purnima",
  "amavasya",
  "sankranti",
  "saturn_sign_change",
  "jupiter_sign_change",
  "mercury_retrograde_start",
  "mercury_retrograde_end",
  "eclipse_solar",
  "eclipse_lunar",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

const KNOWN: ReadonlySet<string> = new Set(EVENT_TYPES);

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && KNOWN.has(value);
}

/** One event found by the engine: its type, its instant (UT, epoch ms) and type-specific data. */
export interface DetectedEvent {
  readonly type: EventType;
  readonly instant: number;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * A detected event's stable id: its type and instant ("eclipse_solar@2024-04-08T18:17:16.512Z").
 * The detector gives an event the same instant whichever window finds it (detect.ts), so the
 * events query, the webhook payloads (`data.event_id`) and GraphQL subscriptions (`key`) agree.
 */
export function eventKey(type: EventType, instantMs: number): string {
  return `${type}@${new Date(instantMs).toISOString()}`;
}

/**
 * Every type a subscription may name: the ten world types, then the personal (birth-keyed)
 * types of personal-event-types.ts, which need a birth on the subscription.
 */
export { ALL_PERSONAL_EVENT_TYPES, PERSONAL_EVENT_TYPES, isPersonalEventType, type PersonalEventType } from "./personal-event-types.js";
import { ALL_PERSONAL_EVENT_TYPES, type PersonalEventType } from "./personal-event-types.js";
export const ALL_EVENT_TYPES: readonly AnyEventType[] = [...EVENT_TYPES, ...ALL_PERSONAL_EVENT_TYPES];
export type AnyEventType = EventType | PersonalEventType;
const ANY: ReadonlySet<string> = new Set(ALL_EVENT_TYPES);
export function isAnyEventType(value: unknown): value is AnyEventType {
  return typeof value === "string" && ANY.has(value);
}
