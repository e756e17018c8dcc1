/** GraphQL types of webhook subscriptions and event submission (camelCase of the REST fields). */
import { GraphQLJSONObject } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { ALL_EVENT_TYPES } from "../../engine/events/event-types.js";
import { PERSONAL_DASHA_SYSTEMS } from "../../engine/events/personal-event-types.js";
import { BirthInput } from "../chart/birth-input.js";

@InputType({ description: "POST /webhooks/subscribe: an HTTPS url, event names (the ten of the spec, and the personal ones with a birth), an optional place, an optional birth." })
export class WebhookSubscribeInput {
  @Field(() => String, { description: "https://… ; must resolve to a public address" }) url!: string;
  @Field(() => [String], {
    description: `one or more of: ${ALL_EVENT_TYPES.join(", ")} (the personal types, from dasha_maha_change on, need birth; ` +
      "with a birth and none of them named, all of them)",
  }) events!: string[];
  @Field(() => Float, { nullable: true, description: "-90..90; with longitude: deliveries carry this location" }) latitude?: number | null;
  @Field(() => Float, { nullable: true, description: "-180..180; with latitude" }) longitude?: number | null;
  @Field(() => ID, { nullable: true, description: "A place id (places): its coordinates, instead of latitude/longitude" }) place?: string | null;
  @Field(() => BirthInput, {
    nullable: true,
    description: "A birth (as every chart takes it): the subscription also receives that person's events (docs/events.md). Costs 3 credits instead of 1.",
  }) birth?: BirthInput | null;
  @Field(() => [String], {
    nullable: true,
    description: `With a birth: the dasha systems whose maha and antar changes it receives (default vimshottari): ${PERSONAL_DASHA_SYSTEMS.join(", ")}. ` +
      "Vimshottari's are dasha_maha_change / dasha_antar_change, another system's <system>_dasha_maha_change / <system>_dasha_antar_change.",
  }) dashaSystems?: string[] | null;
}

@ObjectType("WebhookBirth", { description: "The birth of a birth-keyed subscription, as resolved." })
export class WebhookBirthType {
  @Field(() => String, { description: "ISO 8601 UT" }) instant!: string;
  @Field(() => String, { description: "ISO 8601 with the offset the input resolved to" }) datetime!: string;
  @Field(() => Float) latitude!: number;
  @Field(() => Float) longitude!: number;
  @Field(() => String, { description: "sidereal zodiac of the personal events" }) ayanamsha!: string;
}

@ObjectType("WebhookSubscriptionCreated", { description: "A new subscription; signingSecret is shown this once." })
export class WebhookCreatedType {
  @Field(() => String) subscriptionId!: string;
  @Field(() => String) url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => Float, { nullable: true }) latitude!: number | null;
  @Field(() => Float, { nullable: true }) longitude!: number | null;
  @Field(() => String) status!: string;
  @Field(() => String, { description: "Standard Webhooks secret (whsec_…) of the webhook-signature header; shown once" }) signingSecret!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => WebhookBirthType, { nullable: true }) birth!: WebhookBirthType | null;
  @Field(() => [String], { description: "the dasha systems whose changes it receives (from its events; empty without a birth)" }) dashaSystems!: string[];
}

@ObjectType("WebhookDeadDelivery", { description: "A delivery given up after its last retry (or when its subscription was disabled)." })
export class WebhookDeadDeliveryType {
  @Field(() => String) webhookId!: string;
  @Field(() => String) event!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => Int, { nullable: true }) lastStatus!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
}

@ObjectType("WebhookSubscription", { description: "One of the caller's subscriptions with its delivery record (no secret)." })
export class WebhookSubscriptionType {
  @Field(() => String) subscriptionId!: string;
  @Field(() => String) url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => Float, { nullable: true }) latitude!: number | null;
  @Field(() => Float, { nullable: true }) longitude!: number | null;
  @Field(() => String, { description: "active or disabled" }) status!: string;
  @Field(() => String, { nullable: true }) disabledReason!: string | null;
  @Field(() => String) createdAt!: string;
  @Field(() => WebhookBirthType, { nullable: true }) birth!: WebhookBirthType | null;
  @Field(() => [String], { description: "the dasha systems whose changes it receives (from its events; empty without a birth)" }) dashaSystems!: string[];
  @Field(() => String, { nullable: true, description: "how far ahead the birth's events are recorded (null: not yet, or no birth)" })
  personalUntil!: string | null;
  @Field(() => Int) deliveredCount!: number;
  @Field(() => Int, { description: "failed attempts, retries included" }) failedAttempts!: number;
  @Field(() => Int) deadCount!: number;
  @Field(() => Int) pendingCount!: number;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => String, { nullable: true }) lastErrorAt!: string | null;
  @Field(() => String, { nullable: true }) lastDeliveredAt!: string | null;
  @Field(() => [WebhookDeadDeliveryType], { description: "the 20 most recent" }) deadDeliveries!: WebhookDeadDeliveryType[];
}

@ObjectType("WebhookDeleted")
export class WebhookDeletedType {
  @Field(() => String) subscriptionId!: string;
  @Field(() => Boolean) deleted!: boolean;
}

@InputType({ description: "One event of CheckEventsRequest: type (one of the ten names) and data (an object)." })
export class CheckEventInput {
  @Field(() => String) type!: string;
  @Field(() => GraphQLJSONObject) data!: Record<string, unknown>;
}

@ObjectType("CheckedEvent")
export class CheckedEventType {
  @Field(() => String) eventId!: string;
  @Field(() => String) type!: string;
  @Field(() => Int, { description: "deliveries queued for it (one per matching active subscription)" }) deliveriesQueued!: number;
}

@ObjectType("CheckEventsResult")
export class CheckEventsResultType {
  @Field(() => [CheckedEventType]) events!: CheckedEventType[];
  @Field(() => Int) deliveriesQueued!: number;
}
