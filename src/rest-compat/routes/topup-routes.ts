/** Lightning top-up in two steps (spec: POST /topup/lightning, then POST /topup), and promo codes through POST /topup. */
import { LIGHTNING_DEFAULT_SATS, LIGHTNING_MAX_SATS, LIGHTNING_MIN_SATS } from "../../payments/money.js";
import type { RouteEntry } from "../route-entry.js";

interface InvoiceData { topupLightning: { paymentHash: string; paymentRequest: string; amountSats: number; credits: number; expiresAt: string } }
interface TopupData { topup: { paymentType: string; creditsAdded: number; newBalance: number | null; alreadyCredited: boolean } }

export const topupLightningRoute: RouteEntry = {
  method: "post",
  path: "/topup/lightning",
  operationId: "topupLightning",
  summary: "Lightning invoice (top-up step 1)",
  description:
    "amount in satoshis (default 10000 sats = 100 credits; 100 sats a credit, 1000 to 10000000). Returns the BOLT11 " +
    "invoice (payment_request, also as invoice) and its payment_hash; pay it, then POST /topup. 503 without a Lightning node.",
  tags: ["payments"],
  credits: 0,
  auth: "api_key",
  input: {
    body: {
      amount: { type: "integer", min: LIGHTNING_MIN_SATS, max: LIGHTNING_MAX_SATS, default: LIGHTNING_DEFAULT_SATS, description: "satoshis" },
    },
  },
  document: /* GraphQL */ `
    mutation TopupLightning($amount: Int) { topupLightning(amount: $amount) { paymentHash paymentRequest amountSats credits expiresAt } }
  `,
  variables: ({ body }) => ({ amount: body.amount ?? LIGHTNING_DEFAULT_SATS }),
  result: (data) => {
    const i = (data as unknown as InvoiceData).topupLightning;
    return {
      body: {
        payment_hash: i.paymentHash, payment_request: i.paymentRequest, invoice: i.paymentRequest, amount_sats: i.amountSats,
        credits: i.credits, expires_at: i.expiresAt,
      },
    };
  },
  errors: { 503: "No Lightning node is configured on this deployment" },
  responseSchema: {
    type: "object",
    required: ["payment_hash", "payment_request", "invoice", "amount_sats", "credits", "expires_at"],
    properties: {
      payment_hash: { type: "string" }, payment_request: { type: "string" }, invoice: { type: "string" },
      amount_sats: { type: "integer" }, credits: { type: "number" }, expires_at: { type: "string", format: "date-time" },
    },
  },
};

export const topupRoute: RouteEntry = {
  method: "post",
  path: "/topup",
  operationId: "topup",
  summary: "Credit a paid invoice or a promo code (top-up step 2)",
  description:
    "payment_type lightning (default): payment_hash of a paid invoice → its credits, once (a repeat answers already_credited); " +
    "402 while unpaid, 410 once expired unpaid. payment_type promo: payment_hash is the promo code (each account redeems a " +
    "code once: 409; expired or used up: 410).",
  tags: ["payments"],
  credits: 0,
  auth: "api_key",
  input: {
    body: {
      payment_hash: { type: "string", required: true, min: 1, max: 200, example: "0".repeat(64) },
      payment_type: { type: "string", enum: ["lightning", "promo"], default: "lightning" },
    },
  },
  document: /* GraphQL */ `
    mutation Topup($paymentHash: String!, $paymentType: String) {
      topup(paymentHash: $paymentHash, paymentType: $paymentType) { paymentType creditsAdded newBalance alreadyCredited }
    }
  `,
  errors: {
    402: "The invoice is not paid yet", 404: "Unknown invoice or promo code", 409: "This account already redeemed the promo code",
    410: "The invoice expired unpaid, or the promo code expired or is used up", 503: "No Lightning node is configured on this deployment",
  },
  variables: ({ body }) => ({ paymentHash: body.payment_hash, paymentType: body.payment_type ?? "lightning" }),
  errorLocs: { paymentHash: ["body", "payment_hash"], paymentType: ["body", "payment_type"] },
  result: (data) => {
    const t = (data as unknown as TopupData).topup;
    return {
      body: { payment_type: t.paymentType, credits_added: t.creditsAdded, new_balance: t.newBalance, already_credited: t.alreadyCredited },
    };
  },
  responseSchema: {
    type: "object",
    required: ["payment_type", "credits_added", "already_credited"],
    properties: {
      payment_type: { type: "string" }, credits_added: { type: "number" }, new_balance: { type: ["number", "null"] },
      already_credited: { type: "boolean" },
    },
  },
};

export const TOPUP_ROUTES = [topupLightningRoute, topupRoute];
