/**
 * Events recorded once and emitted once (docs/architecture.md §8). Emitting an event is one
 * transaction: it is marked emitted and its deliveries are queued in the outbox (one row per
 * matching active subscription) together, so a crash leaves either both or neither. Publishing
 * to the EventBus (GraphQL subscribers) follows the commit.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.js";
import { randomBase62 } from "../accounts/secrets.js";
import { eventKey, type AnyEventType, type DetectedEvent, type EventType } from "../engine/events/event-types.js";
import { personalEventKey, type PersonalEvent } from "../engine/events/personal-event-types.js";
import type { PublishedEvent } from "./event-bus.js";

interface EventRow {
  id: number;
  type: string;
  instant: Date | null;
  data: Record<string, unknown>;
  subscription_id?: string | null;
}

export interface EmittedEvent {
  readonly event: PublishedEvent;
  /** Deliveries queued in the outbox for it. */
  readonly queued: number;
}

const published = (r: EventRow): PublishedEvent => ({
  id: String(r.id), type: r.type as AnyEventType, instant: r.instant ? new Date(r.instant).toISOString() : null, data: r.data,
  subscriptionId: r.subscription_id ?? null,
});

/**
 * Queues one delivery per active subscription that asked for each event's type. Returns the
 * number queued per event id. The (subscription, event) key makes a repeat a no-op; the
 * webhook-id is made here once and kept across retries.
 */
export async function fanOut(trx: Transaction<Database> | Kysely<Database>, eventIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const counts = new Map<number, number>(eventIds.map((id) => [id, 0]));
  if (eventIds.length === 0) return counts;
  const ids = sql.join(eventIds.map((id) => sql`${id}::bigint`));
  // Counted in SQL: 10,000 queued rows come back as one row per event, not 10,000.
  const rows = await sql<{ event_id: number; n: number }>`
    WITH queued AS (
      INSERT INTO webhook_deliveries (webhook_id, subscription_id, event_id, next_attempt_at, created_at)
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.id, e.id, ${now}::timestamptz, ${now}::timestamptz
        FROM events e
        JOIN webhook_subscriptions s ON s.status = 'active' AND e.type = ANY (s.events)
       WHERE e.id IN (${ids}) AND e.subscription_id IS NULL
      UNION ALL
      -- A personal event goes to its own subscription only (found by key, not by scanning every subscription).
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.id, e.id, ${now}::timestamptz, ${now}::timestamptz
        FROM events e
        JOIN webhook_subscriptions s ON s.id = e.subscription_id AND s.status = 'active'
       WHERE e.id IN (${ids}) AND e.subscription_id IS NOT NULL
      ON CONFLICT (subscription_id, event_id) DO NOTHING
      RETURNING event_id)
    SELECT event_id, count(*)::int AS n FROM queued GROUP BY event_id`.execute(trx);
  for (const r of rows.rows) counts.set(Number(r.event_id), Number(r.n));
  return counts;
}

/**
 * Records detected events ahead of time. Every scheduler on every instance may record the same
 * horizon: (type, instant) is unique, a repeat does nothing. Returns how many were new.
 */
export async function recordDetectedEvents(db: Kysely<Database>, events: readonly DetectedEvent[], now: Date): Promise<number> {
  let added = 0;
  for (let i = 0; i < events.length; i += 500) {
    const chunk = events.slice(i, i + 500);
    const r = await db.insertInto("events").values(chunk.map((e) => {
      const instant = new Date(e.instant);
      const data = { event_id: eventKey(e.type, e.instant), instant: instant.toISOString(), ...e.data };
      return {
        type: e.type, source: "detected" as const, instant, submission_key: null, data: JSON.stringify(data),
        due_at: instant, emitted_at: null, created_at: now,
      };
    })).onConflict((oc) => oc.columns(["type", "instant"]).where("source", "=", "detected").doNothing()).returning("id").execute();
    added += r.length;
  }
  return added;
}

/**
 * Records personal events ahead of time (source 'personal'): unique by (subscription, type,
 * instant), so a repeat — another instance, a recomputation — does nothing. Each event's data
 * carries its stable key (`event_id`, type@instant@subscription) and its instant. Returns how
 * many were new.
 *
 * 2,000 rows a statement, four parameters a row (the constant columns written in the SQL, the
 * instant sent once for instant and due_at). Measured on PostgreSQL 15 (20,000 rows, three
 * rounds): as fast as or faster than nine parameters a row, and about half the time of the same
 * rows sent as one JSON parameter (json_to_recordset) or as column arrays (unnest), whose
 * per-row unpacking costs the server more than the parameters it saves.
 */
export async function recordPersonalEvents(
  db: Kysely<Database> | Transaction<Database>, items: readonly { subscriptionId: string; event: PersonalEvent }[], now: Date,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < items.length; i += PERSONAL_INSERT_ROWS) {
    const rows = items.slice(i, i + PERSONAL_INSERT_ROWS).map(({ subscriptionId, event: e }) => {
      const instant = new Date(e.instant).toISOString();
      const data = JSON.stringify({ event_id: personalEventKey(e.type, e.instant, subscriptionId), instant, ...e.data });
      return sql`(${e.type}, ${instant}::timestamptz, ${data}::jsonb, ${subscriptionId})`;
    });
    const r = await sql`
      INSERT INTO events (type, source, instant, submission_key, data, subscription_id, due_at, emitted_at, created_at)
      SELECT v.t, 'personal', v.i, NULL, v.d, v.s, v.i, NULL, ${now}::timestamptz FROM (VALUES ${sql.join(rows)}) AS v (t, i, d, s)
      ON CONFLICT (subscription_id, type, instant) WHERE source = 'personal' DO NOTHING`.execute(db);
    added += Number(r.numAffectedRows ?? 0);
  }
  return added;
}

/** Rows per personal-event INSERT (8,000 parameters: PostgreSQL allows 65,535). */
const PERSONAL_INSERT_ROWS = 2000;

/** An ISO 8601 date-time in a submitted event's data (its `instant`, if it names one). */
function instantOf(data: Readonly<Record<string, unknown>>): Date | null {
  const v = data.instant;
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * POST /admin/check-events: records each submitted event (each submission is its own event,
 * with its own key), emits it at once and queues its deliveries. In one transaction.
 */
export async function recordAndEmitSubmitted(
  db: Kysely<Database>, events: readonly { type: EventType; data: Readonly<Record<string, unknown>> }[], now: Date,
): Promise<EmittedEvent[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.insertInto("events").values(events.map((e) => ({
      type: e.type, source: "submitted" as const, instant: instantOf(e.data), submission_key: "evs_" + randomBase62(24),
      data: JSON.stringify(e.data), due_at: now, emitted_at: now, created_at: now,
    }))).returning(["id", "type", "instant", "data"]).execute();
    const counts = await fanOut(trx, rows.map((r) => Number(r.id)), now);
    return rows.map((r) => ({ event: published(r as EventRow), queued: counts.get(Number(r.id)) ?? 0 }));
  });
}

/**
 * Claims the events now due and not yet emitted (FOR UPDATE SKIP LOCKED: two schedulers never
 * take the same row), marks them emitted and queues their deliveries, in one transaction.
 */
export async function emitDueEvents(db: Kysely<Database>, now: Date, limit = 100): Promise<EmittedEvent[]> {
  return db.transaction().execute(async (trx) => {
    // The claim is an InitPlan (ARRAY(...)), then its rows are updated by primary key; they are
    // locked by it, so still unemitted. Written as `WHERE id IN (subquery) AND emitted_at IS NULL`,
    // PostgreSQL could plan a semi join that walks every unemitted event and re-runs the claim for
    // each: measured after 100,000 birth subscriptions' first horizon (550,000 new rows, their
    // statistics not yet refreshed), one emit ran for minutes.
    const claimed = await sql<EventRow>`
      UPDATE events SET emitted_at = ${now}
       WHERE id = ANY (ARRAY(SELECT id FROM events WHERE emitted_at IS NULL AND due_at <= ${now}
                              ORDER BY due_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED))
      RETURNING id, type, instant, data, subscription_id`.execute(trx);
    const rows = claimed.rows;
    const counts = await fanOut(trx, rows.map((r) => Number(r.id)), now);
    return rows.map((r) => ({ event: published(r), queued: counts.get(Number(r.id)) ?? 0 }));
  });
}

/**
 * Retention: deletes deliveries delivered before `before`, then events emitted before it that no
 * delivery row refers to any more (a dead or pending delivery keeps its event; counts live on
 * the subscription, so GET /webhooks is unchanged). Detected events are only ever recorded
 * ahead of now, so a deleted past event is never recorded again.
 */
export async function pruneBefore(db: Kysely<Database>, before: Date): Promise<{ deliveries: number; events: number }> {
  const d = await db.deleteFrom("webhook_deliveries").where("status", "=", "delivered").where("delivered_at", "<", before).executeTakeFirst();
  const e = await db.deleteFrom("events").where("emitted_at", "<", before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("webhook_deliveries as w").select("w.id").whereRef("w.event_id", "=", "events.id"))))
    .executeTakeFirst();
  return { deliveries: Number(d.numDeletedRows), events: Number(e.numDeletedRows) };
}
