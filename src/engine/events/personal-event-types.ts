/**
 * Personal (birth-keyed) event types (docs/events.md, "Personal events"): events of one birth's
 * own chart, delivered to the webhook or GraphQL subscription that carries the birth. They sit
 * beside the specification's ten world event types (event-types.ts), which stay unchanged.
 */
export const PERSONAL_EVENT_TYPES = [
  "dasha_maha_change",
  "dasha_antar_change",
  "jupiter_house_change",
  "saturn_house_change",
  "sade_sati_phase_start",
  "sade_sati_phase_end",
  "kantaka_shani_start",
  "kantaka_shani_end",
  "ashtama_shani_start",
  "ashtama_shani_end",
  "chandrashtama_start",
  "chandrashtama_end",
  "janma_nakshatra",
  "vedic_birthday",
] as const;

export type PersonalEventType = (typeof PERSONAL_EVENT_TYPES)[number];

const KNOWN: ReadonlySet<string> = new Set(PERSONAL_EVENT_TYPES);

export function isPersonalEventType(value: unknown): value is PersonalEventType {
  return typeof value === "string" && KNOWN.has(value);
}

/** One personal event: type, instant (UT epoch ms, whole seconds: the routes report seconds) and data. */
export interface PersonalEvent {
  readonly type: PersonalEventType;
  readonly instant: number;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * A personal event's stable id: type, instant and the owner it belongs to (a webhook
 * subscription id, or a GraphQL stream's birth key): "dasha_antar_change@2031-02-11T04:12:09.000Z@sub_…".
 */
export function personalEventKey(type: PersonalEventType, instantMs: number, owner: string): string {
  return `${type}@${new Date(instantMs).toISOString()}@${owner}`;
}
