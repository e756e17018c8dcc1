/**
 * Limits on actions that cost the service or a third party something without an API key:
 * registrations per client address, verification mails per address and per client address.
 * Counted in fixed windows in the database (table action_windows), so the limit holds for every
 * worker and instance on one PostgreSQL (docs/architecture.md §12). Not on the hot path: one
 * upsert per registration or mail.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { AccountsError } from "./errors.js";

export const HOUR_MS = 3_600_000;

export interface ActionDecision {
  readonly allowed: boolean;
  /** Seconds until the window that refused resets (0 when allowed). */
  readonly retryAfterSeconds: number;
}

/**
 * Counts one action in `bucket`'s current window and says whether it is within `limit`.
 * A limit of 0 means unlimited (nothing is counted). Refused attempts count too, so hammering
 * a full window gains nothing.
 */
export async function takeAction(
  db: Kysely<Database>, bucket: string, limit: number, windowMs: number, now: Date,
): Promise<ActionDecision> {
  if (limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  const row = await sql<{ count: number }>`
    INSERT INTO action_windows (bucket, window_start, count) VALUES (${bucket}, ${new Date(startMs)}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = action_windows.count + 1
    RETURNING count`.execute(db);
  const count = Number(row.rows[0]!.count);
  if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((startMs + windowMs - now.getTime()) / 1000)) };
}

/** The 429 of a refused action. */
export function actionLimited(message: string, decision: ActionDecision): AccountsError {
  return new AccountsError(429, "RATE_LIMITED", `${message}; retry after ${decision.retryAfterSeconds} s`, {
    retryAfterSeconds: decision.retryAfterSeconds,
  });
}

/** Drops windows that ended before `before` (run with the periodic purge). */
export async function purgeActionWindows(db: Kysely<Database>, before: Date): Promise<number> {
  const r = await db.deleteFrom("action_windows").where("window_start", "<", before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
