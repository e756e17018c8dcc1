/**
 * Processor callbacks. The body is passed on unparsed (`rawBody`): the resolver checks the
 * HMAC over those exact bytes, in constant time, before parsing or crediting anything
 * (docs/architecture.md §9). A bad signature → 401 and nothing changes; a replay → 200 with
 * status "duplicate".
 */
import type { RouteEntry } from "../route-entry.js";

interface CallbackData { paymentCallback: { ok: boolean; status: string; orderId: string | null; credits: number | null } }

function webhookRoute(provider: "merchant_a" | "merchant_b" | "crypto", operationId: string, description: string): RouteEntry {
  return {
    method: "post",
    path: `/webhook/${provider}`,
    operationId,
    summary: `Payment callback (${provider})`,
    description:
      `${description} Answers {ok, status: credited | duplicate | debited | ignored | not_paid, order_id, credits}; 401 on a ` +
      "missing or wrong signature, 404 for an order this service did not create, 422 when the confirmed amount is below the " +
      "order's price, 503 when this processor is not configured.",
    tags: ["payments"],
    credits: 0,
    auth: "none",
    input: {},
    rawBody: true,
    document: /* GraphQL */ `
      mutation PaymentCallback($provider: String!, $rawBody: String!) {
        paymentCallback(provider: $provider, rawBody: $rawBody) { ok status orderId credits }
      }
    `,
    variables: (_input, request) => ({ provider, rawBody: request.rawBody ?? "" }),
    result: (data) => {
      const r = (data as unknown as CallbackData).paymentCallback;
      return { body: { ok: r.ok, status: r.status, order_id: r.orderId, credits: r.credits } };
    },
    errors: { 401: "Signature missing or wrong", 503: "The processor is not configured on this deployment" },
    exampleInput: { body: {} },
    responseSchema: {
      type: "object",
      required: ["ok", "status"],
      properties: {
        ok: { type: "boolean" }, status: { type: "string" }, order_id: { type: ["string", "null"] }, credits: { type: ["number", "null"] },
      },
    },
  };
}

export const PAYMENT_WEBHOOK_ROUTES = [
  webhookRoute("merchant_a", "merchantAWebhook",
    "HMAC-SHA256 of the raw body (hex) in X-Signature. order_created credits a one-time order; subscription_payment_success " +
    "adds one plan period; order_refunded debits the order."),
  webhookRoute("merchant_b", "merchantBWebhook",
    "HMAC-SHA256 of the raw body in Merchant-B-Signature (sha256=<hex>). order.created credits a one-time order; " +
    "subscription.payment_succeeded adds one plan period; order.refunded debits the order."),
  webhookRoute("crypto", "cryptoWebhook",
    "Instant payment notification; HMAC-SHA512 of the raw body (hex) in X-Nowpayments-Sig. payment_status finished " +
    "credits the order; partially_paid (underpaid) credits nothing; refunded debits the order."),
];
