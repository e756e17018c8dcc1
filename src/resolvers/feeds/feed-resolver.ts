/**
 * Calendar feeds (docs/calendars.md §3): creating a feed token (10 credits, covering a year of polls),
 * renewing it (10 credits, another year), listing and revoking (free), and the feed itself, read with
 * the token alone (free: its period is paid). The REST routes /feeds… run these documents.
 */
import { createHash } from "node:crypto";
import { GraphQLError } from "graphql";
import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { localCalendarOf } from "../../engine/calendar/local-calendar.js";
import { jdFromUnixMs } from "../../engine/time/julian.js";
import { feedEventsSliced, feedWindow, FEED_CONTENTS, type FeedContent, type FeedDefinition } from "../../feeds/feed-events.js";
import {
  FEED_ID_PATTERN,
  createFeed, feedOfToken, FeedLimitError, FeedNotFoundError, FEED_PERIOD_CREDITS, listFeeds, renewFeed, revokeFeed, type FeedRow,
} from "../../feeds/feed-store.js";
import { renderIcs } from "../../feeds/ics.js";
import { isSubscriptionFeed } from "../../feeds/feed-store.js";
import { subscriptionOf } from "../../events/webhook-subscriptions.js";
import { DEFAULT_WEBHOOK_SETTINGS } from "../../events/webhook-settings.js";
import { renderSubscriptionFeed } from "./subscription-feed-resolver.js";
import { requireAccount, servicesOf, type AccountContext } from "../account/account-services.js";
import { calendarArgsFrom, calendarRegionsFrom } from "../calendar/calendar-resolver.js";
import { placeClock } from "../calendar/time-zone-of-place.js";
import { badUserInput } from "../common/input-errors.js";
import { CalendarFeedCreatedType, CalendarFeedIcsType, CalendarFeedInput, CalendarFeedType } from "./feed-types.js";

export const httpError = (status: number, code: string, message: string) => new GraphQLError(message, { extensions: { code, http: { status } } });

/** The definition of a feed from its input, each refusal naming its field (also run before pricing by prevalidate.ts). */
/** A feed id the store could have made, or a BAD_USER_INPUT naming feedId (checked before pricing). */
export function checkFeedId(feedId: string): void {
  if (!FEED_ID_PATTERN.test(feedId)) throw badUserInput("feedId", `feedId must be a feed id (feed_ and 16 letters or digits), got ${JSON.stringify(feedId.slice(0, 40))}`);
}

export function feedDefinitionFrom(input: CalendarFeedInput, now: Date = new Date()): FeedDefinition {
  const contents = input.contents ?? [...FEED_CONTENTS];
  if (contents.length === 0) throw badUserInput("contents", `contents must hold at least one of ${FEED_CONTENTS.join(", ")}`);
  for (const c of contents) {
    if (!(FEED_CONTENTS as readonly string[]).includes(c)) throw badUserInput("contents", `contents must be among ${FEED_CONTENTS.join(", ")}, got "${c}"`);
  }
  // The calendar's own checks: the year, the coordinates, the zone, a polar place (for the rolling window: this year's and next).
  const years = input.year !== null && input.year !== undefined ? [input.year] : [now.getUTCFullYear(), now.getUTCFullYear() + 1];
  let place = { latDeg: input.latitude, lonDeg: input.longitude };
  for (const year of years) place = calendarArgsFrom({ year, latitude: input.latitude, longitude: input.longitude, tz: input.tz ?? null }).place;
  const region = input.region ?? null;
  calendarRegionsFrom(region, place);
  return {
    latitude: place.latDeg, longitude: place.lonDeg, tz: input.tz ?? null, year: input.year ?? null,
    contents: [...new Set(contents)] as FeedContent[], region,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function viewOf(r: FeedRow, now: Date): CalendarFeedType {
  const d = r.definition;
  const what = isSubscriptionFeed(d)
    ? { kind: "subscription", subscriptionId: d.subscriptionId, year: null, latitude: null, longitude: null, tz: null, contents: [], region: null }
    : { kind: "calendar", subscriptionId: null, year: d.year, latitude: d.latitude, longitude: d.longitude, tz: d.tz, contents: [...d.contents], region: d.region };
  return {
    feedId: r.feedId, tokenPrefix: r.tokenPrefix, status: r.revokedAt ? "revoked" : r.paidUntil <= now ? "expired" : "active", ...what,
    createdAt: r.createdAt.toISOString(), paidUntil: r.paidUntil.toISOString(), revokedAt: iso(r.revokedAt), pollCount: r.pollCount,
    lastPolledAt: iso(r.lastPolledAt),
  };
}

/** Rendered feeds by feed and window: a feed polled hourly is computed once a day at most (rolling) or once (a year). */
const rendered = new Map<string, CalendarFeedIcsType>();
const RENDERED_MAX = 256;

/** The text `render` makes for `key` (a feed and its window) with its entity tag, kept or made now. */
export async function renderedOnce(key: string, render: () => Promise<string>): Promise<CalendarFeedIcsType> {
  const hit = rendered.get(key);
  if (hit) return hit;
  const ics = await render();
  const out = { ics, etag: `"${createHash("sha256").update(ics).digest("base64url").slice(0, 27)}"` };
  if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, out);
  return out;
}

/** The feed's text and entity tag; the same definition and window always give the same bytes. */
export async function renderFeed(row: Pick<FeedRow, "feedId" | "createdAt"> & { definition: FeedDefinition }, now: Date): Promise<CalendarFeedIcsType> {
  const def = row.definition;
  const { clock } = placeClock(def.latitude, def.longitude, def.tz);
  const today = localCalendarOf(clock).dateOf(jdFromUnixMs(now.getTime()));
  const window = feedWindow(def, today);
  return renderedOnce(`${row.feedId}|${row.createdAt.getTime()}|${window.from}`, async () => {
    const place = { latDeg: def.latitude, lonDeg: def.longitude };
    const events = await feedEventsSliced(def, place, clock, window);
    const what = def.contents.join(", ");
    return renderIcs({
      prodId: "-//vedic-astro//calendar feeds//EN",
      name: `Hindu calendar ${def.year ?? "(rolling)"} — ${def.latitude.toFixed(4)}, ${def.longitude.toFixed(4)}`,
      description: `${what} at ${def.latitude}, ${def.longitude} (${clock.label}), ${window.from} to ${window.to}`,
      timeZone: clock.label, stampMs: row.createdAt.getTime(), refresh: "PT12H", events,
    });
  });
}

export const mappedFeed = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof FeedNotFoundError) throw httpError(404, "NOT_FOUND", err.message);
    if (err instanceof FeedLimitError) throw httpError(409, "CONFLICT", err.message);
    throw err;
  }
};

@Resolver()
export class FeedResolver {
  @Mutation(() => CalendarFeedCreatedType, {
    description: `POST /feeds (${FEED_PERIOD_CREDITS} credits): a feed and its read-only token; polls are free for 365 days (renewCalendarFeed extends). The token is shown only here.`,
  })
  @Cost(FEED_PERIOD_CREDITS)
  async createCalendarFeed(@Arg("input", () => CalendarFeedInput) input: CalendarFeedInput, @Ctx() ctx: AccountContext): Promise<CalendarFeedCreatedType> {
    const account = requireAccount(ctx);
    const services = servicesOf(ctx);
    const now = services.clock();
    const def = feedDefinitionFrom(input, now);
    const { row, token } = await mappedFeed(() => createFeed(services.db, account.id, def, now));
    const path = `/feeds/${token}.ics`;
    return { ...viewOf(row, now), token, url: `${services.registration.publicBaseUrl.replace(/\/+$/, "")}${path}` };
  }

  @Mutation(() => CalendarFeedType, { description: `POST /feeds/{feed_id}/renew (${FEED_PERIOD_CREDITS} credits): 365 more days of free polls, from the later of now and the paid end.` })
  @Cost(FEED_PERIOD_CREDITS)
  async renewCalendarFeed(@Arg("feedId", () => String) feedId: string, @Ctx() ctx: AccountContext): Promise<CalendarFeedType> {
    checkFeedId(feedId);
    const account = requireAccount(ctx);
    const services = servicesOf(ctx);
    const now = services.clock();
    return viewOf(await mappedFeed(() => renewFeed(services.db, account.id, feedId, now)), now);
  }

  @Mutation(() => CalendarFeedType, { description: "DELETE /feeds/{feed_id} (free): the token stops working for good; another account's id → 404." })
  async revokeCalendarFeed(@Arg("feedId", () => String) feedId: string, @Ctx() ctx: AccountContext): Promise<CalendarFeedType> {
    const account = requireAccount(ctx);
    const services = servicesOf(ctx);
    const now = services.clock();
    return viewOf(await mappedFeed(() => revokeFeed(services.db, account.id, feedId, now)), now);
  }

  @Query(() => [CalendarFeedType], { description: "GET /feeds (free): the caller's feeds, without their tokens." })
  async calendarFeeds(@Ctx() ctx: AccountContext): Promise<CalendarFeedType[]> {
    const account = requireAccount(ctx);
    const services = servicesOf(ctx);
    const now = services.clock();
    return (await listFeeds(services.db, account.id)).map((r) => viewOf(r, now));
  }

  @Query(() => CalendarFeedIcsType, {
    description: "GET /feeds/{token}.ics (free, no API key): the feed's iCalendar text. Unknown or revoked token → 404; past its paid period → 402.",
  })
  async calendarFeedIcs(@Arg("token", () => String) token: string, @Ctx() ctx: AccountContext): Promise<CalendarFeedIcsType> {
    const services = servicesOf(ctx);
    const now = services.clock();
    const row = await feedOfToken(services.db, token, now, ctx.requestMethod !== "HEAD");
    if (!row || row.revokedAt) throw httpError(404, "NOT_FOUND", "unknown or revoked feed token");
    if (row.paidUntil <= now) throw httpError(402, "PAYMENT_REQUIRED", `this feed's paid period ended ${row.paidUntil.toISOString()}; its owner can renew it (POST /feeds/${row.feedId}/renew)`);
    const def = row.definition;
    if (!isSubscriptionFeed(def)) return renderFeed({ ...row, definition: def }, now);
    // A subscription's feed: the subscription as it is now (deleting it revoked the feed; a missing one is 404 all the same).
    const sub = await subscriptionOf(services.db, row.accountId, def.subscriptionId);
    if (!sub) throw httpError(404, "NOT_FOUND", "unknown or revoked feed token");
    return renderSubscriptionFeed(row, sub, now, services.webhooks?.settings.horizonMs ?? DEFAULT_WEBHOOK_SETTINGS.horizonMs, ctx.engineTasks);
  }
}
