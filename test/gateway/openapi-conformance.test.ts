/**
 * /openapi.json is a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator),
 * and what every route of the route table really answers — its example request, a 422, a 405,
 * 401/402 for paid routes, 403 for admin routes, 413 for bodies — is a status the document
 * declares, with a body its schema accepts (Ajv, JSON Schema 2020-12). Routes added later are
 * covered by iterating ROUTES; a required field needs an `example` or the route an `exampleInput`.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../../src/rest-compat/route-entry.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { exampleOf, urlOf as urlOfRoute } from "../helpers/route-examples.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ADMIN_KEY = "admin-key-for-openapi-tests-0123";
const BASE = "https://astro.example.test";
let server: TestServer;
let doc: any;
let funded: string;
let broke: string;

async function newKey(): Promise<{ apiKey: string; accountId: string }> {
  const res = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const b = (await res.json()) as { api_key: string; account_id: string };
  return { apiKey: b.api_key, accountId: b.account_id };
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY, PUBLIC_BASE_URL: BASE, BODY_LIMIT_KB: "8" }, appOptions: { accounts: {} } });
  doc = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
  const f = await newKey();
  funded = f.apiKey;
  const g = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: f.accountId, credits: 10_000, reason: "openapi conformance test" }),
  });
  expect(g.status).toBe(200);
  broke = (await newKey()).apiKey;
});
afterAll(async () => {
  await server?.close();
});

const urlOf = (route: RouteEntry, path: Record<string, string>, query: Record<string, string>): string =>
  urlOfRoute(server.baseUrl, route, path, query);

interface Answer { status: number; contentType: string; headers: Headers; body: unknown }

async function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const res = await fetch(url, { method: method.toUpperCase(), headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers }, body });
  const contentType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const text = await res.text();
  return { status: res.status, contentType, headers: res.headers, body: contentType === "application/json" ? JSON.parse(text) : text };
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The answer's status is declared for the operation, and its body fits the declared schema. */
function expectConforms(route: { path: string; method: string }, a: Answer, what: string): void {
  if (!ajv.getSchema("openapi")) ajv.addSchema(doc, "openapi");
  const responses = doc.paths[route.path][route.method].responses;
  expect(Object.keys(responses), `${what}: status ${a.status} declared`).toContain(String(a.status));
  const content = responses[String(a.status)].content ?? {};
  expect(Object.keys(content), `${what}: content type ${a.contentType}`).toContain(a.contentType);
  const validate = ajv.getSchema(`openapi#/${pointer("paths", route.path, route.method, "responses", String(a.status), "content", a.contentType, "schema")}`)!;
  const ok = validate(a.body);
  expect(ok ? [] : validate.errors, `${what}: ${JSON.stringify(a.body).slice(0, 300)}`).toEqual([]);
}

const authHeaders = (route: RouteEntry, key: string | undefined): Record<string, string> =>
  route.auth === "admin" ? { "x-admin-key": ADMIN_KEY } : route.auth === "api_key" && key ? { "x-api-key": key } : {};

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 (validator package)", async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("names a relative server first and PUBLIC_BASE_URL second, lists /metrics (JSON and text), and declares the credit and rate-limit headers", async () => {
    expect(doc.servers.map((s: { url: string }) => s.url)).toEqual(["/", BASE]);
    const metrics = await send("get", `${server.baseUrl}/metrics`, {});
    expect(metrics.status).toBe(200);
    expect(metrics.contentType).toBe("application/json");
    expectConforms({ path: "/metrics", method: "get" }, metrics, "GET /metrics");
    const text = await send("get", `${server.baseUrl}/metrics`, { accept: "text/plain;version=0.0.4" });
    expect(text.contentType).toBe("text/plain");
    expectConforms({ path: "/metrics", method: "get" }, text, "GET /metrics (Prometheus text)");
    const eph = doc.paths["/ephemeris"].get.responses;
    expect(Object.keys(eph["200"].headers)).toEqual(expect.arrayContaining(["X-Credits-Charged", "X-Credits-Remaining", "RateLimit-Limit"]));
    expect(Object.keys(eph["429"].headers)).toContain("Retry-After");
    expect(doc.paths["/verify"].get.responses["200"].content["text/html"]).toBeDefined();
    const grant = doc.paths["/admin/grant-credits"].post;
    expect(grant.requestBody.content["application/json"].schema.properties.credits).toMatchObject({ type: "number", exclusiveMinimum: 0 });
    expect(Object.keys(grant.responses)).toEqual(expect.arrayContaining(["403", "404", "409"]));
    expect(grant.requestBody.content["application/json"].schema.properties.account_id.type).toEqual(["string", "null"]);
  });

  it("gives every route's required fields an example to send", () => {
    expect(ROUTES.flatMap((r) => exampleOf(r).missing)).toEqual([]);
  });
});

describe("every route's real answers conform to the document", () => {
  for (const route of ROUTES) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    it(name, async () => {
      const ex = exampleOf(route);
      const url = urlOf(route, ex.path, ex.query);
      const body = ex.body !== undefined ? JSON.stringify(ex.body) : undefined;

      const real = await send(route.method, url, authHeaders(route, funded), body);
      // Never a 500; a 503 "not configured" is a declared answer of an unconfigured payment method.
      expect(real.status, `${name}: ${JSON.stringify(real.body).slice(0, 300)}`).not.toBe(500);
      expectConforms(route, real, `${name} example`);
      if (route.auth === "api_key" && real.status === 200) {
        expect(real.headers.get("x-credits-charged"), name).not.toBeNull();
        expect(real.headers.get("ratelimit-limit"), name).not.toBeNull();
      }

      // An unknown query parameter is refused on every route (422, FastAPI shape).
      const sep = url.includes("?") ? "&" : "?";
      expectConforms(route, await send(route.method, `${url}${sep}zz_unknown=1`, authHeaders(route, funded), body), `${name} 422`);

      const served = ROUTES.filter((r) => r.path === route.path).map((r) => r.method);
      const other = (["put", "patch", "delete"] as const).find((m) => !served.includes(m))!;
      const refused = await send(other, url, {});
      expect(refused.status).toBe(405);
      expectConforms(route, refused, `${name} 405`);

      if (route.input.body) {
        const big = await send(route.method, url, authHeaders(route, funded), JSON.stringify({ pad: "x".repeat(9 * 1024) }));
        expect(big.status).toBe(413);
        expectConforms(route, big, `${name} 413`);
      }
      if (route.auth === "api_key") {
        const anonymous = await send(route.method, url, {}, body);
        expect(anonymous.status).toBe(401);
        expectConforms(route, anonymous, `${name} 401`);
      }
      if (route.auth === "admin") {
        const noKey = await send(route.method, url, {}, body);
        expect(noKey.status).toBe(403);
        expectConforms(route, noKey, `${name} 403`);
      }
      if (route.auth === "api_key" && route.credits > 0) {
        // The broke key spends its free requests, then is refused with 402.
        let a = await send(route.method, url, { "x-api-key": broke }, body);
        for (let i = 0; i < 3 && a.status === 200; i++) a = await send(route.method, url, { "x-api-key": broke }, body);
        expect(a.status).toBe(402);
        expectConforms(route, a, `${name} 402`);
      }
    });
  }
});
