/**
 * Payments (docs/architecture.md §9): the orders we create at a processor, the payments and
 * refunds they confirm (revenue, one row per unique processor reference), promo codes and their
 * redemptions. A refund or chargeback debits what its payment credited, so a balance may now go
 * negative (calls then answer 402 until it is topped up): the two `>= 0` checks are dropped.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE accounts DROP CONSTRAINT IF EXISTS accounts_balance_milli_check`.execute(db);
  await sql`ALTER TABLE ledger DROP CONSTRAINT IF EXISTS ledger_balance_after_milli_check`.execute(db);

  await sql`
    CREATE TABLE payment_orders (
      id             text PRIMARY KEY CHECK (id LIKE 'ord\\_%'),
      account_id     text NOT NULL REFERENCES accounts (id),
      provider       text NOT NULL CHECK (provider IN ('merchant_a', 'merchant_b', 'crypto', 'lightning', 'stars')),
      kind           text NOT NULL CHECK (kind IN ('credits', 'plan')),
      credits_milli  bigint NOT NULL CHECK (credits_milli > 0),
      plan           text,
      amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
      currency       text NOT NULL,
      provider_ref   text,
      checkout_url   text,
      status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'refunded')),
      created_at     timestamptz NOT NULL,
      expires_at     timestamptz,
      paid_at        timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX payment_orders_provider_ref_key ON payment_orders (provider, provider_ref)
    WHERE provider_ref IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payment_orders_account_idx ON payment_orders (account_id)`.execute(db);

  await sql`
    CREATE TABLE payments (
      id             bigserial PRIMARY KEY,
      order_id       text NOT NULL REFERENCES payment_orders (id),
      account_id     text NOT NULL REFERENCES accounts (id),
      provider       text NOT NULL,
      kind           text NOT NULL CHECK (kind IN ('payment', 'refund')),
      reference      text NOT NULL UNIQUE,
      amount_minor   bigint NOT NULL,
      currency       text NOT NULL,
      credits_milli  bigint NOT NULL,
      created_at     timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX payments_created_idx ON payments (created_at)`.execute(db);

  await sql`
    CREATE TABLE promo_codes (
      code           text PRIMARY KEY,
      credits_milli  bigint NOT NULL CHECK (credits_milli > 0),
      max_uses       integer NOT NULL CHECK (max_uses > 0),
      uses           integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
      expires_at     timestamptz,
      created_at     timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE promo_redemptions (
      code        text NOT NULL REFERENCES promo_codes (code),
      account_id  text NOT NULL REFERENCES accounts (id),
      created_at  timestamptz NOT NULL,
      PRIMARY KEY (code, account_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS promo_redemptions, promo_codes, payments, payment_orders`.execute(db);
}
