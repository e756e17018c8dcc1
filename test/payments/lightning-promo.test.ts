import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLightningNode, type FakeLightningNode } from "../helpers/payment-processors.js";
import { ADMIN_KEY, balanceOf, ledgerOf, newKey, paidCall, startPaymentServer, useFreeTier, type PaymentServer } from "./payment-test-kit.js";
import { itRaces } from "../helpers/race.js";

/**
 * Lightning top-up in two steps against a local LNbits-style node (POST /topup/lightning, pay,
 * POST /topup), invoice expiry on the injected clock, and promo codes (POST /admin/promo-codes,
 * redeemed with POST /topup payment_type promo).
 */
let server: PaymentServer;
let node: FakeLightningNode;

beforeAll(async () => {
  node = await startLightningNode();
  server = await startPaymentServer({
    LIGHTNING_API_BASE: node.baseUrl, LIGHTNING_API_KEY: node.apiKey, LIGHTNING_INVOICE_EXPIRY_SECONDS: "600",
  });
});
afterAll(async () => {
  await server?.close();
  await node?.close();
});

async function post(path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(server.baseUrl + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

describe("Lightning top-up", () => {
  it("invoice → POST /topup before payment is 402 → pay → credits once → a paid call succeeds", async () => {
    const { apiKey, accountId } = await newKey(server);
    await useFreeTier(server, apiKey);
    const refused = await paidCall(server, apiKey);
    // An amount covering the 1 credit it lacks, at least the smallest invoice (10 credits = 1000 sats).
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/lightning: POST \S+\/topup\/lightning \{"amount": 1000\} \(satoshis\)/);

    const inv = await post("/topup/lightning", {}, { "x-api-key": apiKey });
    expect(inv.status).toBe(200);
    expect(inv.body).toMatchObject({ amount_sats: 10_000, credits: 100, expires_at: "2026-05-10T12:10:00.000Z" });
    expect(inv.body.invoice).toBe(inv.body.payment_request);
    expect(node.invoices.get(inv.body.payment_hash)).toMatchObject({ amountSats: 10_000, expiry: 600 });

    const early = await post("/topup", { payment_hash: inv.body.payment_hash }, { "x-api-key": apiKey });
    expect(early.status).toBe(402);
    expect(early.body.detail).toMatch(/not paid yet/);
    expect(await balanceOf(server, apiKey)).toBe(0);

    node.markPaid(inv.body.payment_hash);
    const tries = await Promise.all(Array.from({ length: 20 }, () => post("/topup", { payment_hash: inv.body.payment_hash }, { "x-api-key": apiKey })));
    expect(tries.every((t) => t.status === 200)).toBe(true);
    expect(tries.filter((t) => t.body.credits_added === 100)).toHaveLength(1);
    expect(tries.filter((t) => t.body.already_credited)).toHaveLength(19);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 1, sumMilli: 100_000 });
    expect((await paidCall(server, apiKey)).status).toBe(200);
    expect(await balanceOf(server, apiKey)).toBe(99);
  });

  it("an invoice left unpaid past its expiry answers 410; another account's payment_hash is 404", async () => {
    const { apiKey } = await newKey(server);
    const other = await newKey(server);
    const inv = await post("/topup/lightning", { amount: 2000 }, { "x-api-key": apiKey });
    expect(inv.body.credits).toBe(20);
    expect((await post("/topup", { payment_hash: inv.body.payment_hash }, { "x-api-key": other.apiKey })).status).toBe(404);
    server.clock.nowMs += 601_000;
    const late = await post("/topup", { payment_hash: inv.body.payment_hash }, { "x-api-key": apiKey });
    expect(late.status).toBe(410);
    expect(late.body.detail).toMatch(/expired unpaid/);
    expect(await balanceOf(server, apiKey)).toBe(0);
  });

  it("refuses bad amounts and hashes with 422, and a call without a key with 401", async () => {
    const { apiKey } = await newKey(server);
    for (const amount of [999, 10_050, 10_000_100]) {
      const r = await post("/topup/lightning", { amount }, { "x-api-key": apiKey });
      expect(r.status, String(amount)).toBe(422);
      expect(r.body.detail[0].loc).toEqual(["body", "amount"]);
    }
    expect((await post("/topup", { payment_hash: "xyz" }, { "x-api-key": apiKey })).status).toBe(422);
    expect((await post("/topup/lightning", {}, {})).status).toBe(401);
  });
});

describe("promo codes", () => {
  const admin = { "x-admin-key": ADMIN_KEY };

  it("an operator creates a multi-use code; each account redeems it once; it runs out after max_uses", async () => {
    const created = await post("/admin/promo-codes", { code: "launch-2026", credits: 25, max_uses: 2 }, admin);
    expect(created).toEqual({ status: 200, body: { code: "LAUNCH-2026", credits: 25, max_uses: 2, uses: 0, expires_at: null } });
    expect((await post("/admin/promo-codes", { code: "LAUNCH-2026", credits: 5 }, admin)).status).toBe(409);
    expect((await post("/admin/promo-codes", { code: "NO-ADMIN", credits: 5 }, {})).status).toBe(403);

    const [a, b, c] = [await newKey(server), await newKey(server), await newKey(server)];
    const redeem = (key: string, code = "launch-2026") => post("/topup", { payment_type: "promo", payment_hash: code }, { "x-api-key": key });
    const first = await redeem(a.apiKey);
    expect(first.body).toMatchObject({ payment_type: "promo", credits_added: 25, new_balance: 25 });
    expect((await redeem(a.apiKey)).status).toBe(409);
    expect((await redeem(b.apiKey)).status).toBe(200);
    const used = await redeem(c.apiKey);
    expect(used.status).toBe(410);
    expect(used.body.detail).toMatch(/used up/);
    expect(await balanceOf(server, c.apiKey)).toBe(0);
    expect((await redeem(c.apiKey, "NOPE-CODE")).status).toBe(404);
  });

  itRaces("concurrent redemptions of a single-use code credit one account once", async () => {
    await post("/admin/promo-codes", { code: "ONE-SHOT", credits: 10 }, admin);
    const keys = await Promise.all(Array.from({ length: 5 }, () => newKey(server)));
    const tries = await Promise.all(keys.flatMap((k) => [1, 2].map(() =>
      post("/topup", { payment_type: "promo", payment_hash: "one-shot" }, { "x-api-key": k.apiKey }))));
    expect(tries.filter((t) => t.status === 200)).toHaveLength(1);
    let total = 0;
    for (const k of keys) total += await balanceOf(server, k.apiKey);
    expect(total).toBe(10);
  });

  it("an expired code credits nothing", async () => {
    const expiresAt = new Date(server.clock.nowMs + 60_000).toISOString();
    expect((await post("/admin/promo-codes", { code: "SHORT", credits: 10, max_uses: 100, expires_at: expiresAt }, admin)).status).toBe(200);
    const { apiKey } = await newKey(server);
    server.clock.nowMs += 61_000;
    const r = await post("/topup", { payment_type: "promo", payment_hash: "SHORT" }, { "x-api-key": apiKey });
    expect(r.status).toBe(410);
    expect(await balanceOf(server, apiKey)).toBe(0);
  });
});
