/**
 * /graphql's fast lane (src/graphql-lane): a service with the lane answers every GraphQL request
 * exactly as the same service without it (GRAPHQL_FAST_LANE=false, express and Apollo): status,
 * body and every header — paid, free, dry runs, refusals, errors, limits, persisted queries.
 * Each case runs on both services in the same order, so balances, free requests and rate windows
 * move in step.
 */
import "reflect-metadata";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panchangaPostRoute } from "../../src/rest-compat/routes/panchanga-route.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

const sha = (q: string) => createHash("sha256").update(q).digest("hex");

const PANCHANGA_VARS = { datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6139, longitude: 77.209, at: "MOMENT", tz: null };
const TITHI = `query Tithi($d: String!) { panchanga(datetime: $d, latitude: 28.6139, longitude: 77.209) { tithi { name } } }`;
const APQ = `query Apq { panchanga(datetime: "2024-02-01T06:00:00+05:30", latitude: 19.076, longitude: 72.8777) { tithi { name number } vara { name } } }`;
const TWO_OPS = `query A { __typename } query B { panchanga(datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2) { tithi { name } } }`;
const FRAGMENT = panchangaPostRoute.document.slice(panchangaPostRoute.document.indexOf("fragment"));
/** Four full days: 4 credits, above the ceiling of 3 the services run with. */
/** A three-level dasha tree (≈ 110 KB): its estimate (≈ 82 KB) above a quarter of MAX_RESPONSE_BYTES below, so its size is measured and its text reused. */
const TREE = `{ dasha(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }) { mahaDashas { planet start end subPeriods { planet start end subPeriods { planet start end } } } } }`;
const FOUR = `query Four { ${[1, 2, 3, 4].map((i) => `p${i}: panchanga(datetime: "2024-01-1${i}T10:30:00+05:30", latitude: 28.6, longitude: 77.2) { ...PanchangaParts }`).join(" ")} } ${FRAGMENT}`;

type Case = readonly [what: string, status: number, headers: Record<string, string>, body: string];
const json = { "content-type": "application/json" };
const keyed = { ...json, "x-api-key": "KEY" };
const q = (query: string, extra: Record<string, unknown> = {}) => JSON.stringify({ query, ...extra });

const CASES: readonly Case[] = [
  ["a paid three-field query", 200, keyed, q(TITHI, { variables: { d: "2024-01-15T10:30:00+05:30" } })],
  ["the full panchanga document", 200, keyed, q(panchangaPostRoute.document, { variables: PANCHANGA_VARS })],
  ["the same document again (compiled)", 200, keyed, q(panchangaPostRoute.document, { variables: PANCHANGA_VARS, operationName: "Panchanga" })],
  ["and a third time, gzip accepted", 200, { ...keyed, "accept-encoding": "gzip" }, q(panchangaPostRoute.document, { variables: PANCHANGA_VARS })],
  ["br accepted", 200, { ...keyed, "accept-encoding": "gzip, br" }, q(panchangaPostRoute.document, { variables: PANCHANGA_VARS })],
  ["a free query with a key", 200, keyed, q("{ __typename }")],
  ["a free query without a key", 200, json, q("{ __typename }")],
  ["introspection", 200, json, q("{ __schema { queryType { name } } }")],
  ["a dry run without a key", 200, { ...json, "x-dry-run": "price" }, q(TITHI, { variables: { d: "2024-01-15T10:30:00+05:30" } })],
  ["a dry run with a key", 200, { ...keyed, "x-dry-run": "price" }, q(FOUR)],
  ["no key for a paid query", 401, json, q(TITHI, { variables: { d: "2024-01-15T10:30:00+05:30" } })],
  ["an unknown key", 401, { ...json, "x-api-key": "vas_nope" }, q(TITHI, { variables: { d: "2024-01-15T10:30:00+05:30" } })],
  ["a syntax error", 400, keyed, q("{ panchanga( }")],
  ["an unknown field", 400, keyed, q("{ nothingHere }")],
  ["a variable of the wrong type", 400, keyed, q(TITHI, { variables: { d: 5 } })],
  ["a required variable missing", 400, keyed, q(TITHI)],
  ["an argument the engine refuses (prevalidation)", 400, keyed, q(TITHI.replace("28.6139", "200"), { variables: { d: "2024-01-15T10:30:00+05:30" } })],
  ["a datetime without offset (prevalidation)", 400, keyed, q(TITHI, { variables: { d: "yesterday" } })],
  ["two operations, none named", 400, keyed, q(TWO_OPS)],
  ["two operations, one named", 200, keyed, q(TWO_OPS, { operationName: "B" })],
  ["an operation name the document lacks", 400, keyed, q(TWO_OPS, { operationName: "C" })],
  ["above the price ceiling", 422, keyed, q(FOUR)],
  ["a persisted query not yet known", 200, keyed, JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: sha(APQ) } } })],
  ["a persisted query registered", 200, keyed, JSON.stringify({ query: APQ, extensions: { persistedQuery: { version: 1, sha256Hash: sha(APQ) } } })],
  ["a persisted query by its hash alone", 200, keyed, JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: sha(APQ) } } })],
  ["a persisted query whose hash does not match", 400, keyed, JSON.stringify({ query: TITHI, extensions: { persistedQuery: { version: 1, sha256Hash: sha(APQ) } } })],
  ["a persisted query of another version", 400, keyed, JSON.stringify({ extensions: { persistedQuery: { version: 2, sha256Hash: sha(APQ) } } })],
  ["a batch", 400, keyed, `[${q("{ __typename }")}]`],
  ["malformed JSON", 400, keyed, "{\"query\": "],
  ["an empty object", 400, keyed, "{}"],
  ["variables as a string", 400, keyed, q("{ __typename }", { variables: "{}" })],
  ["the GraphQL response media type", 200, { ...keyed, accept: "application/graphql-response+json, application/json;q=0.9" }, q("{ __typename }")],
  ["an Accept of neither JSON type", 406, { ...keyed, accept: "text/plain" }, q("{ __typename }")],
  ["too many fields", 400, keyed, q(`{ ${"__typename ".repeat(600)}}`)],
  ["too many aliases", 400, keyed, q(`{ ${Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(" ")} }`)],
  ["a key with free requests only, first", 200, { ...json, "x-api-key": "POOR" }, q(TITHI, { variables: { d: "2024-01-15T10:30:00+05:30" } })],
  ["then the second", 200, { ...json, "x-api-key": "POOR" }, q(TITHI, { variables: { d: "2024-01-16T10:30:00+05:30" } })],
  ["then insufficient credits", 402, { ...json, "x-api-key": "POOR" }, q(TITHI, { variables: { d: "2024-01-17T10:30:00+05:30" } })],
  ["a large answer, measured for its size", 200, keyed, q(TREE)],
  ["a large answer in Tamil (names changed after the measure)", 200, { ...keyed, "accept-language": "ta" }, q(TREE.replace("planet start", "planet levelName start"))],
  ["leading whitespace (express reads it)", 200, keyed, `  ${q("{ __typename }")}`],
  ["text/plain content (Apollo refuses it)", 400, { "content-type": "text/plain", "x-api-key": "KEY" }, q("{ __typename }")],
];

describe("a service with the GraphQL lane answers as the same service without it", () => {
  let lane: TestServer;
  let plain: TestServer;
  const keys = new Map<TestServer, Record<string, string>>();

  beforeAll(async () => {
    const env = { ADMIN_KEY: "admin-key-123-0123456789abcdefgh", MAX_REQUEST_CREDITS: "3", COMPRESS_MIN_BYTES: "1000", MAX_RESPONSE_BYTES: "300000" };
    [lane, plain] = await Promise.all([
      startTestServer({ env: { ...env, GRAPHQL_FAST_LANE: "true" }, appOptions: { accounts: {} } }),
      startTestServer({ env: { ...env, GRAPHQL_FAST_LANE: "false" }, appOptions: { accounts: {} } }),
    ]);
    for (const s of [lane, plain]) {
      const reg = await postJson(s.baseUrl, "/register", {});
      const poor = await postJson(s.baseUrl, "/register", {});
      keys.set(s, { KEY: reg.body.api_key, POOR: poor.body.api_key });
      const grant = await postJson(s.baseUrl, "/admin/grant-credits", { account_id: reg.body.account_id, credits: 50, reason: "lane test" },
        { "x-admin-key": "admin-key-123-0123456789abcdefgh" });
      expect(grant.status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all([lane?.close(), plain?.close()]);
  });

  it("the cases are about thirty distinct requests", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c[0])).size).toBe(CASES.length);
  });

  it.each(CASES)("%s: same status, body and headers", async (_what, status, headers, body) => {
    const answers = [];
    for (const s of [lane, plain]) {
      const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, keys.get(s)![v] ?? v]));
      const res = await fetch(`${s.baseUrl}/graphql`, { method: "POST", headers: h, body });
      const text = await res.text();
      // RateLimit-Reset counts the seconds left in the window, read a moment apart on the two services.
      const all = Object.fromEntries([...res.headers].filter(([k]) => !["date", "keep-alive", "connection", "ratelimit-reset"].includes(k)));
      if (res.headers.has("ratelimit-limit")) expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      answers.push({ status: res.status, text, headers: all });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(status);
  }, 60_000);

  it("the lane served them: its document cache counts the documents and their hits in /metrics", async () => {
    // The metrics are the process's (both services run in this one): only a service with the lane has a document cache.
    const metric = (text: string, name: string, cache: string) =>
      Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
    const text = await (await fetch(`${lane.baseUrl}/metrics`, { headers: { accept: "text/plain" } })).text();
    expect(metric(text, "engine_cache_entries", "graphql_documents")).toBeGreaterThanOrEqual(5);
    // The full panchanga document was sent four times: one miss, then hits.
    expect(metric(text, "engine_cache_hits", "graphql_documents")).toBeGreaterThanOrEqual(3);
    expect(metric(text, "engine_cache_entries", "graphql_persisted_queries")).toBeGreaterThanOrEqual(1);
  });
});
