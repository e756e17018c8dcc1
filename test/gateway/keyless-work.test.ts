import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { insideOneMinute } from "../helpers/clock-minute.js";

/**
 * Issue 8, keyless work: pricing is free and needs no key, so (1) the size of a document that
 * may be priced is bounded (GRAPHQL_MAX_FIELDS: the request's own document, X-Dry-Run included,
 * and every price(query) document, the price fields of one request sharing one budget), and
 * (2) callers without a valid key are rate-limited per client address (KEYLESS_RATE_LIMIT).
 */
const BIRTH = `birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }`;
/** `n` repeats of one field: under the token limit, and costly for graphql-js's field-merging rule. */
const repeated = (n: number) => `{ chart(${BIRTH}) { ${"lagna { sign } ".repeat(n)} } }`;

async function gql(
  base: string, query: string, opts: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...opts.headers },
    body: JSON.stringify({ query, variables: opts.variables }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors?: any; extensions?: any } };
}

describe("the size of a priced document is bounded (GRAPHQL_MAX_FIELDS)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { GRAPHQL_MAX_FIELDS: "300", KEYLESS_RATE_LIMIT: "0" }, appOptions: { accounts: {} } });
  });
  afterAll(() => server?.close());

  it("a dry run of a document over the limit → 400 naming the limit, nothing priced", async () => {
    const res = await gql(server.baseUrl, repeated(400), { headers: { "x-dry-run": "price" } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "GRAPHQL_VALIDATION_FAILED", limit: "fields", max: 300 });
    expect(res.body.errors[0].message).toMatch(/more than 300 field selections/);
    expect(res.body.extensions?.cost).toBeUndefined();
    // At the limit it is priced as before.
    const ok = await gql(server.baseUrl, repeated(149), { headers: { "x-dry-run": "price" } });
    expect(ok.status).toBe(200);
    expect(ok.body.extensions.cost).toMatchObject({ dryRun: true, price: 0.05 });
  });

  it("the same limit holds for a keyed request (and a REST document is far below it)", async () => {
    const res = await gql(server.baseUrl, repeated(400), { headers: { "x-api-key": "not-a-key" } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.limit).toBe("fields");
  });

  it("price(query) refuses a document over the limit, naming `query`", async () => {
    const res = await gql(server.baseUrl, `query ($q: String!) { price(query: $q) { credits } }`, { variables: { q: repeated(400) } });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "query", limit: "fields", max: 300 });
  });

  it("aliased price fields share one budget per request: 20 × 100 selections are refused past 300", async () => {
    const doc = repeated(49); // 100 selections with chart
    const aliases = Array.from({ length: 20 }, (_, i) => `p${i}: price(query: $q) { credits }`).join(" ");
    const res = await gql(server.baseUrl, `query ($q: String!) { ${aliases} }`, { variables: { q: doc } });
    // Three fit (3 × 100 = 300); the fourth is refused (price is non-null, so the answer's data is null).
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].path).toEqual(["p3"]);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "query", limit: "fields" });
    expect(res.body.errors[0].message).toMatch(/price fields of this request exceed 300/);
    // A new request has a new budget.
    const again = await gql(server.baseUrl, `query ($q: String!) { price(query: $q) { credits } }`, { variables: { q: doc } });
    expect(again.body.data.price.credits).toBe(0.05);
  });

  it("price(query) applies the request limits (aliases, depth) to its document too", async () => {
    const aliased = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: health { status }`).join(" ")} }`;
    const res = await gql(server.baseUrl, `query ($q: String!) { price(query: $q) { credits } }`, { variables: { q: aliased } });
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "query" });
    expect(res.body.errors[0].message).toMatch(/more than 30 aliases/);
  });
});

describe("keyless callers are rate-limited per client address (KEYLESS_RATE_LIMIT)", { timeout: 30_000 }, () => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { KEYLESS_RATE_LIMIT: "4", TRUST_PROXY_HOPS: "1" }, appOptions: { accounts: {} } });
    const reg = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    apiKey = ((await reg.json()) as { api_key: string }).api_key;
  });
  afterAll(() => server?.close());

  const from = (address: string, extra: Record<string, string> = {}) => ({ "x-forwarded-for": address, ...extra });
  const PRICE = `{ price(query: "{ health { status } }") { credits } }`;

  it("the price query: 4 a minute from one address, the 5th → 429 with Retry-After; another address is not affected", async () => {
    await insideOneMinute();
    for (let i = 0; i < 4; i++) {
      const res = await gql(server.baseUrl, PRICE, { headers: from("203.0.113.1") });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const refused = await gql(server.baseUrl, PRICE, { headers: from("203.0.113.1") });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", limit: 4 });
    expect(refused.body.errors[0].message).toMatch(/without an API key/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await gql(server.baseUrl, PRICE, { headers: from("203.0.113.2") });
    expect(other.status).toBe(200);
  });

  it("dry runs count too, on /graphql and on REST", async () => {
    await insideOneMinute();
    const dry = { "x-dry-run": "price" };
    const body = JSON.stringify({ datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2 });
    for (let i = 0; i < 2; i++) {
      expect((await gql(server.baseUrl, repeated(1), { headers: from("203.0.113.3", dry) })).status).toBe(200);
      const rest = await fetch(`${server.baseUrl}/panchanga`, { method: "POST", headers: { "content-type": "application/json", ...from("203.0.113.3", dry) }, body });
      expect(rest.status).toBe(200);
    }
    const rest = await fetch(`${server.baseUrl}/panchanga`, { method: "POST", headers: { "content-type": "application/json", ...from("203.0.113.3", dry) }, body });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await rest.json()) as { detail: string }).detail).toMatch(/without an API key/);
  });

  it("an unknown key is keyless too (it would otherwise be parsed and validated for free)", async () => {
    await insideOneMinute();
    for (let i = 0; i < 4; i++) {
      expect((await gql(server.baseUrl, PRICE, { headers: from("203.0.113.4", { "x-api-key": `junk-${i}` }) })).status).toBe(401);
    }
    expect((await gql(server.baseUrl, PRICE, { headers: from("203.0.113.4", { "x-api-key": "junk" }) })).status).toBe(429);
  });

  it("a caller with a valid key is not counted here (its own per-key limit applies)", async () => {
    for (let i = 0; i < 8; i++) {
      const res = await gql(server.baseUrl, PRICE, { headers: from("203.0.113.5", { "x-api-key": apiKey }) });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
  });

  it("REST routes without a key that run nothing billable (health, registration) are not counted", async () => {
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.baseUrl}/health`, { headers: from("203.0.113.6") });
      expect(res.status).toBe(200);
    }
  });
});
