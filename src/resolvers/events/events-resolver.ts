import { EVENT_TYPE_TITLES } from "../../i18n/tables/event-types.js";
import { Arg, Float, ID, Int, Query, Resolver } from "type-graphql";
import { civilArgsFrom, type CivilArgs } from "../common/civil-input.js";
import { FOLD_ARG, PLACE_ARG, TIMEZONE_ARG } from "../common/civil-time-type.js";
import { isPersonalEventType, type EventType } from "../../engine/events/event-types.js";
import { checkEventsQuery, eventsInWindow, windowPriceUnits, type QueryPlace } from "../../engine/events/events-window.js";
import { subscriberPlace } from "../../engine/events/subscriber-place.js";
import { CostPerUnit } from "../../costing/cost-decorator.js";
import { badUserInput, forField } from "../common/input-errors.js";
import { EventTypeEnum } from "../common/enums.js";
import { momentFromDateTime } from "../common/moment.js";
import { EventsWindowType, type EventAtPlaceType } from "./events-types.js";

/** Credits per started 31 days of window (docs/events.md): a month 1, a year 12. */
export const EVENTS_CREDITS_PER_MONTH = 1;

export interface EventsArgs extends CivilArgs {
  readonly from: string;
  readonly to: string;
  readonly types?: readonly EventType[] | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  readonly timeZone?: string | null;
}

export interface EventsQuery {
  readonly fromMs: number;
  readonly toMs: number;
  readonly types: readonly EventType[] | null;
  readonly place: QueryPlace | null;
}

/** The query's arguments, checked (also before pricing: resolvers/prevalidate.ts). */
export function eventsArgsFrom(given: EventsArgs): EventsQuery {
  // Local from/to with timezone or place, a place's coordinates and zone: the same resolution as REST.
  const { args: a } = civilArgsFrom(given, ["from", "to"], "timeZone");
  const fromMs = momentFromDateTime("from", a.from).instant.unixMs;
  const toMs = momentFromDateTime("to", a.to).instant.unixMs;
  const where = subscriberPlace(a.latitude, a.longitude);
  if ("field" in where) throw badUserInput(where.field, where.message);
  if (a.timeZone != null && !where.place) throw badUserInput("timeZone", "timeZone goes with a place: give latitude and longitude too");
  const place = where.place && { latitude: where.place.latDeg, longitude: where.place.lonDeg, timeZone: a.timeZone ?? null };
  const types = a.types ?? null;
  const personal = (types as readonly string[] | null)?.find((t) => isPersonalEventType(t));
  if (personal) {
    throw badUserInput("types", `${personal.toUpperCase()} is a personal event type: it needs a birth, so it comes only to a webhook or ` +
      "GraphQL subscription that carries one (docs/events.md); this query answers the ten world event types");
  }
  forField("to", () => checkEventsQuery(fromMs, toMs, types, place));
  return { fromMs, toMs, types, place };
}

/** Price units of the arguments as the schema coerces them (unreadable input: 1 unit, then refused). */
function priceUnits(args: Record<string, unknown>): number {
  const ms = (v: unknown) => (typeof v === "string" ? Date.parse(v) : NaN);
  return windowPriceUnits(ms(args.from), ms(args.to));
}

@Resolver()
export class EventsResolver {
  @CostPerUnit(priceUnits, EVENTS_CREDITS_PER_MONTH)
  @Query(() => EventsWindowType, {
    description: "The detector's events in [from, to) (at most 366 days): the same ids, instants and data as webhooks and " +
      "subscriptions deliver; with latitude and longitude, local times, observance days and eclipse visibility. " +
      "1 credit per started 31 days of window.",
  })
  events(
    @Arg("from", () => String, { description: "Window start, ISO 8601 with offset." }) from: string,
    @Arg("to", () => String, { description: "Window end (exclusive), ISO 8601 with offset; at most 366 days after from." }) to: string,
    @Arg("types", () => [EventTypeEnum], { nullable: true, description: "Event types (default all ten)." }) types: EventType[] | null,
    @Arg("latitude", () => Float, { nullable: true, description: "Place latitude, degrees (with longitude)." }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "Place longitude, degrees (with latitude)." }) longitude: number | null,
    @Arg("timeZone", () => String, { nullable: true, description: "IANA zone of the place; default from its coordinates (or place)." }) timeZone: string | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ARG }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
  ): EventsWindowType {
    const q = eventsArgsFrom({ from, to, types, latitude, longitude, timeZone, timezone, place, fold });
    const events = forField("to", () => eventsInWindow(q.fromMs, q.toMs, q.types, q.place));
    return {
      from: new Date(q.fromMs).toISOString(), to: new Date(q.toMs).toISOString(), count: events.length,
      events: events.map((e) => ({ id: e.id, type: e.type, title: EVENT_TYPE_TITLES.rows[e.type]!.en, instant: e.instant, data: { ...e.data }, place: e.location && placeOf(e.location) })),
    };
  }
}

type Location = NonNullable<ReturnType<typeof eventsInWindow>[number]["location"]>;

function placeOf(l: Location): EventAtPlaceType {
  const v = l.visibility;
  return {
    timeZone: l.time_zone, timeZoneSource: l.time_zone_source, localTime: l.local_time, localDate: l.local_date,
    tithiStart: l.tithi_start_local ?? null, tithiEnd: l.tithi_end_local ?? null,
    observanceDate: l.observance_date ?? null, observances: l.observances ? l.observances.map((o) => ({ ...o })) : null,
    observanceNote: l.observance_note ?? null,
    visibility: v ? {
      visible: v.visible, localKind: v.local_kind, obscuration: v.obscuration, contacts: v.contacts.map((c) => ({ ...c })),
      maximum: v.maximum && { contact: "maximum", ...v.maximum }, seenFrom: v.seen_from, seenUntil: v.seen_until,
    } : null,
  };
}
