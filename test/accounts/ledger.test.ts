import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountView, activatePlan, addOneMonthUtc, expirePlans, chargeRequest, createAccount, creditsToMilli, FREE_TIER_DAILY, grantCredits, issueApiKey, LedgerError,
} from "../../src/accounts/index.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { itRaces } from "../helpers/race.js";

const DB_KIND = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const T0 = new Date("2026-03-10T12:00:00Z");

describe(`ledger and charging (${DB_KIND})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const newAccount = async () => (await createAccount(t.db, { status: "anonymous", now: T0 })).id;
  const ledgerSum = async (accountId: string) =>
    (await sql<{ s: number }>`select coalesce(sum(delta_milli), 0)::bigint as s from ledger where account_id = ${accountId}`
      .execute(t.db)).rows[0]!.s;
  const balanceOf = async (accountId: string) =>
    (await t.db.selectFrom("accounts").select("balance_milli").where("id", "=", accountId).executeTakeFirstOrThrow()).balance_milli;

  itRaces("with a balance of N credits, 10×N concurrent 1-credit calls: the free ones, then exactly N succeed", async () => {
    const N = 10;
    const id = await newAccount();
    await grantCredits(t.db, { accountId: id, credits: N, reason: "load test", now: T0 });
    const results = await Promise.all(
      Array.from({ length: 10 * N }, () =>
        chargeRequest(t.db, { accountId: id, priceMilli: 1000, freeTierDaily: FREE_TIER_DAILY, now: T0, endpoint: "/panchanga" })),
    );
    const ok = results.filter((r) => r.ok);
    expect(ok.filter((r) => r.ok && r.chargedMilli === 0)).toHaveLength(FREE_TIER_DAILY);
    expect(ok.filter((r) => r.ok && r.chargedMilli === 1000)).toHaveLength(N);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(10 * N - N - FREE_TIER_DAILY);
    for (const r of refused) {
      expect(r).toEqual({ ok: false, reason: "insufficient_credits", priceMilli: 1000, balanceMilli: 0, freeRemaining: 0 });
    }
    expect(await balanceOf(id)).toBe(0);
    expect(await ledgerSum(id)).toBe(0);
    const debits = await t.db.selectFrom("ledger").select(["delta_milli", "balance_after_milli"])
      .where("account_id", "=", id).where("delta_milli", "<", 0).orderBy("id").execute();
    expect(debits.map((d) => d.balance_after_milli)).toEqual(Array.from({ length: N }, (_, i) => (N - 1 - i) * 1000));
    const usage = await t.db.selectFrom("usage_daily").selectAll().where("account_id", "=", id).executeTakeFirstOrThrow();
    expect(usage).toMatchObject({ day: "2026-03-10", requests: N + FREE_TIER_DAILY, billable: N + FREE_TIER_DAILY,
      free_used: FREE_TIER_DAILY, charged_milli: N * 1000, endpoints: { "/panchanga": N + FREE_TIER_DAILY } });
  });

  it("charges exact milli-credits without drift", async () => {
    const id = await newAccount();
    await grantCredits(t.db, { accountId: id, credits: 1, reason: "exactness", now: T0 });
    for (let i = 0; i < FREE_TIER_DAILY; i++) {
      await chargeRequest(t.db, { accountId: id, priceMilli: 100, freeTierDaily: FREE_TIER_DAILY, now: T0 });
    }
    let last;
    for (let i = 0; i < 10; i++) {
      last = await chargeRequest(t.db, { accountId: id, priceMilli: 100, freeTierDaily: FREE_TIER_DAILY, now: T0 });
    }
    expect(last).toMatchObject({ ok: true, chargedMilli: 100, balanceMilli: 0, freeRemaining: 0 });
    expect(creditsToMilli(0.1) * 10).toBe(1000);
    expect(await chargeRequest(t.db, { accountId: id, priceMilli: 100, freeTierDaily: FREE_TIER_DAILY, now: T0 }))
      .toMatchObject({ ok: false, balanceMilli: 0 });
  });

  it("the free tier rolls over at UTC midnight", async () => {
    const id = await newAccount();
    await grantCredits(t.db, { accountId: id, credits: 10, reason: "rollover", now: T0 });
    const late = new Date("2026-03-10T23:59:59.999Z");
    const early = new Date("2026-03-11T00:00:00.000Z");
    const charge = (now: Date) => chargeRequest(t.db, { accountId: id, priceMilli: 3000, freeTierDaily: 2, now });
    expect(await charge(late)).toMatchObject({ ok: true, chargedMilli: 0, balanceMilli: 10000, freeRemaining: 1 });
    expect(await charge(late)).toMatchObject({ ok: true, chargedMilli: 0, balanceMilli: 10000, freeRemaining: 0 });
    expect(await charge(late)).toMatchObject({ ok: true, chargedMilli: 3000, balanceMilli: 7000, freeRemaining: 0 });
    expect(await charge(early)).toMatchObject({ ok: true, chargedMilli: 0, balanceMilli: 7000, freeRemaining: 1 });
    expect(await charge(early)).toMatchObject({ ok: true, chargedMilli: 0, balanceMilli: 7000, freeRemaining: 0 });
    expect(await charge(early)).toMatchObject({ ok: true, chargedMilli: 3000, balanceMilli: 4000, freeRemaining: 0 });
    const days = await t.db.selectFrom("usage_daily").select(["day", "free_used", "charged_milli"])
      .where("account_id", "=", id).orderBy("day").execute();
    expect(days).toEqual([
      { day: "2026-03-10", free_used: 2, charged_milli: 3000 },
      { day: "2026-03-11", free_used: 2, charged_milli: 3000 },
    ]);
  });

  it("a free request, a non-billable request and a refused request: only the refused one changes nothing", async () => {
    const id = await newAccount(); // balance 0
    expect(await chargeRequest(t.db, { accountId: id, priceMilli: 0, freeTierDaily: 2, now: T0, endpoint: "/account" }))
      .toMatchObject({ ok: true, chargedMilli: 0, balanceMilli: 0, freeRemaining: 2 });
    await chargeRequest(t.db, { accountId: id, priceMilli: 1000, freeTierDaily: 2, now: T0, endpoint: "/kundali" });
    await chargeRequest(t.db, { accountId: id, priceMilli: 1000, freeTierDaily: 2, now: T0, endpoint: "/kundali" });
    const before = await t.db.selectFrom("usage_daily").selectAll().where("account_id", "=", id).executeTakeFirstOrThrow();
    expect(await chargeRequest(t.db, { accountId: id, priceMilli: 3000, freeTierDaily: 2, now: T0, endpoint: "/kundali" }))
      .toEqual({ ok: false, reason: "insufficient_credits", priceMilli: 3000, balanceMilli: 0, freeRemaining: 0 });
    const after = await t.db.selectFrom("usage_daily").selectAll().where("account_id", "=", id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ requests: 3, billable: 2, free_used: 2, endpoints: { "/account": 1, "/kundali": 2 } });
    expect(await ledgerSum(id)).toBe(0);
  });

  it("an unknown account is a 404 LedgerError, not a crash", async () => {
    await expect(chargeRequest(t.db, { accountId: "acc_nobody", priceMilli: 1000, freeTierDaily: 2, now: T0 }))
      .rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("a replayed payment_proof credits once; the replay is a 409 conflict", async () => {
    const id = await newAccount();
    const grant = () => grantCredits(t.db, {
      accountId: id, credits: 100, reason: "USDC payment", paymentType: "usdc", paymentProof: "0xabc123", now: T0,
    });
    expect(await grant()).toEqual({ account_id: id, credits_added: 100, new_balance: 100, reason: "USDC payment" });
    const replay = await grant().catch((e: unknown) => e);
    expect(replay).toBeInstanceOf(LedgerError);
    expect(replay).toMatchObject({ status: 409, code: "DUPLICATE_REFERENCE" });
    expect(await balanceOf(id)).toBe(100_000);
    const account = await t.db.selectFrom("accounts").select("tier").where("id", "=", id).executeTakeFirstOrThrow();
    expect(account.tier).toBe("paid");
  });

  itRaces("concurrent replays of one payment_proof: exactly one credits", async () => {
    const id = await newAccount();
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => grantCredits(t.db, {
      accountId: id, credits: 7, reason: "race", paymentType: "usdc", paymentProof: "0xrace", now: T0,
    })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === "rejected")) {
      expect((o as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    }
    expect(await balanceOf(id)).toBe(7000);
    expect(await ledgerSum(id)).toBe(7000);
  });

  it("grant requests are validated as the spec says", async () => {
    const id = await newAccount();
    const base = { accountId: id, credits: 1, reason: "ok", now: T0 };
    const bad: Array<[Partial<Parameters<typeof grantCredits>[1]>, string]> = [
      [{ credits: 0 }, "credits"],
      [{ credits: -5 }, "credits"],
      [{ credits: 1_000_001 }, "credits"],
      [{ credits: 0.0001 }, "credits"],
      [{ reason: "" }, "reason"],
      [{ reason: "x".repeat(501) }, "reason"],
      [{ paymentType: "bitcoin" }, "payment_type"],
      [{ accountId: null, apiKey: null }, "account_id"],
    ];
    for (const [patch, field] of bad) {
      await expect(grantCredits(t.db, { ...base, ...patch })).rejects.toMatchObject({ status: 422, details: { field } });
    }
    await expect(grantCredits(t.db, { ...base, accountId: "acc_missing" })).rejects.toMatchObject({ status: 404 });
    expect(await grantCredits(t.db, { ...base, credits: 1_000_000, reason: "x".repeat(500) }))
      .toMatchObject({ credits_added: 1_000_000, new_balance: 1_000_000 });
    expect(await balanceOf(id)).toBe(1_000_000_000);
  });

  it("grants by api_key", async () => {
    const id = await newAccount();
    const key = await issueApiKey(t.db, id, T0);
    expect(await grantCredits(t.db, { apiKey: key, credits: 2.5, reason: "promo", paymentType: "promo", now: T0 }))
      .toEqual({ account_id: id, credits_added: 2.5, new_balance: 2.5, reason: "promo" });
    await expect(grantCredits(t.db, { apiKey: "vas_live_" + "x".repeat(32), credits: 1, reason: "r", now: T0 }))
      .rejects.toMatchObject({ status: 404, details: { field: "api_key" } });
  });

  it("GET /account: AccountResponse fields", async () => {
    const id = await newAccount();
    await grantCredits(t.db, { accountId: id, credits: 12.345, reason: "view", now: T0 });
    const yesterday = new Date("2026-03-09T10:00:00Z");
    await chargeRequest(t.db, { accountId: id, priceMilli: 1000, freeTierDaily: 2, now: yesterday });
    for (let i = 0; i < 3; i++) await chargeRequest(t.db, { accountId: id, priceMilli: 1000, freeTierDaily: 2, now: T0 });
    expect(await accountView(t.db, id, T0)).toEqual({
      account_id: id, tier: "free", balance: 11.345, plan_credits: 0, plan_type: null, plan_expires_at: null,
      usage_today: 3, usage_total: 4, rate_limit: 60, free_tier_daily: 2,
    });
    await expect(accountView(t.db, "acc_missing", T0)).rejects.toMatchObject({ status: 404 });
  });

  it("a plan period adds its credits through the ledger, sets tier and expiry, and replays add nothing", async () => {
    const id = await newAccount();
    const jan31 = new Date("2026-01-31T09:00:00Z");
    expect(await activatePlan(t.db, { accountId: id, plan: "starter", reference: "order-1", paymentType: "card", now: jan31 }))
      .toEqual({ account_id: id, plan_type: "starter", credits_added: 5000, new_balance: 5000,
        plan_expires_at: "2026-02-28T09:00:00.000Z" });
    await expect(activatePlan(t.db, { accountId: id, plan: "starter", reference: "order-1", paymentType: "card", now: jan31 }))
      .rejects.toMatchObject({ status: 409 });
    // Renewal before the end extends from the current expiry.
    const renewed = await activatePlan(t.db, { accountId: id, plan: "pro", reference: "order-2", paymentType: "card",
      now: new Date("2026-02-20T00:00:00Z") });
    expect(renewed).toMatchObject({ plan_type: "pro", new_balance: 55000, plan_expires_at: "2026-03-28T09:00:00.000Z" });
    expect(await accountView(t.db, id, new Date("2026-03-01T00:00:00Z"))).toMatchObject({
      tier: "pro", balance: 55000, plan_credits: 50000, plan_type: "pro", plan_expires_at: "2026-03-28T09:00:00.000Z",
      rate_limit: 1000,
    });
    await expect(activatePlan(t.db, { accountId: id, plan: "gold", reference: "order-3", paymentType: "card", now: jan31 }))
      .rejects.toMatchObject({ status: 422, details: { field: "plan" } });
    expect(await expirePlans(t.db, new Date("2026-03-28T08:59:59Z"))).toBe(0);
    expect(await expirePlans(t.db, new Date("2026-03-28T09:00:00Z"))).toBe(1);
    expect(await accountView(t.db, id, new Date("2026-03-29T00:00:00Z"))).toMatchObject({
      tier: "paid", balance: 55000, plan_credits: 0, plan_type: null, plan_expires_at: null, rate_limit: 300,
    });
    expect(await ledgerSum(id)).toBe(55_000_000);
    expect(addOneMonthUtc(new Date("2028-01-31T00:00:00Z")).toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });
});
