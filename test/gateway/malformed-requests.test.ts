import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateTimeProblem } from "../../src/resolvers/common/moment.js";
import type { RouteEntry } from "../../src/rest-compat/route-entry.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** A body-taking route (the spec's "Std body"), added to the real table to exercise body validation over HTTP. */
const STD_BODY_ROUTE: RouteEntry = {
  method: "post", path: "/test/std-body", operationId: "testStdBody", summary: "test", tags: ["test"], credits: 0, auth: "none",
  input: {
    body: {
      datetime: { type: "string", required: true, check: dateTimeProblem },
      latitude: { type: "number", required: true, min: -90, max: 90 },
      longitude: { type: "number", required: true, min: -180, max: 180 },
      days: { type: "integer", min: 1, max: 31, default: 7 },
      charts: { type: "array", items: { type: "string", enum: ["D1", "D9"] }, min: 1 },
    },
  },
  document: "query { health { version } }",
  variables: () => ({}),
  result: (_data, input) => ({ body: input.body }),
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { BODY_LIMIT_KB: "16" }, appOptions: { routes: [...ROUTES, STD_BODY_ROUTE] } });
});
afterAll(async () => {
  await server?.close();
});

interface Case {
  readonly name: string;
  readonly path: string;
  readonly init?: RequestInit;
  readonly status: number;
  /** For 422: the expected first error's type and loc. */
  readonly type?: string;
  readonly loc?: readonly (string | number)[];
}

const gql = (body: string, headers: Record<string, string> = { "content-type": "application/json" }): RequestInit => ({
  method: "POST", headers, body,
});
const q = (query: string, variables?: unknown) => gql(JSON.stringify({ query, variables }));
const CHART = "query ($b: BirthInput!) { chart(birth: $b) { ascendant { longitude } } }";
const birth = (over: Record<string, unknown>) => ({ b: { datetime: "2000-01-01T12:00:00Z", latitude: 10, longitude: 10, ...over } });

const REST: Case[] = [
  { name: "missing date", path: "/ephemeris", status: 422, type: "missing", loc: ["query", "date"] },
  { name: "empty date", path: "/ephemeris?date=", status: 422, type: "string_too_short", loc: ["query", "date"] },
  { name: "garbage date", path: "/ephemeris?date=yesterday", status: 422, type: "value_error", loc: ["query", "date"] },
  { name: "offset-less datetime", path: "/ephemeris?date=2024-01-15T10:30:00", status: 422, type: "value_error", loc: ["query", "date"] },
  { name: "impossible date", path: "/ephemeris?date=2024-02-30", status: 422, type: "value_error", loc: ["query", "date"] },
  { name: "month 13", path: "/ephemeris?date=2024-13-01", status: 422, type: "value_error", loc: ["query", "date"] },
  { name: "hour 25", path: "/ephemeris?date=2024-01-01T25:00:00Z", status: 422, type: "value_error", loc: ["query", "date"] },
  { name: "offset out of range", path: "/ephemeris?date=2024-01-01T10:00:00%2B19:00", status: 422, type: "value_error", loc: ["query", "date"] },
  { name: "unknown planet", path: "/ephemeris?date=2024-01-01&planets=pluto", status: 422, type: "value_error", loc: ["query", "planets"] },
  { name: "unknown ayanamsha", path: "/ephemeris?date=2024-01-01&ayanamsha=fagan", status: 422, type: "enum", loc: ["query", "ayanamsha"] },
  { name: "unknown node", path: "/ephemeris?date=2024-01-01&node=osculating", status: 422, type: "enum", loc: ["query", "node"] },
  { name: "unknown query field", path: "/ephemeris?date=2024-01-01&latitude=91", status: 422, type: "extra_forbidden", loc: ["query", "latitude"] },
  { name: "second unknown query field", path: "/ephemeris?date=2024-01-01&foo=bar", status: 422, type: "extra_forbidden", loc: ["query", "foo"] },
  { name: "unknown field on /health", path: "/health?verbose=1", status: 422, type: "extra_forbidden", loc: ["query", "verbose"] },
  { name: "unknown path", path: "/no-such-endpoint", status: 404 },
  { name: "unknown nested path", path: "/ephemeris/sun", status: 404 },
  { name: "wrong method", path: "/ephemeris?date=2024-01-01", init: { method: "POST", body: "{}", headers: { "content-type": "application/json" } }, status: 405 },
  { name: "DELETE /health", path: "/health", init: { method: "DELETE" }, status: 405 },
  { name: "bad percent-encoding", path: "/ephemeris?date=%E0%A4%A", status: 422 },
];

const post = (body: string): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body });
const std = (over: Record<string, unknown>) => post(JSON.stringify({ datetime: "2000-01-01T12:00:00+05:30", latitude: 10, longitude: 10, ...over }));
const BODY: Case[] = [
  { name: "body lat 91", path: "/test/std-body", init: std({ latitude: 91 }), status: 422, type: "less_than_equal", loc: ["body", "latitude"] },
  { name: "body lon -181", path: "/test/std-body", init: std({ longitude: -181 }), status: 422, type: "greater_than_equal", loc: ["body", "longitude"] },
  { name: "body lat 'abc'", path: "/test/std-body", init: std({ latitude: "abc" }), status: 422, type: "float_parsing", loc: ["body", "latitude"] },
  { name: "body lat true", path: "/test/std-body", init: std({ latitude: true }), status: 422, type: "float_type", loc: ["body", "latitude"] },
  { name: "body days 2.5", path: "/test/std-body", init: std({ days: 2.5 }), status: 422, type: "int_from_float", loc: ["body", "days"] },
  { name: "body days 'x'", path: "/test/std-body", init: std({ days: "x" }), status: 422, type: "int_parsing", loc: ["body", "days"] },
  { name: "body offset-less datetime", path: "/test/std-body", init: std({ datetime: "2000-01-01T12:00:00" }), status: 422, type: "value_error", loc: ["body", "datetime"] },
  { name: "body datetime number", path: "/test/std-body", init: std({ datetime: 5 }), status: 422, type: "string_type", loc: ["body", "datetime"] },
  { name: "body bad list item", path: "/test/std-body", init: std({ charts: ["D1", "D60"] }), status: 422, type: "enum", loc: ["body", "charts", 1] },
  { name: "body empty list", path: "/test/std-body", init: std({ charts: [] }), status: 422, type: "too_short", loc: ["body", "charts"] },
  { name: "body missing field", path: "/test/std-body", init: post(JSON.stringify({ datetime: "2000-01-01T00:00:00Z", latitude: 1 })), status: 422, type: "missing", loc: ["body", "longitude"] },
  { name: "body not an object", path: "/test/std-body", init: post("[1, 2]"), status: 422, type: "model_attributes_type", loc: ["body"] },
  { name: "no body", path: "/test/std-body", init: { method: "POST" }, status: 422, type: "missing", loc: ["body"] },
  { name: "malformed JSON body", path: "/test/std-body", init: post('{"latitude": 1,}'), status: 422, type: "json_invalid" },
  { name: "huge JSON body", path: "/test/std-body", init: std({ pad: "x".repeat(40_000) }), status: 413 },
];

const GRAPHQL: Case[] = [
  { name: "malformed JSON", path: "/graphql", init: gql("{\"query\": "), status: 400 },
  { name: "huge body", path: "/graphql", init: q(`{ health { version } } # ${"x".repeat(40_000)}`), status: 413 },
  { name: "no query", path: "/graphql", init: gql("{}"), status: 400 },
  { name: "query not a string", path: "/graphql", init: gql("{\"query\": 5}"), status: 400 },
  { name: "syntax error", path: "/graphql", init: q("{ ephemeris("), status: 400 },
  { name: "unknown field", path: "/graphql", init: q("{ horoscope { text } }"), status: 400 },
  { name: "missing required argument", path: "/graphql", init: q("{ ephemeris { datetime } }"), status: 400 },
  { name: "literal unknown enum", path: "/graphql", init: q('{ ephemeris(datetime: "2024-01-01", planets: [PLUTO]) { datetime } }'), status: 400 },
  { name: "latitude 91", path: "/graphql", init: q(CHART, birth({ latitude: 91 })), status: 200 },
  { name: "longitude -181", path: "/graphql", init: q(CHART, birth({ longitude: -181 })), status: 200 },
  { name: "latitude 'abc'", path: "/graphql", init: q(CHART, birth({ latitude: "abc" })), status: 400 },
  { name: "offset-less birth datetime", path: "/graphql", init: q(CHART, birth({ datetime: "2000-01-01T12:00:00" })), status: 200 },
  // longitude is optional in the schema since a `place` can stand for the coordinates: the resolver's
  // check refuses it (BAD_USER_INPUT naming birth.longitude) in a 200 GraphQL answer with errors.
  { name: "missing birth field", path: "/graphql", init: q(CHART, { b: { datetime: "2000-01-01T12:00:00Z", latitude: 1 } }), status: 200 },
  { name: "text/plain GET without preflight (CSRF guard)", path: "/graphql?query=%7Bhealth%7Bversion%7D%7D", init: { headers: { accept: "application/json" } }, status: 400 },
  { name: "PUT /graphql", path: "/graphql", init: { method: "PUT", body: "{}", headers: { "content-type": "application/json" } }, status: 405 },
];

describe("a batch of malformed requests", () => {
  it(`has at least 30 cases (${REST.length + BODY.length + GRAPHQL.length})`, () => {
    expect(REST.length + BODY.length + GRAPHQL.length).toBeGreaterThanOrEqual(30);
  });

  it("a valid body passes with defaults filled", async () => {
    const res = await fetch(server.baseUrl + "/test/std-body", std({ latitude: "12.5" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ datetime: "2000-01-01T12:00:00+05:30", latitude: 12.5, longitude: 10, days: 7 });
  });

  it("every problem of a request is reported, not just the first (an unknown body field is none)", async () => {
    const res = await fetch(server.baseUrl + "/test/std-body", std({ latitude: 91, longitude: "x", extra: 1 }));
    const body = (await res.json()) as any;
    expect(body.detail.map((d: any) => d.loc.join("."))).toEqual(["body.latitude", "body.longitude"]);
  });

  it("unknown body fields are ignored, as FastAPI does, and named in X-Ignored-Fields", async () => {
    const res = await fetch(server.baseUrl + "/test/std-body", std({ ayanamsa: "lahiri", foo: { bar: 1 } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ignored-fields")).toBe("ayanamsa, foo");
    expect(await res.json()).toEqual({ datetime: "2000-01-01T12:00:00+05:30", latitude: 10, longitude: 10, days: 7 });
    const clean = await fetch(server.baseUrl + "/test/std-body", std({}));
    expect(clean.headers.get("x-ignored-fields")).toBeNull();
  });

  it.each([...REST, ...BODY])("REST $name → $status in FastAPI's shape", async (c) => {
    const res = await fetch(server.baseUrl + c.path, c.init);
    expect(res.status).toBe(c.status);
    const body = (await res.json()) as any;
    if (c.status === 422) {
      expect(Array.isArray(body.detail)).toBe(true);
      expect(body.detail.length).toBeGreaterThan(0);
      for (const item of body.detail) {
        expect(Object.keys(item)).toEqual(expect.arrayContaining(["type", "loc", "msg", "input"]));
        expect(typeof item.msg).toBe("string");
      }
      if (c.type) expect(body.detail[0].type).toBe(c.type);
      if (c.loc) expect(body.detail[0].loc).toEqual(c.loc);
    } else {
      expect(typeof body.detail).toBe("string");
      if (c.status === 404) expect(body).toEqual({ detail: "Not Found" });
      if (c.status === 405) expect(res.headers.get("allow")).toMatch(/GET/);
    }
  });

  it.each(GRAPHQL)("GraphQL $name → $status with errors and no 500", async (c) => {
    const res = await fetch(server.baseUrl + c.path, c.init);
    expect(res.status).toBe(c.status);
    if (c.status === 405) return;
    const body = (await res.json()) as any;
    expect(Array.isArray(body.errors)).toBe(true);
    expect(body.errors.length).toBeGreaterThan(0);
    for (const e of body.errors) {
      expect(e.extensions?.code).not.toBe("INTERNAL_SERVER_ERROR");
      expect(e.extensions?.stacktrace).toBeUndefined();
    }
    if (c.status === 200) expect(body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });

});
