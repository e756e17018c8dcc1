import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantAEvents, startMerchantA, type FakeProcessor } from "../helpers/payment-processors.js";
import {
  account, balanceOf, getJson, ledgerOf, newKey, paidCall, startPaymentServer, useFreeTier, type PaymentServer,
} from "./payment-test-kit.js";
import { atOnce, concurrently } from "../helpers/race.js";

/**
 * Card payments through processor A (spec: Payment endpoints; issue 16), against a local server
 * playing the processor: checkout → signed callback → balance → a paid call; bad signatures,
 * replays (sequential and concurrent), unknown orders, wrong amounts, refunds, and monthly plans
 * with renewal and expiry on an injected clock.
 */
let server: PaymentServer;
let processor: FakeProcessor;

beforeAll(async () => {
  processor = await startMerchantA();
  server = await startPaymentServer({
    MERCHANT_A_API_BASE: processor.baseUrl, MERCHANT_A_API_KEY: processor.apiKey, MERCHANT_A_WEBHOOK_SECRET: processor.secret,
  }, { planExpirySweepMs: 50 });
  processor.webhookUrl = `${server.baseUrl}/webhook/merchant_a`;
});
afterAll(async () => {
  await server?.close();
  await processor?.close();
});

async function cardCheckout(apiKey: string, credits: number) {
  const r = await getJson(`${server.baseUrl}/checkout/card/${apiKey}/${credits}`);
  expect(r.status).toBe(200);
  const created = processor.checkouts.at(-1)!;
  expect(created.orderId).toBe(r.body.order_id);
  return { session: r.body, created };
}

describe("card checkout through merchant_a", () => {
  it("checkout → signed order_created → balance → a paid call succeeds; the 402 before named only card", async () => {
    const { apiKey } = await newKey(server);
    await useFreeTier(server, apiKey);
    const refused = await paidCall(server, apiKey);
    expect(refused.status).toBe(402);
    const detail = ((await refused.json()) as { detail: string }).detail;
    // The caller's own link: its key and the smallest package covering the 1 credit it lacks.
    expect(detail).toContain(`/checkout/card/${apiKey}/100 `);
    expect(detail).not.toContain("{api_key}");
    expect(detail).not.toMatch(/crypto|lightning|stars/);

    const { session, created } = await cardCheckout(apiKey, 500);
    expect(session).toMatchObject({ method: "card", provider: "merchant_a", credits: 500, amount_usd: "15.00" });
    expect(session.checkout_url).toBe(`https://pay.merchant-a.test/checkout/${created.id}`);
    expect(created).toMatchObject({ amount: 1500, currency: "USD", recurring: false });
    expect(processor.unauthorized).toBe(0);

    const cb = await processor.send(merchantAEvents.orderCreated(created));
    expect(cb).toEqual({ status: 200, body: { ok: true, status: "credited", order_id: created.orderId, credits: 500 } });
    expect(await balanceOf(server, apiKey)).toBe(500);
    const paid = await paidCall(server, apiKey);
    expect(paid.status).toBe(200);
    expect(paid.headers.get("x-credits-charged")).toBe("1");
    expect(await balanceOf(server, apiKey)).toBe(499);
    const a = await account(server, apiKey);
    expect(a.tier).toBe("paid");
  });

  it("a browser is redirected (303) to the processor's checkout page", async () => {
    const { apiKey } = await newKey(server);
    const res = await fetch(`${server.baseUrl}/checkout/card/${apiKey}/100`, { headers: { accept: "text/html" }, redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`https://pay.merchant-a.test/checkout/${processor.checkouts.at(-1)!.id}`);
  });

  it("POST /checkout (CheckoutRequest, method card by default) creates the same session", async () => {
    const { apiKey } = await newKey(server);
    const res = await fetch(`${server.baseUrl}/checkout`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: apiKey, credits: 1000 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: "card", provider: "merchant_a", credits: 1000, amount_usd: "30.00" });
    expect(processor.checkouts.at(-1)!.amount).toBe(3000);
  });

  it("refuses what is not a card package, an unknown plan, both credits and plan, and an unknown key — before any order", async () => {
    const { apiKey } = await newKey(server);
    const before = processor.checkouts.length;
    const notPackage = await getJson(`${server.baseUrl}/checkout/card/${apiKey}/123`);
    expect(notPackage.status).toBe(422);
    expect(notPackage.body.detail[0].loc).toEqual(["path", "credits"]);
    const badPlan = await getJson(`${server.baseUrl}/checkout/card/plan/${apiKey}/gold`);
    expect(badPlan.status).toBe(422);
    expect(badPlan.body.detail[0].loc).toEqual(["path", "plan"]);
    const both = await fetch(`${server.baseUrl}/checkout`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: apiKey, credits: 100, plan: "pro" }),
    });
    expect(both.status).toBe(422);
    const unknownKey = await getJson(`${server.baseUrl}/checkout/card/vas_live_${"x".repeat(40)}/100`);
    expect(unknownKey.status).toBe(404);
    expect(processor.checkouts.length).toBe(before);
  });

  it("a missing, wrong or tampered signature → 401, and nothing changes", async () => {
    const { apiKey, accountId } = await newKey(server);
    const { created } = await cardCheckout(apiKey, 100);
    const event = merchantAEvents.orderCreated(created);
    const ledgerBefore = await ledgerOf(server, accountId);

    expect((await processor.send(event, { signature: null })).status).toBe(401);
    expect((await processor.send(event, { signature: "00".repeat(32) })).status).toBe(401);
    expect((await processor.send(event, { signature: "not hex" })).status).toBe(401);
    // A body altered after signing (a larger total) fails the HMAC over the raw bytes.
    const raw = JSON.stringify(event);
    const tampered = JSON.stringify(merchantAEvents.orderCreated(created, { total: 999_999 }));
    const r = await fetch(processor.webhookUrl, {
      method: "POST", headers: { "content-type": "application/json", "x-signature": processor.sign(raw) }, body: tampered,
    });
    expect(r.status).toBe(401);
    expect(((await r.json()) as { detail: string }).detail).toMatch(/invalid signature/);

    expect(await ledgerOf(server, accountId)).toEqual(ledgerBefore);
    expect(await balanceOf(server, apiKey)).toBe(0);
    // The correctly signed body still credits afterwards.
    expect((await processor.send(event)).body.status).toBe("credited");
    expect(await balanceOf(server, apiKey)).toBe(100);
  });

  it(`100 replays of a callback, the first ${concurrently(50)}, credit exactly once`, async () => {
    const { apiKey, accountId } = await newKey(server);
    const { created } = await cardCheckout(apiKey, 100);
    const event = merchantAEvents.orderCreated(created);
    const concurrent = await atOnce(50, () => processor.send(event));
    const sequential = [];
    for (let i = 0; i < 50; i++) sequential.push(await processor.send(event));
    const all = [...concurrent, ...sequential];
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(all.filter((r) => r.body.status === "credited")).toHaveLength(1);
    expect(all.filter((r) => r.body.status === "duplicate")).toHaveLength(99);
    expect(await balanceOf(server, apiKey)).toBe(100);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 1, sumMilli: 100_000 });
  });

  it("an order this service did not create → 404; a total below the price or another currency → 422; nothing credited", async () => {
    const { apiKey, accountId } = await newKey(server);
    const { created } = await cardCheckout(apiKey, 500);
    const unknown = await processor.send(merchantAEvents.orderCreated(created, { orderId: "ord_doesnotexist0000000000000" }));
    expect(unknown.status).toBe(404);
    const under = await processor.send(merchantAEvents.orderCreated(created, { total: 1499 }));
    expect(under.status).toBe(422);
    expect(under.body.detail[0].msg).toMatch(/confirmed 1499 USD.*costs 1500 USD/);
    const euro = await processor.send(merchantAEvents.orderCreated(created, { currency: "EUR" }));
    expect(euro.status).toBe(422);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 0, sumMilli: 0 });
    // The amount credited is the order's: a callback claiming more paid still adds the 500 ordered.
    const over = await processor.send(merchantAEvents.orderCreated(created, { total: 150_000 }));
    expect(over.body).toMatchObject({ status: "credited", credits: 500 });
    expect(await balanceOf(server, apiKey)).toBe(500);
  });

  it("a refund debits the order's credits once; the balance may go negative and calls then answer 402", async () => {
    const { apiKey, accountId } = await newKey(server);
    await useFreeTier(server, apiKey);
    const { created } = await cardCheckout(apiKey, 100);
    await processor.send(merchantAEvents.orderCreated(created));
    for (let i = 0; i < 30; i++) expect((await paidCall(server, apiKey)).status).toBe(200);
    expect(await balanceOf(server, apiKey)).toBe(70);
    const refunds = await Promise.all(Array.from({ length: 10 }, () => processor.send(merchantAEvents.refunded(created))));
    expect(refunds.filter((r) => r.body.status === "debited")).toHaveLength(1);
    expect(refunds.filter((r) => r.body.status === "duplicate")).toHaveLength(9);
    expect(await balanceOf(server, apiKey)).toBe(-30);
    expect((await paidCall(server, apiKey)).status).toBe(402);
    const l = await ledgerOf(server, accountId);
    expect(l.sumMilli).toBe(-30_000);
    // The refunded order cannot be credited again by a replayed payment callback.
    expect((await processor.send(merchantAEvents.orderCreated(created))).body.status).toBe("duplicate");
    expect(await balanceOf(server, apiKey)).toBe(-30);
  });
});

describe("monthly plans through merchant_a", () => {
  it("a paid period adds the plan's credits and raises the rate limit; renewal extends it; expiry falls back", async () => {
    server.clock.nowMs = Date.parse("2026-05-10T12:00:00Z");
    const { apiKey } = await newKey(server);
    expect((await account(server, apiKey)).rate_limit).toBe(60);
    const r = await getJson(`${server.baseUrl}/checkout/card/plan/${apiKey}/pro`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ plan: "pro", credits: 50_000, amount_usd: "100.00" });
    const created = processor.checkouts.at(-1)!;
    expect(created).toMatchObject({ amount: 10_000, recurring: true });

    // The first order of a subscription is announced too, but only the subscription payment starts a period.
    expect((await processor.send(merchantAEvents.orderCreated(created))).body.status).toBe("ignored");
    expect(await balanceOf(server, apiKey)).toBe(0);

    const first = await processor.send(merchantAEvents.subscriptionPayment(created, "inv-1"));
    expect(first.body).toMatchObject({ status: "credited", credits: 50_000 });
    let a = await account(server, apiKey);
    expect(a).toMatchObject({ tier: "pro", plan_type: "pro", plan_credits: 50_000, balance: 50_000, rate_limit: 1000 });
    expect(a.plan_expires_at).toBe("2026-06-10T12:00:00.000Z");
    expect((await processor.send(merchantAEvents.subscriptionPayment(created, "inv-1"))).body.status).toBe("duplicate");

    server.clock.nowMs = Date.parse("2026-06-09T12:00:00Z");
    expect((await processor.send(merchantAEvents.subscriptionPayment(created, "inv-2"))).body.status).toBe("credited");
    a = await account(server, apiKey);
    expect(a).toMatchObject({ balance: 100_000, rate_limit: 1000, plan_expires_at: "2026-07-10T12:00:00.000Z" });

    server.clock.nowMs = Date.parse("2026-07-10T12:00:01Z");
    a = await account(server, apiKey);
    expect(a).toMatchObject({ tier: "paid", plan_type: null, plan_expires_at: null, rate_limit: 300, balance: 100_000 });
  });

  it("a plan also ends without a request from its account (the periodic expiry sweep)", async () => {
    server.clock.nowMs = Date.parse("2026-08-01T00:00:00Z");
    const { apiKey, accountId } = await newKey(server);
    await getJson(`${server.baseUrl}/checkout/card/plan/${apiKey}/starter`);
    await processor.send(merchantAEvents.subscriptionPayment(processor.checkouts.at(-1)!, "inv-sweep"));
    const tierOf = async () => (await sql<{ tier: string }>`select tier from accounts where id = ${accountId}`.execute(server.database.db)).rows[0]!.tier;
    expect(await tierOf()).toBe("starter");
    server.clock.nowMs = Date.parse("2026-09-01T00:00:01Z");
    const deadline = Date.now() + 5000;
    while ((await tierOf()) !== "paid" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await tierOf()).toBe("paid");
  });
});
