// The cost plugin over real HTTP on loopback: a small ApolloServer (express 5 integration) with the
// priced test schema, the rate-limit gate, the document limits and the metrics plugin, wired as
// the service wires them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApolloServer, HeaderMap } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import { createCostPlugin } from "../../src/costing/cost-plugin.js";
import { documentLimitRules, documentParseOptions } from "../../src/gates/document-limits.js";
import { RateLimiter } from "../../src/gates/rate-limit.js";
import { rateLimitGate } from "../../src/gates/rate-limit-gate.js";
import { ServiceMetrics } from "../../src/server/metrics/service-metrics.js";
import { ContractLedger } from "./contract-ledger.js";
import { buildPricedSchema, resolverCalls } from "./priced-schema.js";

interface Ctx {
  account: ({ id: string } & Record<string, unknown>) | null;
}

const ACCOUNTS: Record<string, { id: string } & Record<string, unknown>> = {
  key_free: { id: "acc_free", tier: "free", rate_limit: 100 },
  key_paid: { id: "acc_paid", tier: "paid", rate_limit: 100, free_tier_daily: 0 },
  key_slow: { id: "acc_slow", tier: "free", rate_limit: 2 },
};

let clockMs = Date.UTC(2026, 10, 22, 10, 0, 30);
const ledger = new ContractLedger();
const metrics = new ServiceMetrics();
let apollo: ApolloServer<Ctx>;
let server: http.Server;
let url: string;

beforeAll(async () => {
  const schema = await buildPricedSchema();
  apollo = new ApolloServer<Ctx>({
    schema,
    validationRules: documentLimitRules(),
    parseOptions: documentParseOptions(),
    plugins: [
      createCostPlugin<Ctx>({
        charge: ledger.charge,
        now: () => new Date(clockMs),
        beforeCharge: rateLimitGate({ limiter: new RateLimiter(), nowMs: () => clockMs }),
      }),
      metrics.apolloPlugin<Ctx>(),
    ],
  });
  await apollo.start();
  const app = express();
  app.use(
    "/graphql",
    express.json(),
    expressMiddleware(apollo, {
      context: async ({ req }) => ({ account: ACCOUNTS[String(req.headers["x-api-key"])] ?? null }),
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await apollo.stop();
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  ledger.balances.set("acc_free", 0);
  ledger.balances.set("acc_paid", 10_000);
  clockMs += 24 * 3600_000; // a new UTC day (fresh free tier) and a new rate-limit window per test
});

const B = `birth: { datetime: "2000-01-01T12:00:00+05:30", latitude: 28.6, longitude: 77.2 }`;
const KUNDALI = `{ chart(${B}) { lagna planets yogas dasha { antardashas } } }`; // 3 credits (capped)

async function post(query: string, opts: { key?: string; headers?: Record<string, string>; variables?: Record<string, unknown> } = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(opts.key ? { "x-api-key": opts.key } : {}), ...opts.headers },
    body: JSON.stringify({ query, variables: opts.variables }),
  });
  const body = (await res.json()) as { data?: any; errors: any[]; extensions?: any };
  return { status: res.status, headers: res.headers, body };
}

describe("pricing before execution", () => {
  it("a zero-priced operation needs no key and reports a zero cost", async () => {
    const res = await post(`{ health }`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ health: "ok" });
    expect(res.body.extensions.cost).toEqual({ credits: 0, price: 0, balance: null, freeRemaining: null });
    expect(res.headers.get("x-credits-charged")).toBe("0");
  });

  it("a billable operation without a key is refused with 401 saying how to get one, and nothing runs", async () => {
    const before = resolverCalls.total;
    const res = await post(KUNDALI);
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", price: 3, getKey: "POST /register" });
    expect(res.body.errors[0].message).toMatch(/costs 3 credits.*X-API-Key.*POST \/register/);
    expect(resolverCalls.total).toBe(before);
  });

  it("an unknown key is refused with 401, even for a free operation", async () => {
    const res = await post(`{ health }`, { key: "nope" });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].message).toMatch(/^Unknown API key/);
  });

  it("the daily free requests cost nothing, then credits are drawn, then 402", async () => {
    const a = await post(KUNDALI, { key: "key_free" });
    expect(a.status).toBe(200);
    expect(a.body.data.chart.lagna).toBe("Mesha");
    expect(a.body.extensions.cost).toEqual({ credits: 0, price: 3, balance: 0, freeRemaining: 1 });
    expect(a.headers.get("x-free-requests-remaining")).toBe("1");
    const b = await post(KUNDALI, { key: "key_free" });
    expect(b.body.extensions.cost.freeRemaining).toBe(0);

    const before = resolverCalls.total;
    const c = await post(KUNDALI, { key: "key_free" });
    expect(c.status).toBe(402);
    expect(c.body.data).toBeUndefined();
    const err = c.body.errors[0];
    expect(err.extensions).toMatchObject({ code: "INSUFFICIENT_CREDITS", price: 3, balance: 0, freeRemaining: 0 });
    // No purchase method configured in this plugin: the 402 says how an operator grants credits.
    expect(err.extensions.buyCredits).toEqual({ grant: "POST /admin/grant-credits (operator)" });
    expect(err.message).toMatch(/costs 3 credits, your balance is 0 credits.*sells no credits online.*POST \/admin\/grant-credits/);
    expect(c.headers.get("x-credits-charged")).toBe("0");
    expect(c.headers.get("x-credits-remaining")).toBe("0");
    expect(resolverCalls.total).toBe(before);
  });

  it("a paying account is debited the price, reported in extensions.cost and the REST headers", async () => {
    const res = await post(KUNDALI, { key: "key_paid" });
    expect(res.status).toBe(200);
    expect(res.body.extensions.cost).toEqual({ credits: 3, price: 3, balance: 7, freeRemaining: 0 });
    expect(res.headers.get("x-credits-charged")).toBe("3");
    expect(res.headers.get("x-credits-remaining")).toBe("7");
    expect(res.headers.get("x-free-requests-remaining")).toBe("0");
    expect(ledger.balances.get("acc_paid")).toBe(7000);
    const cheap = await post(`{ chart(${B}) { lagna doshas } }`, { key: "key_paid" });
    expect(cheap.body.extensions.cost).toMatchObject({ credits: 1.5, balance: 5.5 });
    expect(ledger.calls.at(-1)).toMatchObject({ accountId: "acc_paid", priceMilli: 1500, freeTierDaily: 0 });
  });

  it("a zero-priced operation with a key is counted (price 0), reports the balance and keeps the free tier", async () => {
    const res = await post(`query Ping { health }`, { key: "key_paid" });
    expect(res.status).toBe(200);
    expect(res.body.extensions.cost).toEqual({ credits: 0, price: 0, balance: 10, freeRemaining: 0 });
    expect(ledger.calls.at(-1)).toMatchObject({ accountId: "acc_paid", priceMilli: 0, endpoint: "Ping" });
    await post(`{ health }`, { key: "key_free" });
    const billable = await post(KUNDALI, { key: "key_free" });
    expect(billable.body.extensions.cost).toMatchObject({ credits: 0, freeRemaining: 1 });
    expect(ledger.calls.at(-1)!.endpoint).toBe("graphql");
  });

  it("the account's free_tier_daily reaches the ledger (default 2)", async () => {
    await post(`{ ephemeris }`, { key: "key_free" });
    expect(ledger.calls.at(-1)).toMatchObject({ accountId: "acc_free", priceMilli: 1000, freeTierDaily: 2 });
    expect(ledger.calls.at(-1)!.now.getTime()).toBe(clockMs);
  });
});

describe("dry run and the price field", () => {
  it("X-Dry-Run: price answers the price without running or charging, and needs no key", async () => {
    const before = resolverCalls.total;
    const calls = ledger.calls.length;
    const res = await post(KUNDALI, { headers: { "x-dry-run": "price" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.extensions.cost).toMatchObject({ credits: 0, price: 3, dryRun: true });
    expect(res.body.extensions.cost.breakdown.at(-1)).toEqual({ kind: "cap", path: "chart", coordinate: "Chart", credits: -2 });
    expect(resolverCalls.total).toBe(before);
    expect(ledger.calls.length).toBe(calls);
  });

  it("the price field is free and needs no key", async () => {
    const res = await post(`query($q: String!) { price(query: $q) { credits } }`, { variables: { q: KUNDALI } });
    expect(res.status).toBe(200);
    expect(res.body.data.price.credits).toBe(3);
    expect(res.body.extensions.cost.credits).toBe(0);
  });
});

describe("limits before any debit", () => {
  it("the per-key rate limit answers 429 with Retry-After and RateLimit headers, and charges nothing", async () => {
    const ok1 = await post(`{ health }`, { key: "key_slow" });
    expect(ok1.headers.get("ratelimit-limit")).toBe("2");
    expect(ok1.headers.get("ratelimit-remaining")).toBe("1");
    await post(`{ health }`, { key: "key_slow" });
    const calls = ledger.calls.length;
    const res = await post(KUNDALI, { key: "key_slow" });
    expect(res.status).toBe(429);
    expect(res.body.errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(res.headers.get("retry-after")).toBe("30"); // the clock sits 30 s into its minute
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
    expect(res.headers.get("ratelimit-reset")).toBe("30");
    expect(ledger.calls.length).toBe(calls);
  });

  it("a document over the alias limit is refused with 400 before pricing", async () => {
    const calls = ledger.calls.length;
    const q = `{ chart(${B}) { ${Array.from({ length: 31 }, (_, i) => `d${i}: varga(division: ${i})`).join(" ")} } }`;
    const res = await post(q, { key: "key_paid" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(res.body.errors[0].message).toMatch(/more than 30 aliases/);
    expect(ledger.calls.length).toBe(calls);
  });

  it("variables that do not coerce are refused with 400 before any debit", async () => {
    const calls = ledger.calls.length;
    const res = await post(`query($n: Int!) { search(maxResults: $n) { date } }`, { key: "key_paid", variables: { n: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(ledger.calls.length).toBe(calls);
  });
});

describe("in-process callers (the REST layer)", () => {
  it("executeOperation gets the cost headers and the 402 status", async () => {
    const paid = await apollo.executeOperation({ query: KUNDALI }, { contextValue: { account: ACCOUNTS.key_paid! } });
    expect(paid.http.headers.get("x-credits-charged")).toBe("3");
    expect(paid.http.headers.get("x-credits-remaining")).toBe("7");
    ledger.balances.set("acc_paid", 0);
    const broke = await apollo.executeOperation({ query: KUNDALI }, { contextValue: { account: ACCOUNTS.key_paid! } });
    expect(broke.http.status).toBe(402);
  });

  it("a dry run through executeOperation with the header in its http head", async () => {
    const res = await apollo.executeOperation(
      { query: `{ search { tithi } }`, http: { method: "POST", headers: new HeaderMap([["x-dry-run", "price"]]), search: "", body: null } },
      { contextValue: { account: null } },
    );
    expect(res.body.kind === "single" && res.body.singleResult.extensions?.cost).toMatchObject({ price: 5.5, dryRun: true });
  });
});

describe("metrics", () => {
  it("count operations and their error codes", async () => {
    await post(KUNDALI);
    const text = metrics.render();
    expect(text).toMatch(/graphql_operation_errors_total\{operation="anonymous",code="UNAUTHENTICATED"\} \d+/);
    expect(text).toMatch(/graphql_operation_errors_total\{operation="anonymous",code="INSUFFICIENT_CREDITS"\} \d+/);
    expect(text).toMatch(/credits_charged_total\{operation="anonymous"\} \d+/);
  });
});
