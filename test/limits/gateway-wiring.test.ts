// The costing and limits plugins wired into the service's own HTTP app (helper C's createApp via
// startTestServer): GraphQL and REST answers carry the cost report, the rate limit and the
// document limits. The service schema has no billable field yet, so billing itself (401/402,
// debit) is tested in test/costing/cost-plugin.test.ts on a priced schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { createCostPlugin } from "../../src/costing/cost-plugin.js";
import type { GraphQLContext } from "../../src/resolvers/context.js";
import { documentLimitsGate } from "../../src/gates/document-limits.js";
import { RateLimiter } from "../../src/gates/rate-limit.js";
import { rateLimitGate } from "../../src/gates/rate-limit-gate.js";
import { ServiceMetrics } from "../../src/server/metrics/service-metrics.js";
import { ContractLedger } from "../costing/contract-ledger.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ACCOUNTS: Record<string, { id: string; tier: string; rate_limit: number }> = {
  key_slow: { id: "acc_slow", tier: "free", rate_limit: 2 },
  key_fast: { id: "acc_fast", tier: "pro", rate_limit: 1000 },
};

/** The rate-limit clock, fixed 15 s into a minute so the window cannot roll over mid-test. */
const FIXED_NOW_MS = Date.UTC(2026, 10, 22, 6, 0, 15);
const ledger = new ContractLedger();
const metrics = new ServiceMetrics();
let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({
    appOptions: {
      plugins: [
        createCostPlugin<GraphQLContext>({
          charge: ledger.charge,
          beforePricing: documentLimitsGate(),
          beforeCharge: rateLimitGate({ limiter: new RateLimiter(), nowMs: () => FIXED_NOW_MS }),
        }),
        metrics.apolloPlugin<GraphQLContext>(),
      ],
      authenticate: async (req: IncomingMessage) => ACCOUNTS[String(req.headers["x-api-key"])] ?? null,
    },
  });
});
afterAll(async () => {
  await ts?.close();
});

async function gql(query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${ts.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors: any[]; extensions?: any } };
}

describe("costing and limits in the service's app", () => {
  it("a GraphQL answer reports its cost in extensions and headers", async () => {
    const res = await gql(`{ health { status } }`);
    expect(res.status).toBe(200);
    expect(res.body.extensions.cost).toEqual({ credits: 0, price: 0, balance: null, freeRemaining: null });
    expect(res.headers.get("x-credits-charged")).toBe("0");
  });

  it("an unknown key on /graphql is refused with 401", async () => {
    const res = await gql(`{ health { status } }`, { "x-api-key": "vas_nope" });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].message).toMatch(/Unknown API key/);
  });

  it("a dry run on /graphql prices without running", async () => {
    const res = await gql(`{ health { status } }`, { "x-dry-run": "price" });
    expect(res.body.data).toBeUndefined();
    expect(res.body.extensions.cost).toMatchObject({ price: 0, dryRun: true });
  });

  it("REST calls get the cost headers, the RateLimit headers, and a 429 {detail} past the key's limit", async () => {
    const get = () => fetch(`${ts.baseUrl}/health`, { headers: { "x-api-key": "key_slow" } });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-credits-charged")).toBe("0");
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    await get();
    const third = await get();
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("45");
    expect(await third.json()).toEqual({ detail: expect.stringMatching(/^Rate limit exceeded: 2 requests per minute/) });
  });

  it("GraphQL documents over the depth or alias limits are refused with 400", async () => {
    const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `h${i}: health { status }`).join(" ")} }`;
    const res = await gql(aliases, { "x-api-key": "key_fast" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(res.body.errors[0].message).toMatch(/more than 30 aliases/);
  });

  it("operations through the app are counted in the metrics", async () => {
    await gql(`query Probe { health { status } }`);
    expect(metrics.render()).toMatch(/graphql_operations_total\{operation="Probe",type="query",outcome="ok"\} 1/);
    expect(metrics.render()).toMatch(/graphql_operations_total\{operation="Health",type="query",outcome="ok"\} \d+/);
  });
});
