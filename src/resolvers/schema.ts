import type { GraphQLSchema } from "graphql";
import { addYieldPoints } from "./yield-points.js";
import { buildSchema, type PubSub } from "type-graphql";
import { COST_DIRECTIVES } from "../costing/cost-decorator.js";
import { PriceResolver } from "../costing/price-resolver.js";
import { AccountResolver } from "./account/account-resolver.js";
import { AdminResolver } from "./account/admin-resolver.js";
import { RegistrationResolver } from "./account/registration-resolver.js";
import { ChartResolver } from "./chart/chart-resolver.js";
import { ChartSvgResolver } from "./chart/svg/chart-svg-resolver.js";
import { EphemerisResolver } from "./ephemeris/ephemeris-resolver.js";
import { HealthResolver } from "./health/health-resolver.js";
import { ChoghadiyaResolver } from "./panchanga/choghadiya-resolver.js";
import { MuhurtaResolver } from "./panchanga/muhurta-resolver.js";
import { PanchangaRangeResolver, PanchangaSearchResolver } from "./panchanga/panchanga-list-resolver.js";
import { PanchangaResolver } from "./panchanga/panchanga-resolver.js";
import { KundaliResolver } from "./kundali/kundali-resolver.js";
import { ChartDashaResolver, DashaPeriodResolver, DashaResolver } from "./dasha/dasha-resolver.js";
import { DashaSpanResolver, SystemDashaResolver } from "./dasha/system-dasha-resolver.js";
import { JaiminiResolver } from "./jaimini/jaimini-resolver.js";
import { PersonalResolver } from "./personal/personal-resolver.js";
import { VargaResolver } from "./varga/varga-resolver.js";
import { PaymentResolver } from "./payments/payment-resolver.js";
import { ShadbalaResolver } from "./strength/shadbala-resolver.js";
import { AspectsResolver } from "./aspects/aspects-resolver.js";
import { BhavaChalitResolver } from "./bhava/bhava-chalit-resolver.js";
import { UpagrahaResolver } from "./upagraha/upagraha-resolver.js";
import { RemediesResolver } from "./remedies/remedies-resolver.js";
import { CalendarResolver } from "./calendar/calendar-resolver.js";
import { DateConversionResolver } from "./calendar/date-conversion-resolver.js";
import { ScansResolver } from "./scans/scans-resolver.js";
import { ChartKpResolver, KpResolver } from "./kp/kp-resolver.js";
import { KpIntervalsResolver } from "./kp/kp-intervals-resolver.js";
import { CompatibilityResolver } from "./compat/compatibility-resolver.js";
import { BulkMatchCandidateResolver, PoruthamResolver } from "./compat/porutham-resolver.js";
import { EventsResolver } from "./events/events-resolver.js";
import { VarshaphalResolver } from "./tajaka/varshaphal-resolver.js";
import { PrashnaResolver } from "./prashna/prashna-resolver.js";
import { ChartTransitsResolver, TransitsResolver } from "./transits/transits-resolver.js";
import { ChartSaturnTimelineResolver } from "./timeline/saturn-timeline-resolver.js";
import { ChartPlanetStatesResolver, PlanetStateResolver } from "./timeline/planet-states-resolver.js";
import { WebhookResolver } from "./webhooks/webhook-resolver.js";
import { FeedResolver } from "./feeds/feed-resolver.js";
import { SubscriptionFeedResolver } from "./feeds/subscription-feed-resolver.js";
import { AstroEventsResolver } from "../subscriptions/astro-events-resolver.js";
import { PanchaPakshiResolver } from "./pancha-pakshi/pancha-pakshi-resolver.js";
import { addLanguageArguments } from "./common/language-argument.js";
import { ConventionsLanguageResolver } from "./common/conventions-language-resolver.js";
import { PlacesResolver } from "./places/places-resolver.js";

/** Every resolver class of the API; a new domain adds its resolver here. */
export const RESOLVERS = [
  HealthResolver, EphemerisResolver, ChartResolver, PriceResolver, RegistrationResolver, AccountResolver, AdminResolver,
  PanchangaResolver, PanchangaRangeResolver, PanchangaSearchResolver, ChoghadiyaResolver, MuhurtaResolver,
  KundaliResolver, DashaResolver, DashaPeriodResolver, ChartDashaResolver, SystemDashaResolver, DashaSpanResolver, JaiminiResolver, PersonalResolver, VargaResolver,
  PaymentResolver,
  ShadbalaResolver, AspectsResolver, BhavaChalitResolver, UpagrahaResolver, RemediesResolver,
  CalendarResolver,
  DateConversionResolver,
  ChartSvgResolver,
  ScansResolver, ChartKpResolver, KpResolver, KpIntervalsResolver,
  CompatibilityResolver, PoruthamResolver, BulkMatchCandidateResolver, VarshaphalResolver, PrashnaResolver, EventsResolver,
  ChartTransitsResolver, TransitsResolver, ChartSaturnTimelineResolver, ChartPlanetStatesResolver, PlanetStateResolver,
  WebhookResolver, FeedResolver, SubscriptionFeedResolver,
  AstroEventsResolver,
  PanchaPakshiResolver,
  ConventionsLanguageResolver,
  PlacesResolver,
] as const;

let built: Promise<GraphQLSchema> | undefined;

/**
 * type-graphql wants a pubSub as soon as a Subscription exists, though ours start their streams
 * themselves (`subscribe`: the event bus in the context, src/subscriptions). Topics are unused.
 */
const NO_TOPICS: PubSub = {
  publish() {
    throw new Error("subscriptions here read the event bus from the context; type-graphql topics are not used");
  },
  subscribe() {
    throw new Error("subscriptions here read the event bus from the context; type-graphql topics are not used");
  },
};

/**
 * The one GraphQL schema (type-graphql). Built once per process and shared: building is slow
 * and type-graphql's metadata is global anyway. Entry points import "reflect-metadata" first.
 */
export function buildAppSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [...RESOLVERS],
    // Inputs are validated by the resolvers themselves (errors name the field); no class-validator.
    validate: false,
    // Declares @cost/@costCap (the price list, docs/architecture.md §5) next to the built-in directives.
    directives: COST_DIRECTIVES,
    emitSchemaFile: false,
    pubSub: NO_TOPICS,
  }).then(addYieldPoints).then(addLanguageArguments);
  return built;
}
