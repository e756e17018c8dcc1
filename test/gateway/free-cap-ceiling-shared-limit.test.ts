/**
 * Issue 8 over HTTP: a free request covers at most 10 credits (a dearer one is 402 naming its
 * price while the free requests stay); every request has a price ceiling (MAX_REQUEST_CREDITS:
 * 422 naming price and ceiling, nothing run or charged; a dry run shows it); and the per-key rate
 * limit holds across two service instances on one database.
 */
import "reflect-metadata";
import type { AddressInfo } from "node:net";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOperation } from "../../src/costing/price.js";
import { PANCHANGA_FRAGMENT } from "../../src/rest-compat/routes/panchanga-route.js";
import { createApp, type App } from "../../src/server/app.js";
import { createLogger } from "../../src/server/logger.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";
import { insideOneMinute } from "../helpers/clock-minute.js";

let server: TestServer;
let second: App;
let secondUrl: string;

// Both instances read one clock standing 30 s into a minute, so the rate window cannot roll over mid-test.
const clock = () => new Date("2026-05-10T12:00:30Z");

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_REQUEST_CREDITS: "15" }, appOptions: { accounts: { clock } } });
  // A second instance on the same database, as a second worker would be.
  second = await createApp({ config: server.config, database: server.database, logger: createLogger("silent"), accounts: { clock } });
  await new Promise<void>((resolve) => second.httpServer.listen(0, "127.0.0.1", resolve));
  secondUrl = `http://127.0.0.1:${(second.httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const register = async () => (await postJson(server.baseUrl, "/register", {})).body as { api_key: string; account_id: string };
/** n aliased full panchanga nodes: 1 credit each (the node's cap). */
const panchangas = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `p${i}: panchanga(datetime: "2024-01-${String(10 + i).padStart(2, "0")}T06:00:00Z", latitude: 28.6, longitude: 77.2) { ...PanchangaParts }`).join(" ")} }
  ${PANCHANGA_FRAGMENT}`;
const gql = (base: string, query: string, headers: Record<string, string>) => postJson(base, "/graphql", { query }, headers);
const usageOf = async (accountId: string) =>
  (await server.database.db.selectFrom("usage_daily").select(["requests", "free_used", "charged_milli"])
    .where("account_id", "=", accountId).executeTakeFirst()) ?? { requests: 0, free_used: 0, charged_milli: 0 };

describe("free requests cover at most 10 credits", () => {
  it("an 11-credit operation with both free requests left is 402 naming the price; the free requests stay", async () => {
    expect(priceOperation(server.app.schema, parse(panchangas(11))).milli).toBe(11_000);
    const { api_key, account_id } = await register();
    const res = await gql(server.baseUrl, panchangas(11), { "x-api-key": api_key });
    expect(res.status).toBe(402);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].extensions).toMatchObject({ code: "INSUFFICIENT_CREDITS", price: 11, freeRemaining: 2, freeMaxCredits: 10 });
    expect(res.body.errors[0].message).toMatch(/costs 11 credits.*free requests cover at most 10 credits/);
    expect(await usageOf(account_id)).toMatchObject({ requests: 0, free_used: 0, charged_milli: 0 });
    // A 10-credit operation is still free.
    const ten = await gql(server.baseUrl, panchangas(10), { "x-api-key": api_key });
    expect(ten.status).toBe(200);
    expect(ten.body.extensions.cost).toEqual({ credits: 0, price: 10, balance: 0, freeRemaining: 1 });
  });
});

describe("the price ceiling (MAX_REQUEST_CREDITS)", () => {
  it("above it: 422 naming price and ceiling before anything runs or is charged", async () => {
    const { api_key, account_id } = await register();
    const res = await gql(server.baseUrl, panchangas(16), { "x-api-key": api_key });
    expect(res.status).toBe(422);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].extensions).toMatchObject({ code: "PRICE_ABOVE_CEILING", price: 16, ceiling: 15 });
    expect(res.body.errors[0].message).toMatch(/costs 16 credits, above the ceiling of 15 credits/);
    expect(await usageOf(account_id)).toMatchObject({ requests: 0, charged_milli: 0 });
  });

  it("a dry run shows the price and the ceiling, with or without a key", async () => {
    const res = await gql(server.baseUrl, panchangas(16), { "x-dry-run": "price" });
    expect(res.status).toBe(200);
    expect(res.body.extensions.cost).toMatchObject({ dryRun: true, price: 16, ceiling: 15 });
  });

  it("defaults to 100 credits", async () => {
    const { loadConfig } = await import("../../src/server/config.js");
    expect(loadConfig({}).maxRequestCredits).toBe(100);
  });
});

describe("the rate limit holds across instances", () => {
  it("a 5/min key gets 5 answers in a minute over two instances, then 429 on either", async () => {
    const { api_key, account_id } = await register();
    await server.database.db.updateTable("accounts").set({ rate_limit: 5 }).where("id", "=", account_id).execute();
    await insideOneMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${i % 2 ? secondUrl : server.baseUrl}/account`, { headers: { "x-api-key": api_key } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    expect((await usageOf(account_id)).requests).toBe(5);
  });
});
