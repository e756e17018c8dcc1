import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/engine/events/event-types.js";
import type { PublishedEvent } from "../../src/events/event-bus.js";
import type { PgEventBus } from "../../src/events/pg-event-bus.js";
import { WS_CLOSE_UNAUTHORIZED } from "../../src/subscriptions/ws-subscriptions.js";
import { ended, event, listening, receivedAtLeast, subscribe, type Subscriber } from "../helpers/event-subscriber.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { insideOneMinute } from "../helpers/clock-minute.js";

/**
 * GraphQL subscriptions over graphql-ws on /graphql (docs/architecture.md §8), against a real
 * server on loopback with accounts on: the API key in the connection params, 1 credit to start
 * (through the same gates and ledger as every paid request), events free, the type filter and
 * the subscriber's place, refusals with nothing charged. PGlite (in-process bus), or PostgreSQL
 * (LISTEN/NOTIFY bus) when DATABASE_URL is set.
 */
const ADMIN_KEY = "admin-key-for-subscription-tests";
let server: TestServer;
const open: Subscriber[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.dispose()));
  await server?.close();
});

const track = (s: Subscriber) => (open.push(s), s);
const publish = (e: PublishedEvent) => server.app.eventBus.publish(e);

async function newKey(): Promise<{ apiKey: string; accountId: string }> {
  const res = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const body = (await res.json()) as { api_key: string; account_id: string };
  return { apiKey: body.api_key, accountId: body.account_id };
}

/** A key whose free requests of today are used up (so a price is paid from the balance), holding `credits`. */
async function payingKey(credits: number): Promise<{ apiKey: string; accountId: string }> {
  const k = await newKey();
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15&planets=sun`, { headers: { "x-api-key": k.apiKey } });
    expect(res.headers.get("x-credits-charged")).toBe("0");
  }
  if (credits > 0) {
    const res = await fetch(`${server.baseUrl}/admin/grant-credits`, {
      method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
      body: JSON.stringify({ account_id: k.accountId, credits, reason: "subscription tests" }),
    });
    expect(res.status).toBe(200);
  }
  return k;
}

/** The ledger rows that move credits (a hold's capture is a row of 0: docs/billing.md). */
async function ledgerOf(accountId: string): Promise<number[]> {
  const r = await sql<{ d: number }>`select delta_milli as d from ledger where account_id = ${accountId} and delta_milli <> 0 order by id`.execute(server.database.db);
  return r.rows.map((row) => Number(row.d));
}

async function balanceOf(apiKey: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { balance: number }).balance;
}

describe("subscribing with an API key", () => {
  it("the app made the bus for its database: LISTEN/NOTIFY on PostgreSQL, in process on PGlite", () => {
    const bus = server.app.eventBus as Partial<PgEventBus>;
    if (server.database.kind === "postgres") expect(bus.state?.()).toBe("listening");
    else expect(bus.state).toBeUndefined();
  });

  it("starting astroEvents costs exactly 1 credit (one ledger row of −1); the events it then receives are free", async () => {
    const { apiKey, accountId } = await payingKey(5);
    const before = await ledgerOf(accountId);
    const sub = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }));
    await listening([sub], publish);
    expect(await ledgerOf(accountId)).toEqual([...before, -1000]);
    expect(await balanceOf(apiKey)).toBe(4);

    const eclipse = event("eclipse_lunar", { kind: "total", magnitude: 1.178 }, "2025-03-14T06:58:43Z");
    await publish(eclipse);
    await publish(event("purnima", { n: 2 }));
    const got = await receivedAtLeast(sub, 2);
    expect(got[0]).toEqual({ id: eclipse.id, type: "ECLIPSE_LUNAR", instant: "2025-03-14T06:58:43Z", data: { kind: "total", magnitude: 1.178 }, location: null });
    expect(got[1]).toMatchObject({ type: "PURNIMA", data: { n: 2 } });
    // Receiving cost nothing: the ledger still has the one debit.
    expect(await ledgerOf(accountId)).toEqual([...before, -1000]);
  }, 60_000);

  it("the key may be given as apiKey instead of X-API-Key", async () => {
    const { apiKey, accountId } = await payingKey(3);
    const sub = track(subscribe(server.baseUrl, { apiKey }, { types: ["SANKRANTI"] }));
    await listening([sub], publish, "sankranti");
    expect(await balanceOf(apiKey)).toBe(2);
    expect((await ledgerOf(accountId)).at(-1)).toBe(-1000);
  }, 60_000);

  it("types filters: a subscriber to EKADASHI and AMAVASYA gets those and nothing else", async () => {
    const { apiKey } = await payingKey(2);
    const only = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }, { types: ["EKADASHI", "AMAVASYA"] }));
    const all = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }));
    await listening([only, all], publish, "ekadashi");
    for (const t of ["sankranti", "amavasya", "saturn_sign_change", "ekadashi"] as const) await publish(event(t, { t }));
    const gotAll = await receivedAtLeast(all, 4);
    expect(gotAll.map((e) => e.type)).toEqual(["SANKRANTI", "AMAVASYA", "SATURN_SIGN_CHANGE", "EKADASHI"]);
    const gotOnly = await receivedAtLeast(only, 2);
    // The last event published reached `only` too: nothing it filtered out can still be on its way.
    expect(gotOnly.map((e) => e.type)).toEqual(["AMAVASYA", "EKADASHI"]);
  }, 60_000);

  it("with latitude and longitude each event carries the place, its zone and the local time", async () => {
    const { apiKey } = await payingKey(1);
    const sub = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }, { types: ["SANKRANTI", "EKADASHI"], latitude: 28.6139, longitude: 77.209 }));
    await listening([sub], publish);
    await publish(event("sankranti", { rashi: "Makara" }, "2025-01-14T08:55:00Z"));
    await publish(event("ekadashi", {}, null));
    const [sankranti, noInstant] = await receivedAtLeast(sub, 2);
    expect(sankranti!.location).toEqual({
      latitude: 28.6139, longitude: 77.209, timeZone: "Asia/Kolkata", localInstant: "2025-01-14T14:25:00+05:30", localDate: "2025-01-14",
    });
    expect(noInstant!.location).toMatchObject({ timeZone: "Asia/Kolkata", localInstant: null, localDate: null });
  }, 60_000);
});

describe("refusals: clear errors, nothing charged", () => {
  it("no key: the connection is closed with 4401 and a reason naming the connection param", async () => {
    const sub = track(subscribe(server.baseUrl, undefined));
    await ended(sub);
    expect(sub.closed?.code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(sub.closed?.reason).toMatch(/API key required: connectionParams \{"X-API-Key"/);
  });

  it("an unknown key: closed with 4401, 'Unknown API key'", async () => {
    const sub = track(subscribe(server.baseUrl, { "X-API-Key": "vas_" + "0".repeat(40) }));
    await ended(sub);
    expect(sub.closed).toMatchObject({ code: WS_CLOSE_UNAUTHORIZED });
    expect(sub.closed?.reason).toMatch(/Unknown API key/);
  });

  it("insufficient credits: INSUFFICIENT_CREDITS with price and balance, no ledger row, no stream", async () => {
    const { apiKey, accountId } = await payingKey(0);
    const before = await ledgerOf(accountId);
    const sub = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }));
    await ended(sub);
    expect(sub.errors[0]!.message).toMatch(/Insufficient credits: this operation costs 1 credit, /);
    expect(sub.errors[0]!.extensions).toMatchObject({ code: "INSUFFICIENT_CREDITS", price: 1, balance: 0, status: 402 });
    expect(await ledgerOf(accountId)).toEqual(before);
  });

  it("an unknown event type is refused with the ten listed; a lone latitude and an out-of-range one name the field; none is charged", async () => {
    const { apiKey, accountId } = await payingKey(5);
    const before = await ledgerOf(accountId);
    const badType = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }, { types: ["EKADASHI", "FULL_MOON"] }));
    await ended(badType);
    expect(badType.errors[0]!.message).toMatch(/FULL_MOON/);
    for (const t of EVENT_TYPES) expect(badType.errors[0]!.message).toContain(t.toUpperCase());

    const lone = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }, { latitude: 28.6 }));
    await ended(lone);
    expect(lone.errors[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "longitude" } });
    expect(lone.errors[0]!.message).toMatch(/latitude and longitude go together/);

    const far = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }, { latitude: 95, longitude: 10 }));
    await ended(far);
    expect(far.errors[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "latitude" } });

    const literal = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }, {}, "subscription { astroEvents(types: [NEW_MOON]) { type } }"));
    await ended(literal);
    expect(literal.errors[0]!.message).toMatch(/NEW_MOON.*The event types are: EKADASHI, PURNIMA/);
    expect(await ledgerOf(accountId)).toEqual(before);
  }, 60_000);

  it("the per-minute rate limit applies as to any paid request: past it, RATE_LIMITED and nothing charged", async () => {
    const { apiKey, accountId } = await newKey();
    // Set before the key is first used (the key → account lookup is cached for a few seconds).
    await sql`update accounts set rate_limit = 1 where id = ${accountId}`.execute(server.database.db);
    // Both starts must fall in one clock minute (the rate window).
    await insideOneMinute();
    const first = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }));
    await listening([first], publish);
    const before = await ledgerOf(accountId);
    const second = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }));
    await ended(second);
    expect(second.errors[0]).toMatchObject({ extensions: { code: "RATE_LIMITED", limit: 1, status: 429 } });
    expect(await ledgerOf(accountId)).toEqual(before);
  }, 60_000);

  it("a subscription sent over HTTP (POST /graphql) is refused with 400 before pricing, nothing charged", async () => {
    const { apiKey, accountId } = await payingKey(5);
    const before = await ledgerOf(accountId);
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ query: "subscription { astroEvents { type } }" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.message).toMatch(/Subscriptions are served over WebSocket \(graphql-ws\)/);
    expect(body.errors[0]!.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(await ledgerOf(accountId)).toEqual(before);
    expect(await balanceOf(apiKey)).toBe(5);
  });

  it("queries and mutations over the WebSocket are still refused (they would escape pricing), nothing charged", async () => {
    const { apiKey, accountId } = await payingKey(5);
    const before = await ledgerOf(accountId);
    const q = track(subscribe(server.baseUrl, { "X-API-Key": apiKey }, {}, '{ ephemeris(datetime: "2024-01-15") { ayanamsha } }'));
    await ended(q);
    expect(q.errors[0]!.message).toMatch(/only subscriptions are served/);
    expect(await ledgerOf(accountId)).toEqual(before);
  });
});
