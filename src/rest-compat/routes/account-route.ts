import type { RouteEntry } from "../route-entry.js";

interface AccountData {
  account: {
    accountId: string; tier: string; balance: number; planCredits: number; planType: string | null;
    planExpiresAt: string | null; usageToday: number; usageTotal: number; rateLimit: number; freeTierDaily: number;
  };
}

export const accountRoute: RouteEntry = {
  method: "get",
  path: "/account",
  operationId: "account",
  summary: "Your account",
  description: "AccountResponse of the X-API-Key: balance, plan, usage today and in total (requests that ran, REST and GraphQL alike, this one included; refused ones and dry runs not counted), rate limit (requests per minute), free requests per day.",
  tags: ["account"],
  credits: 0,
  auth: "api_key",
  input: {},
  document: /* GraphQL */ `
    query Account {
      account { accountId tier balance planCredits planType planExpiresAt usageToday usageTotal rateLimit freeTierDaily }
    }
  `,
  variables: () => ({}),
  result: (data) => {
    const a = (data as unknown as AccountData).account;
    return {
      body: {
        account_id: a.accountId, tier: a.tier, balance: a.balance, plan_credits: a.planCredits, plan_type: a.planType,
        plan_expires_at: a.planExpiresAt, usage_today: a.usageToday, usage_total: a.usageTotal, rate_limit: a.rateLimit,
        free_tier_daily: a.freeTierDaily,
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["account_id", "tier", "balance", "usage_today", "usage_total", "rate_limit", "free_tier_daily"],
    properties: {
      account_id: { type: "string", description: "acc_…" }, tier: { type: "string" }, balance: { type: "number" },
      plan_credits: { type: "number", default: 0 }, plan_type: { type: ["string", "null"] },
      plan_expires_at: { type: ["string", "null"] }, usage_today: {
        type: "integer", minimum: 0,
        description: "Requests of this account that ran today (UTC day), REST and GraphQL alike, free and paid, this call " +
          "included. Refused requests (401, 402, 422, 429) and X-Dry-Run: price are not counted.",
      },
      usage_total: { type: "integer", minimum: 0, description: "The same count over every day since the account was created." },
      rate_limit: { type: "integer", description: "requests per minute" }, free_tier_daily: { type: "integer" },
    },
  },
};
