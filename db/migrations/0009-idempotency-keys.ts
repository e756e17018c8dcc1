/**
 * Idempotency-Key (docs/billing.md, issue 22 item 2, Stripe's semantics): the first answer to a
 * paid POST carrying the header is stored per account for 24 h, in the database so every instance
 * sees it. `running` while the first request is being answered (a repeat then gets 409); `done`
 * with the answer (a repeat with the same body gets it replayed, uncharged; with another body 422).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      account_id    text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      key           text NOT NULL,
      request_hash  text NOT NULL,
      state         text NOT NULL CHECK (state IN ('running', 'done')),
      status        integer,
      headers       jsonb,
      body          text,
      created_at    timestamptz NOT NULL,
      expires_at    timestamptz NOT NULL,
      PRIMARY KEY (account_id, key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS idempotency_keys`.execute(db);
}
