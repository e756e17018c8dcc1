import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** GET /metrics: Prometheus text with request counts, latencies and errors per route and operation. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ appOptions: { accounts: {} } });
});
afterAll(() => server?.close());

describe("GET /metrics", () => {
  it("counts requests, errors and latencies per route and GraphQL operation", async () => {
    await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await fetch(`${server.baseUrl}/account`); // 401
    const res = await fetch(`${server.baseUrl}/metrics`);
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

  it("needs no key and costs nothing", async () => {
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-credits-charged")).toBeNull();
  });
});
