/**
 * Personal events (docs/events.md, "Personal events"; docs/architecture.md §8): a webhook
 * subscription may carry a birth, and the events of that birth are recorded once per
 * subscription in the same events table and delivered through the same outbox.
 *
 * - webhook_subscriptions.birth: the resolved birth ({instant, latitude, longitude, ayanamsha, …});
 *   personal_until: how far ahead its events are recorded (null: not yet computed). The
 *   personal scheduler claims rows whose horizon is short (FOR UPDATE SKIP LOCKED) and records
 *   only the new days.
 * - events.subscription_id: the owner of a personal event (source 'personal'), unique by
 *   (subscription_id, type, instant), so two instances computing the same days record it once;
 *   deleted with its subscription.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_subscriptions ADD COLUMN birth jsonb, ADD COLUMN personal_until timestamptz`.execute(db);
  await sql`CREATE INDEX webhook_subscriptions_personal_idx ON webhook_subscriptions (personal_until NULLS FIRST)
    WHERE birth IS NOT NULL AND status = 'active'`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN subscription_id text REFERENCES webhook_subscriptions (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE events DROP CONSTRAINT events_source_check`.execute(db);
  await sql`ALTER TABLE events ADD CONSTRAINT events_source_check CHECK (source IN ('detected', 'submitted', 'personal'))`.execute(db);
  await sql`ALTER TABLE events ADD CONSTRAINT events_personal_owner CHECK ((source = 'personal') = (subscription_id IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE events ADD CONSTRAINT events_personal_instant CHECK (source <> 'personal' OR instant IS NOT NULL)`.execute(db);
  await sql`CREATE UNIQUE INDEX events_personal_key ON events (subscription_id, type, instant) WHERE source = 'personal'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM events WHERE source = 'personal'`.execute(db);
  await sql`DROP INDEX IF EXISTS events_personal_key`.execute(db);
  await sql`ALTER TABLE events DROP CONSTRAINT IF EXISTS events_personal_instant, DROP CONSTRAINT IF EXISTS events_personal_owner`.execute(db);
  await sql`ALTER TABLE events DROP CONSTRAINT events_source_check`.execute(db);
  await sql`ALTER TABLE events ADD CONSTRAINT events_source_check CHECK (source IN ('detected', 'submitted'))`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN subscription_id`.execute(db);
  await sql`DROP INDEX IF EXISTS webhook_subscriptions_personal_idx`.execute(db);
  await sql`ALTER TABLE webhook_subscriptions DROP COLUMN personal_until, DROP COLUMN birth`.execute(db);
}
