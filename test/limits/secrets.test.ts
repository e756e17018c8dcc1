import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.js";
import { createLogger } from "../../src/server/logger.js";
import { redactKey, redactSecrets } from "../../src/server/redact-secrets.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { Writable } from "node:stream";

/**
 * Issue 22 item 6: API keys never appear in logs, metrics or error messages — paths
 * (GET /checkout/card/$KEY/7), queries, bodies; they show as prefix + last 4. ADMIN_KEY has at least
 * 32 characters; wrong admin keys are throttled per address (429).
 */
const ADMIN_KEY = "admin-key-for-secrets-tests-0123456789";
const KEY_PATTERN = /vas_live_[0-9A-Za-z]{32}/;

describe("redaction (pure)", () => {
  it("a key becomes its prefix and last four characters wherever it sits in a text", () => {
    const key = "vas_live_" + "A".repeat(28) + "WXYZ";
    expect(redactKey(key)).toBe("vas_live_…WXYZ");
    expect(redactSecrets(`/checkout/card/${key}/7?x=${key}`)).toBe("/checkout/card/vas_live_…WXYZ/7?x=vas_live_…WXYZ");
    expect(redactSecrets("no key here")).toBe("no key here");
  });
});

describe("ADMIN_KEY", () => {
  it("shorter than 32 characters stops the start with one line naming the variable", () => {
    expect(() => loadConfig({ ADMIN_KEY: "x".repeat(31) })).toThrow(/^ADMIN_KEY must be at least 32 characters long/);
    expect(loadConfig({ ADMIN_KEY: "x".repeat(32) }).adminKey).toHaveLength(32);
  });
});

describe("over HTTP with every log line captured (level trace)", () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({ write(chunk: Buffer, _e, cb) { lines.push(chunk.toString("utf8")); cb(); } });
    // The service's own logger (its redaction included), writing into memory.
    server = await startTestServer({ env: { ADMIN_KEY, LOG_LEVEL: "trace" }, appOptions: { accounts: {} }, logger: createLogger("trace", stream) });
  });
  afterAll(() => server?.close());

  it("keys in paths, queries, bodies and headers of many requests never reach the log, /metrics or an error message", async () => {
    const reg = (await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as { api_key: string };
    const key = reg.api_key;
    expect(key).toMatch(KEY_PATTERN);
    const unknown = "vas_live_" + "Q".repeat(28) + "Zz99";
    const bodies: string[] = [];
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(server.baseUrl + path, init);
      bodies.push(await res.text());
      return res.status;
    };
    for (const k of [key, unknown]) {
      await call(`/checkout/card/${k}/7`);
      await call(`/checkout/card/${k}/100`);
      await call(`/checkout/${k}/5`);
      await call(`/checkout/card/plan/${k}/nope`);
      await call(`/account?api_key=${k}`, { headers: { "x-api-key": k } });
      await call(`/panchanga?api_key=${k}&latitude=999`, { headers: { "x-api-key": k } });
      await call("/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: k, credits: 7 }) });
      await call("/graphql", {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": k },
        body: JSON.stringify({ query: `{ nope(key: "${k}") }` }),
      });
      await call("/graphql", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `mutation { checkout(input: { apiKey: "${k}", credits: 7, method: "card" }) { url } }` }),
      });
      await call(`/nowhere/${k}`);
    }
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const log = lines.join("");
    expect(log.length).toBeGreaterThan(1000); // the access log ran
    expect(log).not.toMatch(KEY_PATTERN);
    expect(log).toContain(`/checkout/card/vas_live_…${key.slice(-4)}/7`);
    expect(metrics).not.toMatch(KEY_PATTERN);
    for (const b of bodies) expect(b).not.toMatch(KEY_PATTERN);
  });

  it("wrong admin keys: 403 ten times a minute from one address, then 429 with Retry-After (the right key too)", async () => {
    const grant = (adminKey: string) => fetch(`${server.baseUrl}/admin/stats`, { headers: { "x-admin-key": adminKey } });
    expect((await grant(ADMIN_KEY)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await grant(`wrong-${i}`)).status).toBe(403);
    const throttled = await grant("wrong-again");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await grant(ADMIN_KEY)).status).toBe(429);
    // GraphQL admin fields share the same throttle.
    const gql = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-admin-key": "wrong" },
      body: JSON.stringify({ query: "{ adminStats { __typename } }" }),
    });
    expect(gql.status).not.toBe(200);
  });
});

