import { MAX_YEAR, MIN_YEAR } from "../../engine/calendar/calendar.js";
import { FEED_CONTENTS } from "../../feeds/feed-events.js";
import { FEED_PERIOD_CREDITS, FEED_PERIOD_DAYS, MAX_FEEDS_PER_ACCOUNT } from "../../feeds/feed-store.js";
import type { RouteEntry } from "../route-entry.js";
import { CALENDAR_PLACE_QUERY } from "./calendar-routes.js";

type Json = Record<string, any>;

/** Calendar feeds (docs/calendars.md §3): token management with the API key; the feed itself with the token alone. */

const FEED_FIELDS = "feedId tokenPrefix status kind subscriptionId year latitude longitude tz contents region createdAt paidUntil revokedAt pollCount lastPolledAt";

const feedBody = (f: Json) => ({
  feed_id: f.feedId, token_prefix: f.tokenPrefix, status: f.status, kind: f.kind, subscription_id: f.subscriptionId, year: f.year, latitude: f.latitude, longitude: f.longitude, tz: f.tz,
  contents: f.contents, region: f.region, created_at: f.createdAt, paid_until: f.paidUntil, revoked_at: f.revokedAt,
  poll_count: f.pollCount, last_polled_at: f.lastPolledAt,
});

const nullable = (type: string) => ({ type: [type, "null"] });
const FEED_SCHEMA = {
  type: "object",
  required: ["feed_id", "token_prefix", "status", "kind", "contents", "created_at", "paid_until", "poll_count"],
  properties: {
    feed_id: { type: "string" }, token_prefix: { type: "string" }, status: { type: "string", enum: ["active", "expired", "revoked"] },
    kind: { type: "string", enum: ["calendar", "subscription"], description: "a calendar at a place, or a webhook subscription's events" },
    subscription_id: { ...nullable("string"), description: "the webhook subscription a `subscription` feed shows" },
    year: nullable("integer"), latitude: { ...nullable("number"), description: "the calendar's place (null for a subscription's feed)" },
    longitude: nullable("number"), tz: nullable("string"),
    contents: { type: "array", items: { type: "string", enum: [...FEED_CONTENTS] } }, region: nullable("string"),
    created_at: { type: "string" }, paid_until: { type: "string" }, revoked_at: nullable("string"), poll_count: { type: "integer" },
    last_polled_at: nullable("string"),
  },
} as const;

/** A feed as created: its view, and the token and URL shown once. */
const CREATED_FEED_SCHEMA = {
  ...FEED_SCHEMA,
  required: [...FEED_SCHEMA.required, "token", "url"],
  properties: {
    ...FEED_SCHEMA.properties,
    token: { type: "string", description: "vaf_…: read-only, this feed only; shown once" },
    url: { type: "string", description: "subscribe to this address (webcal:// works too)" },
  },
};

const PRICING =
  `Creating a feed costs ${FEED_PERIOD_CREDITS} credits and covers every poll of its token for ${FEED_PERIOD_DAYS} days; ` +
  `polls are free (a calendar app polling hourly for a year costs ${FEED_PERIOD_CREDITS} credits in all). ` +
  `POST /feeds/{feed_id}/renew adds ${FEED_PERIOD_DAYS} days for ${FEED_PERIOD_CREDITS} credits; a poll past the paid period answers 402.`;

const ERROR_LOCS = {
  latitude: ["body", "latitude"], longitude: ["body", "longitude"], tz: ["body", "tz"], year: ["body", "year"],
  contents: ["body", "contents"], region: ["body", "region"],
} as const;

export const feedCreateRoute: RouteEntry = {
  method: "post",
  path: "/feeds",
  operationId: "createCalendarFeed",
  summary: "Create an iCalendar feed and its read-only feed token",
  description:
    "An RFC 5545 feed of the festivals (with the place's regional ones, or `region`), the vratas (Ekadashi parana windows as " +
    "timed events) and the eclipses seen from the place, for one year or a rolling window (30 days back, 365 ahead). Answers " +
    "the feed `url` (GET /feeds/{token}.ics), which carries a revocable read-only token bound to this account and this feed, " +
    `never the API key; the token is shown only here. At most ${MAX_FEEDS_PER_ACCOUNT} live feeds per account (beyond: 409). ` + PRICING,
  tags: ["calendar"],
  credits: FEED_PERIOD_CREDITS,
  auth: "api_key",
  input: {
    body: {
      latitude: { type: "number", required: true, min: -90, max: 90, example: 28.6139, description: "degrees, north positive" },
      longitude: { type: "number", required: true, min: -180, max: 180, example: 77.209, description: "degrees, east positive" },
      tz: CALENDAR_PLACE_QUERY.tz,
      year: { type: "integer", min: MIN_YEAR, max: MAX_YEAR, example: 2025, description: "a Gregorian year; leave out for the rolling window" },
      contents: {
        type: "array", min: 1, max: FEED_CONTENTS.length, itemName: "content", items: { type: "string", enum: [...FEED_CONTENTS] },
        example: ["festivals", "vratas"], description: "default: all three",
      },
      region: {
        type: "string", min: 1, example: "tamil",
        description: "regional festivals: `all`, or a comma list of tamil, kerala, bengal, odisha, assam, punjab; default the place's regions",
      },
    },
  },
  document: /* GraphQL */ `
    mutation CreateCalendarFeed($input: CalendarFeedInput!) { createCalendarFeed(input: $input) { ${FEED_FIELDS} token url } }
  `,
  variables: ({ body }) => ({
    input: {
      latitude: body.latitude, longitude: body.longitude, tz: body.tz ?? null, year: body.year ?? null, contents: body.contents ?? null,
      region: body.region ?? null,
    },
  }),
  errorLocs: ERROR_LOCS as unknown as RouteEntry["errorLocs"],
  errors: { 409: `The account already holds ${MAX_FEEDS_PER_ACCOUNT} live feeds` },
  result: (data) => {
    const f = (data as Json).createCalendarFeed;
    return { body: { ...feedBody(f), token: f.token, url: f.url } };
  },
  responseSchema: CREATED_FEED_SCHEMA,
};

export const feedListRoute: RouteEntry = {
  method: "get",
  path: "/feeds",
  operationId: "calendarFeeds",
  summary: "Your calendar feeds",
  description: "The caller's feeds with their status (active, expired, revoked), paid period and poll count; tokens are not shown again. Free.",
  tags: ["calendar"],
  credits: 0,
  auth: "api_key",
  input: {},
  document: /* GraphQL */ `query CalendarFeeds { calendarFeeds { ${FEED_FIELDS} } }`,
  variables: () => ({}),
  result: (data) => ({ body: { feeds: ((data as Json).calendarFeeds as Json[]).map(feedBody) } }),
  responseSchema: { type: "object", required: ["feeds"], properties: { feeds: { type: "array", items: FEED_SCHEMA } } },
};

const FEED_ID = { feed_id: { type: "string", required: true, min: 1, max: 64, description: "feed_ and 16 letters or digits, as POST /feeds answered it" } } as const;

export const feedRevokeRoute: RouteEntry = {
  method: "delete",
  path: "/feeds/{feed_id}",
  operationId: "revokeCalendarFeed",
  summary: "Revoke a calendar feed's token",
  description: "Its URL answers 404 from now on (for good; create a new feed to subscribe again). Free. Another account's id or an unknown one → 404.",
  tags: ["calendar"],
  credits: 0,
  auth: "api_key",
  input: { path: FEED_ID },
  exampleInput: { path: { feed_id: "feed_000000000unknown" } },
  document: /* GraphQL */ `mutation RevokeCalendarFeed($feedId: String!) { revokeCalendarFeed(feedId: $feedId) { ${FEED_FIELDS} } }`,
  variables: ({ path }) => ({ feedId: path.feed_id }),
  errorLocs: { feedId: ["path", "feed_id"] },
  errors: { 404: "The caller has no feed with this feed_id" },
  result: (data) => ({ body: feedBody((data as Json).revokeCalendarFeed) }),
  responseSchema: FEED_SCHEMA,
};

export const feedRenewRoute: RouteEntry = {
  method: "post",
  path: "/feeds/{feed_id}/renew",
  operationId: "renewCalendarFeed",
  summary: "Renew a calendar feed for another period",
  description: `Adds ${FEED_PERIOD_DAYS} days of free polls from the later of now and the paid end; the URL stays the same. ${FEED_PERIOD_CREDITS} credits. A revoked, unknown or other account's feed → 404 (nothing charged).`,
  // Buying time on an existing feed is an account operation (like a top-up), not a capability: no MCP tool.
  tags: ["calendar", "account"],
  credits: FEED_PERIOD_CREDITS,
  auth: "api_key",
  input: { path: FEED_ID },
  exampleInput: { path: { feed_id: "feed_000000000unknown" } },
  document: /* GraphQL */ `mutation RenewCalendarFeed($feedId: String!) { renewCalendarFeed(feedId: $feedId) { ${FEED_FIELDS} } }`,
  variables: ({ path }) => ({ feedId: path.feed_id }),
  errorLocs: { feedId: ["path", "feed_id"] },
  errors: { 404: "The caller has no live feed with this feed_id" },
  result: (data) => ({ body: feedBody((data as Json).renewCalendarFeed) }),
  responseSchema: FEED_SCHEMA,
};

export const feedIcsRoute: RouteEntry = {
  method: "get",
  path: "/feeds/{token}.ics",
  operationId: "calendarFeedIcs",
  summary: "A calendar feed (iCalendar, for calendar apps)",
  description:
    "The feed's RFC 5545 text: all-day events for observances, timed events for parana windows, muhurtas and eclipses, stable " +
    "UIDs (an event keeps its UID across polls and years), DTSTAMP the feed's creation; a webhook subscription's feed " +
    "(POST /webhooks/{subscription_id}/feed) holds its events, each UID the webhook's event id. Needs no API key: the token in the path " +
    "is the credential (read-only, this feed only). ETag / If-None-Match → 304. Free: the period is paid at creation. " +
    "Unknown or revoked token → 404; past the paid period → 402. HEAD answers the same status and headers without the body. " +
    "Polls are limited per client address (FEED_POLL_RATE_LIMIT a minute; past it → 429 with Retry-After).",
  // The feed is read by calendar apps, not agents: not an MCP tool (the management routes are).
  tags: ["calendar", "service"],
  credits: 0,
  auth: "none",
  rawContentType: "text/calendar",
  // HEAD answers what GET would (404, 402, or 200 with the ETag and length), without the body and without counting a poll.
  headRunsGet: true,
  input: { path: { token: { type: "string", required: true, min: 1, max: 64, description: "vaf_…, from POST /feeds" } } },
  exampleInput: { path: { token: "vaf_unknown" } },
  document: /* GraphQL */ `query CalendarFeedIcs($token: String!) { calendarFeedIcs(token: $token) { ics etag } }`,
  variables: ({ path }) => ({ token: path.token }),
  errorLocs: { token: ["path", "token"] },
  errors: { 404: "Unknown or revoked feed token", 402: "The feed's paid period has ended: its owner renews it", 429: "Too many polls from this address this minute" },
  result: (data) => {
    const f = (data as Json).calendarFeedIcs;
    return {
      body: null,
      raw: { contentType: "text/calendar; charset=utf-8", text: f.ics, etag: f.etag, cacheControl: "private, max-age=3600" },
    };
  },
};

export const subscriptionFeedCreateRoute: RouteEntry = {
  method: "post",
  path: "/webhooks/{subscription_id}/feed",
  operationId: "createSubscriptionFeed",
  summary: "An iCalendar feed of a webhook subscription's events, and its read-only feed token",
  description:
    "The subscription's events as an RFC 5545 feed (GET /feeds/{token}.ics): its world event types and, with a birth, its " +
    "personal events, from 30 days before today (UT) to the end of the event horizon (EVENT_HORIZON_DAYS, default 40), " +
    "recomputed each day. Timed events at each exact instant (UTC); the janma nakshatra day and the Vedic birthday as all-day " +
    "events on their local date. Each UID is the id the webhook payload carries (`data.event_id`). The token works like a " +
    "calendar feed's: listed, renewed and revoked through /feeds; deleting the subscription revokes it (its URL answers 404). " +
    PRICING + " Another account's or an unknown subscription → 404, nothing charged.",
  tags: ["webhooks", "calendar"],
  credits: FEED_PERIOD_CREDITS,
  auth: "api_key",
  input: { path: { subscription_id: { type: "string", required: true, min: 1, max: 64, description: "sub_…, as POST /webhooks/subscribe answered it" } } },
  exampleInput: { path: { subscription_id: "sub_unknown" } },
  document: /* GraphQL */ `
    mutation CreateSubscriptionFeed($subscriptionId: String!) { createSubscriptionFeed(subscriptionId: $subscriptionId) { ${FEED_FIELDS} token url } }
  `,
  variables: ({ path }) => ({ subscriptionId: path.subscription_id }),
  errorLocs: { subscriptionId: ["path", "subscription_id"] },
  errors: { 404: "The caller has no webhook subscription with this subscription_id", 409: `The account already holds ${MAX_FEEDS_PER_ACCOUNT} live feeds` },
  result: (data) => {
    const f = (data as Json).createSubscriptionFeed;
    return { body: { ...feedBody(f), token: f.token, url: f.url } };
  },
  responseSchema: CREATED_FEED_SCHEMA,
};

export const FEED_ROUTES: readonly RouteEntry[] = [feedCreateRoute, feedListRoute, feedRenewRoute, feedRevokeRoute, feedIcsRoute, subscriptionFeedCreateRoute];
