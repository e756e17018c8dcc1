/**
 * `charge_request` (0001) commits asynchronously: it sets synchronous_commit = off for its own
 * transaction only, so the per-request debit does not wait for the WAL flush (DESIGN.md §11).
 * What a server crash can lose is the last few milliseconds of committed debits — a few calls go
 * unbilled (with their usage_daily counts) — never more: the database stays consistent, so a
 * balance can never be overspent, and grants, payments and every other ledger write keep
 * synchronous commit. The ledger calls it as one autocommit statement, never inside a larger
 * transaction. The body is otherwise 0001's, unchanged.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION charge_request(
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
      -- Transaction-local (is_local = true): it ends with this call's own transaction.
      PERFORM set_config('synchronous_commit', 'off', true);
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

/** Back to 0001's function (synchronous commit). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION charge_request(
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
