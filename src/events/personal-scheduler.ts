/**
 * The personal events of birth-keyed webhook subscriptions, recorded ahead of time
 * (docs/events.md, "Personal events"). Each scheduler tick claims the active subscriptions with
 * a birth whose recorded horizon ends before the day boundary of now + horizon (a new subscription
 * has none: it goes first), FOR NO KEY UPDATE SKIP LOCKED so instances share the work without
 * overlap (and without blocking the outbox: a delivery row's foreign key takes only KEY SHARE),
 * computes only the days not yet recorded (incremental: [personal_until, now + horizon)), records
 * the events (unique per subscription, type and instant: a repeat does nothing) and moves
 * personal_until, in one transaction. The events are then emitted and delivered exactly like the
 * world events (event-store.ts emitDueEvents → the outbox).
 *
 * What does not depend on the birth (the Moon's crossings, the ingresses, the tithis) is scanned
 * once per window and ayanamsha for the whole batch (engine/events/personal-events.ts).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { isPersonalEventType, type PersonalEventType } from "../engine/events/personal-event-types.js";
import { natalOf, personalEvents, type Natal, type WorldScan } from "../engine/events/personal-events.js";
import type { AyanamshaName } from "../engine/types.js";
import { IN_PROCESS, type EngineTaskRunner } from "../engine-pool/engine-pool.js";
import { nextTurn, turnIsLong } from "../gates/turns.js";
import { recordPersonalEvents } from "./event-store.js";
import { storedBirthOf, type StoredBirth } from "./personal-birth.js";

const DAY_MS = 86_400_000;
/** The horizon moves in whole UT days: a subscription is recomputed once a day, for the new day only. */
export const PERSONAL_STEP_MS = DAY_MS;
/** The longest stretch one computation covers (a subscription left behind longer catches up from here). */
const MAX_CATCH_UP_MS = 366 * DAY_MS;

export interface PersonalRound {
  /** Subscriptions whose horizon moved. */
  readonly subscriptions: number;
  /** Personal events newly recorded. */
  readonly events: number;
}

interface ClaimedRow {
  id: string;
  /** The claim's index key, coalesce(personal_until, '-infinity'), as text (it is read back as timestamptz). */
  k: string;
  birth: unknown;
  events: string[];
  personal_until: Date | null;
}

/** Natal positions by birth (instant + ayanamsha): the daily incremental step does not recompute them. */
const natals = new Map<string, Natal>();
const NATAL_CACHE = 200_000;
function natalFor(b: StoredBirth): Natal {
  // The place is in the key: the other dasha systems read the birth's chart (its lagna).
  const key = `${b.instant}|${b.ayanamsha}|${b.latitude},${b.longitude}`;
  let n = natals.get(key);
  if (!n) {
    n = natalOf(Date.parse(b.instant), b.ayanamsha, { latDeg: b.latitude, lonDeg: b.longitude });
    if (natals.size >= NATAL_CACHE) natals.delete(natals.keys().next().value!);
    natals.set(key, n);
  }
  return n;
}

/**
 * World scans of recent windows, per ayanamsha (one batch and the next tick share them). A scan is
 * an engine task (a 40-day window ≈ 0.6 s): on an engine thread when the service has one, so the
 * event loop keeps answering meanwhile (docs/limits.md, "The event loop").
 */
const scans = new Map<string, Promise<WorldScan>>();
function scanFor(fromMs: number, toMs: number, ayanamsha: AyanamshaName, tasks: EngineTaskRunner): Promise<WorldScan> {
  const key = `${ayanamsha}|${fromMs}|${toMs}`;
  let s = scans.get(key);
  if (!s) {
    s = tasks.run("worldScan", { fromMs, toMs, ayanamsha });
    s.catch(() => scans.delete(key));
    if (scans.size >= 8) scans.delete(scans.keys().next().value!);
    scans.set(key, s);
  }
  return s;
}

/**
 * Computing a horizon takes its turns in the event loop's one rotation (src/gates/turns.ts): after a
 * slice it waits, so deliveries and requests run between, and one loop iteration holds at most
 * one slice of it or of any heavy request (its own 8 ms slices took turns beside those: 492
 * deliveries/s during the incremental day).
 */
const SCHEDULER = {};
const yieldToLoop = () => nextTurn(SCHEDULER);

/**
 * One batch: claims up to `limit` subscriptions due for their horizon and records their new
 * personal events. Returns what it did (0 subscriptions: nothing was due).
 *
 * The transaction commits without waiting for its WAL flush (synchronous_commit off, as the
 * charge path of 0003): a crash can lose only whole batches, events and personal_until together,
 * and the next tick computes them again; a later synchronous commit (an emit) flushes it anyway.
 */
export async function recordPersonalBatch(
  db: Kysely<Database>, now: Date, horizonMs: number, limit = PERSONAL_BATCH, tasks: EngineTaskRunner = IN_PROCESS,
): Promise<PersonalRound> {
  return (await claimAndRecord(db, now, horizonMs, limit, null, tasks)).round;
}

/** Where a round's claims have reached in the claim index: the next claim starts after it. */
interface ClaimCursor {
  readonly k: string;
  readonly id: string;
}

async function claimAndRecord(
  db: Kysely<Database>, now: Date, horizonMs: number, limit: number, after: ClaimCursor | null, tasks: EngineTaskRunner,
): Promise<{ round: PersonalRound; last: ClaimCursor | null }> {
  // Whole UT days: every subscription's horizon ends on the same day boundary, so in the steady
  // state they all share one window [day, day + 1) and its scan, computed once a day.
  const target = Math.floor((now.getTime() + horizonMs) / PERSONAL_STEP_MS) * PERSONAL_STEP_MS;
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    // coalesce(personal_until, '-infinity') is the key of webhook_subscriptions_personal_due_idx
    // (migration 0013): the claim walks it in order and stops after `limit` rows. Within a round
    // it starts after the last row claimed (`after`), not at the start of the index, where the
    // entries of the rows already moved on wait to be vacuumed: walking them again each batch
    // made the incremental day quadratic in the number of subscriptions. NO KEY UPDATE:
    // FOR UPDATE would also block the KEY SHARE locks of the foreign keys of deliveries queued for
    // these subscriptions meanwhile (emitDueEvents' fan-out waited for the whole batch).
    const claimed = await sql<ClaimedRow>`
      SELECT id, coalesce(personal_until, '-infinity'::timestamptz)::text AS k, birth, events, personal_until FROM webhook_subscriptions
       WHERE birth IS NOT NULL AND status = 'active'
         AND coalesce(personal_until, '-infinity'::timestamptz) < ${new Date(target)}
         ${after ? sql`AND (coalesce(personal_until, '-infinity'::timestamptz), id) > (${after.k}::timestamptz, ${after.id})` : sql``}
       ORDER BY coalesce(personal_until, '-infinity'::timestamptz), id
       LIMIT ${limit} FOR NO KEY UPDATE SKIP LOCKED`.execute(trx);
    const rows = claimed.rows;
    if (rows.length === 0) return { round: { subscriptions: 0, events: 0 }, last: null };
    const lastRow = rows[rows.length - 1]!;
    const fromOf = (r: ClaimedRow) => Math.max(target - MAX_CATCH_UP_MS, r.personal_until ? new Date(r.personal_until).getTime() : now.getTime());
    const earliest = new Map<AyanamshaName, number>();
    for (const r of rows) {
      const b = storedBirthOf(r.birth);
      if (!b) continue;
      earliest.set(b.ayanamsha, Math.min(earliest.get(b.ayanamsha) ?? Infinity, fromOf(r)));
    }
    const items: { subscriptionId: string; event: ReturnType<typeof personalEvents>[number] }[] = [];
    for (const r of rows) {
      const b = storedBirthOf(r.birth);
      const from = fromOf(r);
      if (!b || from >= target) continue;
      const wanted = new Set(r.events.filter((t): t is PersonalEventType => isPersonalEventType(t)));
      if (wanted.size === 0) continue;
      const scan = await scanFor(earliest.get(b.ayanamsha)!, target, b.ayanamsha, tasks);
      const mine: WorldScan = { ...scan, fromMs: from };
      for (const event of personalEvents(natalFor(b), mine, wanted)) items.push({ subscriptionId: r.id, event });
      if (turnIsLong()) await yieldToLoop();
    }
    const added = await recordPersonalEvents(trx, items, now);
    await sql`UPDATE webhook_subscriptions SET personal_until = ${new Date(target)} WHERE id = ANY (${rows.map((r) => r.id)}::text[])`.execute(trx);
    return { round: { subscriptions: rows.length, events: added }, last: { k: lastRow.k, id: lastRow.id } };
  });
}

/** Subscriptions per batch (one transaction): ≈ 5,500 event rows on a first horizon of 40 days. */
export const PERSONAL_BATCH = 1000;

/**
 * Batches until nothing is due (or `maxBatches` each); the scheduler's tick calls this before
 * emitting. `parallel` batches run at once, each in its own transaction on its own connection
 * (SKIP LOCKED keeps them apart): one computes while the database writes another's rows.
 */
export async function recordPersonalHorizon(
  db: Kysely<Database>, now: Date, horizonMs: number,
  opts: { limit?: number; maxBatches?: number; parallel?: number; engineTasks?: EngineTaskRunner } = {},
): Promise<PersonalRound> {
  let subscriptions = 0;
  let events = 0;
  const loop = async () => {
    // Each loop claims in index order after its own last row. A row skipped because it was
    // locked (the other loop's batch, another instance, a delivery outcome being recorded on the
    // subscription) is behind the cursor: when the index is exhausted, one more pass from its
    // start takes what is still due; what is locked even then waits for the next tick.
    let cursor: ClaimCursor | null = null;
    let restarted = false;
    for (let i = 0; i < (opts.maxBatches ?? 1000); i++) {
      const { round: r, last } = await claimAndRecord(db, now, horizonMs, opts.limit ?? PERSONAL_BATCH, cursor, opts.engineTasks ?? IN_PROCESS);
      subscriptions += r.subscriptions;
      events += r.events;
      if (r.subscriptions === 0) {
        if (cursor === null || restarted) break;
        restarted = true;
        cursor = null;
        continue;
      }
      cursor = last;
      // Yield between batches: the event loop serves requests meanwhile.
      await yieldToLoop();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? PERSONAL_PARALLEL) }, loop));
  return { subscriptions, events };
}

/** Batches in flight at once: two overlap the engine (this process) with the database's writes. */
export const PERSONAL_PARALLEL = 2;
