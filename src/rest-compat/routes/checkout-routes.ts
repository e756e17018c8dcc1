/**
 * The checkout routes of the spec's Payment endpoints: POST /checkout (CheckoutRequest) and the
 * four GET links. A browser (Accept: text/html) is redirected (303) to the processor's page;
 * other clients get JSON with the checkout url (invoice_url for crypto). All free.
 */
import { CARD_PACKAGES, CHECKOUT_MAX_CREDITS, CHECKOUT_MIN_CREDITS } from "../../payments/money.js";
import { PLANS } from "../../accounts/plans.js";
import type { FieldSpec } from "../input-schema.js";
import type { RouteEntry, RouteReply } from "../route-entry.js";

interface CheckoutData {
  checkout: { orderId: string; method: string; provider: string; credits: number; plan: string | null; amountUsd: string; checkoutUrl: string };
}

const DOCUMENT = /* GraphQL */ `
  mutation Checkout($input: CheckoutInput!) {
    checkout(input: $input) { orderId method provider credits plan amountUsd checkoutUrl }
  }
`;

const PLAN_NAMES = Object.keys(PLANS);
const apiKeyPath: FieldSpec = { type: "string", required: true, min: 1, max: 200, description: "<API_KEY>", example: "vak_example" };
const planPath: FieldSpec = {
  type: "string", required: true, enum: PLAN_NAMES, description: "starter (20 USD, 5000 credits) or pro (100 USD, 50000 credits)",
  example: "starter",
};
const cardCredits: FieldSpec = {
  type: "integer", required: true, example: 100, description: `one of the packages ${CARD_PACKAGES.join(", ")}`,
  check: (v) => ((CARD_PACKAGES as readonly number[]).includes(v as number) ? undefined : `Input should be one of ${CARD_PACKAGES.join(", ")}`),
};

function reply(data: Record<string, unknown>): RouteReply {
  const c = (data as unknown as CheckoutData).checkout;
  const body = {
    order_id: c.orderId, method: c.method, provider: c.provider, credits: c.credits, plan: c.plan, amount_usd: c.amountUsd,
    checkout_url: c.checkoutUrl, ...(c.method === "crypto" ? { invoice_url: c.checkoutUrl } : {}),
  };
  return { body, redirect: c.checkoutUrl };
}

const responseSchema = {
  type: "object",
  required: ["order_id", "method", "provider", "credits", "amount_usd", "checkout_url"],
  properties: {
    order_id: { type: "string", description: "ord_…; the processor echoes it in its callback" },
    method: { type: "string", enum: ["card", "crypto"] }, provider: { type: "string" },
    credits: { type: "number" }, plan: { type: ["string", "null"] },
    amount_usd: { type: "string", description: "decimal USD, 1 credit = 0.03 USD" },
    checkout_url: { type: "string", format: "uri" },
    invoice_url: { type: "string", format: "uri", description: "crypto: the invoice page (same as checkout_url)" },
  },
};

const common = {
  tags: ["payments"], credits: 0, auth: "none" as const, document: DOCUMENT, result: reply, responseSchema,
  errors: { 404: "No account has this api_key", 503: "The processor is not configured on this deployment" },
};
const notConfigured = " Answers 503 when the processor is not configured on this deployment.";

export const checkoutPostRoute: RouteEntry = {
  ...common,
  method: "post",
  path: "/checkout",
  operationId: "checkout",
  summary: "Create a checkout session",
  description:
    "CheckoutRequest: api_key; exactly one of credits (card: packages 100, 500, 1000, 5000; crypto: 10–100000) or plan " +
    "(starter, pro: monthly); method card (default) or crypto. Returns the session with checkout_url." + notConfigured,
  input: {
    body: {
      api_key: apiKeyPath,
      credits: { type: "integer", min: CHECKOUT_MIN_CREDITS, max: CHECKOUT_MAX_CREDITS, description: "one-time credit purchase" },
      plan: { type: "string", enum: PLAN_NAMES, description: "subscription plan" },
      method: { type: "string", enum: ["card", "crypto"], default: "card" },
    },
  },
  variables: ({ body }) => ({
    input: { apiKey: body.api_key, credits: body.credits ?? null, plan: body.plan ?? null, method: body.method ?? "card" },
  }),
};

export const cryptoCheckoutRoute: RouteEntry = {
  ...common,
  method: "get",
  path: "/checkout/{api_key}/{credits}",
  operationId: "cryptoCheckout",
  summary: "Crypto checkout for credits",
  description:
    "Browsers (Accept: text/html) are redirected to the invoice page; other clients get JSON with invoice_url. " +
    "1 credit = 0.03 USD; 10 to 100000 credits." + notConfigured,
  input: {
    path: {
      api_key: apiKeyPath,
      credits: { type: "integer", required: true, min: CHECKOUT_MIN_CREDITS, max: CHECKOUT_MAX_CREDITS, example: 100 },
    },
  },
  variables: ({ path }) => ({ input: { apiKey: path.api_key, credits: path.credits, method: "crypto" } }),
};

export const cryptoPlanCheckoutRoute: RouteEntry = {
  ...common,
  method: "get",
  path: "/checkout/plan/{api_key}/{plan}",
  operationId: "cryptoPlanCheckout",
  summary: "Crypto checkout for a monthly plan",
  description: "One month of the plan, paid in crypto; same browser/JSON behaviour as the credits link." + notConfigured,
  input: { path: { api_key: apiKeyPath, plan: planPath } },
  variables: ({ path }) => ({ input: { apiKey: path.api_key, plan: path.plan, method: "crypto" } }),
};

export const cardCheckoutRoute: RouteEntry = {
  ...common,
  method: "get",
  path: "/checkout/card/{api_key}/{credits}",
  operationId: "cardCheckout",
  summary: "Card checkout for credits",
  description: "Packages 100, 500, 1000, 5000 credits; browsers are redirected to the card page, others get JSON." + notConfigured,
  input: { path: { api_key: apiKeyPath, credits: cardCredits } },
  variables: ({ path }) => ({ input: { apiKey: path.api_key, credits: path.credits, method: "card" } }),
};

export const cardPlanCheckoutRoute: RouteEntry = {
  ...common,
  method: "get",
  path: "/checkout/card/plan/{api_key}/{plan}",
  operationId: "cardPlanCheckout",
  summary: "Card checkout for a monthly plan",
  description: "A monthly card subscription; each paid period adds the plan's credits and raises the rate limit." + notConfigured,
  input: { path: { api_key: apiKeyPath, plan: planPath } },
  variables: ({ path }) => ({ input: { apiKey: path.api_key, plan: path.plan, method: "card" } }),
};

export const CHECKOUT_ROUTES = [checkoutPostRoute, cryptoCheckoutRoute, cryptoPlanCheckoutRoute, cardCheckoutRoute, cardPlanCheckoutRoute];
