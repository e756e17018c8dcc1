import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insideOneMinute } from "../helpers/clock-minute.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** Issue 22 item 8: the GraphiQL page (GET /graphql, Accept text/html) is keyless work, counted by KEYLESS_RATE_LIMIT. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { KEYLESS_RATE_LIMIT: "3" }, appOptions: { accounts: {} } });
});
afterAll(() => server?.close());

describe("GraphiQL page", () => {
  it("three pages a minute from one address, then 429 with Retry-After", async () => {
    const page = () => fetch(`${server.baseUrl}/graphql`, { headers: { accept: "text/html" } });
    // The four pages and the API call must share one clock minute (a new minute starts a new count).
    await insideOneMinute();
    for (let i = 0; i < 3; i++) {
      const res = await page();
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      await res.arrayBuffer();
    }
    const refused = await page();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // /graphql API calls share the same count.
    const api = await fetch(`${server.baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"query":"{ __typename }"}' });
    expect(api.status).toBe(429);
  });
});
