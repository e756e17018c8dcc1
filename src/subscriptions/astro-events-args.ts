import { EVENT_TYPES, isPersonalEventType, type AnyEventType, type PersonalEventType } from "../engine/events/event-types.js";
import { personalTypesFor } from "../engine/events/personal-event-types.js";
import { AccountsError } from "../accounts/errors.js";
import { dashaSystemsOf } from "../events/webhook-subscriptions.js";
import type { StoredBirth } from "../events/personal-birth.js";
import type { BirthInput } from "../resolvers/chart/birth-input.js";
import { storedBirthFrom } from "../resolvers/webhooks/webhook-birth.js";
import { subscriberPlace, type SubscriberPlace } from "../engine/events/subscriber-place.js";
import { civilArgsFrom } from "../resolvers/common/civil-input.js";
import { badUserInput } from "../resolvers/common/input-errors.js";

/** The arguments of `subscription { astroEvents(…) }` as the schema coerces them (enum values are the engine names). */
export interface AstroEventsArgs {
  readonly types?: readonly AnyEventType[] | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  /** A place id (GET /places): its coordinates, as REST's `place`. */
  readonly place?: string | null;
  readonly birth?: BirthInput | null;
  /** With a birth: the dasha systems whose changes come (default vimshottari), as a webhook subscription's dasha_systems. */
  readonly dashaSystems?: readonly string[] | null;
}

/** What a subscriber asked for: the event types it receives, and its place when it gave one. */
export interface AstroEventsFilter {
  readonly types: ReadonlySet<AnyEventType>;
  readonly place: SubscriberPlace | null;
  readonly birth: StoredBirth | null;
  /** The personal types it receives (empty without a birth). */
  readonly personal: ReadonlySet<PersonalEventType>;
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
  const birth = given.birth ? storedBirthFrom(given.birth) : null;
  const named = args.types ?? EVENT_TYPES;
  if (named.length === 0) {
    throw badUserInput("types", `types must name at least one event type (or be left out for all ten): ${EVENT_TYPE_NAMES.join(", ")}`);
  }
  const personalNamed = named.filter((t): t is PersonalEventType => isPersonalEventType(t));
  if (personalNamed.length > 0 && !birth) {
    throw badUserInput("types", `${personalNamed[0]!.toUpperCase()} is a personal event type: give birth too`);
  }
  const where = subscriberPlace(args.latitude, args.longitude);
  if ("field" in where) throw badUserInput(where.field, where.message);
  let systems;
  try {
    systems = dashaSystemsOf(given.dashaSystems, birth !== null);
  } catch (err) {
    if (err instanceof AccountsError) throw badUserInput("dashaSystems", err.message);
    throw err;
  }
  // A birth with no personal type named receives the default ones (as a webhook subscription does).
  const personal = new Set<PersonalEventType>(birth ? personalTypesFor(personalNamed, systems) : []);
  return { types: new Set([...named, ...personal]), place: where.place, birth, personal };
}
