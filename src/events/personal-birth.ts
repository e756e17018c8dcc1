/**
 * The birth a webhook subscription carries (docs/events.md, "Personal events"), as stored in
 * webhook_subscriptions.birth: resolved once at the input boundary (the shared birth input,
 * resolvers/chart/birth-input.ts: an offset, or a local time with a timezone or place), so the
 * scheduler reads an instant and never civil time again.
 */
import type { AyanamshaName } from "../engine/types.js";

export interface StoredBirth {
  /** The birth instant, ISO 8601 UT. */
  readonly instant: string;
  /** The birth as the caller's civil time resolved it (ISO 8601 with its offset). */
  readonly datetime: string;
  readonly latitude: number;
  readonly longitude: number;
  /** Sidereal zodiac of the natal Moon (and so of every personal event); default lahiri. */
  readonly ayanamsha: AyanamshaName;
}

/** A stored birth read back (the column is jsonb); null when absent or not a birth. */
export function storedBirthOf(v: unknown): StoredBirth | null {
  if (v === null || typeof v !== "object") return null;
  const b = v as Record<string, unknown>;
  if (typeof b.instant !== "string" || typeof b.latitude !== "number" || typeof b.longitude !== "number") return null;
  return {
    instant: b.instant, datetime: typeof b.datetime === "string" ? b.datetime : b.instant, latitude: b.latitude, longitude: b.longitude,
    ayanamsha: (typeof b.ayanamsha === "string" ? b.ayanamsha : "lahiri") as AyanamshaName,
  };
}
