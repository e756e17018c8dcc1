import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";

/** POST /admin/grant-credits and GET /admin/stats through the real server (X-Admin-Key). */
const ADMIN_KEY = "admin-key-for-admin-tests-012345";
let server: TestServer;
let apiKey: string;
let accountId: string;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { "x-admin-key": ADMIN_KEY }) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method, headers: { "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const grant = (body: Record<string, unknown>, headers?: Record<string, string>) => call("POST", "/admin/grant-credits", body, headers);

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const r = await call("POST", "/register", {}, {});
  apiKey = r.json.api_key;
  accountId = r.json.account_id;
});
afterAll(() => server?.close());

describe("POST /admin/grant-credits", () => {
  it("credits the account and answers CreditGrantResponse", async () => {
    const r = await grant({ account_id: accountId, credits: 12.5, reason: "welcome" });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ account_id: accountId, credits_added: 12.5, new_balance: 12.5, reason: "welcome" });
  });

  it("finds the account by api_key too", async () => {
    const r = await grant({ api_key: apiKey, credits: 1, reason: "by key", payment_type: "promo" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ account_id: accountId, credits_added: 1, new_balance: 13.5 });
  });

  it("a replayed payment_proof is a clear 409 and credits once", async () => {
    const body = { account_id: accountId, credits: 100, reason: "usdc payment", payment_type: "usdc", payment_proof: "0xabc123" };
    const first = await grant(body);
    expect(first.status).toBe(200);
    const [again, concurrent] = await Promise.all([grant(body), grant(body)]);
    for (const r of [again, concurrent]) {
      expect(r.status).toBe(409);
      expect(r.json.detail).toMatch(/already been credited/);
    }
    const account = await call("GET", "/account", undefined, { "x-api-key": apiKey });
    expect(account.json.balance).toBe(first.json.new_balance);
  });

  it.each([
    ["credits 0", { account_id: "acc_x", credits: 0, reason: "r" }, ["body", "credits"]],
    ["credits below 0", { account_id: "acc_x", credits: -5, reason: "r" }, ["body", "credits"]],
    ["credits above 1,000,000", { account_id: "acc_x", credits: 1_000_001, reason: "r" }, ["body", "credits"]],
    ["an empty reason", { account_id: "acc_x", credits: 1, reason: "" }, ["body", "reason"]],
    ["a reason over 500 characters", { account_id: "acc_x", credits: 1, reason: "x".repeat(501) }, ["body", "reason"]],
    ["an unknown payment_type", { account_id: "acc_x", credits: 1, reason: "r", payment_type: "gift" }, ["body", "payment_type"]],
    ["a missing reason", { account_id: "acc_x", credits: 1 }, ["body", "reason"]],
    ["neither account_id nor api_key", { credits: 1, reason: "r" }, ["body", "account_id"]],
  ])("refuses %s with 422", async (_name, body, loc) => {
    const r = await grant(body);
    expect(r.status).toBe(422);
    expect(r.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it("exactly 1,000,000 credits passes validation (an unknown account is then 404)", async () => {
    const r = await grant({ account_id: "acc_doesnotexist", credits: 1_000_000, reason: "r" });
    expect(r.status).toBe(404);
  });

  it("without or with a wrong X-Admin-Key is 403", async () => {
    expect((await grant({ account_id: accountId, credits: 1, reason: "r" }, {})).status).toBe(403);
    const wrong = await grant({ account_id: accountId, credits: 1, reason: "r" }, { "x-admin-key": "not-the-admin-key" });
    expect(wrong.status).toBe(403);
    expect(wrong.json.detail).toMatch(/admin key/i);
  });

  it("over GraphQL needs the admin key too", async () => {
    const { status, body } = await graphql(server.baseUrl, `mutation { grantCredits(input: {accountId: "${accountId}", credits: 1, reason: "x"}) { newBalance } }`);
    expect(status).toBe(403);
    expect(body.errors[0].extensions.code).toBe("FORBIDDEN");
  });
});

describe("GET /admin/stats", () => {
  it("reports financials, usage, clients and system", async () => {
    const r = await call("GET", "/admin/stats");
    expect(r.status).toBe(200);
    expect(r.json.financials.credits_granted).toBeGreaterThanOrEqual(13.5);
    expect(r.json.financials.credits_sold).toBe(100);
    expect(r.json.financials.by_payment_type).toMatchObject({ usdc: 100, promo: 1 });
    expect(r.json.usage.requests_total).toBeGreaterThan(0);
    expect(r.json.clients.accounts_total).toBeGreaterThanOrEqual(1);
    expect(r.json.clients.by_tier).toBeTypeOf("object");
    expect(r.json.system.database).toEqual({ kind: server.database.kind, reachable: true });
    expect(r.json.system.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(r.json.system.memory.rss_bytes).toBeGreaterThan(0);
  });
});

describe("without ADMIN_KEY", () => {
  it("admin endpoints are disabled (403)", async () => {
    const bare = await startTestServer({ appOptions: { accounts: {} } });
    try {
      const res = await fetch(`${bare.baseUrl}/admin/stats`, { headers: { "x-admin-key": "anything-at-all" } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/disabled/);
    } finally {
      await bare.close();
    }
  });
});
