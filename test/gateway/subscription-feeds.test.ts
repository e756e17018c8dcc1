import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../helpers/built-service.js";
import { parseIcs, prop, text, timeValue, type IcsComponent } from "../helpers/ics-parser.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * A webhook subscription's events as an iCalendar feed, through the real server (docs/events.md,
 * "The feed of a subscription"): a feed token on the subscription, the .ics read with the token
 * alone, strict RFC 5545, UIDs equal to the webhook event ids (world ids as GET /events gives
 * them, personal ids as the scheduler records them), ETag/304, the price of a calendar feed,
 * and the feed stopping when its token is revoked or its subscription deleted.
 */
const ADMIN_KEY = "admin-key-for-subscription-feed-tests";
const DAY_MS = 86_400_000;
const BIRTH = { birth_datetime: "1990-05-15T14:30:00+05:30", birth_latitude: 28.6139, birth_longitude: 77.209 };
// The annular solar eclipse of 1 June 2030 lies in the window (30 days back to the 40-day horizon).
let nowMs = Date.parse("2030-06-10T12:00:00Z");
let server: TestServer;
let apiKey = "";
let otherKey = "";

const call = async (method: string, path: string, body?: unknown, key: string | null = apiKey, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method, headers: { ...(key ? { "x-api-key": key } : {}), ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const t = await res.text();
  return { status: res.status, body: t ? JSON.parse(t) : null, headers: res.headers };
};
const register = async () => {
  const reg = (await call("POST", "/register", {}, null)).body;
  const g = await call("POST", "/admin/grant-credits", { account_id: reg.account_id, credits: 300, reason: "subscription feed tests" }, null, { "x-admin-key": ADMIN_KEY });
  expect(g.status).toBe(200);
  return reg.api_key as string;
};
const balance = async (key = apiKey) => (await call("GET", "/account", undefined, key)).body.balance as number;
const poll = (url: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${new URL(url).pathname}`, { headers });
const uidOf = (e: IcsComponent) => prop(e, "UID")!.raw;
/** The instant a UID (an event id: type@instant[@owner]) names. */
const instantOfUid = (uid: string) => Date.parse(uid.split("@")[1]!);
const stamp = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

beforeAll(async () => {
  server = await startTestServer({
    env: { ADMIN_KEY, PUBLIC_BASE_URL: "https://astro.example", EVENT_SCHEDULER_MS: "200" },
    appOptions: { accounts: { clock: () => new Date(nowMs) } },
  });
  apiKey = await register();
  otherKey = await register();
  // Spend the day's free requests, so what each call below is charged shows in the balance.
  for (let i = 0; i < 2; i++) expect((await call("GET", "/vrata/2025/1")).status).toBe(200);
}, 60_000);
afterAll(() => server?.close());

describe("POST /webhooks/{subscription_id}/feed, then the feed", () => {
  let sub: any;
  let feed: any;
  let ics = "";
  let events: IcsComponent[] = [];

  it("costs what a calendar feed costs (10 credits, 365 days of polls) and answers a token URL listed among /feeds", async () => {
    sub = (await call("POST", "/webhooks/subscribe", {
      url: "https://1.1.1.1/astro-events", events: ["ekadashi", "purnima", "eclipse_solar"], ...BIRTH, dasha_systems: ["vimshottari", "yogini"],
    })).body;
    expect(sub.subscription_id).toMatch(/^sub_/);
    const price = await call("POST", `/webhooks/${sub.subscription_id}/feed`, undefined, apiKey, { "x-dry-run": "price" });
    expect(price.body).toMatchObject({ dry_run: true, price: 10 });
    const before = await balance();
    const r = await call("POST", `/webhooks/${sub.subscription_id}/feed`);
    expect(r.status).toBe(200);
    feed = r.body;
    expect(before - (await balance())).toBe(10);
    expect(feed).toMatchObject({ kind: "subscription", subscription_id: sub.subscription_id, status: "active", latitude: null, contents: [] });
    expect(feed.token).toMatch(/^vaf_[0-9A-Za-z]{32}$/);
    expect(feed.url).toBe(`https://astro.example/feeds/${feed.token}.ics`);
    expect(Date.parse(feed.paid_until) - Date.parse(feed.created_at)).toBe(365 * DAY_MS);
    const list = (await call("GET", "/feeds")).body.feeds as any[];
    expect(list.map((f) => [f.feed_id, f.kind, f.subscription_id])).toContainEqual([feed.feed_id, "subscription", sub.subscription_id]);
  });

  it("the feed is strict RFC 5545: world events at their instants with the ids GET /events gives, 30 days back to the horizon", async () => {
    const before = await balance();
    const res = await poll(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar; charset=utf-8/);
    ics = await res.text();
    const parsed = parseIcs(ics);
    events = parsed.events;
    expect(prop(parsed.calendar, "X-WR-TIMEZONE")!.raw).toBe("Asia/Kolkata");
    // Polls are free.
    expect(await balance()).toBe(before);

    const from = Date.parse("2030-05-11T00:00:00Z");
    const to = Date.parse("2030-07-20T00:00:00Z");
    const q = await call("GET", `/events?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&types=ekadashi,purnima,eclipse_solar`);
    expect(q.status).toBe(200);
    const worldIds = (q.body.events as any[]).map((e) => e.id as string);
    expect(worldIds.some((id) => id.startsWith("eclipse_solar@2030-06-01"))).toBe(true);
    const feedWorld = events.map(uidOf).filter((u) => u.split("@").length === 2);
    expect(feedWorld.sort()).toEqual([...worldIds].sort());
    for (const e of events.filter((x) => uidOf(x).split("@").length === 2)) {
      const start = timeValue(prop(e, "DTSTART")!);
      expect(start).toMatchObject({ kind: "date-time", utc: true });
      expect(prop(e, "DTSTART")!.raw).toBe(stamp(instantOfUid(uidOf(e))));
      expect(prop(e, "DTEND")).toBeUndefined();
    }
    expect(events.filter((e) => text(e, "SUMMARY") === "Solar eclipse")).toHaveLength(1);
    // The window reaches back 30 days (UT days) and no further.
    const instants = events.map((e) => instantOfUid(uidOf(e)));
    expect(Math.min(...instants)).toBeGreaterThanOrEqual(from);
    expect(Math.min(...instants)).toBeLessThan(nowMs - 20 * DAY_MS);
    expect(Math.max(...instants)).toBeLessThan(to);
  }, 120_000);

  it("personal events carry the ids the scheduler records for the webhooks; day events are all-day on their local date", async () => {
    const listed = await until("the horizon recorded", 30_000, async () => {
      await new Promise((r) => setTimeout(r, 300));
      const r = await call("GET", "/webhooks");
      const s = r.status === 200 ? (r.body.subscriptions as any[]).find((x) => x.subscription_id === sub.subscription_id) : undefined;
      return s?.personal_until ? s : undefined;
    });
    const horizon = Date.parse(listed.personal_until);
    expect(horizon).toBe(Date.parse("2030-07-20T00:00:00Z"));
    const rows = await server.database.db.selectFrom("events").select(["type", "data"]).where("subscription_id", "=", sub.subscription_id).execute();
    const recorded = rows.map((r) => (typeof r.data === "string" ? JSON.parse(r.data) : r.data).event_id as string);
    expect(recorded.length).toBeGreaterThan(3);
    const personal = events.map(uidOf).filter((u) => u.endsWith(`@${sub.subscription_id}`));
    // Recorded from the subscription's creation on; the feed also shows the 30 days before.
    expect(personal.filter((u) => instantOfUid(u) >= nowMs).sort()).toEqual([...recorded].sort());
    expect(personal.some((u) => instantOfUid(u) < nowMs)).toBe(true);
    const types = new Set(personal.map((u) => u.split("@")[0]));
    expect(types.has("janma_nakshatra")).toBe(true);
    expect(types.has("chandrashtama_start")).toBe(true);
    // Only the types the subscription holds.
    for (const t of types) expect(listed.events).toContain(t);

    const janma = events.filter((e) => uidOf(e).startsWith("janma_nakshatra@"));
    expect(janma.length).toBeGreaterThanOrEqual(2);
    for (const e of janma) {
      const start = prop(e, "DTSTART")!;
      expect(start.params.VALUE).toEqual(["DATE"]);
      // The local date (Asia/Kolkata, +05:30) of the instant the Moon enters the natal nakshatra.
      const local = new Date(instantOfUid(uidOf(e)) + 330 * 60_000).toISOString().slice(0, 10).replace(/-/g, "");
      expect(start.raw).toBe(local);
      expect(text(e, "SUMMARY")).toMatch(/^Janma nakshatra \(/);
    }
    const chandra = events.find((e) => uidOf(e).startsWith("chandrashtama_start@"))!;
    expect(prop(chandra, "DTSTART")!.raw).toBe(stamp(instantOfUid(uidOf(chandra))));
    expect(text(chandra, "DESCRIPTION")).toContain(`Event id: ${uidOf(chandra)}`);
  }, 60_000);

  it("ETag and If-None-Match → 304; the next day the window moves and the UIDs of the events in both stay the same", async () => {
    const a = await poll(feed.url);
    const etag = a.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await a.text()).toBe(ics);
    const b = await poll(feed.url, { "if-none-match": etag });
    expect(b.status).toBe(304);
    expect(await b.text()).toBe("");
    nowMs += DAY_MS;
    const c = await poll(feed.url, { "if-none-match": etag });
    expect(c.status).toBe(200);
    const moved = parseIcs(await c.text());
    expect(text(moved.calendar, "X-WR-CALDESC")).toContain("2030-05-12 to 2030-07-20");
    const next = moved.events.map(uidOf);
    const first = events.map(uidOf);
    const lo = Date.parse("2030-05-12T00:00:00Z");
    const hi = Date.parse("2030-07-20T00:00:00Z");
    const common = (uids: string[]) => uids.filter((u) => instantOfUid(u) >= lo && instantOfUid(u) < hi).sort();
    expect(common(next)).toEqual(common(first));
    expect(next.every((u) => instantOfUid(u) >= lo && instantOfUid(u) < hi + DAY_MS)).toBe(true);
  }, 120_000);

  it("deleting the subscription stops its feed (404) and shows it revoked", async () => {
    expect((await call("DELETE", `/webhooks/${sub.subscription_id}`)).status).toBe(200);
    expect((await poll(feed.url)).status).toBe(404);
    const listedFeed = ((await call("GET", "/feeds")).body.feeds as any[]).find((f) => f.feed_id === feed.feed_id);
    expect(listedFeed.status).toBe("revoked");
  });
});

describe("a subscription without a birth, revocation and refusals", () => {
  it("a world-only subscription's feed holds its world types, dated in UTC; revoking the token → 404", async () => {
    const s = (await call("POST", "/webhooks/subscribe", { url: "https://1.1.1.1/world", events: ["purnima"] })).body;
    const f = (await call("POST", `/webhooks/${s.subscription_id}/feed`)).body;
    const res = await poll(f.url);
    expect(res.status).toBe(200);
    const { calendar, events } = parseIcs(await res.text());
    expect(prop(calendar, "X-WR-TIMEZONE")!.raw).toBe("UTC");
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(uidOf(e)).toMatch(/^purnima@\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect((await call("DELETE", `/feeds/${f.feed_id}`)).body.status).toBe("revoked");
    expect((await poll(f.url)).status).toBe(404);
  }, 60_000);

  it("another account's subscription → 404 and a malformed id → 422 naming subscription_id, both free", async () => {
    const s = (await call("POST", "/webhooks/subscribe", { url: "https://1.1.1.1/mine", events: ["purnima"] })).body;
    const before = await balance(otherKey);
    const theirs = await call("POST", `/webhooks/${s.subscription_id}/feed`, undefined, otherKey);
    expect(theirs.status).toBe(404);
    const bad = await call("POST", "/webhooks/not-an-id/feed", undefined, otherKey);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["path", "subscription_id"]);
    expect(bad.headers.get("x-credits-charged")).toBeNull();
    expect(await balance(otherKey)).toBe(before);
  });

  it("GraphQL createSubscriptionFeed answers the same feed (kind subscription, a token URL)", async () => {
    const s = (await call("POST", "/webhooks/subscribe", { url: "https://1.1.1.1/gql", events: ["ekadashi"] })).body;
    const r = await call("POST", "/graphql", {
      query: "mutation($id: String!) { createSubscriptionFeed(subscriptionId: $id) { kind subscriptionId url latitude } }",
      variables: { id: s.subscription_id },
    });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.createSubscriptionFeed).toMatchObject({ kind: "subscription", subscriptionId: s.subscription_id, latitude: null });
    expect(r.body.data.createSubscriptionFeed.url).toMatch(/^https:\/\/astro\.example\/feeds\/vaf_/);
  });
});
