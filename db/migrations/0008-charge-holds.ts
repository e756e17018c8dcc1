/**
 * Two-phase charging (docs/billing.md, issue 22): the debit of `charge_requests` becomes a *hold*
 * that is later *captured* (the answer was written) or *released* (it was not).
 *
 * - `charge_holds`: one row per admitted request that a charge covers (credits or a free-tier slot),
 *   state held → captured | released, exactly once (the state change is a conditional UPDATE).
 * - The ledger links its rows to the hold (`hold_id`): the hold's debit, a capture row of delta 0,
 *   or the release's credit back. Balance = Σ ledger still holds at every step.
 * - `charge_requests` (0004) is replaced: same gates, same batching, same arrival-order decisions,
 *   plus the free requests of a client address per UTC day (issue 22 item 7: "b" the address bucket,
 *   "fa" its daily allowance, counted in action_windows of 0005), and it returns each hold's id.
 * - `settle_holds`: capture or release many holds in one statement; a release gives back the
 *   credits, the free-tier slot (account and address) and takes the request out of the day's usage,
 *   so usage counts captured (or still held) requests only.
 * - `release_stale_holds`: holds older than a given instant are released, exactly once whichever
 *   instances sweep together (the state change is conditional and made under the account locks).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE charge_holds (
      id            bigserial PRIMARY KEY,
      account_id    text NOT NULL REFERENCES accounts (id),
      amount_milli  bigint NOT NULL CHECK (amount_milli >= 0),
      free          boolean NOT NULL,
      address       text,
      endpoint      text NOT NULL,
      day           date NOT NULL,
      state         text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'captured', 'released')),
      created_at    timestamptz NOT NULL,
      settled_at    timestamptz
    )`.execute(db);
  await sql`CREATE INDEX charge_holds_held_idx ON charge_holds (created_at) WHERE state = 'held'`.execute(db);
  await sql`CREATE INDEX charge_holds_account_idx ON charge_holds (account_id, id)`.execute(db);

  await sql`ALTER TABLE ledger ADD COLUMN hold_id bigint REFERENCES charge_holds (id)`.execute(db);
  // A capture row moves no credits: delta 0 is allowed for it alone.
  await sql`ALTER TABLE ledger DROP CONSTRAINT IF EXISTS ledger_delta_milli_check`.execute(db);
  await sql`ALTER TABLE ledger ADD CONSTRAINT ledger_delta_milli_check CHECK (delta_milli <> 0 OR hold_id IS NOT NULL)`.execute(db);
  await sql`CREATE INDEX ledger_hold_idx ON ledger (hold_id) WHERE hold_id IS NOT NULL`.execute(db);

  await sql`DROP FUNCTION IF EXISTS charge_requests(jsonb)`.execute(db);
  await sql`
    CREATE FUNCTION charge_requests(p_requests jsonb)
    RETURNS TABLE (idx integer, outcome text, charged_milli bigint, balance_milli bigint,
                   free_remaining integer, rate_limit integer, rate_used integer, hold_id bigint)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      r            record;
      v_account    text := NULL;
      v_day        date := NULL;
      v_window     timestamptz := NULL;
      v_found      boolean := false;
      v_balance    bigint;
      v_limit      integer;
      v_free_used  integer;
      v_rate       integer;
      v_free       boolean;
      v_charge     bigint;
      v_billable   boolean;
      v_hold       bigint;
      v_addr_used  integer;
      a_used       jsonb := '{}'::jsonb;
      o_idx        integer[] := '{}';
      o_outcome    text[] := '{}';
      o_charged    bigint[] := '{}';
      o_balance    bigint[] := '{}';
      o_free_rem   integer[] := '{}';
      o_limit      integer[] := '{}';
      o_rate       integer[] := '{}';
      o_hold       bigint[] := '{}';
      l_account    text[] := '{}';
      l_delta      bigint[] := '{}';
      l_after      bigint[] := '{}';
      l_reason     text[] := '{}';
      l_at         timestamptz[] := '{}';
      l_hold       bigint[] := '{}';
      h_id         bigint[] := '{}';
      h_account    text[] := '{}';
      h_amount     bigint[] := '{}';
      h_free       boolean[] := '{}';
      h_address    text[] := '{}';
      h_endpoint   text[] := '{}';
      h_day        date[] := '{}';
      h_at         timestamptz[] := '{}';
      u_account    text[] := '{}';
      u_day        date[] := '{}';
      u_billable   integer[] := '{}';
      u_free       integer[] := '{}';
      u_charged    bigint[] := '{}';
      u_endpoint   text[] := '{}';
      w_account    text[] := '{}';
      w_start      timestamptz[] := '{}';
      b_bucket     text[] := '{}';
      b_start      timestamptz[] := '{}';
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      PERFORM 1 FROM accounts a
        WHERE a.id IN (SELECT DISTINCT el ->> 'a' FROM jsonb_array_elements(p_requests) el)
        ORDER BY a.id FOR UPDATE;

      FOR r IN
        SELECT x.a, x.p, x.f, x.m, x.e, x.t, x.rl, x.cnt, x.ord, x.b, x.fa,
               (x.t AT TIME ZONE 'UTC')::date AS day, date_trunc('minute', x.t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS win
        FROM (SELECT j ->> 'a' AS a, (j ->> 'p')::bigint AS p, (j ->> 'f')::integer AS f, (j ->> 'm')::bigint AS m,
                     j ->> 'e' AS e, (j ->> 't')::timestamptz AS t, coalesce((j ->> 'r')::boolean, false) AS rl,
                     coalesce((j ->> 'c')::boolean, true) AS cnt, j ->> 'b' AS b, (j ->> 'fa')::integer AS fa, ord
                FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS el(j, ord)) x
        ORDER BY x.a, day, win, x.ord
      LOOP
        IF v_account IS DISTINCT FROM r.a THEN
          v_account := r.a; v_day := NULL; v_window := NULL;
          SELECT a.balance_milli, a.rate_limit INTO v_balance, v_limit FROM accounts a WHERE a.id = r.a;
          v_found := FOUND;
        END IF;
        IF NOT v_found THEN
          o_idx := o_idx || r.ord::int; o_outcome := o_outcome || 'unknown'::text; o_charged := o_charged || 0::bigint;
          o_balance := o_balance || 0::bigint; o_free_rem := o_free_rem || 0; o_limit := o_limit || NULL::int;
          o_rate := o_rate || NULL::int; o_hold := o_hold || NULL::bigint;
          CONTINUE;
        END IF;
        IF v_day IS DISTINCT FROM r.day THEN
          v_day := r.day;
          SELECT u.free_used INTO v_free_used FROM usage_daily u WHERE u.account_id = r.a AND u.day = r.day;
          v_free_used := coalesce(v_free_used, 0);
        END IF;

        IF r.rl THEN
          IF v_window IS DISTINCT FROM r.win THEN
            v_window := r.win;
            SELECT w.requests INTO v_rate FROM rate_windows w WHERE w.account_id = r.a AND w.window_start = r.win;
            v_rate := coalesce(v_rate, 0);
          END IF;
          IF v_rate >= v_limit THEN
            o_idx := o_idx || r.ord::int; o_outcome := o_outcome || 'rate_limited'::text; o_charged := o_charged || 0::bigint;
            o_balance := o_balance || v_balance; o_free_rem := o_free_rem || greatest(r.f - v_free_used, 0);
            o_limit := o_limit || v_limit; o_rate := o_rate || v_rate; o_hold := o_hold || NULL::bigint;
            CONTINUE;
          END IF;
          v_rate := v_rate + 1;
          w_account := w_account || r.a; w_start := w_start || r.win;
        END IF;

        -- Free requests of this client address today (any key): read once per bucket and day.
        v_addr_used := 0;
        IF r.b IS NOT NULL AND r.fa IS NOT NULL THEN
          IF a_used ? (r.b || '|' || r.day) THEN
            v_addr_used := (a_used ->> (r.b || '|' || r.day))::int;
          ELSE
            SELECT w.count INTO v_addr_used FROM action_windows w
              WHERE w.bucket = r.b AND w.window_start = (r.day::timestamp AT TIME ZONE 'UTC');
            v_addr_used := coalesce(v_addr_used, 0);
          END IF;
        END IF;

        v_free := false; v_charge := 0; v_billable := r.p > 0; v_hold := NULL;
        IF r.cnt AND v_billable THEN
          IF v_free_used < r.f AND r.p <= r.m AND (r.fa IS NULL OR r.b IS NULL OR v_addr_used < r.fa) THEN
            v_free := true;
          ELSIF v_balance >= r.p THEN
            v_charge := r.p;
          ELSE
            o_idx := o_idx || r.ord::int; o_outcome := o_outcome || 'insufficient'::text; o_charged := o_charged || 0::bigint;
            o_balance := o_balance || v_balance; o_free_rem := o_free_rem || greatest(r.f - v_free_used, 0);
            o_limit := o_limit || CASE WHEN r.rl THEN v_limit END; o_rate := o_rate || CASE WHEN r.rl THEN v_rate END;
            o_hold := o_hold || NULL::bigint;
            CONTINUE;
          END IF;
          v_hold := nextval(pg_get_serial_sequence('charge_holds', 'id'));
          h_id := h_id || v_hold; h_account := h_account || r.a; h_amount := h_amount || v_charge; h_free := h_free || v_free;
          h_address := h_address || CASE WHEN v_free AND r.fa IS NOT NULL THEN r.b END;
          h_endpoint := h_endpoint || r.e; h_day := h_day || r.day; h_at := h_at || r.t;
        END IF;

        IF v_charge > 0 THEN
          v_balance := v_balance - v_charge;
          l_account := l_account || r.a; l_delta := l_delta || -v_charge; l_after := l_after || v_balance;
          l_reason := l_reason || ('hold ' || r.e); l_at := l_at || r.t; l_hold := l_hold || v_hold;
        END IF;
        IF v_free THEN
          v_free_used := v_free_used + 1;
          IF r.b IS NOT NULL AND r.fa IS NOT NULL THEN
            a_used := a_used || jsonb_build_object(r.b || '|' || r.day, v_addr_used + 1);
            b_bucket := b_bucket || r.b; b_start := b_start || (r.day::timestamp AT TIME ZONE 'UTC');
          END IF;
        END IF;
        IF r.cnt THEN
          u_account := u_account || r.a; u_day := u_day || r.day; u_billable := u_billable || v_billable::int;
          u_free := u_free || v_free::int; u_charged := u_charged || v_charge; u_endpoint := u_endpoint || r.e;
        END IF;
        o_idx := o_idx || r.ord::int; o_outcome := o_outcome || 'ok'::text; o_charged := o_charged || v_charge;
        o_balance := o_balance || v_balance; o_free_rem := o_free_rem || greatest(r.f - v_free_used, 0);
        o_limit := o_limit || CASE WHEN r.rl THEN v_limit END; o_rate := o_rate || CASE WHEN r.rl THEN v_rate END;
        o_hold := o_hold || v_hold;
      END LOOP;

      INSERT INTO charge_holds (id, account_id, amount_milli, free, address, endpoint, day, created_at)
        SELECT * FROM unnest(h_id, h_account, h_amount, h_free, h_address, h_endpoint, h_day, h_at);

      UPDATE accounts a SET balance_milli = last.after
        FROM (SELECT DISTINCT ON (d.acc) d.acc, d.after
                FROM unnest(l_account, l_after) WITH ORDINALITY AS d(acc, after, n) ORDER BY d.acc, d.n DESC) last
        WHERE a.id = last.acc;
      INSERT INTO ledger (account_id, delta_milli, reason, balance_after_milli, created_at, hold_id)
        SELECT d.acc, d.delta, d.reason, d.after, d.at, d.hold
          FROM unnest(l_account, l_delta, l_reason, l_after, l_at, l_hold) WITH ORDINALITY AS d(acc, delta, reason, after, at, hold, n)
          ORDER BY d.n;

      INSERT INTO usage_daily AS u (account_id, day, requests, billable, free_used, charged_milli, endpoints)
        SELECT g.acc, g.day, sum(g.n)::int, sum(g.billable)::int, sum(g.free)::int, sum(g.charged)::bigint,
               jsonb_object_agg(g.endpoint, g.n)
          FROM (SELECT d.acc, d.day, d.endpoint, count(*) AS n, sum(d.billable) AS billable, sum(d.free) AS free,
                       sum(d.charged) AS charged
                  FROM unnest(u_account, u_day, u_billable, u_free, u_charged, u_endpoint)
                    AS d(acc, day, billable, free, charged, endpoint)
                  GROUP BY d.acc, d.day, d.endpoint) g
          GROUP BY g.acc, g.day
          ORDER BY g.acc, g.day
        ON CONFLICT (account_id, day) DO UPDATE SET
          requests      = u.requests + excluded.requests,
          billable      = u.billable + excluded.billable,
          free_used     = u.free_used + excluded.free_used,
          charged_milli = u.charged_milli + excluded.charged_milli,
          endpoints     = u.endpoints || coalesce((SELECT jsonb_object_agg(k.key, coalesce((u.endpoints ->> k.key)::int, 0) + k.value::int)
                                            FROM jsonb_each_text(excluded.endpoints) k), '{}'::jsonb);

      INSERT INTO rate_windows AS w (account_id, window_start, requests)
        SELECT d.acc, d.win, count(*)::int FROM unnest(w_account, w_start) AS d(acc, win)
          GROUP BY d.acc, d.win ORDER BY d.acc, d.win
        ON CONFLICT (account_id, window_start) DO UPDATE SET requests = w.requests + excluded.requests;

      INSERT INTO action_windows AS w (bucket, window_start, count)
        SELECT d.b, d.s, count(*)::int FROM unnest(b_bucket, b_start) AS d(b, s)
          GROUP BY d.b, d.s ORDER BY d.b, d.s
        ON CONFLICT (bucket, window_start) DO UPDATE SET count = w.count + excluded.count;

      RETURN QUERY SELECT o.i, o.oc, o.ch, o.bal, o.fr, o.lim, o.used, o.h
        FROM unnest(o_idx, o_outcome, o_charged, o_balance, o_free_rem, o_limit, o_rate, o_hold)
          AS o(i, oc, ch, bal, fr, lim, used, h)
        ORDER BY o.i;
    END $$`.execute(db);

  // p_settle: [{ "h": hold id, "s": "c" (capture) | "r" (release), "t": instant, "u": true to release a
  // captured hold whose answer then failed to reach the client }]. Returns the holds whose state this
  // call changed, with their new state; a hold already settled is left as is (except with "u").
  await sql`
    CREATE FUNCTION settle_holds(p_settle jsonb)
    RETURNS TABLE (hold_id bigint, state text)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      c_id bigint[]; c_account text[]; c_amount bigint[]; c_free boolean[]; c_address text[]; c_endpoint text[];
      c_day date[]; c_state text[]; c_at timestamptz[];
      i integer;
      v_balance bigint;
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      PERFORM 1 FROM accounts a
        WHERE a.id IN (SELECT h.account_id FROM charge_holds h
                        WHERE h.id IN (SELECT (el ->> 'h')::bigint FROM jsonb_array_elements(p_settle) el))
        ORDER BY a.id FOR UPDATE;
      WITH want AS (
        SELECT DISTINCT ON ((el ->> 'h')::bigint) (el ->> 'h')::bigint AS id,
               CASE el ->> 's' WHEN 'c' THEN 'captured' ELSE 'released' END AS to_state, (el ->> 't')::timestamptz AS at,
               coalesce((el ->> 'u')::boolean, false) AS undo
          FROM jsonb_array_elements(p_settle) el ORDER BY (el ->> 'h')::bigint
      ), changed AS (
        UPDATE charge_holds h SET state = w.to_state, settled_at = w.at
          FROM want w WHERE h.id = w.id
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

  // Holds older than p_before are released, each exactly once whichever instances sweep at the same
  // time: settle_holds takes the account locks first and changes only holds that are still held.
  await sql`
    CREATE FUNCTION release_stale_holds(p_before timestamptz, p_at timestamptz, p_max integer)
    RETURNS TABLE (hold_id bigint, state text)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_ids jsonb;
    BEGIN
      SELECT coalesce(jsonb_agg(jsonb_build_object('h', s.id, 's', 'r', 't', p_at)), '[]'::jsonb) INTO v_ids
        FROM (SELECT h.id FROM charge_holds h WHERE h.state = 'held' AND h.created_at < p_before
                ORDER BY h.created_at LIMIT p_max) s;
      RETURN QUERY SELECT * FROM settle_holds(v_ids);
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS settle_holds(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS release_stale_holds(timestamptz, timestamptz, integer)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS charge_requests(jsonb)`.execute(db);
  await sql`ALTER TABLE ledger DROP COLUMN IF EXISTS hold_id`.execute(db);
  await sql`DROP TABLE IF EXISTS charge_holds`.execute(db);
}
