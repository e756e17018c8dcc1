import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureLog } from "../helpers/log-capture.js";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 8's reproduced 500s, each now a clear 4xx (or 503) with nothing logged at error level.
 * The server runs with accounts but without messenger configuration.
 */
const ADMIN_KEY = "admin-key-for-bad-input-01234567";
const log = captureLog();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} }, logger: log.logger });
});
afterAll(async () => {
  await server?.close();
});
// Each test, run alone or in any order, leaves nothing logged at error level — its own entries
// only, so one test's error is reported by that test and not by every one after it.
let logged = 0;
beforeEach(() => {
  logged = log.entries.length;
});
afterEach(() => {
  expect(log.entries.slice(logged).filter((e) => e.level >= 50)).toEqual([]);
});

async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, {
    method, headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers }, body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: JSON.parse(text) as any };
}

const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);

describe("bad input never gets a 500", () => {
  it("a JSON body nested 5,000 deep is a 422 whose echo is cut, not a stack overflow", async () => {
    const r = await send("POST", "/register", `{"name":${nested(5000)}}`);
    expect(r.status).toBe(422);
    expect(r.json.detail[0]).toMatchObject({ type: "string_type", loc: ["body", "name"] });
    expect(JSON.stringify(r.json.detail[0].input)).toContain("…");
    const whole = await send("POST", "/kundali", nested(5000), { "x-api-key": "vas_live_" + "a".repeat(32) });
    expect(whole.status).toBe(422);
    expect(whole.json.detail[0].loc).toEqual(["body"]);
  });

  it.each([
    ["POST /register name", "POST", "/register", { name: "\u0000" }, ["body", "name"]],
    ["POST /register email", "POST", "/register", { email: "a\u0000@example.test" }, ["body", "email"]],
    ["POST /verify email", "POST", "/verify", { email: "a\u0000@example.test", code: "123456" }, ["body", "email"]],
    ["grant reason", "POST", "/admin/grant-credits", { account_id: "acc_x", credits: 1, reason: "\u0000" }, ["body", "reason"]],
    ["grant payment_proof", "POST", "/admin/grant-credits", { account_id: "acc_x", credits: 1, reason: "r", payment_proof: "p\u0000" },
      ["body", "payment_proof"]],
    ["grant account_id", "POST", "/admin/grant-credits", { account_id: "acc_\u0000", credits: 1, reason: "r" }, ["body", "account_id"]],
  ] as const)("NUL in %s is a 422 naming the field", async (_name, method, path, body, loc) => {
    const r = await send(method, path, JSON.stringify(body), { "x-admin-key": ADMIN_KEY });
    expect(r.status).toBe(422);
    expect(r.json.detail[0].loc).toEqual(loc);
    expect(r.json.detail[0].msg).toMatch(/NUL/);
  });

  it("NUL in the polled account id is a 422 naming it", async () => {
    const r = await send("GET", "/register/status/acc_%00");
    expect(r.status).toBe(422);
    expect(r.json.detail[0].loc).toEqual(["path", "account_id"]);
  });

  it("NUL in the GraphQL register mutation is a 400 BAD_USER_INPUT naming the field", async () => {
    const { status, body } = await graphql(server.baseUrl, 'mutation { register(input: {name: "\\u0000"}) { status } }');
    expect(status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
  });

  it("a status the GraphQL pipeline sets passes through REST: messenger not configured is a 503 with its message", async () => {
    const r = await send("POST", "/register", JSON.stringify({ messenger_id: 1 }));
    expect(r.status).toBe(503);
    expect(r.json.detail).toMatch(/messenger registration is not configured/);
    const g = await graphql(server.baseUrl, "mutation { register(input: {messengerId: 1}) { status } }");
    expect(g.status).toBe(503);
  });

  it("a persisted-query hash that does not match the query is a clear 400", async () => {
    const r = await send("POST", "/graphql", JSON.stringify({
      query: "{ health { version } }", extensions: { persistedQuery: { version: 1, sha256Hash: "abc" } },
    }));
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ message: "provided sha does not match query", extensions: { code: "BAD_REQUEST" } });
  });
});
