import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cryptoEvents, merchantAEvents, startCryptoProcessor, startLightningNode, startMerchantA, type FakeLightningNode, type FakeProcessor,
} from "../helpers/payment-processors.js";
import { ADMIN_KEY, getJson, newKey, paidCall, startPaymentServer, useFreeTier, type PaymentServer } from "./payment-test-kit.js";

/** GET /admin/stats financials: revenue per method and per UTC day (net of refunds), credits sold vs consumed. */
let server: PaymentServer;
let card: FakeProcessor;
let crypto: FakeProcessor;
let node: FakeLightningNode;

beforeAll(async () => {
  [card, crypto, node] = await Promise.all([startMerchantA(), startCryptoProcessor(), startLightningNode()]);
  server = await startPaymentServer({
    MERCHANT_A_API_BASE: card.baseUrl, MERCHANT_A_API_KEY: card.apiKey, MERCHANT_A_WEBHOOK_SECRET: card.secret,
    CRYPTO_API_BASE: crypto.baseUrl, CRYPTO_API_KEY: crypto.apiKey, CRYPTO_IPN_SECRET: crypto.secret,
    LIGHTNING_API_BASE: node.baseUrl, LIGHTNING_API_KEY: node.apiKey,
  });
  card.webhookUrl = `${server.baseUrl}/webhook/merchant_a`;
  crypto.webhookUrl = `${server.baseUrl}/webhook/crypto`;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([card?.close(), crypto?.close(), node?.close()]);
});

describe("/admin/stats financials", () => {
  it("the 402 lists every configured method; revenue per method and day, net of refunds; credits sold vs consumed", async () => {
    server.clock.nowMs = Date.parse("2026-05-10T23:00:00Z");
    const { apiKey } = await newKey(server);
    await useFreeTier(server, apiKey);
    const detail = ((await (await paidCall(server, apiKey)).json()) as { detail: string }).detail;
    for (const m of ["card:", "crypto:", "lightning:"]) expect(detail).toContain(m);
    expect(detail).not.toContain("stars:");

    // Day 1: two card orders (500 and 100 credits), the second refunded.
    for (const credits of [500, 100]) {
      await getJson(`${server.baseUrl}/checkout/card/${apiKey}/${credits}`);
      expect((await card.send(merchantAEvents.orderCreated(card.checkouts.at(-1)!))).body.status).toBe("credited");
    }
    expect((await card.send(merchantAEvents.refunded(card.checkouts.at(-1)!))).body.status).toBe("debited");
    // Day 2: crypto 10 credits and Lightning 10000 sats.
    server.clock.nowMs = Date.parse("2026-05-11T01:00:00Z");
    await getJson(`${server.baseUrl}/checkout/${apiKey}/10`);
    await crypto.send(cryptoEvents.ipn(crypto.checkouts.at(-1)!, "finished"));
    const inv = await fetch(`${server.baseUrl}/topup/lightning`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey }, body: "{}",
    }).then((r) => r.json() as Promise<{ payment_hash: string }>);
    node.markPaid(inv.payment_hash);
    await fetch(`${server.baseUrl}/topup`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey }, body: JSON.stringify({ payment_hash: inv.payment_hash }),
    });
    // A pending order that was never paid counts as an order, not as revenue.
    await getJson(`${server.baseUrl}/checkout/${apiKey}/20`);
    // Day 2 has its own free tier: 2 free calls, then 3 paid ones.
    for (let i = 0; i < 5; i++) expect((await paidCall(server, apiKey)).status).toBe(200);

    const stats = await getJson(`${server.baseUrl}/admin/stats`, { "x-admin-key": ADMIN_KEY });
    expect(stats.status).toBe(200);
    const f = stats.body.financials;
    expect(f.revenue.by_method).toEqual({
      card: { USD: { gross_minor: 1800, refunded_minor: 300, net_minor: 1500, payments: 2, refunds: 1 } },
      crypto: { USD: { gross_minor: 30, refunded_minor: 0, net_minor: 30, payments: 1, refunds: 0 } },
      lightning: { SAT: { gross_minor: 10_000, refunded_minor: 0, net_minor: 10_000, payments: 1, refunds: 0 } },
    });
    expect(f.revenue.by_day).toEqual([
      { day: "2026-05-10", method: "card", currency: "USD", net_minor: 1500, payments: 2 },
      { day: "2026-05-11", method: "crypto", currency: "USD", net_minor: 30, payments: 1 },
      { day: "2026-05-11", method: "lightning", currency: "SAT", net_minor: 10_000, payments: 1 },
    ]);
    expect(f.credits_sold_net).toBe(500 + 10 + 100);
    expect(f.credits_consumed).toBe(3);
    expect(f.credits_spent).toBe(3);
    expect(f.orders).toEqual({ paid: 3, refunded: 1, pending: 1 });
    expect(f.outstanding_balance).toBe(607);
  });
});
