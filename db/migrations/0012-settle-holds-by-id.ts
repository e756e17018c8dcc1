/**
 * settle_holds (0008) reads its holds by id: the same function, with the two statements that
 * joined charge_holds to the batch rewritten so that PostgreSQL looks the holds up by primary key.
 * Before, the account lock joined accounts to charge_holds and could read every hold of the account
 * through (account_id, id), and the update could scan the table: measured on the HTTP bench, each
 * settle batch read all of the account's holds (≈ 440 rows per request after 6,000 requests, and
 * growing with every request). Results are unchanged; only the plans differ, so down() keeps it.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION settle_holds(p_settle jsonb)
    RETURNS TABLE (hold_id bigint, state text)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      c_id bigint[]; c_account text[]; c_amount bigint[]; c_free boolean[]; c_address text[]; c_endpoint text[];
      c_day date[]; c_state text[]; c_at timestamptz[];
      i integer;
      v_balance bigint;
      v_ids bigint[];
      v_accounts text[];
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      -- The holds by their ids alone, then their accounts: a join could read every hold of an
      -- account through (account_id, id), which grows with each request of that account.
      v_ids := ARRAY(SELECT DISTINCT (el ->> 'h')::bigint FROM jsonb_array_elements(p_settle) el);
      v_accounts := ARRAY(SELECT DISTINCT h.account_id FROM charge_holds h WHERE h.id = ANY (v_ids));
      PERFORM 1 FROM accounts a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR UPDATE;
      WITH want AS (
        SELECT DISTINCT ON ((el ->> 'h')::bigint) (el ->> 'h')::bigint AS id,
               CASE el ->> 's' WHEN 'c' THEN 'captured' ELSE 'released' END AS to_state, (el ->> 't')::timestamptz AS at,
               coalesce((el ->> 'u')::boolean, false) AS undo
          FROM jsonb_array_elements(p_settle) el ORDER BY (el ->> 'h')::bigint
      ), changed AS (
        UPDATE charge_holds h SET state = w.to_state, settled_at = w.at
          FROM want w WHERE h.id = ANY (v_ids) AND h.id = w.id
            AND (h.state = 'held' OR (w.undo AND w.to_state = 'released' AND h.state = 'captured'))
          RETURNING h.id, h.account_id, h.amount_milli, h.free, h.address, h.endpoint, h.day, h.state, w.at
      )
      SELECT array_agg(x.id ORDER BY x.id), array_agg(x.account_id ORDER BY x.id), array_agg(x.amount_milli ORDER BY x.id),
             array_agg(x.free ORDER BY x.id), array_agg(x.address ORDER BY x.id), array_agg(x.endpoint ORDER BY x.id),
             array_agg(x.day ORDER BY x.id), array_agg(x.state ORDER BY x.id), array_agg(x.at ORDER BY x.id)
        INTO c_id, c_account, c_amount, c_free, c_address, c_endpoint, c_day, c_state, c_at
        FROM changed x;
      IF c_id IS NULL THEN RETURN; END IF;

      FOR i IN 1 .. array_length(c_id, 1) LOOP
        IF c_state[i] = 'released' THEN
          IF c_amount[i] > 0 THEN
            UPDATE accounts a SET balance_milli = a.balance_milli + c_amount[i] WHERE a.id = c_account[i]
              RETURNING a.balance_milli INTO v_balance;
            INSERT INTO ledger (account_id, delta_milli, reason, balance_after_milli, created_at, hold_id)
              VALUES (c_account[i], c_amount[i], 'release ' || c_endpoint[i], v_balance, c_at[i], c_id[i]);
          END IF;
          -- Usage counts answered requests: the released one leaves the day's counters and gives
          -- its free-tier slot back (to the account and to the client address).
          UPDATE usage_daily u SET
              requests = greatest(u.requests - 1, 0), billable = greatest(u.billable - 1, 0),
              free_used = greatest(u.free_used - c_free[i]::int, 0),
              charged_milli = greatest(u.charged_milli - c_amount[i], 0),
              endpoints = CASE WHEN u.endpoints ? c_endpoint[i]
                            THEN jsonb_set(u.endpoints, ARRAY[c_endpoint[i]], to_jsonb(greatest((u.endpoints ->> c_endpoint[i])::int - 1, 0)))
                            ELSE u.endpoints END
            WHERE u.account_id = c_account[i] AND u.day = c_day[i];
          IF c_address[i] IS NOT NULL THEN
            UPDATE action_windows w SET count = greatest(w.count - 1, 0)
              WHERE w.bucket = c_address[i] AND w.window_start = (c_day[i]::timestamp AT TIME ZONE 'UTC');
          END IF;
        ELSIF c_amount[i] > 0 THEN
          SELECT a.balance_milli INTO v_balance FROM accounts a WHERE a.id = c_account[i];
          INSERT INTO ledger (account_id, delta_milli, reason, balance_after_milli, created_at, hold_id)
            VALUES (c_account[i], 0, 'capture ' || c_endpoint[i], v_balance, c_at[i], c_id[i]);
        END IF;
      END LOOP;
      RETURN QUERY SELECT u.id, u.st FROM unnest(c_id, c_state) AS u(id, st);
    END $$`.execute(db);
}

export async function down(_db: Kysely<unknown>): Promise<void> {
  // The 0008 definition answers the same; nothing to undo.
}
