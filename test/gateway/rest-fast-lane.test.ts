/**
 * The REST fast lane (src/rest-compat/fast-lane.ts): which requests it takes and which it leaves
 * to express, and — the point — that a service with the lane answers every request exactly as
 * the same service without it (REST_FAST_LANE=false): status, body and headers, charges included.
 */
import "reflect-metadata";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileRouteTable, createFastLane } from "../../src/rest-compat/fast-lane.js";
import type { RouteEntry } from "../../src/rest-compat/route-entry.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { MCP_PATH } from "../../src/server/discovery/discovery-docs.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";
import { insideOneMinute } from "../helpers/clock-minute.js";

const route = (method: RouteEntry["method"], path: string, extra: Partial<RouteEntry> = {}): RouteEntry =>
  ({ method, path, input: {}, ...extra }) as unknown as RouteEntry;

describe("the lane's route table", () => {
  const a = route("get", "/items/{id}");
  const b = route("get", "/items/special");
  const c = route("post", "/things", { input: { body: {} } } as Partial<RouteEntry>);
  const raw = route("post", "/hook", { rawBody: true } as Partial<RouteEntry>);
  const early = route("get", "/z/fixed");
  const later = route("get", "/z/{v}");
  const match = compileRouteTable([a, b, c, raw, early, later]);

  it("matches exact and parameterised paths, with or without one trailing slash, case-sensitively", () => {
    expect(match("POST", "/things")?.route).toBe(c);
    expect(match("POST", "/things/")?.route).toBe(c);
    expect(match("POST", "/Things")).toBeNull();
    expect(match("GET", "/things")).toBeNull();
    expect(match("GET", "/items/42")).toEqual({ route: a, params: { id: "42" } });
    expect(match("GET", "/items/a%20b")).toEqual({ route: a, params: { id: "a b" } });
    expect(match("GET", "/items/")).toBeNull();
    expect(match("GET", "/items/1/2")).toBeNull();
  });

  it("keeps express's order: an earlier parameterised route wins over a later exact one, an earlier exact one over a later parameter", () => {
    expect(match("GET", "/items/special")?.route).toBe(a);
    expect(match("GET", "/z/fixed")?.route).toBe(early);
    expect(match("GET", "/z/other")?.route).toBe(later);
  });

  it("leaves raw-body routes and undecodable parameters to express", () => {
    expect(match("POST", "/hook")).toBeNull();
    expect(match("GET", "/items/%E0%A4")).toBeUndefined();
  });

  it("no route of the table shares a path with the app's own pages, which express serves first", () => {
    const own = ["/", "/docs", "/metrics", "/openapi.json", "/graphql", MCP_PATH];
    expect(ROUTES.filter((r) => own.includes(r.path)).map((r) => r.path)).toEqual([]);
  });
});

describe("what the lane takes and what it leaves to express", () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];
  const panchanga = ROUTES.find((r) => r.method === "post" && r.path === "/panchanga")!;

  beforeAll(async () => {
    const lane = createFastLane({
      routes: ROUTES,
      handle: async (r, ex) => {
        seen.push(`lane ${r.path}`);
        ex.json(200, { body: ex.body ?? null, query: { ...ex.query }, params: ex.params, ip: (ex.req as { ip?: string }).ip });
      },
      fallback: (req, res) => {
        seen.push(`express ${req.method} ${req.url}`);
        req.resume();
        res.statusCode = 299;
        res.end();
      },
      bodyLimitBytes: 1024,
      trust: (_addr, hop) => hop < 1,
      parseQuery: (s) => Object.fromEntries(new URLSearchParams(s)),
      onFinish: () => undefined,
      onError: (err, _req, res) => {
        res.statusCode = 400;
        res.end(String((err as { type?: string }).type));
      },
    });
    server = http.createServer(lane);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(panchanga.input.body).toBeDefined();
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const send = async (method: string, path: string, headers: Record<string, string> = {}, body?: string) => {
    seen.length = 0;
    const res = await fetch(base + path, { method, headers, body });
    return { status: res.status, text: await res.text(), by: seen[0] ?? "" };
  };

  it("takes a JSON POST, a GET with a query and a parameterised GET; reads the body, the query and the client address as express does", async () => {
    const post = await send("POST", "/panchanga", { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" }, "\uFEFF{\"a\":1}");
    expect(post.by).toBe("lane /panchanga");
    // One trusted hop: the address X-Forwarded-For names.
    expect(JSON.parse(post.text)).toEqual({ body: { a: 1 }, query: {}, params: {}, ip: "203.0.113.9" });
    const get = await send("GET", "/festivals/2025?tz=Asia%2FKolkata&latitude=1");
    expect(get.by).toBe("lane /festivals/{year}");
    expect(JSON.parse(get.text)).toMatchObject({ query: { tz: "Asia/Kolkata", latitude: "1" }, params: { year: "2025" } });
    const empty = await send("POST", "/panchanga", {}, "");
    expect(JSON.parse(empty.text).body).toBeNull();
  });

  it("a malformed JSON body is the handler-less error express's body-parser would raise", async () => {
    const bad = await send("POST", "/panchanga", { "content-type": "application/json" }, "{\"a\":");
    expect(bad).toMatchObject({ status: 400, text: "entity.parse.failed" });
  });

  it.each([
    ["HEAD", "/festivals/2025", {}, undefined],
    ["PUT", "/panchanga", { "content-type": "application/json" }, "{}"],
    ["GET", "/no-such-route", {}, undefined],
    ["POST", "/panchanga", { accept: "text/html,application/xhtml+xml" }, "{}"],
    ["POST", "/panchanga", { "content-type": "application/json; charset=latin1" }, "{}"],
    ["POST", "/panchanga", { "content-encoding": "gzip" }, "{}"],
    ["POST", "/panchanga", { "content-type": "application/json" }, "x".repeat(2000)],
    ["POST", "/panchanga", { "x-internal-client-address": "token 198.51.100.1" }, "{}"],
    ["POST", "/webhook/merchant_a", { "content-type": "application/json" }, "{}"],
    ["GET", "/festivals/%E0%A4", {}, undefined],
  ] as const)("leaves %s %s (%j) to express", async (method, path, headers, body) => {
    const r = await send(method, path, headers, body);
    expect(r.by).toMatch(/^express /);
    expect(r.status).toBe(299);
  });
});

describe("a service with the lane answers as the same service without it", () => {
  let lane: TestServer;
  let plain: TestServer;
  const keys = new Map<TestServer, string>();

  beforeAll(async () => {
    const env = { ADMIN_KEY: "admin-key-123-0123456789abcdefgh" };
    [lane, plain] = await Promise.all([
      startTestServer({ env: { ...env, REST_FAST_LANE: "true" }, appOptions: { accounts: {} } }),
      startTestServer({ env: { ...env, REST_FAST_LANE: "false" }, appOptions: { accounts: {} } }),
    ]);
    for (const s of [lane, plain]) {
      const reg = await postJson(s.baseUrl, "/register", {});
      keys.set(s, reg.body.api_key);
      const grant = await postJson(s.baseUrl, "/admin/grant-credits", { account_id: reg.body.account_id, credits: 20, reason: "lane test" },
        { "x-admin-key": "admin-key-123-0123456789abcdefgh" });
      expect(grant.status).toBe(200);
    }
  });
  afterAll(async () => {
    await Promise.all([lane?.close(), plain?.close()]);
  });

  const BODY = JSON.stringify({ datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6139, longitude: 77.209 });
  const json = { "content-type": "application/json" };
  const HEADERS = ["content-type", "content-length", "allow", "location", "x-credits-charged", "x-credits-remaining", "x-free-requests-remaining", "ratelimit-limit", "ratelimit-remaining"];

  // [what, method, path, headers (KEY = this server's key), body]
  const CASES: ReadonlyArray<readonly [string, string, string, Record<string, string>, string | undefined]> = [
    ["a paid POST", "POST", "/panchanga", { ...json, "x-api-key": "KEY" }, BODY],
    ["a BOM before the JSON", "POST", "/panchanga", { ...json, "x-api-key": "KEY" }, `\uFEFF${BODY}`],
    ["charset=utf-8 named", "POST", "/panchanga", { "content-type": "application/json; charset=UTF-8", "x-api-key": "KEY" }, BODY],
    ["a trailing slash", "POST", "/panchanga/", { ...json, "x-api-key": "KEY" }, BODY],
    ["malformed JSON", "POST", "/panchanga", { ...json, "x-api-key": "KEY" }, "{\"datetime\": "],
    ["an empty body", "POST", "/panchanga", { ...json, "x-api-key": "KEY" }, ""],
    ["a JSON array", "POST", "/panchanga", { ...json, "x-api-key": "KEY" }, "[1,2]"],
    ["a latitude out of range", "POST", "/panchanga", { ...json, "x-api-key": "KEY" }, BODY.replace("28.6139", "200")],
    ["no key", "POST", "/panchanga", json, BODY],
    ["an unknown key", "POST", "/panchanga", { ...json, "x-api-key": "vas_nope" }, BODY],
    ["a dry run without a key", "POST", "/panchanga", { ...json, "x-dry-run": "price" }, BODY],
    ["a GET with a query", "GET", "/panchanga?date=2024-03-01&latitude=19.076&longitude=72.8777&tz=Asia%2FKolkata", { "x-api-key": "KEY" }, undefined],
    ["a GET with a bad query", "GET", "/panchanga?date=2024-13-01&latitude=19.076&longitude=72.8777", { "x-api-key": "KEY" }, undefined],
    ["a path parameter", "GET", "/festivals/2024/3?latitude=28.6139&longitude=77.209&tz=Asia%2FKolkata", { "x-api-key": "KEY" }, undefined],
    ["a bad path parameter", "GET", "/festivals/abc", { "x-api-key": "KEY" }, undefined],
    ["another account's webhook", "DELETE", "/webhooks/00000000-0000-4000-8000-000000000000", { "x-api-key": "KEY" }, undefined],
    ["an admin route without the admin key", "GET", "/admin/stats", {}, undefined],
    ["an admin route with it", "POST", "/admin/grant-credits", { ...json, "x-admin-key": "admin-key-123-0123456789abcdefgh" }, "{\"account_id\": \"nobody\", \"credits\": 1}"],
    ["a browser", "POST", "/panchanga", { ...json, accept: "text/html", "x-api-key": "KEY" }, BODY],
    ["HEAD", "HEAD", "/festivals/2024?latitude=28.6&longitude=77.2", { "x-api-key": "KEY" }, undefined],
    ["a method the path lacks", "PUT", "/panchanga", json, "{}"],
    ["an unknown path", "POST", "/panchangam", json, BODY],
  ];

  // What each case is about: the answers must not merely agree, they must be the intended ones.
  const EXPECTED_STATUS: Record<string, number> = {
    "a paid POST": 200, "a BOM before the JSON": 200, "charset=utf-8 named": 200, "a trailing slash": 200, "malformed JSON": 422,
    "an empty body": 422, "a JSON array": 422, "a latitude out of range": 422, "no key": 401, "an unknown key": 401,
    "a dry run without a key": 200, "a GET with a query": 200, "a GET with a bad query": 422, "a path parameter": 200,
    "a bad path parameter": 422, "another account's webhook": 404, "an admin route without the admin key": 403,
    "an admin route with it": 422, "a browser": 200, "HEAD": 200, "a method the path lacks": 405, "an unknown path": 404,
  };

  it.each(CASES)("%s: same status, body and headers", async (_what, method, path, headers, body) => {
    // The rate window is a clock minute: both requests of a pair must fall in one, or RateLimit-Remaining
    // differs from here on (every earlier pair shared its minute too, so the two counts stay equal).
    await insideOneMinute(3);
    const answers = [];
    for (const s of [lane, plain]) {
      const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === "KEY" ? keys.get(s)! : v]));
      const res = await fetch(s.baseUrl + path, { method, headers: h, body, redirect: "manual" });
      const text = await res.text();
      answers.push({ status: res.status, text, headers: Object.fromEntries(HEADERS.map((n) => [n, res.headers.get(n)])) });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(EXPECTED_STATUS[_what]);
  });
});
