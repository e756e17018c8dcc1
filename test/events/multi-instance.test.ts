/**
 * Two service instances on one database (each with its own scheduler and delivery worker, as
 * two processes or hosts would run): one event → each subscription gets exactly one delivery;
 * a detected event due now is emitted once, not once per instance. On PostgreSQL (DATABASE_URL)
 * the two share the server through separate connections, so the claims really race.
 */
import "reflect-metadata";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DetectedEvent } from "../../src/engine/events/event-types.js";
import { createMemoryEventBus, type PublishedEvent } from "../../src/events/event-bus.js";
import { createApp, type App } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { createLogger } from "../../src/server/logger.js";
import { until } from "../helpers/built-service.js";
import { makeTestCertificate, startReceiver, type Receiver, type TestCertificate } from "../helpers/https-receiver.js";
import { itRaces, onPostgres } from "../helpers/race.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const ADMIN_KEY = "admin-key-for-multi-instance-012";
let database: TestDatabase;
let cert: TestCertificate;
let receiver: Receiver;
const apps: { app: App; url: string; published: PublishedEvent[] }[] = [];

// Both instances' detector finds the same purnima, due at once (its instant is already past),
// as two instances running one engine would.
const purnimaMs = Date.now();
const detector = (): DetectedEvent[] => [{ type: "purnima", instant: purnimaMs, data: { tithi: "Purnima" } }];

async function startInstance(): Promise<void> {
  const config = loadConfig({
    HOST: "127.0.0.1", LOG_LEVEL: "silent", ADMIN_KEY, REGISTER_LIMIT_PER_HOUR: "0", WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS: "true",
    WEBHOOK_POLL_MS: "20", EVENT_SCHEDULER_MS: "20", SHUTDOWN_GRACE_MS: "2000",
  });
  const bus = createMemoryEventBus();
  const published: PublishedEvent[] = [];
  bus.subscribe((e) => published.push(e));
  const app = await createApp({
    config, database, logger: createLogger("silent"), eventBus: bus,
    accounts: { eventDetector: detector, webhooks: { testTrustedCa: cert.certPem } },
  });
  await new Promise<void>((r) => app.httpServer.listen(0, "127.0.0.1", r));
  apps.push({ app, url: `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`, published });
}

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
}

beforeAll(async () => {
  if (!onPostgres) return; // the one test races two instances: PostgreSQL only (see itRaces)
  cert = makeTestCertificate();
  receiver = await startReceiver(cert);
  database = await openTestDatabase();
  await startInstance();
  await startInstance();
}, 60_000);

afterAll(async () => {
  for (const a of apps) await a.app.close();
  await database?.dispose();
  await receiver?.close();
  cert?.dispose();
});

describe("two instances, one database", () => {
  itRaces("emit a detected event once across both, and each subscription gets exactly one delivery of a submitted event", async () => {
    const [a, b] = apps;
    const key = (await post(a!.url, "/register", {})).json.api_key as string;
    await post(a!.url, "/admin/grant-credits", { api_key: key, credits: 100, reason: "multi-instance" }, { "x-admin-key": ADMIN_KEY });
    const subs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await post(i % 2 ? b!.url : a!.url, "/webhooks/subscribe", { url: `${receiver.url}/s${i}`, events: ["ekadashi"] }, { "x-api-key": key });
      expect(s.status).toBe(200);
      subs.push(s.json.subscription_id);
    }

    // The detected purnima: recorded by both schedulers (unique type + instant), emitted by one.
    await until("the purnima emitted", 15_000, () => (a!.published.length + b!.published.length >= 1 ? true : undefined));
    const events = await database.db.selectFrom("events").selectAll().where("type", "=", "purnima").execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.emitted_at).not.toBeNull();

    const r = await post(b!.url, "/admin/check-events", { events: [{ type: "ekadashi", data: { paksha: "krishna" } }] }, { "x-admin-key": ADMIN_KEY });
    expect(r.json.deliveries_queued).toBe(4);
    await until("four deliveries recorded", 15_000, async () => {
      const rows = await database.db.selectFrom("webhook_deliveries").select("status").where("status", "=", "delivered").execute();
      return rows.length === 4 ? true : undefined;
    });
    // Both workers keep polling every 20 ms; a second delivery would need one of them to claim a
    // delivered row again. No event marks a claim that does not happen, so this is the one timed
    // window left: 15 poll periods, after which the rows must still show one attempt each.
    const polls = receiver.requests.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests.length).toBe(polls);
    const rows = await database.db.selectFrom("webhook_deliveries").select(["status", "attempts"]).execute();
    expect(rows).toEqual(Array.from({ length: 4 }, () => ({ status: "delivered", attempts: 1 })));

    const byPath = new Map<string, string[]>();
    for (const q of receiver.requests) byPath.set(q.path, [...(byPath.get(q.path) ?? []), q.headers["webhook-id"]!]);
    expect([...byPath.keys()].sort()).toEqual(["/s0", "/s1", "/s2", "/s3"]);
    for (const ids of byPath.values()) expect(ids).toHaveLength(1);
    expect(new Set(receiver.requests.map((q) => JSON.parse(q.body).subscription_id))).toEqual(new Set(subs));
    // The purnima went to the bus of exactly one instance, once.
    expect(a!.published.filter((e) => e.type === "purnima").length + b!.published.filter((e) => e.type === "purnima").length).toBe(1);
  }, 60_000);
});
