/**
 * The debit batcher and charge_requests (migration 0004): requests arriving together share one
 * statement, and each still gets the outcome one-by-one debits would give — exact balances, one
 * ledger row per debit, the free tier, the free-request price cap, and the per-minute rate window
 * shared by every batcher (worker) on the database.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chargeRequest, createAccount, createDebitBatcher, FREE_REQUEST_MAX_MILLI, FREE_TIER_DAILY, grantCredits,
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
    const charge = createDebitBatcher(t.db, { onBatch: (n) => sizes.push(n) });
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

  itRaces("two batchers (two workers) over 20 accounts at once: no deadlock, every account exact", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => newAccount(5 + i)));
    const a = createDebitBatcher(t.db);
    const b = createDebitBatcher(t.db, { windowMs: 2 });
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

  itRaces("the rate window is shared: two batchers, a 60/min key, 150 requests → exactly 60 pass; a 429 changes nothing", async () => {
    const id = await newAccount(1000, 60);
    const a = createDebitBatcher(t.db);
    const b = createDebitBatcher(t.db);
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
    const charge = createDebitBatcher(t.db);
    const [good, bad, good2] = await Promise.allSettled([
      charge({ accountId: id, priceMilli: 1000, freeTierDaily: 0, now: T0 }),
      charge({ accountId: "acc_nobody", priceMilli: 1000, freeTierDaily: 0, now: T0 }),
      charge({ accountId: id, priceMilli: -1, freeTierDaily: 0, now: T0 }),
    ]);
    expect(good).toMatchObject({ status: "fulfilled", value: { ok: true, chargedMilli: 1000, balanceMilli: 2000 } });
    expect(bad).toMatchObject({ status: "rejected", reason: { status: 404, code: "NOT_FOUND" } });
    expect(good2).toMatchObject({ status: "rejected", reason: { name: "RangeError" } });
  });
});
