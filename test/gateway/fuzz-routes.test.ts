import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldSet, FieldSpec, ValidInput } from "../../src/rest-compat/input-schema.js";
import type { RouteEntry } from "../../src/rest-compat/route-entry.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { expressPath } from "../../src/rest-compat/router.js";
import { captureLog } from "../helpers/log-capture.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";
import { rng } from "../helpers/rng.js";

/**
 * Generated bad (and some good) input over every route of the route table — iterated from ROUTES,
 * so routes added later are fuzzed too — and /graphql, with a fixed seed: no answer may be a 5xx
 * and nothing may be logged at error level (issue 8: "bad input never gets a 500").
 */
const SEED = 0x8badf00d;
const REQUESTS = 5040;
const CONCURRENCY = 8;
const ADMIN_KEY = "admin-key-for-fuzzing-0123456789";
const BOT_SECRET = "bot-secret-for-fuzzing";

const log = captureLog();
let server: TestServer;
let apiKey = "";

beforeAll(async () => {
  server = await startTestServer({
    env: { ADMIN_KEY, MESSENGER_BOT_LINK: "https://t.me/FuzzBot", MESSENGER_WEBHOOK_SECRET: BOT_SECRET },
    appOptions: { accounts: { keyCacheMs: 60_000 } },
    logger: log.logger,
  });
  const reg = await postJson(server.baseUrl, "/register", {});
  apiKey = reg.body.api_key;
  // A key that neither runs out of credits nor hits its per-minute limit, so keyed requests reach the engine.
  await postJson(server.baseUrl, "/admin/grant-credits", { api_key: apiKey, credits: 1_000_000, reason: "fuzz" }, { "x-admin-key": ADMIN_KEY });
  await server.database.db.updateTable("accounts").set({ rate_limit: 1_000_000 }).where("id", "=", reg.body.account_id).execute();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const nested = (depth: number, inner = "0") => "[".repeat(depth) + inner + "]".repeat(depth);
const nestedObject = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** Values that are wrong for some field somewhere: types, NUL, lone surrogates, extremes, size, depth. */
const BAD_VALUES: readonly unknown[] = [
  null, "", " ", "\u0000", "a\u0000b", "acc_\u0000", "\ud800", "💥", "%00", "../../etc/passwd", "x".repeat(5000),
  "NaN", "Infinity", "-Infinity", "1e309", "-0", "0x10", "9".repeat(400), true, false, 0, -1, 1.5, -1e308, 1e308,
  2 ** 53 + 1, [], [null], {}, { "\u0000": 1 }, ["sun", 3], "2024-02-30T25:61:61Z", "9999-12-31T23:59:59+14:00",
  "-271821-04-20T00:00:00Z", "2024-01-15T10:30:00+99:00", "1990-05-15T14:30:00+05:30", "Asia/Kolkata", "Mars/Olympus",
  "<script>", "'; DROP TABLE accounts; --", nestedObject(60), "sun,moon,sun,", ",,,", "D1,D999", "vas_live_" + "a".repeat(32),
];
/** Plausible values, so some requests get past validation and run. */
const GOOD_STRINGS = [
  "2024-01-15T10:30:00+05:30", "2024-01-15", "1990-05-15T14:30:00+05:30", "2000-01-01T00:00:00Z", "Asia/Kolkata", "sun,moon",
  "acc_xxxxxxxxxxxxxxxxxxxxxxxx", "user@example.test", "1234", "123456",
];

function goodValue(r: Rand, spec: FieldSpec): unknown {
  if (spec.example !== undefined && r() < 0.6) return spec.example;
  if (spec.enum) return pick(r, spec.enum);
  const lo = spec.min ?? -90, hi = spec.max ?? 90;
  switch (spec.type) {
    case "number": return lo + r() * (hi - lo);
    case "integer": return Math.round(lo + r() * (hi - lo));
    case "boolean": return r() < 0.5;
    case "csv": return spec.items?.enum ? [pick(r, spec.items.enum), pick(r, spec.items.enum)].join(",") : pick(r, GOOD_STRINGS);
    case "array": return spec.items ? [goodValue(r, spec.items)] : [];
    case "object": return spec.fields ? goodObject(r, spec.fields, 0.1) : {};
    default: return pick(r, GOOD_STRINGS);
  }
}

/** An object for `fields`: each field good, bad or missing; sometimes an unknown extra key. */
function goodObject(r: Rand, fields: FieldSet, badness: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const roll = r();
    if (roll < badness) out[name] = pick(r, BAD_VALUES);
    else if (roll < badness + 0.1) continue;
    else out[name] = goodValue(r, spec);
  }
  if (r() < 0.05) out[pick(r, ["extra", "__proto__", "constructor", "\u0000"])] = 1;
  return out;
}

const asText = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v) ?? "");
/** encodeURIComponent, or for a lone surrogate the raw invalid UTF-8 bytes (a malformed path is a fuzz case too). */
const encodePathPart = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
};

interface Req { method: string; path: string; headers: Record<string, string>; body?: string }

function authHeaders(r: Rand, route: RouteEntry | undefined): Record<string, string> {
  const h: Record<string, string> = {};
  const roll = r();
  if (roll < 0.6) h["x-api-key"] = apiKey;
  else if (roll < 0.7) h["x-api-key"] = pick(r, ["vas_live_" + "b".repeat(32), "garbage", "\u00ff", "x".repeat(300)]);
  if (route?.auth === "admin" || r() < 0.05) h["x-admin-key"] = r() < 0.8 ? ADMIN_KEY : "wrong-admin-key";
  if (route?.path === "/webhook/messaging" && r() < 0.8) h["x-telegram-bot-api-secret-token"] = BOT_SECRET;
  if (r() < 0.1) h["x-dry-run"] = pick(r, ["price", "yes", ""]);
  return h;
}

function restRequest(r: Rand, route: RouteEntry): Req {
  const badness = pick(r, [0, 0.2, 0.5, 1]);
  const headers = authHeaders(r, route);
  let path = expressPath(route.path).replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const spec = route.input.path?.[name];
    const v = r() < badness || !spec ? pick(r, BAD_VALUES) : goodValue(r, spec);
    return encodePathPart(asText(v) || "x");
  });
  if (route.input.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(goodObject(r, route.input.query, badness))) qs.append(k, asText(v));
    if (r() < 0.05) qs.append(asText(pick(r, BAD_VALUES)), "1");
    const s = qs.toString();
    if (s) path += "?" + s;
  }
  let method = route.method.toUpperCase();
  if (r() < 0.03) method = pick(r, ["PUT", "DELETE", "PATCH", "OPTIONS"]);
  if (!route.input.body || method === "GET" || method === "OPTIONS") return { method, path, headers };
  headers["content-type"] = r() < 0.95 ? "application/json" : pick(r, ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin-9"]);
  const shape = r();
  let body: string;
  if (shape < 0.05) body = nested(pick(r, [500, 5000, 20_000]));
  else if (shape < 0.1) body = pick(r, ["", "{", "nul\u0000", "[]", "null", "42", '"str"', '{"a":' + nested(3000) + "}"]);
  else {
    const obj = goodObject(r, route.input.body, badness);
    if (route.path === "/webhook/messaging") {
      obj.message = { text: pick(r, ["/start", "/start verify_" + "A".repeat(32), "/start pay_x_1", "/start \u0000", "hi"]),
        chat: { id: pick(r, [1, -1, "x", null]) }, from: { id: pick(r, [1, 2 ** 60, "1"]) } };
    }
    body = JSON.stringify(obj);
  }
  return { method, path, headers, body };
}

/** GraphQL documents: each route's stored document with generated variables, plus malformed requests. */
function graphqlRequest(r: Rand): Req {
  const headers = { "content-type": "application/json", ...authHeaders(r, undefined) };
  const shape = r();
  if (shape < 0.5) {
    const route = pick(r, ROUTES);
    let variables: unknown;
    try {
      const input = {
        path: goodObject(r, route.input.path ?? {}, 0), query: goodObject(r, route.input.query ?? {}, 0),
        body: goodObject(r, route.input.body ?? {}, 0),
      } as ValidInput;
      variables = route.variables(input, {});
    } catch {
      variables = {};
    }
    // Spoil one variable, or the whole map, some of the time.
    if (r() < 0.7 && variables && typeof variables === "object") {
      const keys = Object.keys(variables);
      if (keys.length) (variables as Record<string, unknown>)[pick(r, keys)] = pick(r, BAD_VALUES);
    } else if (r() < 0.2) variables = pick(r, ["vars", [1], 3, nestedObject(200)]);
    return { method: "POST", path: "/graphql", headers, body: JSON.stringify({ query: route.document, variables }) };
  }
  const documents = [
    "{", "}", "query", "{ nope }", "{ health { version nope } }", "query ($x: String!) { health { version } }",
    "{ __schema { types { name fields { name } } } }", 'mutation { register(input: {name: "\\u0000"}) { status } }',
    'mutation { register(input: {email: "a\\u0000@b.test"}) { status } }', 'mutation { verifyToken(token: "\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000") { status } }',
    '{ registrationStatus(accountId: "acc_\\u0000") { status } }', "subscription { x }", "{ " + "a: health { version } ".repeat(300) + "}",
    "{ " + "health { ".repeat(100) + "}".repeat(100) + " }", "fragment F on Query { ...F } { ...F }", "{ health { version } } { health { version } }",
  ];
  const which = r();
  let payload: unknown;
  if (which < 0.6) payload = { query: pick(r, documents), variables: r() < 0.2 ? pick(r, BAD_VALUES) : undefined };
  else if (which < 0.7) payload = { query: "{ health { version } }", extensions: { persistedQuery: { version: pick(r, [1, 2, "x"]), sha256Hash: pick(r, ["abc", "\u0000", 7]) } } };
  else if (which < 0.75) payload = { extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } };
  else if (which < 0.8) payload = [{ query: "{ health { version } }" }, { query: "{" }];
  else if (which < 0.85) payload = { query: pick(r, BAD_VALUES), operationName: pick(r, BAD_VALUES) };
  else if (which < 0.9) return { method: "POST", path: "/graphql", headers, body: nested(pick(r, [1000, 5000])) };
  else if (which < 0.95) return { method: "GET", path: "/graphql?query=" + encodeURIComponent(pick(r, documents)), headers: { ...headers, accept: "application/json" } };
  else payload = { query: "mutation { register { status } }", operationName: "Nope" };
  return { method: "POST", path: "/graphql", headers, body: JSON.stringify(payload) };
}

describe("fuzzing every route and /graphql", () => {
  it(`${REQUESTS} generated requests (seed ${SEED}) answer no 5xx and log nothing at error level`, async () => {
    const r = rng(SEED);
    const slots = ROUTES.length + 1; // every route, then /graphql
    const requests: Req[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const slot = i % slots;
      requests.push(slot === ROUTES.length ? graphqlRequest(r) : restRequest(r, ROUTES[slot]!));
    }
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = requests[next++]!;
        const res = await fetch(server.baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // 503 is allowed only as the documented answer of a part this deployment has not configured.
        const notConfigured = res.status === 503 && /not configured/i.test(text);
        if (res.status >= 500 && !notConfigured && failures.length < 20) failures.push(`${res.status} ${req.method} ${req.path} ${req.body?.slice(0, 200) ?? ""}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures).toEqual([]);
    expect(log.errors().slice(0, 5)).toEqual([]);
    // The fuzz reached past validation on most routes, not only into 4xx.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 20);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
  }, 120_000);
});
