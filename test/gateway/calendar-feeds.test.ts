import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseIcs, prop, text, timeValue, type IcsComponent } from "../helpers/ics-parser.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { insideOneMinute } from "../helpers/clock-minute.js";

/** Calendar feeds through the real server: feed tokens, the .ics a calendar app polls, ETag/304, and what each call costs. */
const ADMIN_KEY = "admin-key-for-feed-tests-0123456";
const DAY_MS = 86_400_000;
let server: TestServer;
let nowMs = Date.now();
let apiKey = "";
let otherKey = "";

const register = async () => {
  const reg = (await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as any;
  const res = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: reg.account_id, credits: 200, reason: "feed tests" }),
  });
  expect(res.status).toBe(200);
  return reg.api_key as string;
};

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY, PUBLIC_BASE_URL: "https://astro.example" }, appOptions: { accounts: { clock: () => new Date(nowMs) } } });
  apiKey = await register();
  otherKey = await register();
  // Spend the day's free requests, so what each call below is charged shows in the balance.
  for (let i = 0; i < 2; i++) expect((await call("GET", "/vrata/2025/1")).status).toBe(200);
});
afterAll(() => server?.close());

const call = async (method: string, path: string, body?: unknown, key: string | null = apiKey) => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method, headers: { ...(key ? { "x-api-key": key } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const t = await res.text();
  return { status: res.status, body: t ? JSON.parse(t) : null, headers: res.headers };
};
const balance = async (key = apiKey) => (await call("GET", "/account", undefined, key)).body.balance as number;
/** A feed's path on this test server, from the public URL the service answers. */
const localPath = (url: string) => new URL(url).pathname;
const poll = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
const named = (events: IcsComponent[], summary: string) => events.filter((e) => text(e, "SUMMARY") === summary);

describe("POST /feeds, then the feed", () => {
  let feed: any;
  let ics = "";

  it("creating a feed costs 10 credits and answers a token URL that holds no API key", async () => {
    const before = await balance();
    const r = await call("POST", "/feeds", { latitude: 28.6139, longitude: 77.209, year: 2025 });
    expect(r.status).toBe(200);
    feed = r.body;
    expect(before - (await balance())).toBe(10);
    expect(r.headers.get("x-credits-charged")).toBe("10");
    expect(feed.token).toMatch(/^vaf_[0-9A-Za-z]{32}$/);
    expect(feed.url).toBe(`https://astro.example/feeds/${feed.token}.ics`);
    expect(feed.url).not.toContain(apiKey);
    expect(feed.status).toBe("active");
    expect(feed.contents).toEqual(["festivals", "vratas", "eclipses"]);
    expect(Date.parse(feed.paid_until) - Date.parse(feed.created_at)).toBe(365 * DAY_MS);
    // Stored hashed: the clear token is nowhere in the database.
    const rows = await server.database.db.selectFrom("calendar_feeds").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(feed.token);
  });

  it("the feed answers without an API key: strict RFC 5545, all-day observances, timed parana, muhurta and eclipse windows", async () => {
    const before = await balance();
    const res = await poll(localPath(feed.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar; charset=utf-8/);
    ics = await res.text();
    const { calendar, events } = parseIcs(ics);
    expect(prop(calendar, "X-WR-TIMEZONE")!.raw).toBe("Asia/Kolkata");
    // Diwali 2025 at New Delhi: 20 October (Drik Panchang), an all-day event.
    const diwali = named(events, "Diwali (Lakshmi Puja)");
    expect(diwali.map((e) => prop(e, "DTSTART")!.raw)).toEqual(["20251020"]);
    expect(prop(diwali[0]!, "DTSTART")!.params.VALUE).toEqual(["DATE"]);
    expect(prop(diwali[0]!, "DTEND")!.raw).toBe("20251021");
    expect(text(diwali[0]!, "DESCRIPTION")).toMatch(/Amavasya/);
    // Devutthana Ekadashi 2025: the Smarta fast on 1 November, parana on 2 November 13:11–15:23 IST (Drik) as a timed event.
    const parana = events.filter((e) => text(e, "SUMMARY") === "Parana: Dev Uthani Ekadashi");
    expect(parana.length).toBe(1);
    const ps = timeValue(prop(parana[0]!, "DTSTART")!);
    expect(ps.utc).toBe(true);
    expect(Math.abs(ps.ms - Date.UTC(2025, 10, 2, 13 - 5, 11 - 30))).toBeLessThan(3 * 60_000);
    // Cheti Chand 2025 (30 March) with its sunset–moonset muhurta.
    expect(named(events, "Cheti Chand").map((e) => prop(e, "DTSTART")!.raw)).toEqual(["20250330"]);
    expect(named(events, "Cheti Chand muhurta").length).toBe(1);
    // The total lunar eclipse of 7–8 September 2025, seen from New Delhi.
    const lunar = events.filter((e) => /^Lunar eclipse/.test(text(e, "SUMMARY")!));
    expect(lunar.length).toBeGreaterThanOrEqual(1);
    expect(lunar.some((e) => prop(e, "DTSTART")!.raw.startsWith("20250907"))).toBe(true);
    // Only the feed's year (a parana may fall on the morning after 31 December), and nothing charged for the poll.
    for (const e of events) {
      const t = timeValue(prop(e, "DTSTART")!);
      if (t.kind === "date") expect(new Date(t.ms).getUTCFullYear()).toBe(2025);
      else expect(t.ms >= Date.UTC(2024, 11, 31, 18) && t.ms < Date.UTC(2026, 0, 1, 18), text(e, "SUMMARY")).toBe(true);
    }
    expect(events.length).toBeGreaterThan(150);
    expect(await balance()).toBe(before);
  });

  it("polls again give the same bytes and ETag; If-None-Match answers 304 without a body; DTSTAMP is stable", async () => {
    const a = await poll(localPath(feed.url));
    const etag = a.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await a.text()).toBe(ics);
    const b = await poll(localPath(feed.url), { "if-none-match": etag });
    expect(b.status).toBe(304);
    expect(await b.text()).toBe("");
    expect(b.headers.get("etag")).toBe(etag);
    const c = await poll(localPath(feed.url), { "if-none-match": '"something-else"' });
    expect(c.status).toBe(200);
    const stamps = new Set(parseIcs(await c.text()).events.map((e) => prop(e, "DTSTAMP")!.raw));
    expect(stamps.size).toBe(1);
  });

  it("HEAD answers what GET would (status, ETag, length, 304) without the body, free, and is not counted as a poll", async () => {
    const polls = async () => (await call("GET", "/feeds")).body.feeds.find((x: any) => x.feed_id === feed.feed_id).poll_count as number;
    const before = await balance();
    const count = await polls();
    const get = await poll(localPath(feed.url));
    const etag = get.headers.get("etag")!;
    const bytes = Buffer.byteLength(await get.text());
    const head = await fetch(`${server.baseUrl}${localPath(feed.url)}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^text\/calendar; charset=utf-8/);
    expect(head.headers.get("etag")).toBe(etag);
    expect(Number(head.headers.get("content-length"))).toBe(bytes);
    expect(await head.text()).toBe("");
    const cached = await fetch(`${server.baseUrl}${localPath(feed.url)}`, { method: "HEAD", headers: { "if-none-match": etag } });
    expect(cached.status).toBe(304);
    // The token is checked: an unknown one is a 404, as GET answers.
    expect((await fetch(`${server.baseUrl}/feeds/vaf_00000000000000000000000000000000.ics`, { method: "HEAD" })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/feeds/not-a-token.ics`, { method: "HEAD" })).status).toBe(404);
    // The GET above is the only poll counted; nothing charged.
    expect(await polls()).toBe(count + 1);
    expect(await balance()).toBe(before);
  });

  it("the same event keeps its UID across feeds of other years and the rolling window", async () => {
    const y2026 = (await call("POST", "/feeds", { latitude: 28.6139, longitude: 77.209, year: 2026, contents: ["festivals"] })).body;
    // The clock's year: a rolling window from 30 days back shares its events with that year's feed.
    const rolling = (await call("POST", "/feeds", { latitude: 28.6139, longitude: 77.209, contents: ["festivals"] })).body;
    expect(rolling.year).toBeNull();
    const thisYear = new Date(nowMs).getUTCFullYear();
    const yearFeed = thisYear === 2026 ? y2026 : (await call("POST", "/feeds", { latitude: 28.6139, longitude: 77.209, year: thisYear, contents: ["festivals"] })).body;
    const a = parseIcs(await (await poll(localPath(yearFeed.url))).text()).events;
    const b = parseIcs(await (await poll(localPath(rolling.url))).text()).events;
    const today = new Date(nowMs).toISOString().slice(0, 10).replace(/-/g, "");
    const shared = a.filter((e) => prop(e, "DTSTART")!.raw >= today && prop(e, "DTSTART")!.raw.startsWith(String(thisYear)));
    const uidsB = new Set(b.map((e) => prop(e, "UID")!.raw));
    for (const e of shared) expect(uidsB.has(prop(e, "UID")!.raw), text(e, "SUMMARY")).toBe(true);
    // And a different year's feed never reuses a UID for another day.
    const y2026Events = parseIcs(await (await poll(localPath(y2026.url))).text()).events;
    const y2025Uids = new Set(parseIcs(ics).events.map((e) => prop(e, "UID")!.raw));
    expect(y2026Events.filter((e) => y2025Uids.has(prop(e, "UID")!.raw) && prop(e, "DTSTART")!.raw.startsWith("2026"))).toEqual([]);
  });

  it("GET /feeds lists the caller's feeds without tokens, with their polls; another account sees none of them", async () => {
    const mine = (await call("GET", "/feeds")).body.feeds;
    const f = mine.find((x: any) => x.feed_id === feed.feed_id);
    expect(f.poll_count).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(mine)).not.toContain(feed.token);
    expect(f.token_prefix).toBe(feed.token.slice(0, 8));
    expect((await call("GET", "/feeds", undefined, otherKey)).body.feeds).toEqual([]);
    expect((await call("DELETE", `/feeds/${feed.feed_id}`, undefined, otherKey)).status).toBe(404);
  });

  it("renewal adds 365 days for 10 credits; past the paid period a poll answers 402, free", async () => {
    const before = await balance();
    const r = await call("POST", `/feeds/${feed.feed_id}/renew`);
    expect(r.status).toBe(200);
    expect(before - (await balance())).toBe(10);
    expect(Date.parse(r.body.paid_until) - Date.parse(feed.created_at)).toBe(730 * DAY_MS);
    const saved = nowMs;
    nowMs = Date.parse(r.body.paid_until) + 1000;
    try {
      const res = await poll(localPath(feed.url));
      expect(res.status).toBe(402);
      expect(((await res.json()) as any).detail).toMatch(/renew/);
      expect((await fetch(`${server.baseUrl}${localPath(feed.url)}`, { method: "HEAD" })).status).toBe(402);
      expect((await call("GET", "/feeds")).body.feeds.find((x: any) => x.feed_id === feed.feed_id).status).toBe("expired");
    } finally {
      nowMs = saved;
    }
  });

  it("revoking stops the token for good (404); renewing a revoked feed is refused and not charged", async () => {
    expect((await call("DELETE", `/feeds/${feed.feed_id}`)).body.status).toBe("revoked");
    expect((await poll(localPath(feed.url))).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${localPath(feed.url)}`, { method: "HEAD" })).status).toBe(404);
    const before = await balance();
    const r = await call("POST", `/feeds/${feed.feed_id}/renew`);
    expect(r.status).toBe(404);
    expect(await balance()).toBe(before);
    expect((await poll("/feeds/vaf_00000000000000000000000000000000.ics")).status).toBe(404);
  });

  it("renewing an id that is no feed id is a 422 naming feed_id, refused before pricing (free)", async () => {
    const before = await balance();
    const r = await call("POST", "/feeds/not-a-feed/renew");
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["path", "feed_id"]);
    expect(await balance()).toBe(before);
  });
});

describe("GraphQL", () => {
  const gql = async (query: string, variables: Record<string, unknown> = {}, key: string | null = apiKey) => {
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}) }, body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("createCalendarFeed costs 10 credits, calendarFeedIcs reads the feed with the token alone, revokeCalendarFeed stops it", async () => {
    const before = await balance();
    const c = await gql(`mutation($i: CalendarFeedInput!) { createCalendarFeed(input: $i) { feedId token url status contents } }`, {
      i: { latitude: 19.076, longitude: 72.8777, year: 2024, contents: ["vratas"] },
    });
    expect(c.body.errors).toBeUndefined();
    expect(c.body.extensions.cost.credits).toBe(10);
    expect(before - (await balance())).toBe(10);
    const { feedId, token } = c.body.data.createCalendarFeed;
    const r = await gql(`query($t: String!) { calendarFeedIcs(token: $t) { ics etag } }`, { t: token }, null);
    expect(r.body.errors).toBeUndefined();
    const { events } = parseIcs(r.body.data.calendarFeedIcs.ics);
    // Vratas only: Ekadashis with their parana windows, no festival and no eclipse.
    expect(events.some((e) => /^Parana: /.test(text(e, "SUMMARY")!))).toBe(true);
    expect(events.some((e) => /eclipse/i.test(text(e, "SUMMARY")!))).toBe(false);
    const v = await gql(`mutation($f: String!) { revokeCalendarFeed(feedId: $f) { status } }`, { f: feedId });
    expect(v.body.data.revokeCalendarFeed.status).toBe("revoked");
    const gone = await gql(`query($t: String!) { calendarFeedIcs(token: $t) { etag } }`, { t: token }, null);
    expect(gone.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("an unknown content is refused before pricing, naming the field", async () => {
    const before = await balance();
    const c = await gql(`mutation { createCalendarFeed(input: { latitude: 19, longitude: 72, contents: ["tides"] }) { feedId } }`);
    expect(c.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(c.body.errors[0].extensions.field).toBe("contents");
    expect(await balance()).toBe(before);
  });
});

describe("a place id instead of coordinates", () => {
  it("POST /feeds with place (GET /places) takes the place's coordinates and zone; Chennai's feed has the Tamil festivals", async () => {
    const chennai = (await call("GET", "/places?q=chennai&limit=1", undefined, null)).body.places[0];
    const r = await call("POST", "/feeds", { place: chennai.id, year: 2025, contents: ["festivals"] });
    expect(r.status).toBe(200);
    expect([r.body.latitude, r.body.longitude]).toEqual([chennai.latitude, chennai.longitude]);
    const { calendar, events } = parseIcs(await (await poll(localPath(r.body.url))).text());
    expect(prop(calendar, "X-WR-TIMEZONE")!.raw).toBe("Asia/Kolkata");
    // Thai Pongal 2025: 14 January (Tamil Nadu's holiday list), a regional festival of the place.
    const pongal = named(events, "Thai Pongal");
    expect(pongal.map((e) => prop(e, "DTSTART")!.raw)).toEqual(["20250114"]);
    expect(prop(pongal[0]!, "CATEGORIES")!.raw).toBe("festival/tamil");
    expect(named(events, "Thai Pongal")[0]!.props.find((p) => p.name === "UID")!.raw).toMatch(/^thai-pongal-2025-01-14-13\.\d\dn80\.\d\de@/);
  });
});

describe("refusals are 4xx naming the field, and free", () => {
  it.each([
    [{ latitude: 28.6, longitude: 77.2, year: 1800 }, "year"],
    [{ latitude: 28.6, longitude: 77.2, contents: ["moon"] }, "contents"],
    [{ latitude: 28.6, longitude: 77.2, region: "mars" }, "region"],
    [{ latitude: 80, longitude: 20, year: 2025 }, "latitude"],
    [{ longitude: 77.2 }, "latitude"],
  ])("%j → 422 at %s", async (body, field) => {
    const before = await balance();
    const r = await call("POST", "/feeds", body);
    expect(r.status).toBe(422);
    expect(r.body.detail.some((d: any) => d.loc.includes(field))).toBe(true);
    expect(await balance()).toBe(before);
  });

  it("managing feeds needs the API key", async () => {
    expect((await call("POST", "/feeds", { latitude: 28.6, longitude: 77.2 }, null)).status).toBe(401);
    expect((await call("GET", "/feeds", undefined, null)).status).toBe(401);
  });
});

describe("feed polls are limited per client address (FEED_POLL_RATE_LIMIT)", { timeout: 30_000 }, () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { FEED_POLL_RATE_LIMIT: "3", KEYLESS_RATE_LIMIT: "1000", TRUST_PROXY_HOPS: "1" }, appOptions: { accounts: {} } });
  });
  afterAll(() => limited?.close());

  const at = (address: string, method = "GET") =>
    fetch(`${limited.baseUrl}/feeds/vaf_00000000000000000000000000000000.ics`, { method, headers: { "x-forwarded-for": address } });

  it("3 polls a minute from one address (GET and HEAD alike), the 4th → 429 with Retry-After; another address is not affected", async () => {
    await insideOneMinute();
    expect((await at("198.51.100.7")).status).toBe(404);
    expect((await at("198.51.100.7", "HEAD")).status).toBe(404);
    expect((await at("198.51.100.7")).status).toBe(404);
    const refused = await at("198.51.100.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/3 calendar feed polls per minute/);
    expect((await at("198.51.100.7", "HEAD")).status).toBe(429);
    expect((await at("198.51.100.8")).status).toBe(404);
  });
});
