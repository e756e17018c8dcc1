import { EVENT_TYPES, type EventType } from "../engine/events/event-types.js";
import { subscriberPlace, type SubscriberPlace } from "../engine/events/subscriber-place.js";
import { civilArgsFrom } from "../resolvers/common/civil-input.js";
import { badUserInput } from "../resolvers/common/input-errors.js";

/** The arguments of `subscription { astroEvents(…) }` as the schema coerces them (enum values are the engine names). */
export interface AstroEventsArgs {
  readonly types?: readonly EventType[] | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  /** A place id (GET /places): its coordinates, as REST's `place`. */
  readonly place?: string | null;
}

/** What a subscriber asked for: the event types it receives, and its place when it gave one. */
export interface AstroEventsFilter {
  readonly types: ReadonlySet<EventType>;
  readonly place: SubscriberPlace | null;
}

/** The ten GraphQL names, for messages: EKADASHI, PURNIMA, … */
export const EVENT_TYPE_NAMES = EVENT_TYPES.map((t) => t.toUpperCase());

/**
 * The subscription's argument rules, run before pricing (src/resolvers/prevalidate.ts) and again
 * when the stream starts: latitude/longitude as everywhere else (degrees, ranges), given both or
 * neither, or a `place` id instead; `types` absent means all ten, an empty list is refused.
 */
export function astroEventsArgsFrom(given: AstroEventsArgs): AstroEventsFilter {
  // A place id gives the coordinates left out (the one civil-input resolution, docs/places-and-time.md).
  const { args } = civilArgsFrom(given, []);
  const types = args.types ?? EVENT_TYPES;
  if (types.length === 0) {
    throw badUserInput("types", `types must name at least one event type (or be left out for all ten): ${EVENT_TYPE_NAMES.join(", ")}`);
  }
  const where = subscriberPlace(args.latitude, args.longitude);
  if ("field" in where) throw badUserInput(where.field, where.message);
  return { types: new Set(types), place: where.place };
}
