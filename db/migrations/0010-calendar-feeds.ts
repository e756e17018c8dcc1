/**
 * Calendar feeds (docs/calendars.md §3, issue 29): a feed token is bound to one account and one feed
 * definition (place, year or rolling window, contents, region). The token travels in the feed's URL,
 * so it is stored only as its SHA-256 hash, like API keys (api_keys.key_hash); `token_prefix` is kept
 * for display. `paid_until`: polls after it are refused until the feed is renewed; `revoked_at`: the
 * token answers 404 for ever after. `revision` changes whenever the definition's answer may change
 * (renewal does not change it), and with `created_at` stamps the feed (DTSTAMP, ETag).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feeds (
      id            text PRIMARY KEY,
      account_id    text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      token_hash    text NOT NULL UNIQUE,
      token_prefix  text NOT NULL,
      definition    jsonb NOT NULL,
      created_at    timestamptz NOT NULL,
      paid_until    timestamptz NOT NULL,
      revoked_at    timestamptz,
      poll_count    bigint NOT NULL DEFAULT 0,
      last_polled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX calendar_feeds_account_idx ON calendar_feeds (account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS calendar_feeds`.execute(db);
}
