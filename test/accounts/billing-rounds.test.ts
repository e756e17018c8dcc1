/**
 * The billing rounds and bill_round (migrations 0008, 0014): requests arriving together share one
 * statement, and each still gets the outcome one-by-one debits would give — exact balances, one
 * ledger row per debit, the free tier, the free-request price cap, and the per-minute rate window
 * shared by every process on the database. Captures ride with the next round's holds.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIT_PER_TURN, chargeRequest, createAccount, createBillingRounds, FREE_REQUEST_MAX_MILLI, FREE_TIER_DAILY, grantCredits,
  type ChargeRequestResult,
} from "../../src/accounts/index.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { itRaces } from "../helpers/race.js";

const DB_KIND = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const T0 = new Date("2026-03-10T12:00:15Z");

describe(`debits in groups (${DB_KIND})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.dispose());

  const newAccount = async (credits: number, rateLimit = 1_000_000) => {
    const id = (await createAccount(t.db, { status: "anonymous", now: T0 })).id;
    if (credits > 0) await grantCredits(t.db, { accountId: id, credits, reason: "batch test", now: T0 });
    await t.db.updateTable("accounts").set({ rate_limit: rateLimit }).where("id", "=", id).execute();
    return id;
  };
  const ledgerOf = (id: string) => t.db.selectFrom("ledger").select(["delta_milli", "balance_after_milli"])
    .where("account_id", "=", id).orderBy("id").execute();
  const balanceOf = async (id: string) =>
    (await t.db.selectFrom("accounts").select("balance_milli").where("id", "=", id).executeTakeFirstOrThrow()).balance_milli;

  itRaces("1,000 concurrent debits of one account: the free ones, then exactly N, in far fewer statements", async () => {
    const N = 100;
    const id = await newAccount(N);
    const sizes: number[] = [];
    const charge = createBillingRounds(t.db, { onRound: (n) => sizes.push(n) }).charge;
    const results = await Promise.all(Array.from({ length: 1000 }, () =>
      charge({ accountId: id, priceMilli: 1000, freeTierDaily: FREE_TIER_DAILY, now: T0, endpoint: "/panchanga" })));
    const ok = results.filter((r) => r.ok);
    expect(ok.filter((r) => r.ok && r.chargedMilli === 0)).toHaveLength(FREE_TIER_DAILY);
    expect(ok.filter((r) => r.ok && r.chargedMilli === 1000)).toHaveLength(N);
    expect(results.filter((r) => !r.ok)).toHaveLength(1000 - N - FREE_TIER_DAILY);
    // Each caller learns its own balance after its debit: N distinct values N-1 … 0 credits.
    const after = ok.filter((r) => r.ok && r.chargedMilli > 0).map((r) => r.balanceMilli).sort((a, b) => b - a);
    expect(after).toEqual(Array.from({ length: N }, (_, i) => (N - 1 - i) * 1000));
    expect(await balanceOf(id)).toBe(0);
    const ledger = await ledgerOf(id);
    expect(ledger.reduce((s, r) => s + r.delta_milli, 0)).toBe(0);
    expect(ledger.filter((r) => r.delta_milli < 0).map((r) => r.balance_after_milli))
      .toEqual(Array.from({ length: N }, (_, i) => (N - 1 - i) * 1000));
    const usage = await t.db.selectFrom("usage_daily").selectAll().where("account_id", "=", id).executeTakeFirstOrThrow();
    expect(usage).toMatchObject({ requests: N + FREE_TIER_DAILY, billable: N + FREE_TIER_DAILY, free_used: FREE_TIER_DAILY,
      charged_milli: N * 1000, endpoints: { "/panchanga": N + FREE_TIER_DAILY } });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(sizes.length).toBeLessThan(20);
  });

  itRaces("two processes' rounds over 20 accounts at once: no deadlock, every account exact", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => newAccount(5 + i)));
    const a = createBillingRounds(t.db).charge;
    const b = createBillingRounds(t.db, { windowMs: 2 }).charge;
    const calls: Promise<ChargeRequestResult>[] = [];
    for (let k = 0; k < 1000; k++) {
      const id = ids[(k * 7) % ids.length]!;
      calls.push((k % 2 ? a : b)({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0, endpoint: "e" }));
    }
    const results = await Promise.all(calls);
    const okCount = results.filter((r) => r.ok).length;
    expect(okCount).toBe(ids.reduce((s, _, i) => s + 5 + i, 0));
    for (const id of ids) {
      expect(await balanceOf(id)).toBe(0);
      expect((await ledgerOf(id)).reduce((s, r) => s + r.delta_milli, 0)).toBe(0);
    }
  });

  itRaces("the rate window is shared: two processes' rounds, a 60/min key, 150 requests → exactly 60 pass; a 429 changes nothing", async () => {
    const id = await newAccount(1000, 60);
    const a = createBillingRounds(t.db).charge;
    const b = createBillingRounds(t.db).charge;
    const results = await Promise.all(Array.from({ length: 150 }, (_, k) =>
      (k % 2 ? a : b)({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0, endpoint: "e", rateLimit: true })));
    const limited = results.filter((r) => !r.ok && r.reason === "rate_limited");
    expect(results.filter((r) => r.ok)).toHaveLength(60);
    expect(limited).toHaveLength(90);
    for (const r of limited) expect(r.rate).toEqual({ limit: 60, remaining: 0, resetSeconds: 45 });
    const remaining = results.filter((r) => r.ok).map((r) => r.rate!.remaining).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(await balanceOf(id)).toBe(940_000);
    const usage = await t.db.selectFrom("usage_daily").select("requests").where("account_id", "=", id).executeTakeFirstOrThrow();
    expect(usage.requests).toBe(60);
    // The next minute opens a new window.
    const next = await chargeRequest(t.db, {
      accountId: id, priceMilli: 1000, freeTierDaily: 0, now: new Date(T0.getTime() + 60_000), rateLimit: true,
    });
    expect(next).toMatchObject({ ok: true, rate: { limit: 60, remaining: 59 } });
    // A dry run takes the window only: nothing counted or charged.
    const dry = await chargeRequest(t.db, {
      accountId: id, priceMilli: 0, freeTierDaily: 0, now: new Date(T0.getTime() + 60_000), rateLimit: true, rateOnly: true,
    });
    expect(dry).toMatchObject({ ok: true, rate: { remaining: 58 } });
    const rows = await sql<{ requests: number }>`select requests from usage_daily where account_id = ${id}`.execute(t.db);
    expect(rows.rows[0]!.requests).toBe(61);
  });

  it("a free request covers at most FREE_REQUEST_MAX_MILLI; a dearer one needs credits and leaves the free ones", async () => {
    expect(FREE_REQUEST_MAX_MILLI).toBe(10_000);
    const id = await newAccount(0);
    const dear = await chargeRequest(t.db, { accountId: id, priceMilli: 10_001, freeTierDaily: 2, now: T0 });
    expect(dear).toEqual({ ok: false, reason: "insufficient_credits", priceMilli: 10_001, balanceMilli: 0, freeRemaining: 2 });
    expect(await chargeRequest(t.db, { accountId: id, priceMilli: 10_000, freeTierDaily: 2, now: T0 }))
      .toMatchObject({ ok: true, chargedMilli: 0, balanceMilli: 0, freeRemaining: 1 });
    await grantCredits(t.db, { accountId: id, credits: 20, reason: "batch test", now: T0 });
    expect(await chargeRequest(t.db, { accountId: id, priceMilli: 15_000, freeTierDaily: 2, now: T0 }))
      .toMatchObject({ ok: true, chargedMilli: 15_000, balanceMilli: 5_000, freeRemaining: 1 });
  });

  it("an unknown account in a group fails its own caller (404) only", async () => {
    const id = await newAccount(3);
    const charge = createBillingRounds(t.db).charge;
    const [good, bad, good2] = await Promise.allSettled([
      charge({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0 }),
      charge({ accountId: "acc_nobody", priceMilli: 1000, freeTierDaily: 0, now: T0 }),
      charge({ accountId: id, priceMilli: -1, freeTierDaily: 0, now: T0 }),
    ]);
    expect(good).toMatchObject({ status: "fulfilled", value: { ok: true, chargedMilli: 1000, balanceMilli: 2000 } });
    expect(bad).toMatchObject({ status: "rejected", reason: { status: 404, code: "NOT_FOUND" } });
    expect(good2).toMatchObject({ status: "rejected", reason: { name: "RangeError" } });
  });

  it("a capture rides with the next holds: one statement for both, ledger hold → capture → hold", async () => {
    const id = await newAccount(10);
    const rounds: Array<[number, number]> = [];
    const billing = createBillingRounds(t.db, { onRound: (h, s) => rounds.push([h, s]) });
    const first = await billing.charge({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0, endpoint: "e" });
    if (!first.ok) throw new Error("the first hold was refused");
    const [captured, second] = await Promise.all([
      billing.settle({ holdId: first.holdId!, capture: true, now: T0 }),
      billing.charge({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0, endpoint: "e" }),
    ]);
    expect(captured).toBe("captured");
    expect(second).toMatchObject({ ok: true, chargedMilli: 1000, balanceMilli: 8000 });
    expect(rounds).toEqual([[1, 0], [1, 1]]);
    expect(await ledgerOf(id)).toEqual([
      { delta_milli: 10_000, balance_after_milli: 10_000 },
      { delta_milli: -1000, balance_after_milli: 9000 },
      { delta_milli: 0, balance_after_milli: 9000 },
      { delta_milli: -1000, balance_after_milli: 8000 },
    ]);
  });

  it("a capture alone waits captureWaitMs for company, a release goes at once and takes the waiting capture along", async () => {
    const id = await newAccount(10);
    const rounds: Array<[number, number, number]> = [];
    const t0 = Date.now();
    const billing = createBillingRounds(t.db, { captureWaitMs: 60, onRound: (h, s) => rounds.push([h, s, Date.now() - t0]) });
    const holds = await Promise.all([1, 2, 3].map(() =>
      billing.charge({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0, endpoint: "e" })));
    const [a, b, c] = holds.map((h) => (h.ok ? h.holdId! : 0));
    const since = Date.now() - t0;
    expect(await billing.settle({ holdId: a!, capture: true, now: T0 })).toBe("captured");
    expect(rounds[1]![2] - since).toBeGreaterThanOrEqual(55);
    const [captured, released] = await Promise.all([
      billing.settle({ holdId: b!, capture: true, now: T0 }),
      billing.settle({ holdId: c!, capture: false, now: T0 }),
    ]);
    expect([captured, released]).toEqual(["captured", "released"]);
    expect(rounds.map(([h, s]) => [h, s])).toEqual([[3, 0], [0, 1], [0, 2]]);
    expect(rounds[2]![2] - rounds[1]![2]).toBeLessThan(55);
    await billing.idle();
    expect(await balanceOf(id)).toBe(8000);
  });

  it("a round's lookups stay on keys however far charge_holds grew after its plans were made", async () => {
    const id = await newAccount(1000);
    const now = T0.toISOString();
    const hold = { a: id, p: 1000, f: 0, m: 10_000, e: "e", t: now, r: true };
    // One connection: PL/pgSQL keeps each statement's plan for the life of its connection.
    await t.db.connection().execute(async (conn) => {
      const round = async () => {
        const held = await sql<{ hold_id: string }>`select hold_id from charge_requests(${JSON.stringify([hold, hold, hold])}::jsonb)`.execute(conn);
        const settle = held.rows.map((r) => ({ h: Number(r.hold_id), s: "c", t: now }));
        await sql`select * from settle_holds(${JSON.stringify(settle)}::jsonb)`.execute(conn);
        return held.rows.length;
      };
      for (let i = 0; i < 12; i++) await round(); // past the five custom plans: generic plans, made on a small table
      await sql`insert into charge_holds (account_id, amount_milli, free, endpoint, day, state, created_at, settled_at)
        select ${id}, 1000, false, 'e', date '2026-03-10', 'captured', ${now}::timestamptz, ${now}::timestamptz
        from generate_series(1, 20000)`.execute(conn);
      await sql`begin`.execute(conn);
      try {
        expect(await round()).toBe(3);
        const scans = await sql<{ relname: string; seq_scan: string; idx_scan: string }>`
          select relname, seq_scan, idx_scan from pg_stat_xact_user_tables where relname in ('charge_holds', 'ledger')`.execute(conn);
        // The counters are live (the holds were found by key), and nothing read a whole table.
        expect(Number(scans.rows.find((r) => r.relname === "charge_holds")?.idx_scan)).toBeGreaterThan(0);
        expect(scans.rows.map((r) => [r.relname, Number(r.seq_scan)]).sort()).toEqual([["charge_holds", 0], ["ledger", 0]]);
      } finally {
        await sql`commit`.execute(conn);
      }
    });
  });

  it("a round starts at most ADMIT_PER_TURN of its requests per turn of the event loop, in arrival order", async () => {
    const id = await newAccount(1000);
    const rounds: number[] = [];
    const billing = createBillingRounds(t.db, { onRound: (h) => rounds.push(h) });
    // Turns of the loop, counted by a chain of setImmediate (one per check phase).
    let turn = 0;
    let counting = true;
    const tick = () => {
      turn += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const N = 3 * ADMIT_PER_TURN + 5;
    const startedIn: Array<[number, number]> = [];
    await Promise.all(Array.from({ length: N }, (_, k) =>
      billing.charge({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0, endpoint: "e" }).then((r) => {
        expect(r.ok).toBe(true);
        startedIn.push([k, turn]);
      })));
    counting = false;
    expect(rounds).toEqual([N]); // one statement for all
    expect(startedIn.map(([k]) => k)).toEqual(Array.from({ length: N }, (_, k) => k));
    const perTurn = new Map<number, number>();
    for (const [, at] of startedIn) perTurn.set(at, (perTurn.get(at) ?? 0) + 1);
    expect([...perTurn.values()]).toEqual([ADMIT_PER_TURN, ADMIT_PER_TURN, ADMIT_PER_TURN, 5]);
  });
});

