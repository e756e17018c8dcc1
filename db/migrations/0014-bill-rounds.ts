/**
 * One billing round (docs/billing.md, "One round per turn"): `bill_round(p_settle, p_requests)`
 * settles holds and takes new ones in one statement and one transaction, so a process sends the
 * captures of the answers it has written together with the holds of the requests that arrived
 * since, instead of two statements. The rules are those of 0008/0012, unchanged: settles first
 * (a release gives back what a request in the same round may then use), then the requests in
 * arrival order per account. `charge_requests` and `settle_holds` become the round with one side
 * empty, so there is one implementation.
 *
 * Why a new body and not only a wrapper (measured with the HTTP bench and a backend profile,
 * bench/results.md): PL/pgSQL caches a statement's plan for the life of a connection, and a plan
 * made while `charge_holds` was small reads the whole table — settle_holds found the accounts of
 * its holds with `id = ANY(...)`, planned as a sequential scan on a fresh database and kept as the
 * table grew by thousands of rows a second (0.5 ms per settle at 9,000 holds). Here every lookup of
 * a hold is by primary key, one statement per hold, and the balance is written per account by key,
 * so no plan depends on how large a table has become. Statements with nothing to do are skipped
 * (the free-address count is read only while the account still has free requests; no ledger,
 * rate or address statement without rows). A settle's ledger rows (capture: delta 0; release:
 * +price) are written with the round's hold rows in one INSERT, in order.
 *
 * Results: one row per settled hold whose state changed (idx NULL, outcome its new state,
 * hold_id) first, then one row per request as `charge_requests` returned them.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION bill_round(p_settle jsonb, p_requests jsonb)
    RETURNS TABLE (idx integer, outcome text, charged_milli bigint, balance_milli bigint,
                   free_remaining integer, rate_limit integer, rate_used integer, hold_id bigint)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      s_ids        bigint[] := '{}';
      s_state      text[];
      s_at         timestamptz[];
      s_undo       boolean[];
      s_acc        text[] := '{}';
      t_id         bigint[] := '{}';
      t_state      text[] := '{}';
      v_amount     bigint;
      v_hfree      boolean;
      v_haddr      text;
      v_hend       text;
      v_hday       date;
      v_dirty      boolean := false;
      i            integer;
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
      -- The holds to settle, once each, with their accounts (primary-key lookups: no plan here reads
      -- the table, however large it grew since the plan was made).
      IF jsonb_array_length(p_settle) > 0 THEN
        SELECT array_agg(x.id ORDER BY x.id), array_agg(x.to_state ORDER BY x.id), array_agg(x.at ORDER BY x.id),
               array_agg(x.undo ORDER BY x.id), array_agg(x.acc ORDER BY x.id)
          INTO s_ids, s_state, s_at, s_undo, s_acc
          FROM (SELECT DISTINCT ON ((el ->> 'h')::bigint) (el ->> 'h')::bigint AS id,
                       CASE el ->> 's' WHEN 'c' THEN 'captured' ELSE 'released' END AS to_state,
                       (el ->> 't')::timestamptz AS at, coalesce((el ->> 'u')::boolean, false) AS undo,
                       (SELECT h.account_id FROM charge_holds h WHERE h.id = (el ->> 'h')::bigint) AS acc
                  FROM jsonb_array_elements(p_settle) el ORDER BY (el ->> 'h')::bigint) x;
      END IF;
      -- Every account of the round, locked in id order in one statement (no deadlock between instances).
      PERFORM 1 FROM accounts a
        WHERE a.id = ANY (s_acc || ARRAY(SELECT el ->> 'a' FROM jsonb_array_elements(p_requests) el))
        ORDER BY a.id FOR UPDATE;

      FOR i IN 1 .. coalesce(array_length(s_ids, 1), 0) LOOP
        CONTINUE WHEN s_acc[i] IS NULL;
        UPDATE charge_holds h SET state = s_state[i], settled_at = s_at[i]
          WHERE h.id = s_ids[i]
            AND (h.state = 'held' OR (s_undo[i] AND s_state[i] = 'released' AND h.state = 'captured'))
          RETURNING h.amount_milli, h.free, h.address, h.endpoint, h.day INTO v_amount, v_hfree, v_haddr, v_hend, v_hday;
        CONTINUE WHEN NOT FOUND;
        t_id := t_id || s_ids[i]; t_state := t_state || s_state[i];
        IF s_state[i] = 'captured' THEN
          IF v_amount > 0 THEN
            SELECT a.balance_milli INTO v_balance FROM accounts a WHERE a.id = s_acc[i];
            l_account := l_account || s_acc[i]; l_delta := l_delta || 0::bigint; l_after := l_after || v_balance;
            l_reason := l_reason || ('capture ' || v_hend); l_at := l_at || s_at[i]; l_hold := l_hold || s_ids[i];
          END IF;
          CONTINUE;
        END IF;
        IF v_amount > 0 THEN
          UPDATE accounts a SET balance_milli = a.balance_milli + v_amount WHERE a.id = s_acc[i]
            RETURNING a.balance_milli INTO v_balance;
          l_account := l_account || s_acc[i]; l_delta := l_delta || v_amount; l_after := l_after || v_balance;
          l_reason := l_reason || ('release ' || v_hend); l_at := l_at || s_at[i]; l_hold := l_hold || s_ids[i];
        END IF;
        -- Usage counts answered requests: the released one leaves the day's counters and gives
        -- its free-tier slot back (to the account and to the client address).
        UPDATE usage_daily u SET
            requests = greatest(u.requests - 1, 0), billable = greatest(u.billable - 1, 0),
            free_used = greatest(u.free_used - v_hfree::int, 0),
            charged_milli = greatest(u.charged_milli - v_amount, 0),
            endpoints = CASE WHEN u.endpoints ? v_hend
                          THEN jsonb_set(u.endpoints, ARRAY[v_hend], to_jsonb(greatest((u.endpoints ->> v_hend)::int - 1, 0)))
                          ELSE u.endpoints END
          WHERE u.account_id = s_acc[i] AND u.day = v_hday;
        IF v_haddr IS NOT NULL THEN
          UPDATE action_windows w SET count = greatest(w.count - 1, 0)
            WHERE w.bucket = v_haddr AND w.window_start = (v_hday::timestamp AT TIME ZONE 'UTC');
        END IF;
      END LOOP;

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
          IF v_dirty THEN
            UPDATE accounts a SET balance_milli = v_balance WHERE a.id = v_account;
            v_dirty := false;
          END IF;
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

        v_free := false; v_charge := 0; v_billable := r.p > 0; v_hold := NULL; v_addr_used := 0;
        IF r.cnt AND v_billable THEN
          -- The address's free requests today matter only while the account has free requests left.
          IF v_free_used < r.f AND r.p <= r.m AND r.b IS NOT NULL AND r.fa IS NOT NULL THEN
            IF a_used ? (r.b || '|' || r.day) THEN
              v_addr_used := (a_used ->> (r.b || '|' || r.day))::int;
            ELSE
              SELECT w.count INTO v_addr_used FROM action_windows w
                WHERE w.bucket = r.b AND w.window_start = (r.day::timestamp AT TIME ZONE 'UTC');
              v_addr_used := coalesce(v_addr_used, 0);
            END IF;
          END IF;
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
          v_balance := v_balance - v_charge; v_dirty := true;
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

      IF cardinality(h_id) > 0 THEN
        INSERT INTO charge_holds (id, account_id, amount_milli, free, address, endpoint, day, created_at)
          SELECT * FROM unnest(h_id, h_account, h_amount, h_free, h_address, h_endpoint, h_day, h_at);
      END IF;
      IF v_dirty THEN
        UPDATE accounts a SET balance_milli = v_balance WHERE a.id = v_account;
      END IF;
      IF cardinality(l_account) > 0 THEN
        INSERT INTO ledger (account_id, delta_milli, reason, balance_after_milli, created_at, hold_id)
          SELECT d.acc, d.delta, d.reason, d.after, d.at, d.hold
            FROM unnest(l_account, l_delta, l_reason, l_after, l_at, l_hold) WITH ORDINALITY AS d(acc, delta, reason, after, at, hold, n)
            ORDER BY d.n;
      END IF;
      IF cardinality(u_account) > 0 THEN
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
      END IF;
      IF cardinality(w_account) > 0 THEN
        INSERT INTO rate_windows AS w (account_id, window_start, requests)
          SELECT d.acc, d.win, count(*)::int FROM unnest(w_account, w_start) AS d(acc, win)
            GROUP BY d.acc, d.win ORDER BY d.acc, d.win
          ON CONFLICT (account_id, window_start) DO UPDATE SET requests = w.requests + excluded.requests;
      END IF;
      IF cardinality(b_bucket) > 0 THEN
        INSERT INTO action_windows AS w (bucket, window_start, count)
          SELECT d.b, d.s, count(*)::int FROM unnest(b_bucket, b_start) AS d(b, s)
            GROUP BY d.b, d.s ORDER BY d.b, d.s
          ON CONFLICT (bucket, window_start) DO UPDATE SET count = w.count + excluded.count;
      END IF;

      RETURN QUERY SELECT NULL::integer, u.st, NULL::bigint, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, u.id
        FROM unnest(t_id, t_state) AS u(id, st);
      RETURN QUERY SELECT o.i, o.oc, o.ch, o.bal, o.fr, o.lim, o.used, o.h
        FROM unnest(o_idx, o_outcome, o_charged, o_balance, o_free_rem, o_limit, o_rate, o_hold)
          AS o(i, oc, ch, bal, fr, lim, used, h)
        ORDER BY o.i;
    END $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION charge_requests(p_requests jsonb)
    RETURNS TABLE (idx integer, outcome text, charged_milli bigint, balance_milli bigint,
                   free_remaining integer, rate_limit integer, rate_used integer, hold_id bigint)
    LANGUAGE sql VOLATILE AS $$
      SELECT * FROM bill_round('[]'::jsonb, p_requests)
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION settle_holds(p_settle jsonb)
    RETURNS TABLE (hold_id bigint, state text)
    LANGUAGE sql VOLATILE AS $$
      SELECT r.hold_id, r.outcome FROM bill_round(p_settle, '[]'::jsonb) r
    $$`.execute(db);
}

export async function down(_db: Kysely<unknown>): Promise<void> {
  // charge_requests and settle_holds answer as 0008/0012 did; bill_round stays for them.
}
