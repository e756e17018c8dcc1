/**
 * Registration hardening (issue 8): fixed-window counters of limited actions shared by every
 * instance (registrations per client address, verification mails per address and per client
 * address), and the recovery flag of a registration that gives an existing account a new key.
 * UNLOGGED like rate_windows: losing the counts of the current window in a crash is harmless.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE action_windows (
      bucket        text NOT NULL,
      window_start  timestamptz NOT NULL,
      count         integer NOT NULL,
      PRIMARY KEY (bucket, window_start)
    )`.execute(db);
  await sql`CREATE INDEX action_windows_start_idx ON action_windows (window_start)`.execute(db);
  await sql`ALTER TABLE registrations ADD COLUMN recovery boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE INDEX registrations_reveal_idx ON registrations (reveal_until) WHERE reveal_key IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS registrations_reveal_idx`.execute(db);
  await sql`ALTER TABLE registrations DROP COLUMN IF EXISTS recovery`.execute(db);
  await sql`DROP TABLE IF EXISTS action_windows`.execute(db);
}
