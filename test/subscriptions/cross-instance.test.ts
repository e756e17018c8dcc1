import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgEventBus, type PgEventBus } from "../../src/events/pg-event-bus.js";
import { ensureBuilt, exited, freePort, getStatus, MAIN_JS, startProcess, until, type Started } from "../helpers/built-service.js";
import { event, listening, received, subscribe, type Subscriber } from "../helpers/event-subscriber.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

/**
 * Issue 15's check of the fan-out (docs/architecture.md §8): two service processes (the built
 * service, as an operator runs it) on one PostgreSQL database, a graphql-ws subscriber on each;
 * one event published → each subscriber receives it exactly once. The event is published by a
 * third bus on the same database, as the emitting instance's scheduler would. PostgreSQL only:
 * skipped without DATABASE_URL (PGlite is one process; its bus is in process).
 */
const ADMIN_KEY = "admin-key-for-cross-instance-tests";

describe.skipIf(!process.env.DATABASE_URL)("two service processes on one PostgreSQL (skipped without DATABASE_URL)", () => {
  let database: TestDatabase;
  let publisher: PgEventBus;
  const services: Array<Started & { port: number }> = [];
  const subs: Subscriber[] = [];

  beforeAll(async () => {
    ensureBuilt();
    database = await openTestDatabase();
    publisher = createPgEventBus({ url: database.url!, db: database.db });
    await publisher.started;
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const svc = startProcess(process.execPath, [MAIN_JS], {
        HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: database.url!, WORKERS: "1", ADMIN_KEY,
        REGISTER_LIMIT_PER_HOUR: "0", SHUTDOWN_GRACE_MS: "2000", LOG_LEVEL: "warn",
      });
      services.push({ ...svc, port });
      await until(`service ${i} /health (stderr: ${svc.stderr()})`, 60_000, async () => ((await getStatus(port, "/health")) === 200 ? true : undefined));
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(subs.map((s) => s.dispose()));
    for (const s of services) s.child.kill("SIGTERM");
    await Promise.all(services.map((s) => exited(s.child, 30_000).catch(() => s.child.kill("SIGKILL"))));
    await publisher?.close();
    await database?.dispose();
  }, 60_000);

  it("one event → the subscriber on each process receives it exactly once", async () => {
    const base = (i: number) => `http://127.0.0.1:${services[i]!.port}`;
    const reg = await fetch(`${base(0)}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const { api_key: apiKey } = (await reg.json()) as { api_key: string };
    for (const i of [0, 1]) subs.push(subscribe(base(i), { "X-API-Key": apiKey }, { types: ["ECLIPSE_SOLAR", "PURNIMA", "EKADASHI"] }));
    await listening(subs, (e) => publisher.publish(e));

    const eclipse = event("eclipse_solar", { kind: "total", magnitude: 1.0379 }, "2026-08-12T17:46:06Z");
    await publisher.publish(eclipse);
    const marker = event("purnima", { marker: true });
    await publisher.publish(marker);
    for (const s of subs) {
      const got = await until("the marker on each subscriber", 30_000, () => {
        const r = received(s);
        return r.at(-1)?.id === marker.id ? r : undefined;
      });
      expect(got.map((e) => e.id)).toEqual([eclipse.id, marker.id]);
      expect(got[0]).toMatchObject({ type: "ECLIPSE_SOLAR", instant: "2026-08-12T17:46:06Z", data: { kind: "total", magnitude: 1.0379 } });
    }
    for (const s of services) expect(s.stderr()).toBe("");
  }, 120_000);
});
