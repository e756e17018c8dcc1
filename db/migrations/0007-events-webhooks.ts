/**
 * Events and webhooks (docs/architecture.md §7, §8): events recorded once, the accounts'
 * webhook subscriptions, and the delivery outbox (one row per subscription × event).
 *
 * - events: a detected event is unique by (type, instant), so every scheduler on every instance
 *   may record the same horizon (ON CONFLICT DO NOTHING); an event submitted by the operator is
 *   unique by its own submission key. `emitted_at` is set once, by whichever worker claims it.
 * - webhook_deliveries: `webhook_id` is the Standard Webhooks message id, stable across retries;
 *   `next_attempt_at` doubles as the claim lease, so a worker killed mid-delivery leaves the
 *   row claimable again once the lease is over (at-least-once).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      id              bigserial PRIMARY KEY,
      type            text NOT NULL,
      source          text NOT NULL CHECK (source IN ('detected', 'submitted')),
      instant         timestamptz,
      submission_key  text UNIQUE,
      data            jsonb NOT NULL,
      due_at          timestamptz NOT NULL,
      emitted_at      timestamptz,
      created_at      timestamptz NOT NULL,
      CHECK (source <> 'detected' OR instant IS NOT NULL),
      CHECK (source <> 'submitted' OR submission_key IS NOT NULL)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX events_detected_key ON events (type, instant) WHERE source = 'detected'`.execute(db);
  await sql`CREATE INDEX events_due_idx ON events (due_at) WHERE emitted_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE webhook_subscriptions (
      id                 text PRIMARY KEY CHECK (id LIKE 'sub\\_%'),
      account_id         text NOT NULL REFERENCES accounts (id),
      url                text NOT NULL CHECK (url LIKE 'https://%'),
      events             text[] NOT NULL CHECK (cardinality(events) > 0),
      latitude           double precision,
      longitude          double precision,
      secret             text NOT NULL,
      status             text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      disabled_reason    text,
      delivered_count    integer NOT NULL DEFAULT 0,
      failed_attempts    integer NOT NULL DEFAULT 0,
      dead_count         integer NOT NULL DEFAULT 0,
      last_error         text,
      last_error_at      timestamptz,
      last_delivered_at  timestamptz,
      created_at         timestamptz NOT NULL,
      CHECK ((latitude IS NULL) = (longitude IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX webhook_subscriptions_account_idx ON webhook_subscriptions (account_id)`.execute(db);
  await sql`CREATE INDEX webhook_subscriptions_active_events_idx ON webhook_subscriptions USING gin (events)
    WHERE status = 'active'`.execute(db);

  await sql`
    CREATE TABLE webhook_deliveries (
      id               bigserial PRIMARY KEY,
      webhook_id       text NOT NULL UNIQUE,
      subscription_id  text NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
      event_id         bigint NOT NULL REFERENCES events (id),
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
      attempts         integer NOT NULL DEFAULT 0,
      next_attempt_at  timestamptz NOT NULL,
      last_status      integer,
      last_error       text,
      delivered_at     timestamptz,
      created_at       timestamptz NOT NULL,
      UNIQUE (subscription_id, event_id)
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS webhook_deliveries, webhook_subscriptions, events`.execute(db);
}
