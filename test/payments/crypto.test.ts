import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoEvents, startCryptoProcessor, type FakeProcessor } from "../helpers/payment-processors.js";
import { graphql } from "../helpers/server.js";
import {
  account, balanceOf, getJson, ledgerOf, newKey, paidCall, startPaymentServer, useFreeTier, type PaymentServer,
} from "./payment-test-kit.js";
import { atOnce, concurrently } from "../helpers/race.js";

/**
 * Crypto checkout (GET /checkout/{api_key}/{credits}) and its IPN (HMAC-SHA512), against a local
 * server playing the processor. An underpaid payment (partially_paid) credits nothing.
 */
let server: PaymentServer;
let processor: FakeProcessor;

beforeAll(async () => {
  processor = await startCryptoProcessor();
  server = await startPaymentServer({
    CRYPTO_API_BASE: processor.baseUrl, CRYPTO_API_KEY: processor.apiKey, CRYPTO_IPN_SECRET: processor.secret,
    PUBLIC_BASE_URL: "https://astro.example.com",
  });
  processor.webhookUrl = `${server.baseUrl}/webhook/crypto`;
});
afterAll(async () => {
  await server?.close();
  await processor?.close();
});

async function cryptoCheckout(apiKey: string, credits: number) {
  const r = await getJson(`${server.baseUrl}/checkout/${apiKey}/${credits}`);
  expect(r.status).toBe(200);
  return { session: r.body, created: processor.checkouts.at(-1)! };
}

describe("crypto checkout and IPN", () => {
  it("checkout → finished IPN → balance → a paid call succeeds; the 402 named only crypto", async () => {
    const { apiKey } = await newKey(server);
    await useFreeTier(server, apiKey);
    const refused = await paidCall(server, apiKey);
    const detail = ((await refused.json()) as { detail: string }).detail;
    expect(refused.status).toBe(402);
    // The caller's own link: its key, and the smallest checkout (10 credits) covering the 1 credit it lacks.
    expect(detail).toContain(`crypto: GET https://astro.example.com/checkout/${apiKey}/10 (10–100000 credits)`);
    expect(detail).not.toContain("{api_key}");
    // GraphQL's 402 carries the same links in extensions.buyCredits.
    const gql = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ query: `{ ephemeris(datetime: "2024-01-15T10:30:00+05:30", planets: [SUN]) { datetime } }` }),
    });
    const gqlBody = (await gql.json()) as any;
    expect(gqlBody.errors[0].extensions.code).toBe("INSUFFICIENT_CREDITS");
    expect(gqlBody.errors[0].extensions.buyCredits.crypto).toBe(`GET https://astro.example.com/checkout/${apiKey}/10 (10–100000 credits)`);
    expect(detail).not.toMatch(/card|lightning|stars/);

    const { session, created } = await cryptoCheckout(apiKey, 10);
    expect(session).toMatchObject({ method: "crypto", provider: "crypto", credits: 10, amount_usd: "0.30" });
    expect(session.invoice_url).toBe(`https://pay.crypto.test/invoice/${created.id}`);
    expect(created.request).toMatchObject({
      price_amount: "0.30", price_currency: "usd", order_id: session.order_id,
      ipn_callback_url: "https://astro.example.com/webhook/crypto",
      success_url: `https://astro.example.com/payment/success?order_id=${session.order_id}`,
      cancel_url: `https://astro.example.com/payment/cancel?order_id=${session.order_id}`,
    });

    // Intermediate statuses are acknowledged only.
    expect((await processor.send(cryptoEvents.ipn(created, "confirming"))).body.status).toBe("ignored");
    expect(await balanceOf(server, apiKey)).toBe(0);
    const done = await processor.send(cryptoEvents.ipn(created, "finished"));
    expect(done.body).toMatchObject({ status: "credited", credits: 10 });
    expect(await balanceOf(server, apiKey)).toBe(10);
    expect((await paidCall(server, apiKey)).status).toBe(200);
    expect(await balanceOf(server, apiKey)).toBe(9);

    const success = await getJson(`${server.baseUrl}/payment/success?order_id=${session.order_id}`);
    expect(success.body).toMatchObject({ status: "paid", order_id: session.order_id, message: "Payment confirmed: 10 credits were added." });
    const html = await fetch(`${server.baseUrl}/payment/cancel`, { headers: { accept: "text/html" } });
    expect(html.headers.get("content-type")).toMatch(/text\/html/);
    expect(await html.text()).toMatch(/Payment cancelled/);
  });

  it("a browser is redirected to the invoice page; the credit bounds are 10 to 100000", async () => {
    const { apiKey } = await newKey(server);
    const res = await fetch(`${server.baseUrl}/checkout/${apiKey}/100000`, { headers: { accept: "text/html" }, redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^https:\/\/pay\.crypto\.test\/invoice\//);
    expect(processor.checkouts.at(-1)!.amount).toBe(300_000);
    for (const credits of [9, 100_001]) {
      const r = await getJson(`${server.baseUrl}/checkout/${apiKey}/${credits}`);
      expect(r.status).toBe(422);
      expect(r.body.detail[0].loc).toEqual(["path", "credits"]);
    }
  });

  it("a plan paid in crypto is one month of the plan", async () => {
    const { apiKey } = await newKey(server);
    const r = await getJson(`${server.baseUrl}/checkout/plan/${apiKey}/starter`);
    expect(r.body).toMatchObject({ plan: "starter", credits: 5000, amount_usd: "20.00" });
    const created = processor.checkouts.at(-1)!;
    expect((await processor.send(cryptoEvents.ipn(created, "finished"))).body.status).toBe("credited");
    expect(await account(server, apiKey)).toMatchObject({ tier: "starter", plan_type: "starter", balance: 5000 });
  });

  it("an underpaid payment (partially_paid) credits nothing; a finished IPN with a lower price_amount is refused", async () => {
    const { apiKey, accountId } = await newKey(server);
    const { created } = await cryptoCheckout(apiKey, 1000);
    expect((await processor.send(cryptoEvents.ipn(created, "partially_paid"))).body.status).toBe("ignored");
    const lower = await processor.send(cryptoEvents.ipn(created, "finished", { priceAmount: "29.99" }));
    expect(lower.status).toBe(422);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 0, sumMilli: 0 });
    expect((await processor.send(cryptoEvents.ipn(created, "finished", { priceAmount: "30" }))).body.status).toBe("credited");
    expect(await balanceOf(server, apiKey)).toBe(1000);
  });

  it("bad signatures → 401; an HMAC-SHA256 in place of the SHA-512 is refused; unknown order → 404", async () => {
    const { apiKey, accountId } = await newKey(server);
    const { created } = await cryptoCheckout(apiKey, 100);
    const event = cryptoEvents.ipn(created, "finished");
    expect((await processor.send(event, { signature: null })).status).toBe(401);
    const { createHmac } = await import("node:crypto");
    const sha256 = createHmac("sha256", processor.secret).update(JSON.stringify(event)).digest("hex");
    expect((await processor.send(event, { signature: sha256 })).status).toBe(401);
    expect((await processor.send(cryptoEvents.ipn(created, "finished", { orderId: "ord_unknown" }))).status).toBe(404);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 0, sumMilli: 0 });
  });

  it(`100 replays of a finished IPN, the first ${concurrently(50)}, credit once; a refunded IPN debits`, async () => {
    const { apiKey, accountId } = await newKey(server);
    const { created } = await cryptoCheckout(apiKey, 500);
    const event = cryptoEvents.ipn(created, "finished");
    const all = await atOnce(50, () => processor.send(event));
    for (let i = 0; i < 50; i++) all.push(await processor.send(event));
    expect(all.filter((r) => r.body.status === "credited")).toHaveLength(1);
    expect(all.filter((r) => r.body.status === "duplicate")).toHaveLength(99);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 1, sumMilli: 500_000 });
    expect((await processor.send(cryptoEvents.ipn(created, "refunded"))).body).toMatchObject({ status: "debited", credits: -500 });
    expect(await balanceOf(server, apiKey)).toBe(0);
  });

  it("card and Lightning are not configured here: 503 not configured", async () => {
    const { apiKey } = await newKey(server);
    const card = await getJson(`${server.baseUrl}/checkout/card/${apiKey}/100`);
    expect(card.status).toBe(503);
    expect(card.body.detail).toMatch(/Card payments are not configured/);
    const ln = await fetch(`${server.baseUrl}/topup/lightning`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey }, body: "{}",
    });
    expect(ln.status).toBe(503);
    const hook = await fetch(`${server.baseUrl}/webhook/merchant_a`, { method: "POST", body: "{}" });
    expect(hook.status).toBe(503);
  });

  it("GraphQL: the checkout mutation and the callback mutation, which verifies the signature header like the REST route", async () => {
    const { apiKey } = await newKey(server);
    const r = await graphql(server.baseUrl, `mutation($input: CheckoutInput!) { checkout(input: $input) { orderId method provider credits amountUsd checkoutUrl } }`,
      { input: { apiKey, credits: 50, method: "crypto" } });
    expect(r.status).toBe(200);
    expect(r.body.data.checkout).toMatchObject({ method: "crypto", provider: "crypto", credits: 50, amountUsd: "1.50" });
    const created = processor.checkouts.at(-1)!;
    const raw = JSON.stringify(cryptoEvents.ipn(created, "finished"));
    const forged = await graphql(server.baseUrl, `mutation($raw: String!) { paymentCallback(provider: "crypto", rawBody: $raw) { status } }`, { raw });
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0].extensions.code).toBe("BAD_SIGNATURE");
    const signed = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-nowpayments-sig": processor.sign(raw) },
      body: JSON.stringify({ query: `mutation($raw: String!) { paymentCallback(provider: "crypto", rawBody: $raw) { status credits } }`, variables: { raw } }),
    });
    expect(((await signed.json()) as any).data.paymentCallback).toEqual({ status: "credited", credits: 50 });
    expect(await balanceOf(server, apiKey)).toBe(50);
    const methods = await graphql(server.baseUrl, `{ purchaseMethods { method how } }`);
    expect(methods.body.data.purchaseMethods.map((m: { method: string }) => m.method)).toEqual(["crypto"]);
  });
});
