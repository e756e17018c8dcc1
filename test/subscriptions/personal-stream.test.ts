/**
 * GraphQL astroEvents with a birth: starting it costs 3 credits through the same gates and
 * ledger, world events still come, a personal type without a birth is refused free; and the
 * stream's personal events (subscriptions/personal-stream.ts, the engine function the webhook
 * scheduler uses) arrive at their instants with their keys, on a clock set just before one.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { natalOf, personalEvents, worldScan } from "../../src/engine/events/personal-events.js";
import { createMemoryEventBus, type PublishedEvent } from "../../src/events/event-bus.js";
import type { StoredBirth } from "../../src/events/personal-birth.js";
import { streamOwner, withPersonalEvents } from "../../src/subscriptions/personal-stream.js";
import { until } from "../helpers/built-service.js";
import { ended, listening, subscribe, type Subscriber } from "../helpers/event-subscriber.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ADMIN_KEY = "admin-key-for-personal-stream-tests";
const WITH_BIRTH = `subscription ($types: [EventType!], $birth: BirthInput) {
  astroEvents(types: $types, birth: $birth) { id key type instant data }
}`;
const BIRTH_INPUT = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
let server: TestServer;
const open: Subscriber[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((s) => s.dispose()));
  await server?.close();
});

async function payingKey(credits: number): Promise<{ apiKey: string; accountId: string }> {
  const res = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const k = (await res.json()) as { api_key: string; account_id: string };
  // Use up the day's free requests, so the price is paid from the balance.
  for (let i = 0; i < 2; i++) await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15&planets=sun`, { headers: { "x-api-key": k.api_key } });
  await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: k.account_id, credits, reason: "personal stream tests" }),
  });
  return { apiKey: k.api_key, accountId: k.account_id };
}

const ledgerOf = async (accountId: string) =>
  (await sql<{ d: number }>`select delta_milli as d from ledger where account_id = ${accountId} and delta_milli <> 0 order by id`.execute(server.database.db))
    .rows.map((r) => Number(r.d));

describe("astroEvents with a birth", () => {
  it("costs 3 credits to start and still carries the world events", async () => {
    const { apiKey, accountId } = await payingKey(5);
    const before = await ledgerOf(accountId);
    const sub = subscribe(server.baseUrl, { "X-API-Key": apiKey }, { birth: BIRTH_INPUT }, WITH_BIRTH);
    open.push(sub);
    await listening([sub], (e) => server.app.eventBus.publish(e));
    expect(await ledgerOf(accountId)).toEqual([...before, -3000]);
    // A personal event of some webhook subscription is never a stream's.
    await server.app.eventBus.publish({ id: "x1", type: "janma_nakshatra", instant: "2030-01-01T00:00:00Z", data: {}, subscriptionId: "sub_other" });
    await server.app.eventBus.publish({ id: "x2", type: "purnima", instant: "2030-01-02T00:00:00Z", data: { n: 1 } });
    await until("the purnima", 10_000, () => (sub.events.some((e) => e.type === "PURNIMA") ? true : undefined));
    expect(sub.events.some((e) => e.id === "x1")).toBe(false);
  }, 60_000);

  it("refuses a personal type without a birth, and a birth without an offset, charging nothing", async () => {
    const { apiKey, accountId } = await payingKey(2);
    const before = await ledgerOf(accountId);
    const a = subscribe(server.baseUrl, { "X-API-Key": apiKey }, { types: ["DASHA_ANTAR_CHANGE"] }, WITH_BIRTH);
    const b = subscribe(server.baseUrl, { "X-API-Key": apiKey }, { birth: { ...BIRTH_INPUT, datetime: "1990-05-15T14:30:00" } }, WITH_BIRTH);
    open.push(a, b);
    await ended(a);
    await ended(b);
    expect(a.errors[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "types" });
    expect(b.errors[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "birth.datetime" });
    expect(await ledgerOf(accountId)).toEqual(before);
  }, 60_000);
});

describe("the stream's personal events", () => {
  it("come at their instants with the engine's data and a stable key", async () => {
    const birth: StoredBirth = { instant: "1990-05-15T09:00:00.000Z", datetime: BIRTH_INPUT.datetime, latitude: 28.6139, longitude: 77.209, ayanamsha: "lahiri" };
    const t0 = Date.parse("2031-02-14T00:00:00Z");
    const expected = personalEvents(natalOf(Date.parse(birth.instant)), worldScan(t0, t0 + 7 * 86_400_000), new Set(["janma_nakshatra"]))[0]!;
    // A clock 3 s before the event's instant.
    const offset = expected.instant - 3000 - Date.now();
    const clock = () => Date.now() + offset;
    const bus = withPersonalEvents(createMemoryEventBus(), birth, new Set(["janma_nakshatra"]), clock);
    const got: PublishedEvent[] = [];
    const arrivedAt: number[] = [];
    const off = bus.subscribe((e) => {
      got.push(e);
      arrivedAt.push(clock());
    });
    try {
      const e = await until("the janma nakshatra", 20_000, () => got[0]);
      // Not before its instant, and on time (the machine is shared: within 2 s).
      expect(arrivedAt[0]).toBeGreaterThanOrEqual(expected.instant);
      expect(arrivedAt[0]).toBeLessThan(expected.instant + 2000);
      const iso = new Date(expected.instant).toISOString();
      const key = `janma_nakshatra@${iso}@${streamOwner(birth)}`;
      expect(e).toEqual({ id: key, type: "janma_nakshatra", instant: iso, data: { event_id: key, instant: iso, ...expected.data } });
    } finally {
      off();
    }
  }, 60_000);
});
