/** GraphQL types of webhook subscriptions and event submission (camelCase of the REST fields). */
import { GraphQLJSONObject } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "POST /webhooks/subscribe: an HTTPS url, event names (the ten of the spec), an optional place." })
export class WebhookSubscribeInput {
  @Field(() => String, { description: "https://… ; must resolve to a public address" }) url!: string;
  @Field(() => [String], {
    description: "one or more of: ekadashi, purnima, amavasya, sankranti, saturn_sign_change, jupiter_sign_change, " +
      "mercury_retrograde_start, mercury_retrograde_end, eclipse_solar, eclipse_lunar",
  }) events!: string[];
  @Field(() => Float, { nullable: true, description: "-90..90; with longitude: deliveries carry this location" }) latitude?: number | null;
  @Field(() => Float, { nullable: true, description: "-180..180; with latitude" }) longitude?: number | null;
  @Field(() => ID, { nullable: true, description: "A place id (places): its coordinates, instead of latitude/longitude" }) place?: string | null;
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
