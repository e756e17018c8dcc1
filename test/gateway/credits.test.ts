import { createClient } from "graphql-ws";
import { sql } from "kysely";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { itRaces } from "../helpers/race.js";

/**
 * Credits through the real server (docs/architecture.md §5, §7): free tier, 402 before anything runs, atomic
 * debit under concurrency, the REST headers and extensions.cost, the free dry-run price. Runs on
 * PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
const ADMIN_KEY = "admin-key-for-credit-tests-01234";
let server: TestServer;
let nowMs = Date.parse("2026-05-10T12:00:30Z");

beforeAll(async () => {
  server = await startTestServer({
    env: { ADMIN_KEY },
    appOptions: { accounts: { clock: () => new Date(nowMs) } },
  });
});
afterAll(() => server?.close());

async function newKey(): Promise<{ apiKey: string; accountId: string }> {
  const res = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const body = (await res.json()) as { api_key: string; account_id: string };
  return { apiKey: body.api_key, accountId: body.account_id };
}

async function grant(accountId: string, credits: number, proof?: string) {
  const res = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: accountId, credits, reason: "test credits", ...(proof ? { payment_proof: proof } : {}) }),
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ new_balance: number }>;
}

const ephemeris = (apiKey: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/ephemeris?date=2024-01-15T10:30:00%2B05:30&planets=sun`, { headers: { "x-api-key": apiKey, ...headers } });

async function balanceOf(apiKey: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { balance: number }).balance;
}

async function ledgerOf(accountId: string): Promise<{ rows: number; sumMilli: number }> {
  const r = await sql<{ n: number; s: number }>`
    select count(*)::int as n, coalesce(sum(delta_milli), 0)::bigint as s from ledger where account_id = ${accountId} and delta_milli <> 0`.execute(server.database.db);
  return { rows: Number(r.rows[0]!.n), sumMilli: Number(r.rows[0]!.s) };
}

describe("free tier and 402", () => {
  it("two billable requests a day are free, the third is 402 with price, balance and how to buy; nothing runs or is charged", async () => {
    const { apiKey, accountId } = await newKey();
    for (const left of [1, 0]) {
      const res = await ephemeris(apiKey);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-credits-charged")).toBe("0");
      expect(res.headers.get("x-free-requests-remaining")).toBe(String(left));
      expect(res.headers.get("x-credits-remaining")).toBe("0");
    }
    const ledgerBefore = await ledgerOf(accountId);
    const refused = await ephemeris(apiKey);
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["detail"]);
    expect(body.detail).toMatch(/costs 1 credit, /);
    expect(body.detail).toMatch(/balance is 0 credits/);
    // This deployment configures no payment adapter: the 402 names none and says how credits are granted.
    expect(body.detail).toMatch(/sells no credits online.*POST \S*\/admin\/grant-credits/);
    expect(body.detail).not.toMatch(/checkout/);
    expect(body).not.toHaveProperty("planets");
    expect(await ledgerOf(accountId)).toEqual(ledgerBefore);
    expect(await balanceOf(apiKey)).toBe(0);
  });

  it("the free tier starts again after UTC midnight (injected clock)", async () => {
    nowMs = Date.parse("2026-05-10T23:59:40Z");
    const { apiKey } = await newKey();
    expect((await ephemeris(apiKey)).status).toBe(200);
    expect((await ephemeris(apiKey)).status).toBe(200);
    expect((await ephemeris(apiKey)).status).toBe(402);
    nowMs = Date.parse("2026-05-11T00:00:05Z");
    const res = await ephemeris(apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-free-requests-remaining")).toBe("1");
    nowMs = Date.parse("2026-05-11T12:00:30Z");
  });

  it("with credits, a billable request is debited exactly and reported in the headers", async () => {
    const { apiKey, accountId } = await newKey();
    await ephemeris(apiKey);
    await ephemeris(apiKey);
    await grant(accountId, 2.5);
    const res = await ephemeris(apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-credits-charged")).toBe("1");
    expect(res.headers.get("x-credits-remaining")).toBe("1.5");
    expect(res.headers.get("x-free-requests-remaining")).toBe("0");
    expect(await balanceOf(apiKey)).toBe(1.5);
  });
});

describe("concurrency", () => {
  itRaces("balance N, 10×N concurrent billable calls: exactly N succeed, the balance ends at 0 and the ledger sums to it", async () => {
    const N = 5;
    nowMs += 60_000; // a fresh rate-limit minute
    const { apiKey, accountId } = await newKey();
    expect((await ephemeris(apiKey)).status).toBe(200);
    expect((await ephemeris(apiKey)).status).toBe(200); // free tier used up
    await grant(accountId, N);
    const statuses = await Promise.all(Array.from({ length: 10 * N }, async () => (await ephemeris(apiKey)).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(N);
    expect(statuses.filter((s) => s === 402)).toHaveLength(9 * N);
    expect(await balanceOf(apiKey)).toBe(0);
    const ledger = await ledgerOf(accountId);
    expect(ledger.sumMilli).toBe(0);
    expect(ledger.rows).toBe(1 + N);
  });
});

describe("dry run and extensions.cost", () => {
  it("X-Dry-Run: price answers the price without running or charging", async () => {
    const { apiKey, accountId } = await newKey();
    const before = await ledgerOf(accountId);
    const res = await ephemeris(apiKey, { "x-dry-run": "price" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { dry_run: boolean; price: number };
    expect(body).toMatchObject({ dry_run: true, price: 1 });
    const after = await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": apiKey } });
    // Only this /account call itself is counted: the dry run was not.
    expect(((await after.json()) as { usage_today: number }).usage_today).toBe(1);
    expect(await ledgerOf(accountId)).toEqual(before);
  });

  it("a dry run needs no key", async () => {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15`, { headers: { "x-dry-run": "price" } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { price: number }).price).toBe(1);
  });

  it("GraphQL answers extensions.cost; the price field is free", async () => {
    const { apiKey } = await newKey();
    const post = (query: string) =>
      fetch(`${server.baseUrl}/graphql`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey }, body: JSON.stringify({ query }),
      }).then((r) => r.json() as Promise<{ data?: any; extensions: { cost: Record<string, unknown> } }>);
    const billed = await post('{ ephemeris(datetime: "2024-01-15T10:30:00+05:30") { ayanamsha } }');
    expect(billed.extensions.cost).toMatchObject({ credits: 0, price: 1, balance: 0, freeRemaining: 1 });
    const quote = await post('{ price(query: "{ ephemeris(datetime: \\"2024-01-15\\") { ayanamsha } }") { credits } }');
    expect(quote.data.price.credits).toBe(1);
    expect(quote.extensions.cost).toMatchObject({ credits: 0, price: 0 });
  });

  it("a billable GraphQL operation without a key is 401 saying how to get one", async () => {
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: '{ ephemeris(datetime: "2024-01-15") { ayanamsha } }' }),
    });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe("UNAUTHENTICATED");
    expect(body.errors[0]!.message).toMatch(/POST \S*\/register/);
  });

  it("GraphQL answers 402 INSUFFICIENT_CREDITS with price and balance, and no data", async () => {
    const { apiKey } = await newKey();
    const post = () =>
      fetch(`${server.baseUrl}/graphql`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey },
        body: JSON.stringify({ query: '{ ephemeris(datetime: "2024-01-15") { ayanamsha } }' }),
      });
    await post();
    await post();
    const res = await post();
    expect(res.status).toBe(402);
    const body = (await res.json()) as { data?: unknown; errors: Array<{ extensions: Record<string, unknown> }> };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]!.extensions).toMatchObject({ code: "INSUFFICIENT_CREDITS", price: 1, balance: 0, freeRemaining: 0 });
  });

  it("queries over the WebSocket are refused (they would escape pricing)", async () => {
    // The socket is authenticated by the key in its connection params (test/subscriptions covers the refusals).
    const { apiKey } = await newKey();
    const client = createClient({
      url: server.baseUrl.replace("http", "ws") + "/graphql", webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { "X-API-Key": apiKey },
    });
    try {
      const run = async () => {
        for await (const _ of client.iterate({ query: '{ ephemeris(datetime: "2024-01-15") { ayanamsha } }' })) {
          // never reached
        }
      };
      await expect(run()).rejects.toSatisfy((e: unknown) => JSON.stringify(e).includes("only subscriptions"));
    } finally {
      await client.dispose();
    }
  });
});
