/**
 * The REST routes' direct path (src/rest-compat/direct-executor.ts) passes the same gates as
 * /graphql — price ceiling, free-request cap, debit, cost and RateLimit headers, dry run — and
 * answers what /graphql answers for the route's stored document.
 */
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panchangaBody, panchangaPostRoute } from "../../src/rest-compat/routes/panchanga-route.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let apiKey: string;
let accountId: string;

beforeAll(async () => {
  // A ceiling of 2 credits: below /vargas (3), above /panchanga (1).
  server = await startTestServer({ env: { MAX_REQUEST_CREDITS: "2", ADMIN_KEY: "admin-key-123-0123456789abcdefgh" }, appOptions: { accounts: {} } });
  ({ api_key: apiKey, account_id: accountId } = (await postJson(server.baseUrl, "/register", {})).body);
  const grant = await postJson(server.baseUrl, "/admin/grant-credits", { account_id: accountId, credits: 10, reason: "direct path test" },
    { "x-admin-key": "admin-key-123-0123456789abcdefgh" });
  expect(grant.status).toBe(200);
});
afterAll(() => server?.close());

const BODY = { datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };

describe("REST direct path", () => {
  it("POST /panchanga answers the mapping of what /graphql answers for the route's document, charged the same", async () => {
    const gql = await postJson(server.baseUrl, "/graphql",
      { query: panchangaPostRoute.document, variables: panchangaPostRoute.variables({ body: BODY, query: {}, path: {} } as never, {}) },
      { "x-api-key": apiKey });
    expect(gql.status).toBe(200);
    const rest = await postJson(server.baseUrl, "/panchanga", BODY, { "x-api-key": apiKey });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(panchangaBody(gql.body.data.panchanga));
    // Free requests first (2 a day), then 1 credit each; headers from the shared gates.
    expect(gql.body.extensions.cost).toEqual({ credits: 0, price: 1, balance: 10, freeRemaining: 1 });
    expect(rest.headers.get("x-credits-charged")).toBe("0");
    expect(rest.headers.get("x-free-requests-remaining")).toBe("0");
    expect(rest.headers.get("ratelimit-limit")).toBe("60");
    expect(rest.headers.get("ratelimit-remaining")).toBe("58"); // the window counted the GraphQL call and this one
    const third = await postJson(server.baseUrl, "/panchanga", BODY, { "x-api-key": apiKey });
    expect(third.headers.get("x-credits-charged")).toBe("1");
    expect(third.headers.get("x-credits-remaining")).toBe("9");
  });

  it("a route priced above MAX_REQUEST_CREDITS is 422 naming price and ceiling, nothing charged; its dry run shows the ceiling", async () => {
    const before = await server.database.db.selectFrom("accounts").select("balance_milli").where("id", "=", accountId).executeTakeFirstOrThrow();
    const res = await postJson(server.baseUrl, "/vargas", { ...BIRTH, charts: "D9" }, { "x-api-key": apiKey });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/costs 3 credits, above the ceiling of 2 credits/);
    const after = await server.database.db.selectFrom("accounts").select("balance_milli").where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(after.balance_milli).toBe(before.balance_milli);
    const dry = await postJson(server.baseUrl, "/vargas", { ...BIRTH, charts: "D9" }, { "x-dry-run": "price" });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, price: 3, ceiling: 2 });
  });
});
