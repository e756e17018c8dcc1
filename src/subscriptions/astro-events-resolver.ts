import { GraphQLError } from "graphql";
import { Arg, Float, ID, Resolver, Root, Subscription, type SubscribeResolverData } from "type-graphql";
import { loadedPlaceIndex, placeIndex } from "../places/places.js";
import { CostPerUnit } from "../costing/cost-decorator.js";
import type { AnyEventType } from "../engine/events/event-types.js";
import { BirthInput } from "../resolvers/chart/birth-input.js";
import { subscriptionPriceUnits } from "../resolvers/webhooks/webhook-birth.js";
import { withPersonalEvents } from "./personal-stream.js";
import type { EventBus, PublishedEvent } from "../events/event-bus.js";
import { placeClock } from "../resolvers/calendar/time-zone-of-place.js";
import { EventTypeEnum } from "../resolvers/common/enums.js";
import type { GraphQLContext } from "../resolvers/context.js";
import { isoAt } from "../resolvers/panchanga/time-zone.js";
import { astroEventsArgsFrom, type AstroEventsArgs, type AstroEventsFilter } from "./astro-events-args.js";
import { AstroEventType, type EventLocationType } from "./astro-event-type.js";
import { eventStream } from "./event-stream.js";

/** The context of a subscription: the app puts its one event bus here (src/server/app.ts). */
export type SubscriptionContext = GraphQLContext & { readonly eventBus?: EventBus };

function locationOf(event: PublishedEvent, place: NonNullable<AstroEventsFilter["place"]>): EventLocationType {
  const { clock } = placeClock(place.latDeg, place.lonDeg, null);
  const ms = event.instant === null ? NaN : Date.parse(event.instant);
  const localInstant = Number.isFinite(ms) ? isoAt(clock, ms) : null;
  return {
    latitude: place.latDeg, longitude: place.lonDeg, timeZone: clock.label, localInstant, localDate: localInstant?.slice(0, 10) ?? null,
  };
}

async function startStream({ args, context }: SubscribeResolverData<unknown, AstroEventsArgs, SubscriptionContext>): Promise<AsyncIterable<PublishedEvent>> {
  // A place id is looked up in the gazetteer, loaded on first need (graphql-ws runs no Apollo gate).
  const wantsPlace = (args.place != null && args.place !== "") || (args.birth?.place != null && args.birth.place !== "");
  if (wantsPlace && !loadedPlaceIndex()) await placeIndex();
  const filter = astroEventsArgsFrom(args);
  if (!context.eventBus) {
    throw new GraphQLError("Subscriptions are not served by this process (no event bus).", { extensions: { code: "SERVICE_UNAVAILABLE" } });
  }
  // World events from the bus (a personal event of a webhook subscription never reaches a stream); with a birth, its own events too.
  const bus = filter.birth ? withPersonalEvents(context.eventBus, filter.birth, filter.personal, Date.now, context.engineTasks)
    : context.eventBus;
  return eventStream(bus, (e) => filter.types.has(e.type) && !e.subscriptionId);
}

/** Price units of astroEvents: a birth makes it 3 credits (as a webhook subscription with one). */
function streamPriceUnits(args: Record<string, unknown>): number {
  return subscriptionPriceUnits(args.birth !== undefined && args.birth !== null);
}

@Resolver()
export class AstroEventsResolver {
  // Starting a subscription costs what a webhook subscription costs (1 credit, the spec's POST
  // /webhooks/subscribe); the events it then receives are free (docs/architecture.md §8).
  @CostPerUnit(streamPriceUnits, 1)
  @Subscription(() => AstroEventType, {
    description: "Events as they are emitted (over graphql-ws on /graphql, the API key in the connection params). " +
      "With a birth, also that person's events (docs/events.md). Starting it costs 1 credit, 3 with a birth; the events are free.",
    subscribe: startStream,
  })
  astroEvents(
    @Root() event: PublishedEvent,
    @Arg("types", () => [EventTypeEnum], { nullable: true, description: "Event types to receive (default all ten; with a birth, and all personal types unless some are named)." })
    types: AnyEventType[] | null,
    @Arg("latitude", () => Float, { nullable: true, description: "The subscriber's latitude, degrees (with longitude: adds location)." })
    latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "The subscriber's longitude, degrees (with latitude)." })
    longitude: number | null,
    @Arg("place", () => ID, { nullable: true, description: "A place id (places): its coordinates, instead of latitude/longitude." })
    placeId?: string | null,
    @Arg("birth", () => BirthInput, { nullable: true, description: "A birth: the stream also carries that person's events (personal types)." })
    birth?: BirthInput | null,
    @Arg("dashaSystems", () => [String], {
      nullable: true,
      description: "With a birth: the dasha systems whose maha and antar changes come (default vimshottari; e.g. yogini, chara): the systems Query.systemDasha serves.",
    })
    dashaSystems?: string[] | null,
  ): AstroEventType {
    const { place } = astroEventsArgsFrom({ types, latitude, longitude, place: placeId, birth, dashaSystems });
    return {
      id: event.id, key: typeof event.data.event_id === "string" ? event.data.event_id : null,
      type: event.type, instant: event.instant, data: { ...event.data },
      location: place ? locationOf(event, place) : null,
    };
  }
}
