/**
 * Per-account request counts per fixed one-minute window, shared by every instance
 * (DESIGN.md §12: rate-limit windows live in PostgreSQL). UNLOGGED: losing the counts of the
 * current minute in a server crash is harmless and saves WAL on the hot path.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE rate_windows (
      account_id    text NOT NULL,
      window_start  timestamptz NOT NULL,
      requests      integer NOT NULL,
      PRIMARY KEY (account_id, window_start)
    )`.execute(db);
  await sql`CREATE INDEX rate_windows_start_idx ON rate_windows (window_start)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_windows`.execute(db);
}
