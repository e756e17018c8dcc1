import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountStats, chargeRequest, createAccount, creditAccount, grantCredits } from "../../src/accounts/index.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

describe(`admin stats from the ledger and usage (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("sums credits sold, granted and spent, usage by endpoint and accounts by tier", async () => {
    const day1 = new Date("2026-04-01T10:00:00Z");
    const day2 = new Date("2026-04-02T10:00:00Z");
    const a = (await createAccount(t.db, { status: "anonymous", now: day1 })).id;
    const b = (await createAccount(t.db, { status: "verified", email: "b@example.test", now: day1 })).id;
    await createAccount(t.db, { status: "pending", email: "c@example.test", now: day1 });
    await grantCredits(t.db, { accountId: a, credits: 10, reason: "promo", paymentType: "promo", now: day1 });
    await grantCredits(t.db, { accountId: b, credits: 100, reason: "usdc", paymentType: "usdc", paymentProof: "0xs1", now: day1 });
    await creditAccount(t.db, { accountId: b, deltaMilli: 500_000, reason: "stars", paymentType: "stars", reference: "stars:1", now: day1 });
    const charge = (id: string, now: Date, endpoint: string, priceMilli = 3000) =>
      chargeRequest(t.db, { accountId: id, priceMilli, freeTierDaily: 2, now, endpoint });
    for (let i = 0; i < 4; i++) await charge(a, day1, "/kundali"); // 2 free, 2 × 3 credits
    await charge(b, day2, "/kundali");
    await charge(b, day2, "/festivals", 10_000);
    await charge(b, day2, "/festivals", 10_000); // third billable of b's day: 10 credits
    await charge(b, day2, "/account", 0);

    const s = await accountStats(t.db, day2);
    expect(s.financials).toEqual({
      credits_sold: 600, credits_granted: 10, credits_spent: 16,
      by_payment_type: { promo: 10, usdc: 100, stars: 500 }, outstanding_balance: 594,
    });
    expect(s.usage).toEqual({
      requests_today: 4, requests_total: 8,
      by_endpoint: { "/account": 1, "/festivals": 2, "/kundali": 5 },
      by_endpoint_today: { "/account": 1, "/festivals": 2, "/kundali": 1 },
    });
    expect(s.clients).toEqual({
      accounts_total: 3, by_tier: { free: 2, paid: 1 }, by_status: { anonymous: 1, pending: 1, verified: 1 }, active_today: 1,
    });
  });
});
