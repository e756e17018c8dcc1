/**
 * `charge_requests`: the per-request debit for a whole group of requests in one statement and one
 * transaction (docs/architecture.md §5, §11). The gateway's debit batcher sends every request that
 * arrived together (src/accounts/debit-batcher.ts); each gets its own outcome row.
 *
 * Input: a jsonb array, one object per request, in arrival order:
 *   { "a": account id, "p": price milli, "f": free requests a day, "m": the dearest price a free
 *     request covers (milli), "e": endpoint, "t": instant (timestamptz), "r": take the account's
 *     per-minute rate window (bool), "c": count and charge (false: the rate window only, a dry run) }
 * Output, one row per request: idx (1-based), outcome ('ok' | 'insufficient' | 'rate_limited' |
 * 'unknown'), charged_milli, balance_milli, free_remaining, rate_limit, rate_used.
 *
 * Same rules as charge_request (0001/0003) applied to each request in turn — per account in
 * arrival order, the free tier per UTC day of the request's instant, the balance never below zero,
 * one ledger row per debit with the balance after it — plus:
 * - the rate limit of the account row (`rate_limit` per UTC minute, rate_windows of 0002) is taken
 *   here, before pricing decisions, so it holds across every worker and instance on the database
 *   with no second round trip; a refused request (429) changes nothing, not even the window;
 * - a free request covers a price up to "m"; a dearer one is paid from the balance (or refused).
 * Every account of the group is locked in id order first, so two groups in flight (two workers)
 * never deadlock. Commits asynchronously like 0003 (its own transaction only).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION charge_requests(p_requests jsonb)
    RETURNS TABLE (idx integer, outcome text, charged_milli bigint, balance_milli bigint,
                   free_remaining integer, rate_limit integer, rate_used integer)
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
      o_idx        integer[] := '{}';
      o_outcome    text[] := '{}';
      o_charged    bigint[] := '{}';
      o_balance    bigint[] := '{}';
      o_free_rem   integer[] := '{}';
      o_limit      integer[] := '{}';
      o_rate       integer[] := '{}';
      -- What the group changes, applied set-wise after the loop.
      l_account    text[] := '{}';
      l_delta      bigint[] := '{}';
      l_after      bigint[] := '{}';
      l_reason     text[] := '{}';
      l_at         timestamptz[] := '{}';
      u_account    text[] := '{}';
      u_day        date[] := '{}';
      u_billable   integer[] := '{}';
      u_free       integer[] := '{}';
      u_charged    bigint[] := '{}';
      u_endpoint   text[] := '{}';
      w_account    text[] := '{}';
      w_start      timestamptz[] := '{}';
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      PERFORM 1 FROM accounts a
        WHERE a.id IN (SELECT DISTINCT el ->> 'a' FROM jsonb_array_elements(p_requests) el)
        ORDER BY a.id FOR UPDATE;

      FOR r IN
        SELECT x.a, x.p, x.f, x.m, x.e, x.t, x.rl, x.cnt, x.ord,
               (x.t AT TIME ZONE 'UTC')::date AS day, date_trunc('minute', x.t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS win
        FROM (SELECT j ->> 'a' AS a, (j ->> 'p')::bigint AS p, (j ->> 'f')::integer AS f, (j ->> 'm')::bigint AS m,
                     j ->> 'e' AS e, (j ->> 't')::timestamptz AS t, coalesce((j ->> 'r')::boolean, false) AS rl,
                     coalesce((j ->> 'c')::boolean, true) AS cnt, ord
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
          o_rate := o_rate || NULL::int;
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
            o_limit := o_limit || v_limit; o_rate := o_rate || v_rate;
            CONTINUE;
          END IF;
          v_rate := v_rate + 1;
          w_account := w_account || r.a; w_start := w_start || r.win;
        END IF;

        v_free := false; v_charge := 0; v_billable := r.p > 0;
        IF r.cnt AND v_billable THEN
          IF v_free_used < r.f AND r.p <= r.m THEN
            v_free := true;
          ELSIF v_balance >= r.p THEN
            v_charge := r.p;
          ELSE
            o_idx := o_idx || r.ord::int; o_outcome := o_outcome || 'insufficient'::text; o_charged := o_charged || 0::bigint;
            o_balance := o_balance || v_balance; o_free_rem := o_free_rem || greatest(r.f - v_free_used, 0);
            o_limit := o_limit || CASE WHEN r.rl THEN v_limit END; o_rate := o_rate || CASE WHEN r.rl THEN v_rate END;
            CONTINUE;
          END IF;
        END IF;

        IF v_charge > 0 THEN
          v_balance := v_balance - v_charge;
          l_account := l_account || r.a; l_delta := l_delta || -v_charge; l_after := l_after || v_balance;
          l_reason := l_reason || ('request ' || r.e); l_at := l_at || r.t;
        END IF;
        IF v_free THEN v_free_used := v_free_used + 1; END IF;
        IF r.cnt THEN
          u_account := u_account || r.a; u_day := u_day || r.day; u_billable := u_billable || v_billable::int;
          u_free := u_free || v_free::int; u_charged := u_charged || v_charge; u_endpoint := u_endpoint || r.e;
        END IF;
        o_idx := o_idx || r.ord::int; o_outcome := o_outcome || 'ok'::text; o_charged := o_charged || v_charge;
        o_balance := o_balance || v_balance; o_free_rem := o_free_rem || greatest(r.f - v_free_used, 0);
        o_limit := o_limit || CASE WHEN r.rl THEN v_limit END; o_rate := o_rate || CASE WHEN r.rl THEN v_rate END;
      END LOOP;

      -- Balances: the last balance after each account's debits (ledger rows are in that order).
      UPDATE accounts a SET balance_milli = last.after
        FROM (SELECT DISTINCT ON (d.acc) d.acc, d.after
                FROM unnest(l_account, l_after) WITH ORDINALITY AS d(acc, after, n) ORDER BY d.acc, d.n DESC) last
        WHERE a.id = last.acc;
      INSERT INTO ledger (account_id, delta_milli, reason, balance_after_milli, created_at)
        SELECT d.acc, d.delta, d.reason, d.after, d.at
          FROM unnest(l_account, l_delta, l_reason, l_after, l_at) WITH ORDINALITY AS d(acc, delta, reason, after, at, n)
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
          endpoints     = u.endpoints || (SELECT jsonb_object_agg(k.key, coalesce((u.endpoints ->> k.key)::int, 0) + k.value::int)
                                            FROM jsonb_each_text(excluded.endpoints) k);

      INSERT INTO rate_windows AS w (account_id, window_start, requests)
        SELECT d.acc, d.win, count(*)::int FROM unnest(w_account, w_start) AS d(acc, win)
          GROUP BY d.acc, d.win ORDER BY d.acc, d.win
        ON CONFLICT (account_id, window_start) DO UPDATE SET requests = w.requests + excluded.requests;

      RETURN QUERY SELECT o.i, o.oc, o.ch, o.bal, o.fr, o.lim, o.used
        FROM unnest(o_idx, o_outcome, o_charged, o_balance, o_free_rem, o_limit, o_rate) AS o(i, oc, ch, bal, fr, lim, used)
        ORDER BY o.i;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS charge_requests(jsonb)`.execute(db);
}
