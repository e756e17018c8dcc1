/**
 * The personal scheduler on a real database with a controlled clock: a birth subscription's
 * horizon is recorded once (a second scheduler, or a second tick, adds nothing), moved on by the
 * new day only, equal to the engine's events over the whole stretch, emitted once to that
 * subscription alone, and deleted with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../src/accounts/accounts-repo.js";
import { personalEventsOfBirth } from "../../src/engine/events/personal-events.js";
import { createMemoryEventBus, type PublishedEvent } from "../../src/events/event-bus.js";
import { startEventScheduler } from "../../src/events/event-scheduler.js";
import { recordPersonalHorizon } from "../../src/events/personal-scheduler.js";
import { webhookLocation } from "../../src/events/webhook-location.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

let database: TestDatabase;
const T0 = Date.parse("2031-02-14T00:00:00Z");
const DAY = 86_400_000;
const BIRTH = { instant: "1990-05-15T09:00:00.000Z", datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209, ayanamsha: "lahiri" };

beforeAll(async () => {
  database = await openTestDatabase();
  const a = await createAccount(database.db, { status: "anonymous", now: new Date(T0) });
  const row = (id: string, events: string[], birth: object | null) => ({
    id, account_id: a.id, url: "https://1.1.1.1/h", events, latitude: null, longitude: null, secret: "whsec_x", disabled_reason: null,
    last_error: null, last_error_at: null, last_delivered_at: null, created_at: new Date(T0), birth: birth ? JSON.stringify(birth) : null,
  });
  await database.db.insertInto("webhook_subscriptions").values([
    row("sub_me", ["janma_nakshatra", "chandrashtama_start", "chandrashtama_end", "dasha_antar_change"], BIRTH),
    // Same types, no birth: must never get sub_me's events.
    row("sub_world", ["janma_nakshatra", "dasha_antar_change", "ekadashi"], null),
  ]).execute();
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

const recorded = () => database.db.selectFrom("events").select(["type", "instant", "subscription_id"]).where("source", "=", "personal")
  .orderBy("instant").orderBy("type").execute();

describe("personal scheduler", () => {
  it("records the horizon once, then only the new day, equal to the engine's events over the whole stretch", async () => {
    const db = database.db;
    const first = await recordPersonalHorizon(db, new Date(T0), 40 * DAY);
    expect(first.subscriptions).toBe(1);
    expect(first.events).toBeGreaterThan(0);
    // Another scheduler (or the next tick) the same moment: nothing is due.
    expect(await recordPersonalHorizon(db, new Date(T0), 40 * DAY)).toEqual({ subscriptions: 0, events: 0 });
    // Half a day later still nothing: a subscription is recomputed once a whole day behind.
    expect((await recordPersonalHorizon(db, new Date(T0 + DAY / 2), 40 * DAY)).subscriptions).toBe(0);
    const later = await recordPersonalHorizon(db, new Date(T0 + 3 * DAY), 40 * DAY);
    expect(later.subscriptions).toBe(1);
    const rows = await recorded();
    const wanted = new Set(["janma_nakshatra", "chandrashtama_start", "chandrashtama_end", "dasha_antar_change"]);
    const engine = personalEventsOfBirth(Date.parse(BIRTH.instant), T0, T0 + 43 * DAY).filter((e) => wanted.has(e.type));
    expect(rows.map((r) => [r.type, new Date(r.instant!).getTime(), r.subscription_id]))
      .toEqual(engine.map((e) => [e.type, e.instant, "sub_me"]).sort((x, y) => (x[1] as number) - (y[1] as number) || String(x[0]).localeCompare(String(y[0]))));
    const sub = await db.selectFrom("webhook_subscriptions").select("personal_until").where("id", "=", "sub_me").executeTakeFirstOrThrow();
    expect(new Date(sub.personal_until!).getTime()).toBe(T0 + 43 * DAY);
  }, 300_000);

  it("emits each personal event once, to its own subscription only, never on the bus; deleted with the subscription", async () => {
    const db = database.db;
    let nowMs = T0 + 3 * DAY;
    const published: PublishedEvent[] = [];
    const bus = createMemoryEventBus();
    bus.subscribe((e) => published.push(e));
    const opts = { db, bus, clock: () => new Date(nowMs), intervalMs: 3_600_000, horizonMs: 40 * DAY };
    const one = startEventScheduler(opts);
    const two = startEventScheduler(opts);
    try {
      await one.tick();
      await two.tick();
      nowMs = T0 + 20 * DAY;
      await one.tick();
      await two.tick();
      const due = (await recorded()).filter((r) => new Date(r.instant!).getTime() <= nowMs);
      expect(due.length).toBeGreaterThan(0);
      const outbox = await db.selectFrom("webhook_deliveries").select(["subscription_id", "event_id"]).execute();
      expect(outbox.length).toBe(due.length);
      expect(new Set(outbox.map((o) => o.subscription_id))).toEqual(new Set(["sub_me"]));
      expect(published).toEqual([]);
    } finally {
      await one.stop();
      await two.stop();
    }
    await db.deleteFrom("webhook_subscriptions").where("id", "=", "sub_me").execute();
    expect(await recorded()).toEqual([]);
  }, 300_000);

  it("a located subscription's personal event carries the zone and local time of the place", () => {
    const loc = webhookLocation("janma_nakshatra", { instant: "2031-02-18T18:56:22.000Z" }, 28.6139, 77.209) as Record<string, unknown>;
    expect(loc).toMatchObject({ time_zone: "Asia/Kolkata", local_time: "2031-02-19T00:26:22+05:30", local_date: "2031-02-19" });
  });
});
