import type { RouteEntry } from "../route-entry.js";

interface Verified { status: string; accountId: string; apiKey: string; tier: string; freeTierDaily: number }

const verifiedBody = (v: Verified) => ({
  status: v.status, account_id: v.accountId, api_key: v.apiKey, tier: v.tier, free_tier_daily: v.freeTierDaily,
});

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page a person sees after clicking the mail's button. */
function keyPage(v: Verified): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your API key</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>Your email is verified</h1>
<p>Your API key (account ${escapeHtml(v.accountId)}):</p>
<p><code style="font-size:1.2em;background:#f3f3f3;padding:.4em .6em;display:inline-block">${escapeHtml(v.apiKey)}</code></p>
<p>Send it in the <code>X-API-Key</code> header. Keep it secret: it is not shown again after 15 minutes.
You have ${v.freeTierDaily} free requests a day.</p></body></html>`;
}

const verifiedSchema = {
  type: "object",
  required: ["status", "account_id", "api_key"],
  properties: {
    status: { type: "string", enum: ["verified"] }, account_id: { type: "string" }, api_key: { type: "string" },
    tier: { type: "string" }, free_tier_daily: { type: "integer" },
  },
};

export const verifyLinkRoute: RouteEntry = {
  method: "get",
  path: "/verify",
  operationId: "verifyLink",
  summary: "Verify by the mail's link",
  description: "Verifies the registration of the mail's link and shows the API key: an HTML page for browsers (Accept text/html), JSON otherwise.",
  tags: ["account"],
  credits: 0,
  auth: "none",
  input: { query: { token: { type: "string", required: true, min: 1, max: 200, description: "token from the verification mail" } } },
  document: /* GraphQL */ `
    mutation VerifyLink($token: String!) { verifyToken(token: $token) { status accountId apiKey tier freeTierDaily } }
  `,
  variables: ({ query }) => ({ token: query.token }),
  result: (data) => {
    const v = (data as { verifyToken: Verified }).verifyToken;
    return { body: verifiedBody(v), html: keyPage(v) };
  },
  responseSchema: verifiedSchema,
  errors: {
    400: "Wrong code; the message says how many tries are left", 404: "Unknown token or registration",
    409: "Already verified", 410: "The code expired, or too many wrong tries",
  },
  htmlPage: true,
  exampleInput: { query: { token: "vt_unknown-token" } },
};

export const verifyCodeRoute: RouteEntry = {
  method: "post",
  path: "/verify",
  operationId: "verifyCode",
  summary: "Verify by code",
  description: "{email, code} with the 6-digit PIN from the mail, or {messenger_id, code} with the 4-digit code (not both: a 422). Each wrong code says how many tries are left (5 in all).",
  tags: ["account"],
  credits: 0,
  auth: "none",
  input: {
    body: {
      email: { type: "string", max: 254, format: "email" },
      messenger_id: { type: "integer", min: 1 },
      code: {
        type: "string", digits: true, required: true, min: 1, max: 12,
        description: "6-digit PIN (email) or 4-digit code (messenger); a JSON number is taken too (leading zeros restored)",
      },
    },
  },
  document: /* GraphQL */ `
    mutation VerifyCode($code: String!, $email: String, $messengerId: SafeInt) {
      verifyCode(code: $code, email: $email, messengerId: $messengerId) { status accountId apiKey tier freeTierDaily }
    }
  `,
  // A PIN sent as a number has lost its leading zeros: restore them to the code's length.
  variables: ({ body }) => ({
    code: /^\d+$/.test(String(body.code)) ? String(body.code).padStart(body.email ? 6 : 4, "0") : body.code,
    email: body.email ?? null, messengerId: body.messenger_id ?? null,
  }),
  errorLocs: { messengerId: ["body", "messenger_id"], messenger_id: ["body", "messenger_id"] },
  result: (data) => ({ body: verifiedBody((data as { verifyCode: Verified }).verifyCode) }),
  responseSchema: verifiedSchema,
  errors: {
    400: "Wrong code; the message says how many tries are left", 404: "No pending registration for this email or messenger_id",
    409: "Already verified", 410: "The code expired, or too many wrong tries",
  },
  exampleInput: { body: { email: "nobody@example.com", code: "123456" } },
};
