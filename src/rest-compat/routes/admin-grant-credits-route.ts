import { GRANT_PAYMENT_TYPES, MAX_GRANT_CREDITS } from "../../accounts/ledger.js";
import type { RouteEntry } from "../route-entry.js";

interface GrantData { grantCredits: { accountId: string; creditsAdded: number; newBalance: number; reason: string } }

export const adminGrantCreditsRoute: RouteEntry = {
  method: "post",
  path: "/admin/grant-credits",
  operationId: "adminGrantCredits",
  summary: "Grant credits (operator)",
  description:
    "CreditGrantRequest: one of account_id or api_key; 0 < credits ≤ 1,000,000; reason 1–500 characters; payment_type " +
    "manual (default), usdc, promo or refund; payment_proof a unique reference (a transaction hash): a replayed proof " +
    "is refused with 409 and credits nothing. Requires X-Admin-Key.",
  tags: ["admin"],
  credits: 0,
  auth: "admin",
  input: {
    body: {
      account_id: { type: "string", min: 1, max: 64, description: "acc_…" },
      api_key: { type: "string", min: 1, max: 200 },
      credits: {
        type: "number", required: true, exclusiveMin: 0, max: MAX_GRANT_CREDITS, example: 100,
        description: "greater than 0, at most 1000000",
      },
      reason: { type: "string", required: true, min: 1, max: 500, example: "support credit" },
      payment_type: { type: "string", enum: GRANT_PAYMENT_TYPES, default: "manual" },
      payment_proof: { type: "string", min: 1, max: 500, description: "transaction hash or reference; unique" },
    },
  },
  document: /* GraphQL */ `
    mutation AdminGrantCredits($input: CreditGrantInput!) {
      grantCredits(input: $input) { accountId creditsAdded newBalance reason }
    }
  `,
  variables: ({ body }) => ({
    input: {
      accountId: body.account_id ?? null, apiKey: body.api_key ?? null, credits: body.credits, reason: body.reason,
      paymentType: body.payment_type ?? "manual", paymentProof: body.payment_proof ?? null,
    },
  }),
  result: (data) => {
    const g = (data as unknown as GrantData).grantCredits;
    return { body: { account_id: g.accountId, credits_added: g.creditsAdded, new_balance: g.newBalance, reason: g.reason } };
  },
  errors: { 404: "No account has this account_id or api_key", 409: "This payment_proof was already used; nothing was credited" },
  responseSchema: {
    type: "object",
    required: ["account_id", "credits_added", "new_balance", "reason"],
    properties: {
      account_id: { type: "string" }, credits_added: { type: "number" }, new_balance: { type: "number" }, reason: { type: "string" },
    },
  },
};
