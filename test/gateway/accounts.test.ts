import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";

/** GET /account and the `account` field, through the real server with accounts on. */
let server: TestServer;
let apiKey: string;
let accountId: string;

beforeAll(async () => {
  server = await startTestServer({ appOptions: { accounts: {} } });
  const res = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const body = (await res.json()) as { api_key: string; account_id: string };
  apiKey = body.api_key;
  accountId = body.account_id;
});
afterAll(() => server?.close());

const getAccount = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/account`, { headers });

describe("GET /account", () => {
  it("answers AccountResponse exactly as the spec lists it", async () => {
    const res = await getAccount({ "x-api-key": apiKey });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ["account_id", "balance", "free_tier_daily", "plan_credits", "plan_expires_at", "plan_type", "rate_limit", "tier", "usage_today", "usage_total"].sort(),
    );
    expect(body).toMatchObject({
      account_id: accountId, tier: "free", balance: 0, plan_credits: 0, plan_type: null, plan_expires_at: null,
      rate_limit: 60, free_tier_daily: 2,
    });
    expect(accountId).toMatch(/^acc_/);
    expect(Number.isInteger(body.usage_today)).toBe(true);
    expect(res.headers.get("x-credits-charged")).toBe("0");
  });

  it("counts requests in usage_today and usage_total", async () => {
    const before = (await (await getAccount({ "x-api-key": apiKey })).json()) as { usage_today: number; usage_total: number };
    await getAccount({ "x-api-key": apiKey });
    const after = (await (await getAccount({ "x-api-key": apiKey })).json()) as { usage_today: number; usage_total: number };
    expect(after.usage_today).toBe(before.usage_today + 2);
    expect(after.usage_total).toBe(before.usage_total + 2);
  });

  it("without a key is 401 saying how to get one", async () => {
    const res = await getAccount();
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toContain("POST /register");
  });

  it("with an unknown key is 401", async () => {
    const res = await getAccount({ "x-api-key": "vas_live_" + "x".repeat(32) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/unknown api key/i);
  });
});

describe("the account field over GraphQL", () => {
  it("answers the same account", async () => {
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ query: "{ account { accountId tier balance rateLimit freeTierDaily } }" }),
    });
    const body = (await res.json()) as { data: { account: Record<string, unknown> }; extensions: { cost: { credits: number } } };
    expect(res.status).toBe(200);
    expect(body.data.account).toEqual({ accountId, tier: "free", balance: 0, rateLimit: 60, freeTierDaily: 2 });
    expect(body.extensions.cost.credits).toBe(0);
  });

  it("without a key is an UNAUTHENTICATED error with status 401", async () => {
    const { status, body } = await graphql(server.baseUrl, "{ account { accountId } }");
    expect(status).toBe(401);
    expect(body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});
