import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectEvents } from "../../src/engine/events/detect.js";
import { createMemoryEventBus } from "../../src/events/event-bus.js";
import { startEventScheduler } from "../../src/events/event-scheduler.js";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

const ADMIN_KEY = "admin-key-for-events-query-tests-0123456789";
let server: TestServer;
let key = "";
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const reg = (await postJson(server.baseUrl, "/register", {})).body as { api_key: string; account_id: string };
  key = reg.api_key;
  await postJson(server.baseUrl, "/admin/grant-credits", { account_id: reg.account_id, credits: 200, reason: "events query tests" }, { "x-admin-key": ADMIN_KEY });
});
afterAll(async () => {
  await server?.close();
});

const get = async (query: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.baseUrl}/events?${query}`, { headers: { "x-api-key": key, ...headers } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};
const balance = async () => ((await (await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": key } })).json()) as { balance: number }).balance;

/** Spend the free tier so that the prices below are really debited. */
async function spendFreeTier(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const r = await get("from=2024-04-08T00:00:00Z&to=2024-04-09T00:00:00Z&types=purnima");
    if (r.headers.get("x-credits-charged") !== "0") return;
  }
}

const DALLAS = "latitude=32.7767&longitude=-96.797";

describe("GET /events", () => {
  it("April 2024 at Dallas: the total solar eclipse seen there (total, Sun up), local times in Central Daylight Time", async () => {
    const r = await get(`from=2024-04-01T00:00:00-05:00&to=2024-05-01T00:00:00-05:00&${DALLAS}`);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(r.body.events.length);
    const types = r.body.events.map((e: any) => e.type);
    expect(types).toEqual(expect.arrayContaining(["eclipse_solar", "amavasya", "purnima", "ekadashi", "sankranti"]));
    const ecl = r.body.events.find((e: any) => e.type === "eclipse_solar");
    expect(ecl.id).toBe(`eclipse_solar@${ecl.instant}`);
    expect(ecl.data.kind).toBe("total");
    expect(ecl.place.time_zone).toBe("America/Chicago");
    expect(ecl.place.local_time.endsWith("-05:00")).toBe(true);
    const v = ecl.place.visibility;
    expect(v).toMatchObject({ visible: true, local_kind: "total" });
    expect(v.contacts.map((c: any) => c.contact)).toEqual(["partial_begin", "total_begin", "maximum", "total_end", "partial_end"]);
    // Dallas: totality began about 13:40 CDT (NASA's eclipse explorer); the Sun about 64° up.
    const totalBegin = v.contacts[1];
    expect(totalBegin.time.slice(11, 16) >= "13:39" && totalBegin.time.slice(11, 16) <= "13:42").toBe(true);
    expect(v.maximum.altitude).toBeGreaterThan(60);
    // Sorted by instant.
    const instants = r.body.events.map((e: any) => Date.parse(e.instant));
    expect([...instants].sort((a, b) => a - b)).toEqual(instants);
  });

  it("types filters; without a place there is no place part", async () => {
    const r = await get("from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z&types=eclipse_solar,eclipse_lunar");
    expect(r.status).toBe(200);
    expect(new Set(r.body.events.map((e: any) => e.type))).toEqual(new Set(["eclipse_solar", "eclipse_lunar"]));
    expect(r.body.events.every((e: any) => e.place === null)).toBe(true);
    // 2024: solar Apr 8 and Oct 2; lunar Mar 25 and Sep 18 (NASA's canon).
    expect(r.body.events.map((e: any) => e.instant.slice(0, 10))).toEqual(["2024-03-25", "2024-04-08", "2024-09-18", "2024-10-02"]);
  });

  it("REST and GraphQL answer the same events with the same ids", async () => {
    const rest = await get("from=2025-09-01T00:00:00Z&to=2025-09-30T00:00:00Z&latitude=28.6139&longitude=77.209");
    const gql = await postJson(server.baseUrl, "/graphql", {
      query: `{ events(from: "2025-09-01T00:00:00Z", to: "2025-09-30T00:00:00Z", latitude: 28.6139, longitude: 77.209) {
        count events { id type instant place { localTime observanceDate visibility { visible seenFrom } } } } }`,
    }, { "x-api-key": key });
    expect(gql.body.errors).toBeUndefined();
    const g = gql.body.data.events;
    expect(g.count).toBe(rest.body.count);
    expect(g.events.map((e: any) => [e.id, e.type.toLowerCase(), e.instant, e.place.localTime, e.place.observanceDate]))
      .toEqual(rest.body.events.map((e: any) => [e.id, e.type, e.instant, e.place.local_time, e.place.observance_date]));
    const lunar = g.events.find((e: any) => e.type === "ECLIPSE_LUNAR");
    expect(lunar.place.visibility.visible).toBe(true);
  });

  it("is priced 1 credit per started 31 days: a month 1, 32 days 2, a year 12 — charged from the balance", async () => {
    await spendFreeTier();
    for (const [from, to, credits] of [
      ["2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z", 1],
      ["2024-01-01T00:00:00Z", "2024-02-02T00:00:00Z", 2],
      ["2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z", 12],
    ] as const) {
      const dry = await get(`from=${from}&to=${to}`, { "x-dry-run": "price" });
      expect(dry.body.price, `${from}..${to}`).toBe(credits);
      const before = await balance();
      const r = await get(`from=${from}&to=${to}&types=purnima`);
      expect(r.status).toBe(200);
      expect(r.headers.get("x-credits-charged")).toBe(String(credits));
      expect(await balance()).toBe(before - credits);
    }
  });

  it("refuses a window over 366 days, to before from, a bad type, a lone latitude and a non-ISO from: 422 naming the field, nothing charged", async () => {
    await spendFreeTier();
    const before = await balance();
    for (const [q, loc] of [
      ["from=2024-01-01T00:00:00Z&to=2025-01-03T00:00:00Z", ["query", "to"]],
      ["from=2024-02-01T00:00:00Z&to=2024-01-01T00:00:00Z", ["query", "to"]],
      ["from=2024-01-01T00:00:00Z&to=2024-02-01T00:00:00Z&types=comet", ["query", "types"]],
      ["from=2024-01-01T00:00:00Z&to=2024-02-01T00:00:00Z&latitude=10", ["query", "longitude"]],
      ["from=2024-01-01&to=2024-02-01T00:00:00Z", ["query", "from"]],
      ["from=1850-01-01T00:00:00Z&to=1850-02-01T00:00:00Z", ["query", "from"]],
    ] as const) {
      const r = await get(q);
      expect(r.status, q).toBe(422);
      expect(r.body.detail[0].loc, q).toEqual(loc);
    }
    expect(await balance()).toBe(before);
  });
});

describe("the same ids as the webhooks and subscriptions deliver", () => {
  it("the scheduler records each detected event with data.event_id = the query's id", async () => {
    const T0 = Date.parse("2026-08-10T00:00:00Z");
    const scheduler = startEventScheduler({
      db: server.database.db, bus: createMemoryEventBus(), clock: () => new Date(T0), intervalMs: 3_600_000,
      horizonMs: 5 * 86_400_000, detector: detectEvents,
    });
    try {
      await scheduler.tick();
    } finally {
      await scheduler.stop();
    }
    const rows = await server.database.db.selectFrom("events").select(["type", "data"]).where("source", "=", "detected")
      .where("instant", ">=", new Date(T0)).where("instant", "<", new Date(T0 + 5 * 86_400_000)).execute();
    const recorded = rows.map((r) => (typeof r.data === "string" ? JSON.parse(r.data) : r.data).event_id as string).sort();
    const q = await get("from=2026-08-10T00:00:00Z&to=2026-08-15T00:00:00Z");
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded).toContain(q.body.events.find((e: any) => e.type === "eclipse_solar").id);
    expect(q.body.events.map((e: any) => e.id).sort()).toEqual(recorded);
  });
});
