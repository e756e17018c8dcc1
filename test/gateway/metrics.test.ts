import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * GET /metrics: request counts, latencies and errors per route and operation — JSON by default
 * (the spec), Prometheus text when the client asks for text/plain or OpenMetrics.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ appOptions: { accounts: {} } });
});
afterAll(() => server?.close());

describe("GET /metrics", () => {
  it("counts requests, errors and latencies per route and GraphQL operation", async () => {
    await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await fetch(`${server.baseUrl}/account`); // 401
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { accept: "text/plain" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/register",status="200"\} 1$/m);
    expect(text).toMatch(/^http_request_errors_total\{method="GET",route="\/account",class="4xx"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{method="POST",route="\/register",le="\+Inf"\} 1$/m);
    expect(text).toMatch(/^graphql_operations_total\{operation="Register",type="mutation",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^# TYPE graphql_operation_duration_seconds histogram$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("answers JSON by default and for Accept: application/json: request counts, latencies, error rates, cache stats", async () => {
    for (const accept of [undefined, "application/json", "*/*", "text/html,application/xhtml+xml,*/*;q=0.8"]) {
      const res = await fetch(`${server.baseUrl}/metrics`, accept ? { headers: { accept } } : {});
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers.get("content-type"), String(accept)).toMatch(/^application\/json/);
      expect(res.headers.get("vary")).toMatch(/accept/i);
      const body = (await res.json()) as any;
      const register = body.requests.by_route.find((r: any) => r.method === "POST" && r.route === "/register");
      expect(register).toMatchObject({ requests: 1, errors: 0, error_rate: 0, by_status: { "200": 1 } });
      expect(register.latency_seconds.mean).toBeGreaterThan(0);
      expect(register.latency_seconds.p50).toBeGreaterThan(0);
      const account = body.requests.by_route.find((r: any) => r.method === "GET" && r.route === "/account");
      expect(account).toMatchObject({ requests: 1, errors: 1, error_rate: 1 });
      expect(body.requests.total).toBeGreaterThanOrEqual(2);
      expect(body.operations.find((o: any) => o.operation === "Register")).toMatchObject({ type: "mutation", count: 1, errors: 0 });
      expect(body.caches.lunisolar_chunks).toMatchObject({ hits: expect.any(Number), misses: expect.any(Number) });
      expect(body.uptime_seconds).toBeGreaterThan(0);
    }
  });

  it("answers Prometheus text to Prometheus' own Accept (OpenMetrics first, text/plain as fallback)", async () => {
    const accept = "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { accept } });
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toMatch(/^# TYPE http_requests_total counter$/m);
  });

  it("needs no key and costs nothing", async () => {
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-credits-charged")).toBeNull();
  });
});
