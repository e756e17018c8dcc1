/**
 * A webhook subscription's iCalendar feed (docs/events.md, "The feed of a subscription"):
 * created on the subscription (POST /webhooks/{subscription_id}/feed, 10 credits for 365 days of
 * polls, as a calendar feed), then listed, renewed and revoked through /feeds like every feed and
 * read at GET /feeds/{token}.ics with the token alone.
 */
import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import type { EngineTaskRunner } from "../../engine-pool/engine-pool.js";
import { subscriptionOf } from "../../events/webhook-subscriptions.js";
import { createFeed, FEED_PERIOD_CREDITS, FEED_PERIOD_DAYS, type FeedRow } from "../../feeds/feed-store.js";
import { renderIcs } from "../../feeds/ics.js";
import {
  SUBSCRIPTION_FEED_PAST_DAYS, subscriptionFeedEvents, subscriptionFeedWindow, subscriptionFeedZone, type FeedSubscription,
} from "../../feeds/subscription-feed.js";
import { requireAccount, servicesOf, type AccountContext } from "../account/account-services.js";
import { badUserInput } from "../common/input-errors.js";
import { httpError, mappedFeed, renderedOnce, viewOf } from "./feed-resolver.js";
import { CalendarFeedCreatedType, type CalendarFeedIcsType } from "./feed-types.js";

/** A subscription id as subscribe makes it (sub_ and 24 base-62 characters), or BAD_USER_INPUT naming subscriptionId (before pricing). */
export function checkSubscriptionId(subscriptionId: string): void {
  if (!/^sub_[0-9A-Za-z]{1,64}$/.test(subscriptionId)) {
    throw badUserInput("subscriptionId", `subscriptionId must be a subscription id (sub_…), got ${JSON.stringify(subscriptionId.slice(0, 40))}`);
  }
}

/** The feed's text and entity tag: the window [today − 30 days, the horizon's day boundary) of the subscription's events. */
export async function renderSubscriptionFeed(
  row: Pick<FeedRow, "feedId" | "createdAt">, sub: FeedSubscription, now: Date, horizonMs: number, tasks?: EngineTaskRunner,
): Promise<CalendarFeedIcsType> {
  const w = subscriptionFeedWindow(now.getTime(), horizonMs);
  return renderedOnce(`${row.feedId}|${w.fromMs}|${w.toMs}`, async () => {
    const zone = subscriptionFeedZone(sub);
    const events = await subscriptionFeedEvents(sub, w, zone.clock, tasks);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    return renderIcs({
      prodId: "-//vedic-astro//subscription feeds//EN",
      name: `Events of webhook subscription ${sub.subscriptionId}`,
      description: `${sub.birth ? "World and personal events" : "World events"} of ${sub.subscriptionId} (${sub.events.join(", ")}), ` +
        `${day(w.fromMs)} to ${day(w.toMs - 1)} (UT days; ${SUBSCRIPTION_FEED_PAST_DAYS} days back to the event horizon). UIDs are the webhook event ids.`,
      timeZone: zone.name, stampMs: row.createdAt.getTime(), refresh: "PT12H", events,
    });
  });
}

@Resolver()
export class SubscriptionFeedResolver {
  @Mutation(() => CalendarFeedCreatedType, {
    description: `POST /webhooks/{subscription_id}/feed (${FEED_PERIOD_CREDITS} credits, ${FEED_PERIOD_DAYS} days of free polls, as a calendar feed): ` +
      "an iCalendar feed of the subscription's events and its read-only token, shown only here; listed, renewed and revoked " +
      "through the calendar feeds' calls. Another account's or an unknown subscription → 404, nothing charged.",
  })
  @Cost(FEED_PERIOD_CREDITS)
  async createSubscriptionFeed(@Arg("subscriptionId", () => String) subscriptionId: string, @Ctx() ctx: AccountContext): Promise<CalendarFeedCreatedType> {
    checkSubscriptionId(subscriptionId);
    const account = requireAccount(ctx);
    const services = servicesOf(ctx);
    const now = services.clock();
    const sub = await subscriptionOf(services.db, account.id, subscriptionId);
    if (!sub) throw httpError(404, "NOT_FOUND", "No webhook subscription of this account has this subscription_id");
    const { row, token } = await mappedFeed(() => createFeed(services.db, account.id, { kind: "subscription", subscriptionId }, now));
    return { ...viewOf(row, now), token, url: `${services.registration.publicBaseUrl.replace(/\/+$/, "")}/feeds/${token}.ics` };
  }
}
