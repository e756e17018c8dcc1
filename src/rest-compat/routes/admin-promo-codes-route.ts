import { MAX_GRANT_CREDITS } from "../../accounts/ledger.js";
import type { RouteEntry } from "../route-entry.js";

interface PromoData { createPromoCode: { code: string; credits: number; maxUses: number; uses: number; expiresAt: string | null } }

export const adminPromoCodesRoute: RouteEntry = {
  method: "post",
  path: "/admin/promo-codes",
  operationId: "adminCreatePromoCode",
  summary: "Create a promo code (operator)",
  description:
    "code (3–64 letters, digits, - or _; case-insensitive), credits per redemption, max_uses (default 1: single-use), " +
    "expires_at (optional, ISO 8601). Users redeem it with POST /topup {payment_type: promo, payment_hash: <code>}, " +
    "each account once. 409 when the code exists. Requires X-Admin-Key.",
  tags: ["admin"],
  credits: 0,
  auth: "admin",
  input: {
    body: {
      code: { type: "string", required: true, min: 3, max: 64, example: "WELCOME10" },
      credits: {
        type: "number", required: true, max: MAX_GRANT_CREDITS, example: 10,
        check: (v) => ((v as number) > 0 ? undefined : "Input should be greater than 0"),
      },
      max_uses: { type: "integer", min: 1, max: 1_000_000, default: 1 },
      expires_at: { type: "string", format: "date-time" },
    },
  },
  document: /* GraphQL */ `
    mutation AdminCreatePromoCode($input: PromoCodeInput!) { createPromoCode(input: $input) { code credits maxUses uses expiresAt } }
  `,
  variables: ({ body }) => ({
    input: { code: body.code, credits: body.credits, maxUses: body.max_uses ?? 1, expiresAt: body.expires_at ?? null },
  }),
  errorLocs: { max_uses: ["body", "max_uses"], expires_at: ["body", "expires_at"] },
  result: (data) => {
    const p = (data as unknown as PromoData).createPromoCode;
    return { body: { code: p.code, credits: p.credits, max_uses: p.maxUses, uses: p.uses, expires_at: p.expiresAt } };
  },
  responseSchema: {
    type: "object",
    required: ["code", "credits", "max_uses", "uses"],
    properties: {
      code: { type: "string" }, credits: { type: "number" }, max_uses: { type: "integer" }, uses: { type: "integer" },
      expires_at: { type: ["string", "null"] },
    },
  },
};
