/**
 * Webhook subscriptions (the caller's own) and the operator's event submission in GraphQL; the
 * REST routes /webhooks/… and /admin/check-events run these documents. Subscribing costs 1
 * credit (the spec's price), listing and deleting are free, deliveries cost nothing. Logic:
 * src/events.
 */
import { GraphQLError } from "graphql";
import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { AccountsError } from "../../accounts/errors.js";
import { CostPerUnit } from "../../costing/cost-decorator.js";
import { EVENT_TYPES, isEventType, type EventType } from "../../engine/events/event-types.js";
import { dashaSystemsIn } from "../../engine/events/personal-event-types.js";
import { validateSubscribeInput, type SubscribeInput, type SubscriptionView } from "../../events/webhook-subscriptions.js";
import type { WebhooksService } from "../../events/webhooks-service.js";
import { mapped, requireAccount, requireAdmin, servicesOf, type AccountContext } from "../account/account-services.js";
import { civilArgsFrom } from "../common/civil-input.js";
import { badUserInput } from "../common/input-errors.js";
import {
  CheckEventInput, CheckEventsResultType, WebhookCreatedType, WebhookDeletedType, WebhookSubscribeInput, WebhookSubscriptionType,
} from "./webhook-types.js";
import { storedBirthFrom, subscriptionPriceUnits } from "./webhook-birth.js";

function webhooksOf(ctx: AccountContext): WebhooksService {
  const w = servicesOf(ctx).webhooks;
  if (!w) throw new GraphQLError("Webhooks are not enabled on this server", { extensions: { code: "NOT_CONFIGURED", http: { status: 503 } } });
  return w;
}

/**
 * The subscribe rules that need no network, as a BAD_USER_INPUT naming the field (prevalidation
 * runs it before pricing); a `place` id gives the coordinates left out (as REST's `place`); a
 * birth is read by the shared birth input (its errors name birth.datetime, birth.latitude …).
 */
export function subscribeArgsFrom(given: WebhookSubscribeInput): SubscribeInput {
  const { args } = civilArgsFrom(given, [], undefined, "input");
  const birth = given.birth ? storedBirthFrom(given.birth) : null;
  const input: SubscribeInput = {
    url: args.url, events: args.events, latitude: args.latitude ?? null, longitude: args.longitude ?? null, birth,
    dashaSystems: given.dashaSystems ?? null,
  };
  try {
    validateSubscribeInput(input);
    return input;
  } catch (err) {
    if (err instanceof AccountsError && err.status === 422) throw badUserInput(err.details.field ?? "url", err.message);
    throw err;
  }
}

/** Price units of subscribeWebhook's arguments: a birth makes it 3 credits. */
function subscribePriceUnits(args: Record<string, unknown>): number {
  const input = args.input as { birth?: unknown } | undefined;
  return subscriptionPriceUnits(input?.birth !== undefined && input?.birth !== null);
}

/** CheckEventsRequest: at least one event, each of a known type with an object as data. */
export function checkEventsArgsFrom(events: readonly CheckEventInput[]): { type: EventType; data: Record<string, unknown> }[] {
  if (events.length === 0) throw badUserInput("events", "events must hold at least 1 item");
  if (events.length > 1000) throw badUserInput("events", "events may hold at most 1000 items");
  return events.map((e, i) => {
    if (!isEventType(e.type)) throw badUserInput(`events.${i}.type`, `type must be one of: ${EVENT_TYPES.join(", ")}`);
    return { type: e.type, data: e.data };
  });
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const viewOf = (s: SubscriptionView): WebhookSubscriptionType => ({
  subscriptionId: s.subscriptionId, url: s.url, events: s.events, latitude: s.latitude, longitude: s.longitude, status: s.status,
  disabledReason: s.disabledReason, createdAt: iso(s.createdAt)!, deliveredCount: s.deliveredCount,
  failedAttempts: s.failedAttempts, deadCount: s.deadCount, pendingCount: s.pendingCount, lastError: s.lastError,
  lastErrorAt: iso(s.lastErrorAt), lastDeliveredAt: iso(s.lastDeliveredAt), deadDeliveries: s.deadDeliveries,
  birth: s.birth, personalUntil: iso(s.personalUntil), dashaSystems: dashaSystemsIn(s.events),
});

@Resolver()
export class WebhookResolver {
  @Mutation(() => WebhookCreatedType, {
    description: "POST /webhooks/subscribe (1 credit; 3 with a birth). Deliveries are free. The signing secret is shown only in this answer.",
  })
  @CostPerUnit(subscribePriceUnits, 1)
  async subscribeWebhook(
    @Arg("input", () => WebhookSubscribeInput) input: WebhookSubscribeInput,
    @Ctx() ctx: AccountContext,
  ): Promise<WebhookCreatedType> {
    const account = requireAccount(ctx);
    const valid = subscribeArgsFrom(input);
    const s = await mapped(() => webhooksOf(ctx).subscribe(account.id, valid));
    return {
      subscriptionId: s.subscriptionId, url: s.url, events: s.events, latitude: s.latitude, longitude: s.longitude,
      status: s.status, signingSecret: s.signingSecret, createdAt: s.createdAt.toISOString(), birth: s.birth,
      dashaSystems: dashaSystemsIn(s.events),
    };
  }

  @Query(() => [WebhookSubscriptionType], { description: "GET /webhooks (free): the caller's own subscriptions and their delivery record." })
  async webhooks(@Ctx() ctx: AccountContext): Promise<WebhookSubscriptionType[]> {
    const account = requireAccount(ctx);
    return (await webhooksOf(ctx).list(account.id)).map(viewOf);
  }

  @Mutation(() => WebhookDeletedType, { description: "DELETE /webhooks/{subscription_id} (free); another account's id → 404." })
  async deleteWebhook(@Arg("subscriptionId", () => String) subscriptionId: string, @Ctx() ctx: AccountContext): Promise<WebhookDeletedType> {
    const account = requireAccount(ctx);
    await mapped(() => webhooksOf(ctx).delete(account.id, subscriptionId));
    return { subscriptionId, deleted: true };
  }

  @Mutation(() => CheckEventsResultType, {
    description: "POST /admin/check-events (operator): records the events, queues a delivery per matching active subscription, publishes them.",
  })
  async checkEvents(
    @Arg("events", () => [CheckEventInput]) events: CheckEventInput[],
    @Ctx() ctx: AccountContext,
  ): Promise<CheckEventsResultType> {
    requireAdmin(ctx);
    const valid = checkEventsArgsFrom(events);
    const emitted = await webhooksOf(ctx).submitEvents(valid);
    return {
      events: emitted.map((e) => ({ eventId: e.event.id, type: e.event.type, deliveriesQueued: e.queued })),
      deliveriesQueued: emitted.reduce((n, e) => n + e.queued, 0),
    };
  }
}
