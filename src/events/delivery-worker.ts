/**
 * The outbox worker (docs/architecture.md §8): claims due deliveries with FOR UPDATE SKIP
 * LOCKED (workers and instances never take the same row), moves each claimed row's due time to
 * the end of a lease, POSTs it, then records the outcome. A worker killed mid-attempt leaves the
 * row due again once the lease ends: at-least-once, with the same webhook-id on every attempt.
 *
 * 2xx: delivered. 410 Gone: the subscription is disabled (reason kept) and its queued
 * deliveries are given up. Anything else (other statuses, timeouts, connection failures, a
 * target refused by the SSRF rules): retried after the next backoff step, then dead.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../accounts/clock.js";
import { claimLeaseMs, type WebhookSettings } from "./webhook-settings.js";
import type { Sender, SendResult } from "./webhook-sender.js";
import { webhookLocation } from "./webhook-location.js";
import { deliveryHeaders } from "./webhook-signing.js";

/** What one attempt came to: delivered (2xx), retry later, dead (out of retries), disabled (410). */
export type DeliveryOutcome = "delivered" | "retry" | "dead" | "disabled";

interface ClaimedDelivery {
  id: number;
  webhook_id: string;
  attempts: number;
  subscription_id: string;
  url: string;
  secret: string;
  latitude: number | null;
  longitude: number | null;
  type: string;
  data: Record<string, unknown>;
}

/** Claims up to `limit` due deliveries of active subscriptions and leases them to this worker. */
export async function claimDueDeliveries(db: Kysely<Database>, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const until = new Date(now.getTime() + leaseMs);
  const r = await sql<ClaimedDelivery>`
    UPDATE webhook_deliveries d SET next_attempt_at = ${until}
      FROM webhook_subscriptions s, events e
     WHERE d.id IN (SELECT q.id FROM webhook_deliveries q
                     WHERE q.status = 'pending' AND q.next_attempt_at <= ${now}
                     ORDER BY q.next_attempt_at, q.id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
       AND s.id = d.subscription_id AND s.status = 'active' AND e.id = d.event_id
    RETURNING d.id, d.webhook_id, d.attempts, d.subscription_id, s.url, s.secret, s.latitude, s.longitude, e.type, e.data`
    .execute(db);
  return r.rows;
}

/** The JSON body of one attempt: the specification's fields, plus location (with local times) for a located subscription. */
export function deliveryBody(d: Pick<ClaimedDelivery, "subscription_id" | "type" | "data" | "latitude" | "longitude">, at: Date): string {
  return JSON.stringify({
    subscription_id: d.subscription_id,
    event: d.type,
    data: d.data,
    delivered_at: at.toISOString(),
    ...(d.latitude !== null && d.longitude !== null ? { location: webhookLocation(d.type, d.data, d.latitude, d.longitude) } : {}),
  });
}

const clip = (s: string) => (s.length > 500 ? s.slice(0, 500) : s);

/** Records one attempt's outcome (only while the row is still pending: a duplicate attempt changes nothing twice). */
export async function recordOutcome(
  db: Kysely<Database>, d: Pick<ClaimedDelivery, "id" | "attempts" | "subscription_id">, r: SendResult, now: Date,
  backoffMs: readonly number[],
): Promise<DeliveryOutcome> {
  const attempts = d.attempts + 1;
  if (r.status !== null && r.status >= 200 && r.status < 300) {
    await db.transaction().execute(async (trx) => {
      const u = await trx.updateTable("webhook_deliveries").set({ status: "delivered", attempts, last_status: r.status, last_error: null, delivered_at: now })
        .where("id", "=", d.id).where("status", "=", "pending").executeTakeFirst();
      if (Number(u.numUpdatedRows) > 0) {
        await trx.updateTable("webhook_subscriptions").set((eb) => ({ delivered_count: eb("delivered_count", "+", 1), last_delivered_at: now }))
          .where("id", "=", d.subscription_id).execute();
      }
    });
    return "delivered";
  }
  const error = clip(r.error ?? `HTTP ${r.status}`);
  if (r.status === 410) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("webhook_subscriptions").set({
        status: "disabled", disabled_reason: `the receiver answered 410 Gone at ${now.toISOString()}`, last_error: error, last_error_at: now,
      }).where("id", "=", d.subscription_id).execute();
      await trx.updateTable("webhook_deliveries").set({ status: "dead", attempts, last_status: 410, last_error: error })
        .where("id", "=", d.id).where("status", "=", "pending").execute();
      const rest = await trx.updateTable("webhook_deliveries").set({ status: "dead", last_error: "subscription disabled (410 Gone)" })
        .where("subscription_id", "=", d.subscription_id).where("status", "=", "pending").executeTakeFirst();
      await trx.updateTable("webhook_subscriptions").set((eb) => ({ dead_count: eb("dead_count", "+", 1 + Number(rest.numUpdatedRows)) }))
        .where("id", "=", d.subscription_id).execute();
    });
    return "disabled";
  }
  const dead = attempts > backoffMs.length;
  await db.transaction().execute(async (trx) => {
    const u = await trx.updateTable("webhook_deliveries").set({
      status: dead ? "dead" : "pending", attempts, last_status: r.status, last_error: error,
      next_attempt_at: new Date(now.getTime() + (dead ? 0 : backoffMs[attempts - 1]!)),
    }).where("id", "=", d.id).where("status", "=", "pending").executeTakeFirst();
    if (Number(u.numUpdatedRows) > 0) {
      await trx.updateTable("webhook_subscriptions").set((eb) => ({
        failed_attempts: eb("failed_attempts", "+", 1), dead_count: eb("dead_count", "+", dead ? 1 : 0), last_error: error, last_error_at: now,
      })).where("id", "=", d.subscription_id).execute();
    }
  });
  return dead ? "dead" : "retry";
}

/**
 * Records many 2xx outcomes in one statement (the common case under load: one round trip per
 * batch instead of per delivery). Only rows still pending change; each subscription's
 * delivered count grows by its rows.
 */
export async function recordDeliveredBatch(
  db: Kysely<Database>, items: readonly { id: number; status: number }[], now: Date,
): Promise<void> {
  if (items.length === 0) return;
  const ids = sql.join(items.map((i) => sql`(${i.id}::bigint, ${i.status}::int)`));
  await sql`
    WITH outcome (id, st) AS (VALUES ${ids}),
    done AS (
      UPDATE webhook_deliveries d
         SET status = 'delivered', attempts = d.attempts + 1, last_status = o.st, last_error = NULL, delivered_at = ${now}
        FROM outcome o
       WHERE d.id = o.id AND d.status = 'pending'
      RETURNING d.subscription_id),
    per AS (SELECT subscription_id, count(*)::int AS n FROM done GROUP BY subscription_id)
    UPDATE webhook_subscriptions s SET delivered_count = s.delivered_count + per.n, last_delivered_at = ${now}
      FROM per WHERE s.id = per.subscription_id`.execute(db);
}

export interface DeliveryWorker {
  /** Look for due deliveries now (after a fan-out) instead of at the next poll. */
  nudge(): void;
  /** Stops claiming; resolves when the attempts in flight have ended (each within its time limit). */
  stop(): Promise<void>;
}

export function startDeliveryWorker(args: {
  db: Kysely<Database>; settings: WebhookSettings; sender: Sender; clock: Clock;
  onError?: (err: unknown) => void;
  /** Each attempt's outcome (/metrics counts them). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}): DeliveryWorker {
  const { db, settings, sender, clock } = args;
  const leaseMs = claimLeaseMs(settings);
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  let again = false;

  // 2xx outcomes wait here a moment and are recorded together (recordDeliveredBatch).
  let delivered: { id: number; status: number }[] = [];
  let flushing: Promise<void> | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = (): Promise<void> => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const run = async (): Promise<void> => {
      await flushing;
      const items = delivered;
      delivered = [];
      if (items.length > 0) await recordDeliveredBatch(db, items, clock()).catch((err: unknown) => args.onError?.(err));
    };
    flushing = run();
    return flushing;
  };

  const attempt = async (d: ClaimedDelivery): Promise<void> => {
    const at = clock();
    const body = deliveryBody(d, at);
    const headers = deliveryHeaders({
      subscriptionId: d.subscription_id, secret: d.secret, webhookId: d.webhook_id, timestampSeconds: Math.floor(at.getTime() / 1000), body,
    });
    const result = await sender.send(d.url, headers, body);
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      args.onOutcome?.("delivered");
      delivered.push({ id: d.id, status: result.status });
      if (delivered.length >= 200) void flush();
      else flushTimer ??= setTimeout(() => void flush(), 5).unref();
      return;
    }
    args.onOutcome?.(await recordOutcome(db, d, result, clock(), settings.retryBackoffMs));
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), ms);
    timer.unref();
  };

  // Keeps up to `concurrency` attempts in flight; claims more as slots free up.
  const pump = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = pumpOnce().finally(() => {
      pumping = undefined;
      schedule(settings.pollMs);
    });
    return pumping;
  };
  const pumpOnce = async (): Promise<void> => {
    try {
      do {
        again = false;
        const free = settings.concurrency - inFlight.size;
        // Claim in batches (a quarter of the slots at least) rather than one row per finished attempt.
        if (free <= 0 || (inFlight.size > 0 && free < Math.max(1, Math.floor(settings.concurrency / 4)))) return;
        const claimed = await claimDueDeliveries(db, clock(), free, leaseMs);
        for (const d of claimed) {
          const p: Promise<void> = attempt(d).catch((err: unknown) => args.onError?.(err)).finally(() => {
            inFlight.delete(p);
            void pump();
          });
          inFlight.add(p);
        }
        if (claimed.length === free) again = true;
      } while (again && !stopped);
    } catch (err) {
      args.onError?.(err);
    }
  };

  schedule(0);
  return {
    nudge: () => void pump(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A claim under way still starts its attempts (the rows are leased): wait for it, then for them.
      await pumping;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await flush();
      sender.close();
    },
  };
}
