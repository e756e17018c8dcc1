import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** CORS (src/server/cors.ts) over HTTP; the real-browser check is in test/discovery/landing-browser.test.ts. */
let any: TestServer;
let listed: TestServer;
beforeAll(async () => {
  any = await startTestServer();
  listed = await startTestServer({ env: { CORS_ORIGINS: "https://app.example.com, http://localhost:5173" } });
}, 60_000);
afterAll(async () => {
  await any?.close();
  await listed?.close();
});

const preflight = (base: string, origin: string, headers = "content-type, x-api-key, idempotency-key, x-dry-run") =>
  fetch(`${base}/graphql`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": headers },
  });

describe("CORS", () => {
  it("by default any origin: preflights answered 204, the key headers allowed, cached for two hours", async () => {
    const res = await preflight(any.baseUrl, "https://someone.example");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const h of ["content-type", "x-api-key", "idempotency-key", "x-dry-run"]) expect(allowed).toContain(h);
    expect(res.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(res.headers.get("access-control-max-age")).toBe("7200");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("answers carry the origin and expose the credit and rate-limit headers; no Origin, no CORS headers", async () => {
    const res = await fetch(`${any.baseUrl}/health`, { headers: { origin: "https://someone.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = res.headers.get("access-control-expose-headers") ?? "";
    for (const h of ["X-Credits-Charged", "X-Credits-Remaining", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) expect(exposed).toContain(h);
    const plain = await fetch(`${any.baseUrl}/health`);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("CORS_ORIGINS narrows it to a list: a listed origin is echoed (Vary: Origin), another gets nothing", async () => {
    const ok = await preflight(listed.baseUrl, "http://localhost:5173");
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(ok.headers.get("vary")).toMatch(/Origin/);
    const other = await preflight(listed.baseUrl, "https://evil.example");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const get = await fetch(`${listed.baseUrl}/health`, { headers: { origin: "https://app.example.com" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
  });

  it("a wrong CORS_ORIGINS stops the service with one line naming the variable", () => {
    expect(() => loadConfig({ CORS_ORIGINS: "app.example.com" })).toThrow(/^CORS_ORIGINS must be/);
    expect(() => loadConfig({ CORS_ORIGINS: "https://app.example.com/path" })).toThrow(/CORS_ORIGINS/);
  });
});
