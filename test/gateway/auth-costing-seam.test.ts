import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQLContext } from "../../src/resolvers/context.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import type { RouteEntry } from "../../src/rest-compat/route-entry.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * The seams the accounts and costing work plugs into: an authenticate hook placing `account`
 * in the context, and extra Apollo plugins whose status, headers and errors reach REST callers.
 */
const ADMIN_ROUTE: RouteEntry = {
  method: "get", path: "/test/admin", operationId: "testAdmin", summary: "test", tags: ["test"], credits: 0, auth: "admin",
  input: {}, document: "query { health { version } }", variables: () => ({}), result: () => ({ body: { ok: true } }),
};

/** A stand-in price list: every operation asking for `ephemeris` costs 1; a key with no credits gets 402. */
const pricePlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart(rc) {
    return {
      async didResolveOperation(ctx) {
        const billable = (ctx.operation?.selectionSet.selections ?? []).some((s) => s.kind === "Field" && s.name.value === "ephemeris");
        const account = ctx.contextValue.account;
        rc.response.http.headers.set("x-credits-charged", billable ? "1" : "0");
        rc.response.http.headers.set("x-seen-api-key", String(rc.request.http?.headers.get("x-api-key") ?? ""));
        if (billable && account?.id === "broke") {
          throw new GraphQLError("Not enough credits: price 1, balance 0", {
            extensions: { code: "INSUFFICIENT_CREDITS", http: { status: 402 } },
          });
        }
      },
    };
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { ADMIN_KEY: "admin-key-for-tests-0123456789ab" },
    appOptions: {
      routes: [...ROUTES, ADMIN_ROUTE],
      plugins: [pricePlugin],
      authenticate: async (req) => {
        const key = req.headers["x-api-key"];
        if (key === undefined) return null;
        if (key === "good") return { id: "acct-1" };
        if (key === "broke") return { id: "broke" };
        throw new GraphQLError("Invalid API key", { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } });
      },
    },
  });
});
afterAll(async () => {
  await server?.close();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(server.baseUrl + path, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

describe("authentication seam", () => {
  it("an api_key route refuses a caller without a key with 401 saying how to get one", async () => {
    const r = await get("/ephemeris?date=2024-01-01&planets=sun");
    expect(r.status).toBe(401);
    expect(r.body.detail).toMatch(/X-API-Key.*POST \/register/);
  });

  it("a key the hook rejects answers the hook's status as {detail}", async () => {
    const r = await get("/ephemeris?date=2024-01-01&planets=sun", { "x-api-key": "forged" });
    expect(r).toMatchObject({ status: 401, body: { detail: "Invalid API key" } });
  });

  it("a valid key passes, and the plugin saw the REST caller's headers", async () => {
    const r = await get("/ephemeris?date=2024-01-01&planets=sun", { "x-api-key": "good" });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-credits-charged")).toBe("1");
    expect(r.headers.get("x-seen-api-key")).toBe("good");
  });

  it("a route with auth none needs no key", async () => {
    const r = await get("/health");
    expect(r.body.version).toBe("4.2.0");
    expect(r.headers.get("x-credits-charged")).toBe("0");
  });

  it("validation runs before auth and costing: bad input is 422 even without a key", async () => {
    expect((await get("/ephemeris?date=nope")).status).toBe(422);
  });
});

describe("costing seam", () => {
  it("a plugin's 402 reaches the REST caller as {detail} and nothing else", async () => {
    const r = await get("/ephemeris?date=2024-01-01&planets=sun", { "x-api-key": "broke" });
    expect(r.status).toBe(402);
    expect(r.body).toEqual({ detail: "Not enough credits: price 1, balance 0" });
  });

  it("GraphQL callers get the same refusal with its status", async () => {
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "broke" },
      body: JSON.stringify({ query: '{ ephemeris(datetime: "2024-01-01") { datetime } }' }),
    });
    expect(res.status).toBe(402);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe("INSUFFICIENT_CREDITS");
  });
});

describe("admin routes", () => {
  it("refuse a missing or wrong X-Admin-Key with 403 and accept the configured one", async () => {
    expect((await get("/test/admin")).status).toBe(403);
    expect((await get("/test/admin", { "x-admin-key": "admin-key-for-tests-x-0123456789" })).status).toBe(403);
    expect(await get("/test/admin", { "x-admin-key": "admin-key-for-tests-0123456789ab" })).toMatchObject({ status: 200, body: { ok: true } });
  });
});
