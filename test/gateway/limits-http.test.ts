import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** The refusals a client can meet, as they reach it over HTTP: 401, 413, 422, 429 and document limits. */
let server: TestServer;
let apiKey: string;
let accountId: string;

beforeAll(async () => {
  // keyCacheMs 0: the account's rate_limit changed below applies at once. The clock stands still at
  // 30 s into a minute, so the rate-limit window is deterministic.
  const clock = () => new Date("2026-05-10T12:00:30Z");
  server = await startTestServer({ env: { BODY_LIMIT_KB: "32" }, appOptions: { accounts: { keyCacheMs: 0, clock } } });
  const res = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  ({ api_key: apiKey, account_id: accountId } = (await res.json()) as { api_key: string; account_id: string });
});
afterAll(() => server?.close());

const gql = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/graphql`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey, ...headers }, body: JSON.stringify({ query }),
  });

describe("401", () => {
  it("a calculation without a key says how to get one", async () => {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { detail: string };
    expect(Object.keys(body)).toEqual(["detail"]);
    expect(body.detail).toContain("POST /register");
  });

  it("an unknown key is refused over GraphQL even for a free field", async () => {
    const res = await gql("{ health { status } }", { "x-api-key": "vas_live_" + "0".repeat(32) });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { errors: Array<{ message: string }> };
    expect(body.errors[0]!.message).toMatch(/Unknown API key/);
  });
});

describe("413", () => {
  it("a REST body over BODY_LIMIT_KB is refused before it is read", async () => {
    const res = await fetch(`${server.baseUrl}/register`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "x".repeat(40_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/too large/);
  });

  it("a GraphQL body over the limit is 413 with a GraphQL error", async () => {
    const res = await gql(`{ health { status } } # ${"x".repeat(40_000)}`);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});

describe("422", () => {
  it("a bad query parameter answers FastAPI's shape", async () => {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15&planets=pluto`, { headers: { "x-api-key": apiKey } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: Array<{ type: string; loc: unknown[]; msg: string }> };
    expect(body.detail[0]!.loc).toEqual(["query", "planets"]);
    expect(typeof body.detail[0]!.msg).toBe("string");
  });
});

describe("document limits", () => {
  it("too many aliases is 400 before anything is priced or charged", async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: health { status }`).join(" ");
    const res = await gql(`{ ${fields} }`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("a document over the token limit is refused", async () => {
    const res = await gql(`{ ${"health { status } ".repeat(1300)} }`);
    expect(res.status).toBe(400);
  });
});

describe("429", () => {
  it("past the account's rate_limit: 429 with Retry-After and RateLimit headers, nothing counted or charged", async () => {
    await server.database.db.updateTable("accounts").set({ rate_limit: 3 }).where("id", "=", accountId).execute();
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": apiKey } });
      statuses.push(res.status);
      if (i === 0) expect(res.headers.get("ratelimit-limit")).toBe("3");
      refused = res;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(refused!.headers.get("retry-after")).toBe("30");
    expect(refused!.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused!.headers.get("ratelimit-reset")).toBe("30");
    const body = (await refused!.json()) as { detail: string };
    expect(Object.keys(body)).toEqual(["detail"]);
    expect(body.detail).toMatch(/Rate limit exceeded: 3 requests per minute/);
    const usage = await server.database.db.selectFrom("usage_daily").select("requests").where("account_id", "=", accountId).execute();
    expect(usage.reduce((n, r) => n + r.requests, 0)).toBe(3);
  });
});
