/**
 * Rate-limit windows in the database, shared by all instances (docs/architecture.md §12): fixed one-minute
 * windows aligned to the UTC minute, counted with one upsert per request. Same semantics as the
 * gateway's in-memory limiter (src/gates/rate-limit.ts), so either can back it.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

export const RATE_WINDOW_MS = 60_000;

export interface RateWindowDecision {
  ok: boolean;
  limit: number;
  /** Requests left in this window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window resets (≥ 1). */
  resetSeconds: number;
}

/**
 * Counts one request of `accountId` at `now` against `limit` per minute. A refused request is
 * counted too (a client hammering past its limit stays refused until the window resets).
 */
export async function takeRateWindow(
  db: Kysely<Database>,
  args: { accountId: string; limit: number; now: Date },
): Promise<RateWindowDecision> {
  const nowMs = args.now.getTime();
  const startMs = nowMs - (((nowMs % RATE_WINDOW_MS) + RATE_WINDOW_MS) % RATE_WINDOW_MS);
  const row = await db
    .insertInto("rate_windows")
    .values({ account_id: args.accountId, window_start: new Date(startMs), requests: 1 })
    .onConflict((oc) => oc.columns(["account_id", "window_start"])
      .doUpdateSet({ requests: sql<number>`rate_windows.requests + 1` }))
    .returning("requests")
    .executeTakeFirstOrThrow();
  const ok = row.requests <= args.limit;
  return {
    ok,
    limit: args.limit,
    remaining: ok ? args.limit - row.requests : 0,
    resetSeconds: Math.max(1, Math.ceil((startMs + RATE_WINDOW_MS - nowMs) / 1000)),
  };
}

/** Deletes windows that ended before `now` (run every few minutes); returns how many. */
export async function pruneRateWindows(db: Kysely<Database>, now: Date): Promise<number> {
  const r = await db.deleteFrom("rate_windows")
    .where("window_start", "<", new Date(now.getTime() - RATE_WINDOW_MS))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
