import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import {
  merchantAEvents, merchantBEvents, startMerchantA, startMerchantB, type FakeProcessor,
} from "../helpers/payment-processors.js";
import {
  account, balanceOf, getJson, ledgerOf, newKey, paidCall, startPaymentServer, useFreeTier, type PaymentServer,
} from "./payment-test-kit.js";
import { atOnce, concurrently } from "../helpers/race.js";

/**
 * Card processor B (Merchant-B-Signature), on its own and as the second card processor: card
 * checkouts go to merchant_a when both are configured; merchant_b's callbacks still work.
 */
let server: PaymentServer;
let b: FakeProcessor;

beforeAll(async () => {
  b = await startMerchantB();
  server = await startPaymentServer({
    MERCHANT_B_API_BASE: b.baseUrl, MERCHANT_B_API_KEY: b.apiKey, MERCHANT_B_WEBHOOK_SECRET: b.secret,
  });
  b.webhookUrl = `${server.baseUrl}/webhook/merchant_b`;
});
afterAll(async () => {
  await server?.close();
  await b?.close();
});

describe("card checkout through merchant_b", () => {
  it("checkout → order.created → balance → a paid call succeeds", async () => {
    const { apiKey } = await newKey(server);
    await useFreeTier(server, apiKey);
    const r = await getJson(`${server.baseUrl}/checkout/card/${apiKey}/5000`);
    expect(r.body).toMatchObject({ provider: "merchant_b", credits: 5000, amount_usd: "150.00" });
    const created = b.checkouts.at(-1)!;
    expect(created).toMatchObject({ amount: 15_000, currency: "USD", orderId: r.body.order_id });
    expect((await b.send(merchantBEvents.orderCreated(created))).body).toMatchObject({ status: "credited", credits: 5000 });
    expect((await paidCall(server, apiKey)).status).toBe(200);
    expect(await balanceOf(server, apiKey)).toBe(4999);
  });

  it(`bad signature 401, underpayment 422, 100 replays (the first ${concurrently(50)}) once, refund debits`, async () => {
    const { apiKey, accountId } = await newKey(server);
    const r = await getJson(`${server.baseUrl}/checkout/card/${apiKey}/100`);
    expect(r.status).toBe(200);
    const created = b.checkouts.at(-1)!;
    const event = merchantBEvents.orderCreated(created);
    expect((await b.send(event, { signature: "sha256=" + "ab".repeat(32) })).status).toBe(401);
    expect((await b.send(event, { signature: null })).status).toBe(401);
    expect((await b.send(merchantBEvents.orderCreated(created, { total: 299 }))).status).toBe(422);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 0, sumMilli: 0 });
    const all = await atOnce(50, () => b.send(event));
    for (let i = 0; i < 50; i++) all.push(await b.send(event));
    expect(all.filter((x) => x.body.status === "credited")).toHaveLength(1);
    expect(all.filter((x) => x.body.status === "duplicate")).toHaveLength(99);
    expect((await b.send(merchantBEvents.refunded(created))).body.status).toBe("debited");
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 2, sumMilli: 0 });
  });

  it("a plan: subscription.payment_succeeded adds a period per payment; order.created of the plan adds nothing", async () => {
    const { apiKey } = await newKey(server);
    const r = await fetch(`${server.baseUrl}/checkout`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: apiKey, plan: "starter" }),
    });
    expect(r.status).toBe(200);
    const created = b.checkouts.at(-1)!;
    expect(created.recurring).toBe(true);
    expect((await b.send(merchantBEvents.orderCreated(created))).body.status).toBe("ignored");
    expect((await b.send(merchantBEvents.subscriptionPayment(created, "txn-1"))).body.status).toBe("credited");
    expect((await b.send(merchantBEvents.subscriptionPayment(created, "txn-2"))).body.status).toBe("credited");
    expect(await account(server, apiKey)).toMatchObject({
      tier: "starter", balance: 10_000, rate_limit: 300, plan_expires_at: "2026-07-10T12:00:00.000Z",
    });
  });
});

describe("adapter configuration", () => {
  it("half an adapter's variables stop the service with one line naming them", () => {
    expect(() => loadConfig({ MERCHANT_A_API_BASE: "https://a.example" })).toThrow(ConfigError);
    expect(() => loadConfig({ MERCHANT_B_API_KEY: "k", MERCHANT_B_WEBHOOK_SECRET: "12345678" })).toThrow(/MERCHANT_B_API_BASE, MERCHANT_B_API_KEY and MERCHANT_B_WEBHOOK_SECRET must be set together/);
    expect(() => loadConfig({ CRYPTO_IPN_SECRET: "12345678" })).toThrow(/CRYPTO_API_BASE/);
    expect(() => loadConfig({ LIGHTNING_API_KEY: "k" })).toThrow(/LIGHTNING_API_BASE and LIGHTNING_API_KEY/);
    expect(() => loadConfig({ MERCHANT_A_WEBHOOK_SECRET: "short" })).toThrow(/at least 8 characters/);
  });

  it("with both card processors, card checkouts use merchant_a and each webhook verifies with its own secret", async () => {
    const a = await startMerchantA();
    const both = await startPaymentServer({
      MERCHANT_A_API_BASE: a.baseUrl, MERCHANT_A_API_KEY: a.apiKey, MERCHANT_A_WEBHOOK_SECRET: a.secret,
      MERCHANT_B_API_BASE: b.baseUrl, MERCHANT_B_API_KEY: b.apiKey, MERCHANT_B_WEBHOOK_SECRET: b.secret,
    });
    try {
      a.webhookUrl = `${both.baseUrl}/webhook/merchant_a`;
      const { apiKey } = await newKey(both);
      const r = await getJson(`${both.baseUrl}/checkout/card/${apiKey}/100`);
      expect(r.body.provider).toBe("merchant_a");
      const created = a.checkouts.at(-1)!;
      // merchant_b's secret does not sign merchant_a's callbacks.
      const raw = JSON.stringify(merchantAEvents.orderCreated(created));
      const wrongKey = await fetch(a.webhookUrl, { method: "POST", headers: { "x-signature": b.sign(raw).replace("sha256=", "") }, body: raw });
      expect(wrongKey.status).toBe(401);
      expect((await a.send(merchantAEvents.orderCreated(created))).body.status).toBe("credited");
      expect(await balanceOf(both, apiKey)).toBe(100);
    } finally {
      await both.close();
      await a.close();
    }
  });
});

describe("payment routes in OpenAPI", () => {
  it("every payment route of the spec is documented, with the callbacks' signature headers", async () => {
    const doc = await getJson(`${server.baseUrl}/openapi.json`);
    const paths = doc.body.paths as Record<string, Record<string, { description?: string }>>;
    for (const [path, method] of [
      ["/checkout", "post"], ["/checkout/{api_key}/{credits}", "get"], ["/checkout/plan/{api_key}/{plan}", "get"],
      ["/checkout/card/{api_key}/{credits}", "get"], ["/checkout/card/plan/{api_key}/{plan}", "get"],
      ["/webhook/merchant_a", "post"], ["/webhook/merchant_b", "post"], ["/webhook/crypto", "post"],
      ["/payment/success", "get"], ["/payment/cancel", "get"], ["/topup/lightning", "post"], ["/topup", "post"],
      ["/admin/promo-codes", "post"],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(paths["/webhook/merchant_a"]!.post!.description).toMatch(/X-Signature/);
    expect(paths["/webhook/merchant_b"]!.post!.description).toMatch(/Merchant-B-Signature/);
    expect(paths["/webhook/crypto"]!.post!.description).toMatch(/HMAC-SHA512.*X-Nowpayments-Sig/);
  });
});
