/**
 * The scheduler's batched path (claims of many subscriptions, one shared world scan per window
 * and ayanamsha narrowed per subscription, natal positions cached across days, rows written in
 * multi-row INSERTs, two batches in flight) records exactly the events — types, instants and
 * data — that the per-birth path (personalEventsOfBirth: that birth alone, its own scan) gives
 * for the same windows. A sample of births over 1940–2010 and the inhabited latitudes, two
 * ayanamshas, some subscriptions asking for a few types only; the first 40 days include a Saturn
 * ingress (2030-04-17), so the Sade Sati, Kantaka and Ashtama events are in the comparison.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../src/accounts/accounts-repo.js";
import { PERSONAL_EVENT_TYPES, personalEventKey, type PersonalEventType } from "../../src/engine/events/personal-event-types.js";
import { personalEventsOfBirth } from "../../src/engine/events/personal-events.js";
import type { AyanamshaName } from "../../src/engine/types.js";
import { recordPersonalHorizon } from "../../src/events/personal-scheduler.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const DAY = 86_400_000;
const T0 = Date.parse("2030-04-01T00:00:00Z");
const FEW: PersonalEventType[] = ["janma_nakshatra", "chandrashtama_end", "saturn_house_change", "vedic_birthday"];

interface Sample {
  id: string;
  birthMs: number;
  ayanamsha: AyanamshaName;
  types: readonly PersonalEventType[];
  /** The windows the scheduler is expected to compute for it, [from, to) each. */
  windows: [number, number][];
}

/** Births from a fixed LCG (the same sample every run). */
function sample(n: number, prefix: string, windows: [number, number][]): Sample[] {
  let s = 0x1f2e3d4c + prefix.length;
  const r = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const from = Date.parse("1940-01-01T00:00:00Z");
  const span = Date.parse("2010-01-01T00:00:00Z") - from;
  return Array.from({ length: n }, (_, i) => ({
    id: `sub_${prefix}${String(i).padStart(3, "0")}`,
    birthMs: Math.floor((from + r() * span) / 1000) * 1000,
    ayanamsha: i % 5 === 4 ? "raman" : "lahiri",
    types: i % 4 === 3 ? FEW : PERSONAL_EVENT_TYPES,
    windows,
  }));
}

let database: TestDatabase;
let accountId: string;
// Subscribed at T0: the first 40 days, then one new day, then two (a tick missed).
const early = sample(24, "early", [[T0, T0 + 40 * DAY], [T0 + 40 * DAY, T0 + 41 * DAY], [T0 + 41 * DAY, T0 + 43 * DAY]]);
// Subscribed a day later: claimed in the same batches as the early ones' new day, so one scan
// [T0 + 1 d, T0 + 41 d) serves both, narrowed to a day for the early ones.
const late = sample(10, "late", [[T0 + DAY, T0 + 41 * DAY], [T0 + 41 * DAY, T0 + 43 * DAY]]);

async function subscribe(list: Sample[], at: number): Promise<void> {
  await database.db.insertInto("webhook_subscriptions").values(list.map((p) => ({
    id: p.id, account_id: accountId, url: "https://1.1.1.1/h", events: [...p.types], latitude: null, longitude: null,
    secret: "whsec_x", disabled_reason: null, last_error: null, last_error_at: null, last_delivered_at: null, created_at: new Date(at),
    birth: JSON.stringify({ instant: new Date(p.birthMs).toISOString(), datetime: new Date(p.birthMs).toISOString(), latitude: 12.97, longitude: 77.59, ayanamsha: p.ayanamsha }),
  }))).execute();
}

beforeAll(async () => {
  database = await openTestDatabase();
  accountId = (await createAccount(database.db, { status: "anonymous", now: new Date(T0) })).id;
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

describe("personal events: batched and shared = per birth", () => {
  it("records, for every sampled birth, exactly the per-birth path's events (types, instants, data) over the windows computed", async () => {
    const db = database.db;
    await subscribe(early, T0);
    // Batches of 7 subscriptions, two in flight: births of both ayanamshas share batches.
    expect(await recordPersonalHorizon(db, new Date(T0), 40 * DAY, { limit: 7, parallel: 2 }))
      .toMatchObject({ subscriptions: early.length });
    await subscribe(late, T0 + DAY);
    expect((await recordPersonalHorizon(db, new Date(T0 + DAY), 40 * DAY, { limit: 16, parallel: 2 })).subscriptions)
      .toBe(early.length + late.length);
    expect((await recordPersonalHorizon(db, new Date(T0 + 3 * DAY), 40 * DAY, { limit: 16, parallel: 2 })).subscriptions)
      .toBe(early.length + late.length);

    const rows = await db.selectFrom("events").select(["subscription_id", "type", "instant", "data"]).where("source", "=", "personal").execute();
    const got = rows.map((r) => ({ id: r.subscription_id!, type: r.type, instant: new Date(r.instant!).getTime(), data: r.data }));
    const want = [...early, ...late].flatMap((p) => p.windows.flatMap(([from, to]) =>
      personalEventsOfBirth(p.birthMs, from, to, p.ayanamsha).filter((e) => p.types.includes(e.type)).map((e) => ({
        id: p.id, type: e.type, instant: e.instant,
        data: { event_id: personalEventKey(e.type, e.instant, p.id), instant: new Date(e.instant).toISOString(), ...e.data },
      }))));
    const order = (a: { id: string; type: string; instant: number }, b: typeof a) =>
      a.id.localeCompare(b.id) || a.instant - b.instant || a.type.localeCompare(b.type);
    expect(want.length).toBeGreaterThan(150);
    // The sample reaches the Saturn passages and both ayanamshas' births.
    expect(new Set(want.map((e) => e.type))).toContain("sade_sati_phase_start");
    expect(want.some((e) => e.id.endsWith("004"))).toBe(true);
    expect(got.sort(order)).toEqual(want.sort(order));
  }, 600_000);
});
