/**
 * Issue 22 item 8: checkout links are limited per account like the keyed top-ups (150 orders and
 * processor calls in one second were possible); GraphQL `paymentCallback(provider: "nope")` answers
 * a 4xx that says what is wrong, not a false 503 "not configured".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_LIMIT_PER_MINUTE } from "../../src/payments/payments-service.js";
import { startMerchantA, type FakeProcessor } from "../helpers/payment-processors.js";
import { getJson, newKey, startPaymentServer, type PaymentServer } from "./payment-test-kit.js";

let server: PaymentServer;
let processor: FakeProcessor;

beforeAll(async () => {
  processor = await startMerchantA();
  server = await startPaymentServer({
    MERCHANT_A_API_BASE: processor.baseUrl, MERCHANT_A_API_KEY: processor.apiKey, MERCHANT_A_WEBHOOK_SECRET: processor.secret,
  });
  processor.webhookUrl = `${server.baseUrl}/webhook/merchant_a`;
});
afterAll(async () => {
  await server?.close();
  await processor?.close();
});

describe("checkout links", () => {
  it(`${CHECKOUT_LIMIT_PER_MINUTE} card checkout links a minute per account, then 429 with Retry-After and no processor call`, async () => {
    const { apiKey } = await newKey(server);
    const before = processor.checkouts.length;
    const answers = await Promise.all(Array.from({ length: CHECKOUT_LIMIT_PER_MINUTE + 5 }, () =>
      getJson(`${server.baseUrl}/checkout/card/${apiKey}/100`, { accept: "application/json" })));
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(CHECKOUT_LIMIT_PER_MINUTE);
    expect(limited).toHaveLength(5);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(processor.checkouts.length - before).toBe(CHECKOUT_LIMIT_PER_MINUTE);
    // Another account is not affected.
    const other = await newKey(server);
    expect((await getJson(`${server.baseUrl}/checkout/card/${other.apiKey}/100`, { accept: "application/json" })).status).toBe(200);
  });
});

describe("paymentCallback", () => {
  const callback = (provider: string) => fetch(`${server.baseUrl}/graphql`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: `mutation { paymentCallback(provider: "${provider}", rawBody: "{}") { ok } }` }),
  });

  it("an unknown provider: 404 naming the providers that send callbacks, not 503 'not configured'", async () => {
    const res = await callback("nope");
    expect(res.status).toBe(404);
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.message).toContain('"nope"');
    expect(body.errors[0]!.message).toContain("merchant_a");
    expect(body.errors[0]!.message).not.toMatch(/not configured/);
  });

  it("a provider without callbacks (lightning) is refused the same way; a configured one checks its signature (401)", async () => {
    expect((await callback("lightning")).status).toBe(404);
    expect((await callback("merchant_a")).status).toBe(401);
    expect((await callback("crypto")).status).toBe(503); // true: crypto is not configured here
  });
});
