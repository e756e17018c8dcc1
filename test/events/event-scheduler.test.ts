/**
 * The scheduler on a real database with a controlled clock: detected events are recorded ahead
 * of time once (unique type + instant), emitted when due and only then, exactly once even when
 * two schedulers tick together, fanned out to the outbox and published on the EventBus.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../src/accounts/accounts-repo.js";
import type { DetectedEvent } from "../../src/engine/events/event-types.js";
import { createMemoryEventBus, type PublishedEvent } from "../../src/events/event-bus.js";
import { startEventScheduler } from "../../src/events/event-scheduler.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { onPostgres } from "../helpers/race.js";

let database: TestDatabase;
let accountId = "";
const T0 = Date.parse("2030-01-01T00:00:00Z");
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  await createAccount(db, { status: "anonymous", now: new Date(T0) }).then((a) => (accountId = a.id));
  for (const [id, events, lat] of [["sub_a", ["ekadashi"], 12.97], ["sub_b", ["ekadashi", "sankranti"], null], ["sub_c", ["sankranti"], null]] as const) {
    await db.insertInto("webhook_subscriptions").values({
      id, account_id: accountId, url: "https://1.1.1.1/h", events: [...events], latitude: lat, longitude: lat === null ? null : 77.59,
      secret: "whsec_x", disabled_reason: null, last_error: null, last_error_at: null, last_delivered_at: null, created_at: new Date(T0),
    }).execute();
  }
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

describe("event scheduler", () => {
  it(`records the horizon ahead once, emits each event when due, once across two schedulers ticking ${onPostgres ? "at once" : "in turn (PGlite cannot race them; the race runs with DATABASE_URL)"}`, async () => {
    let nowMs = T0;
    const asked: [number, number][] = [];
    const found: DetectedEvent[] = [
      { type: "ekadashi", instant: T0 + 1 * HOUR, data: { paksha: "shukla" } },
      { type: "sankranti", instant: T0 + 30 * 24 * HOUR, data: { rashi: "kumbha" } },
    ];
    const detector = (fromMs: number, toMs: number) => {
      asked.push([fromMs, toMs]);
      return found.filter((e) => e.instant >= fromMs && e.instant < toMs);
    };
    const published: PublishedEvent[] = [];
    const bus = createMemoryEventBus();
    bus.subscribe((e) => published.push(e));
    const opts = { db: database.db, bus, clock: () => new Date(nowMs), intervalMs: 3_600_000, horizonMs: 40 * 24 * HOUR, detector };
    const one = startEventScheduler(opts);
    const two = startEventScheduler(opts);
    try {
      await Promise.all([one.tick(), two.tick()]);
      const recorded = await database.db.selectFrom("events").select(["type", "instant", "emitted_at"]).orderBy("instant").execute();
      expect(recorded.map((e) => [e.type, new Date(e.instant!).getTime(), e.emitted_at])).toEqual([
        ["ekadashi", T0 + HOUR, null], ["sankranti", T0 + 30 * 24 * HOUR, null],
      ]);
      expect(asked[0]).toEqual([T0, T0 + 40 * 24 * HOUR]);

      nowMs = T0 + HOUR;
      const [a, b] = await Promise.all([one.tick(), two.tick()]);
      // Only the new part of the horizon is asked for next time.
      expect(asked.at(-1)).toEqual([T0 + 40 * 24 * HOUR, T0 + HOUR + 40 * 24 * HOUR]);
      expect([...a, ...b].map((e) => [e.event.type, e.queued])).toEqual([["ekadashi", 2]]);
      expect(published.map((e) => [e.type, e.instant])).toEqual([["ekadashi", new Date(T0 + HOUR).toISOString()]]);
      expect(published[0]!.data).toMatchObject({ paksha: "shukla", instant: new Date(T0 + HOUR).toISOString() });

      const [c, d] = await Promise.all([one.tick(), two.tick()]);
      expect([...c, ...d]).toEqual([]);
      const outbox = await database.db.selectFrom("webhook_deliveries").select(["subscription_id", "status"]).orderBy("subscription_id").execute();
      expect(outbox).toEqual([{ subscription_id: "sub_a", status: "pending" }, { subscription_id: "sub_b", status: "pending" }]);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it("deletes delivered deliveries and finished events after the retention; dead deliveries and their events stay", async () => {
    const db = database.db;
    const DAY = 24 * HOUR;
    // From the test above: the ekadashi emitted at T0 + 1 h with deliveries to sub_a and sub_b.
    await db.updateTable("webhook_deliveries").set({ status: "delivered", delivered_at: new Date(T0 + HOUR) }).where("subscription_id", "=", "sub_a").execute();
    await db.updateTable("webhook_deliveries").set({ status: "dead" }).where("subscription_id", "=", "sub_b").execute();
    // An old emitted event nobody subscribed to, and a recent one.
    for (const [key, at] of [["old", T0 + HOUR], ["recent", T0 + 31 * DAY]] as const) {
      await db.insertInto("events").values({
        type: "mercury_retrograde_end", source: "submitted", instant: null, submission_key: key, data: "{}",
        due_at: new Date(at), emitted_at: new Date(at), created_at: new Date(at),
      }).execute();
    }
    const scheduler = startEventScheduler({
      db, bus: createMemoryEventBus(), clock: () => new Date(T0 + 32 * DAY), intervalMs: 3_600_000, horizonMs: 40 * DAY, retentionMs: 30 * DAY,
    });
    try {
      await scheduler.tick();
    } finally {
      await scheduler.stop();
    }
    const outbox = await db.selectFrom("webhook_deliveries as d").innerJoin("events as e", "e.id", "d.event_id")
      .select(["d.subscription_id", "d.status", "e.type"]).orderBy("d.subscription_id").execute();
    // sub_a's delivered row is gone; sub_b's dead one stays (with its event); the sankranti emitted just now is queued.
    expect(outbox).toEqual([
      { subscription_id: "sub_b", status: "dead", type: "ekadashi" },
      { subscription_id: "sub_b", status: "pending", type: "sankranti" },
      { subscription_id: "sub_c", status: "pending", type: "sankranti" },
    ]);
    const keys = await db.selectFrom("events").select("submission_key").where("source", "=", "submitted").execute();
    expect(keys.map((k) => k.submission_key)).toEqual(["recent"]);
  });
});
