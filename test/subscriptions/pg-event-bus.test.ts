import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/database.js";
import { createEventBus } from "../../src/events/create-event-bus.js";
import type { PublishedEvent } from "../../src/events/event-bus.js";
import { createPgEventBus, LISTENER_APPLICATION_NAME, NOTIFY_MAX_BYTES, type BusState, type PgEventBus } from "../../src/events/pg-event-bus.js";
import { until } from "../helpers/built-service.js";
import { event } from "../helpers/event-subscriber.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

/**
 * The event bus across instances (docs/architecture.md §8): PostgreSQL LISTEN/NOTIFY, each bus on
 * its own pool and listening connection, as two service instances would be. PostgreSQL only:
 * skipped without DATABASE_URL, since PGlite has no second connection to notify (the service
 * then uses the in-process bus, checked at the end).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

/** The collectors of the running test; at the next test's start what they received is "seen before". */
const collectors: PublishedEvent[][] = [];

function collector(bus: PgEventBus): PublishedEvent[] {
  const got: PublishedEvent[] = [];
  bus.subscribe((e) => got.push(e));
  collectors.push(got);
  return got;
}

/** Every event an earlier test's collector received (its markers included). */
const seenBefore = new Set<string>();

/**
 * Waits until `got` ends with the marker event; returns what came before it, without earlier
 * tests' markers and events (NOTIFY delivery lags under load: an event a test published, and its
 * marker, may reach the next test's collector on the other bus).
 */
const upTo = async (got: PublishedEvent[], marker: PublishedEvent) => {
  const before = await until("the marker event", 30_000, () => (got.at(-1)?.id === marker.id ? got.slice(0, -1) : undefined));
  return before.filter((x) => x.data.marker !== true && !seenBefore.has(x.id));
};

describe.skipIf(!onPostgres)("LISTEN/NOTIFY bus (PostgreSQL; skipped without DATABASE_URL)", () => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  const buses: PgEventBus[] = [];
  const states: BusState[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    // A second pool on the same database: the other instance.
    other = await openDatabase({ databaseUrl: database.url!, poolMax: 2 });
    buses.push(createPgEventBus({ url: database.url!, db: database.db, onState: (s) => states.push(s) }));
    buses.push(createPgEventBus({ url: database.url!, db: other.db }));
    await Promise.all(buses.map((b) => b.started));
  });
  beforeEach(() => {
    for (const got of collectors.splice(0)) for (const x of got) seenBefore.add(x.id);
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await other?.close();
    await database?.dispose();
  });

  it("one publish reaches the listeners of both instances exactly once, the publisher's own included", async () => {
    const [a, b] = buses as [PgEventBus, PgEventBus];
    const gotA = collector(a);
    const gotB = collector(b);
    const e = event("saturn_sign_change", { from: "Kumbha", to: "Meena" }, "2025-03-29T21:00:00Z");
    await a.publish(e);
    const marker = event("purnima", { marker: true });
    await a.publish(marker);
    expect(await upTo(gotA, marker)).toEqual([e]);
    expect(await upTo(gotB, marker)).toEqual([e]);
  });

  it("the same event published twice (an emitter retrying) reaches each instance once", async () => {
    const [a, b] = buses as [PgEventBus, PgEventBus];
    const gotB = collector(b);
    const e = event("sankranti", { rashi: "Mesha" });
    await a.publish(e);
    await b.publish(e);
    const marker = event("purnima", { marker: true });
    await a.publish(marker);
    expect(await upTo(gotB, marker)).toEqual([e]);
  });

  it(`an event over NOTIFY's limit (${NOTIFY_MAX_BYTES} bytes as JSON) is refused with its size, and nothing is sent`, async () => {
    const [a, b] = buses as [PgEventBus, PgEventBus];
    const gotB = collector(b);
    await expect(a.publish(event("eclipse_solar", { note: "x".repeat(8000) }))).rejects.toThrow(/is 8\d{3} bytes as JSON, above NOTIFY's limit of 7999/);
    const marker = event("purnima", { marker: true });
    await a.publish(marker);
    expect(await upTo(gotB, marker)).toEqual([]);
  });

  it("a lost listening connection is re-established and events flow again", async () => {
    const [a, b] = buses as [PgEventBus, PgEventBus];
    const gotA = collector(a);
    states.length = 0;
    // Kill every listening connection of this database (both buses'), as a server restart or a
    // network cut would.
    const killed = await sql<{ ok: boolean }>`
      select pg_terminate_backend(pid) as ok from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(database.db);
    expect(killed.rows.length).toBe(2);
    await until("bus A to reconnect", 30_000, () => (states.includes("disconnected") && a.state() === "listening" ? true : undefined));
    await until("bus B to reconnect", 30_000, () => (b.state() === "listening" ? true : undefined));
    const e = event("jupiter_sign_change", { to: "Mithuna" });
    await b.publish(e);
    const marker = event("purnima", { marker: true });
    await b.publish(marker);
    expect(await upTo(gotA, marker)).toEqual([e]);
  });

  it("notifications on the channel that are not events are ignored, and the bus keeps going", async () => {
    const [a, b] = buses as [PgEventBus, PgEventBus];
    const gotB = collector(b);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("select pg_notify('astro_events', 'not json'), pg_notify('astro_events', '{\"id\":\"x\",\"type\":\"full_moon\",\"instant\":null,\"data\":{}}')");
    } finally {
      await client.end();
    }
    const marker = event("purnima", { marker: true });
    await a.publish(marker);
    expect(await upTo(gotB, marker)).toEqual([]);
  });

  it("createEventBus gives a PostgreSQL handle the LISTEN/NOTIFY bus", async () => {
    const bus = (await createEventBus(other)) as PgEventBus;
    try {
      expect(bus.state()).toBe("listening");
    } finally {
      await bus.close();
    }
  });
});

describe("createEventBus on PGlite", () => {
  it("gives the in-process bus: publish reaches this process's listeners once", async () => {
    const bus = await createEventBus({ kind: "pglite" });
    const got: PublishedEvent[] = [];
    bus.subscribe((e) => got.push(e));
    const e = event("amavasya");
    await bus.publish(e);
    expect(got).toEqual([e]);
    expect((bus as Partial<PgEventBus>).state).toBeUndefined();
    await bus.close();
  });
});
