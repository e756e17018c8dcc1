import { DASHA_SYSTEMS, type DashaSystemKey } from "../dasha/dasha-systems.js";

/**
 * Personal (birth-keyed) event types (docs/events.md, "Personal events"): events of one birth's
 * own chart, delivered to the webhook or GraphQL subscription that carries the birth. They sit
 * beside the specification's ten world event types (event-types.ts), which stay unchanged.
 * These fourteen are what a birth receives by default (Vimshottari's dasha changes among them);
 * the other dasha systems' changes (SYSTEM_DASHA_EVENT_TYPES) come when asked for.
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

/** The dasha systems a subscription may ask for (`dasha_systems`): Vimshottari and every system /dasha serves. */
export const PERSONAL_DASHA_SYSTEMS = ["vimshottari", ...DASHA_SYSTEMS] as const;
export type PersonalDashaSystem = (typeof PERSONAL_DASHA_SYSTEMS)[number];
/** What `dasha_systems` defaults to. */
export const DEFAULT_DASHA_SYSTEMS: readonly PersonalDashaSystem[] = ["vimshottari"];

type SystemDashaEventType = `${DashaSystemKey}_dasha_maha_change` | `${DashaSystemKey}_dasha_antar_change`;

/**
 * The maha and antar changes of each dasha system besides Vimshottari, named per system
 * ("yogini_dasha_antar_change"); Vimshottari keeps dasha_maha_change / dasha_antar_change.
 */
export const SYSTEM_DASHA_EVENT_TYPES: readonly SystemDashaEventType[] = DASHA_SYSTEMS.flatMap((s) => [
  `${s}_dasha_maha_change` as const, `${s}_dasha_antar_change` as const,
]);

export type PersonalEventType = (typeof PERSONAL_EVENT_TYPES)[number] | SystemDashaEventType;

/** Every personal type: the fourteen, then the other systems' dasha changes. */
export const ALL_PERSONAL_EVENT_TYPES: readonly PersonalEventType[] = [...PERSONAL_EVENT_TYPES, ...SYSTEM_DASHA_EVENT_TYPES];

const KNOWN: ReadonlySet<string> = new Set(ALL_PERSONAL_EVENT_TYPES);

export function isPersonalDashaSystem(value: unknown): value is PersonalDashaSystem {
  return typeof value === "string" && (PERSONAL_DASHA_SYSTEMS as readonly string[]).includes(value);
}

/** The maha and antar change types of a dasha system. */
export function dashaEventTypes(system: PersonalDashaSystem): [PersonalEventType, PersonalEventType] {
  return system === "vimshottari" ? ["dasha_maha_change", "dasha_antar_change"] : [`${system}_dasha_maha_change`, `${system}_dasha_antar_change`];
}

/** The system and level of a system dasha change type ("yogini_dasha_antar_change" → yogini, antar), else null. */
export function systemDashaOfType(type: string): { system: DashaSystemKey; level: "maha" | "antar" } | null {
  const m = /^(.+)_dasha_(maha|antar)_change$/.exec(type);
  if (!m || !(DASHA_SYSTEMS as readonly string[]).includes(m[1]!)) return null;
  return { system: m[1] as DashaSystemKey, level: m[2] as "maha" | "antar" };
}

/**
 * The personal types a birth receives: those named, or, when none is named, the twelve that are
 * not dasha changes plus the dasha changes of `dashaSystems` (default Vimshottari); the dasha
 * changes of systems asked for by `dashaSystems` are added to named ones too.
 */
export function personalTypesFor(named: readonly PersonalEventType[], dashaSystems: readonly PersonalDashaSystem[] | null): PersonalEventType[] {
  const dasha = (dashaSystems ?? DEFAULT_DASHA_SYSTEMS).flatMap((s) => dashaEventTypes(s));
  if (named.length === 0) {
    const base = PERSONAL_EVENT_TYPES.filter((t) => t !== "dasha_maha_change" && t !== "dasha_antar_change");
    return [...new Set([...dasha, ...base])];
  }
  return [...new Set([...named, ...(dashaSystems ? dasha : [])])];
}

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

/** The dasha systems whose maha or antar change types a list of event types holds, in PERSONAL_DASHA_SYSTEMS order. */
export function dashaSystemsIn(types: readonly string[]): PersonalDashaSystem[] {
  const have = new Set(types);
  return PERSONAL_DASHA_SYSTEMS.filter((s) => dashaEventTypes(s).some((t) => have.has(t)));
}
