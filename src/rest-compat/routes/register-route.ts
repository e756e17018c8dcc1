import type { RouteEntry } from "../route-entry.js";

interface RegistrationData {
  register: {
    status: string; accountId: string; apiKey: string | null; tier: string | null; freeTierDaily: number | null;
    channel: string | null; poll: { url: string; intervalSeconds: number; timeoutSeconds: number } | null;
    verifyUrl: string | null; expiresAt: string | null; message: string;
  };
}

/** Drops null members: each registration outcome answers only its own fields. */
export const withoutNulls = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

export const pollOut = (p: { url: string; intervalSeconds: number; timeoutSeconds: number } | null) =>
  p ? { url: p.url, interval_seconds: p.intervalSeconds, timeout_seconds: p.timeoutSeconds } : null;

export const registerRoute: RouteEntry = {
  method: "post",
  path: "/register",
  operationId: "register",
  summary: "Get an API key",
  description:
    "No email and no messenger_id: an anonymous key with the free tier (2 requests a day), at once. With email: status " +
    "pending, account_id and polling info; a mail with a verify link and a 6-digit PIN goes out (at most one a minute per " +
    "address; an address that already has an account gets a new key for that account). With messenger_id: status pending, " +
    "account_id and verify_url, a bot deep link that delivers the key in the chat; /start in the chat gives a 4-digit code. Both email and messenger_id: a 422 naming the conflict. " +
    "Links and codes expire after 30 minutes; 5 wrong codes lock the code (not the link). Limited per client address (429).",
  tags: ["account"],
  credits: 0,
  auth: "none",
  input: {
    body: {
      email: { type: "string", max: 254, format: "email", description: "address to verify (optional)" },
      name: { type: "string", max: 100, description: "display name (optional)" },
      messenger_id: { type: "integer", min: 1, description: "messenger user id (optional)" },
    },
  },
  document: /* GraphQL */ `
    mutation Register($input: RegisterInput) {
      register(input: $input) {
        status accountId apiKey tier freeTierDaily channel poll { url intervalSeconds timeoutSeconds } verifyUrl expiresAt message
      }
    }
  `,
  variables: ({ body }) => ({
    input: { email: body.email ?? null, name: body.name ?? null, messengerId: body.messenger_id ?? null },
  }),
  errorLocs: { messengerId: ["body", "messenger_id"], messenger_id: ["body", "messenger_id"] },
  result: (data) => {
    const r = (data as unknown as RegistrationData).register;
    return {
      body: withoutNulls({
        status: r.status, account_id: r.accountId, api_key: r.apiKey, tier: r.tier, free_tier_daily: r.freeTierDaily,
        channel: r.channel, poll: pollOut(r.poll), verify_url: r.verifyUrl, expires_at: r.expiresAt, message: r.message,
      }),
    };
  },
  errors: {
    502: "The verification mail could not be sent; try again later",
    503: "Messenger registration is not configured on this server",
  },
  responseSchema: {
    type: "object",
    required: ["status", "account_id", "message"],
    properties: {
      status: { type: "string", enum: ["anonymous", "pending"] },
      account_id: { type: "string", description: "acc_…" },
      api_key: { type: "string", description: "anonymous only; shown once" },
      tier: { type: "string" },
      free_tier_daily: { type: "integer" },
      channel: { type: "string", enum: ["email", "messenger"] },
      poll: {
        type: "object",
        properties: { url: { type: "string" }, interval_seconds: { type: "integer" }, timeout_seconds: { type: "integer" } },
      },
      verify_url: { type: "string", description: "messenger only: the bot deep link" },
      expires_at: { type: "string" },
      message: { type: "string" },
    },
  },
};
