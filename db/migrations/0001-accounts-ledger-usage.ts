/**
 * Accounts, API keys, registrations, the credit ledger and daily usage, plus `charge_request`,
 * the hot-path debit as one SQL call (see src/accounts/ledger.ts for the contract).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE accounts (
      id                  text PRIMARY KEY CHECK (id LIKE 'acc\\_%'),
      tier                text NOT NULL DEFAULT 'free',
      status              text NOT NULL CHECK (status IN ('pending', 'verified', 'anonymous')),
      email               text,
      messenger_id        bigint,
      name                text,
      balance_milli       bigint NOT NULL DEFAULT 0 CHECK (balance_milli >= 0),
      plan_credits_milli  bigint NOT NULL DEFAULT 0 CHECK (plan_credits_milli >= 0),
      plan_type           text,
      plan_expires_at     timestamptz,
      rate_limit          integer NOT NULL CHECK (rate_limit > 0),
      created_at          timestamptz NOT NULL DEFAULT now(),
      verified_at         timestamptz
    )`.execute(db);
  await sql`CREATE INDEX accounts_email_idx ON accounts (email) WHERE email IS NOT NULL`.execute(db);
  await sql`CREATE INDEX accounts_messenger_idx ON accounts (messenger_id) WHERE messenger_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE api_keys (
      id          bigserial PRIMARY KEY,
      key_hash    text NOT NULL UNIQUE,
      prefix      text NOT NULL,
      account_id  text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      revoked_at  timestamptz
    )`.execute(db);
  await sql`CREATE INDEX api_keys_account_idx ON api_keys (account_id)`.execute(db);

  await sql`
    CREATE TABLE registrations (
      account_id    text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      channel       text NOT NULL CHECK (channel IN ('email', 'messenger')),
      email         text,
      messenger_id  bigint,
      code_hash     text NOT NULL,
      token_hash    text UNIQUE,
      expires_at    timestamptz NOT NULL,
      tries_left    integer NOT NULL CHECK (tries_left >= 0),
      created_at    timestamptz NOT NULL DEFAULT now(),
      verified_at   timestamptz,
      reveal_key    text,
      reveal_until  timestamptz
    )`.execute(db);
  await sql`CREATE INDEX registrations_email_idx ON registrations (email, created_at) WHERE email IS NOT NULL`.execute(db);
  await sql`CREATE INDEX registrations_messenger_idx ON registrations (messenger_id, created_at) WHERE messenger_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE ledger (
      id                   bigserial PRIMARY KEY,
      account_id           text NOT NULL REFERENCES accounts (id),
      delta_milli          bigint NOT NULL CHECK (delta_milli <> 0),
      reason               text NOT NULL,
      reference            text,
      payment_type         text,
      balance_after_milli  bigint NOT NULL CHECK (balance_after_milli >= 0),
      created_at           timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_reference_key ON ledger (reference) WHERE reference IS NOT NULL`.execute(db);
  await sql`CREATE INDEX ledger_account_idx ON ledger (account_id, id)`.execute(db);
  // Append-only: the ledger is history; corrections are new rows.
  await sql`
    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`.execute(db);

  await sql`
    CREATE TABLE usage_daily (
      account_id     text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      day            date NOT NULL,
      requests       integer NOT NULL DEFAULT 0,
      billable       integer NOT NULL DEFAULT 0,
      free_used      integer NOT NULL DEFAULT 0,
      charged_milli  bigint NOT NULL DEFAULT 0,
      endpoints      jsonb NOT NULL DEFAULT '{}'::jsonb,
      PRIMARY KEY (account_id, day)
    )`.execute(db);
  await sql`CREATE INDEX usage_daily_day_idx ON usage_daily (day)`.execute(db);

  // The hot path in one call. Locks the account row first (so concurrent calls of one account
  // serialize), then reads today's free-tier count with a fresh snapshot (plpgsql statements in a
  // volatile function each take one under READ COMMITTED), then debits, appends the ledger row and
  // bumps the usage counters. A refused call (insufficient credits) changes nothing.
  await sql`
    CREATE FUNCTION charge_request(
      p_account text, p_day date, p_price_milli bigint, p_free_daily integer,
      p_endpoint text, p_reason text, p_now timestamptz)
    RETURNS TABLE (ok boolean, charged_milli bigint, balance_milli bigint, free_remaining integer)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_balance   bigint;
      v_free_used integer;
      v_free      boolean := false;
      v_charge    bigint := 0;
    BEGIN
      SELECT a.balance_milli INTO v_balance FROM accounts a WHERE a.id = p_account FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown account %', p_account USING ERRCODE = 'no_data_found';
      END IF;
      SELECT u.free_used INTO v_free_used FROM usage_daily u
        WHERE u.account_id = p_account AND u.day = p_day;
      v_free_used := coalesce(v_free_used, 0);

      IF p_price_milli > 0 THEN
        IF v_free_used < p_free_daily THEN
          v_free := true;
        ELSIF v_balance >= p_price_milli THEN
          v_charge := p_price_milli;
        ELSE
          RETURN QUERY SELECT false, 0::bigint, v_balance, greatest(p_free_daily - v_free_used, 0);
          RETURN;
        END IF;
      END IF;

      IF v_charge > 0 THEN
        UPDATE accounts a SET balance_milli = a.balance_milli - v_charge
          WHERE a.id = p_account RETURNING a.balance_milli INTO v_balance;
        INSERT INTO ledger (account_id, delta_milli, reason, balance_after_milli, created_at)
          VALUES (p_account, -v_charge, p_reason, v_balance, p_now);
      END IF;

      INSERT INTO usage_daily AS u (account_id, day, requests, billable, free_used, charged_milli, endpoints)
        VALUES (p_account, p_day, 1, (p_price_milli > 0)::int, v_free::int, v_charge,
                jsonb_build_object(p_endpoint, 1))
        ON CONFLICT (account_id, day) DO UPDATE SET
          requests      = u.requests + 1,
          billable      = u.billable + (p_price_milli > 0)::int,
          free_used     = u.free_used + v_free::int,
          charged_milli = u.charged_milli + v_charge,
          endpoints     = jsonb_set(u.endpoints, ARRAY[p_endpoint],
                            to_jsonb(coalesce((u.endpoints ->> p_endpoint)::int, 0) + 1));

      RETURN QUERY SELECT true, v_charge, v_balance,
        greatest(p_free_daily - v_free_used - v_free::int, 0);
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS charge_request(text, date, bigint, integer, text, text, timestamptz)`.execute(db);
  await sql`DROP TABLE IF EXISTS usage_daily, ledger, registrations, api_keys, accounts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ledger_append_only()`.execute(db);
}
