import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 8: HEAD on a GET route was run and charged (express runs GET handlers for HEAD and drops
 * the body). A HEAD now answers the head only: nothing runs, the balance, the ledger and the
 * usage counters stay as they were, and there is no body.
 */
const ADMIN_KEY = "admin-key-for-head-tests-0123456";
let server: TestServer;
let apiKey: string;
let accountId: string;

/** Balance, ledger and usage straight from the database (an /account read would count itself). */
async function state(): Promise<{ balanceMilli: number; requests: number; rows: number; sumMilli: number }> {
  const db = server.database.db;
  const a = await sql<{ b: number }>`select balance_milli::bigint as b from accounts where id = ${accountId}`.execute(db);
  const u = await sql<{ n: number }>`select coalesce(sum(requests), 0)::int as n from usage_daily where account_id = ${accountId}`.execute(db);
  const r = await sql<{ n: number; s: number }>`
    select count(*)::int as n, coalesce(sum(delta_milli), 0)::bigint as s from ledger where account_id = ${accountId} and delta_milli <> 0`.execute(db);
  return { balanceMilli: Number(a.rows[0]!.b), requests: Number(u.rows[0]!.n), rows: Number(r.rows[0]!.n), sumMilli: Number(r.rows[0]!.s) };
}

const head = (path: string) => fetch(server.baseUrl + path, { method: "HEAD", headers: { "x-api-key": apiKey } });

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const reg = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  ({ api_key: apiKey, account_id: accountId } = (await reg.json()) as { api_key: string; account_id: string });
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15`, { headers: { "x-api-key": apiKey } });
    expect(res.headers.get("x-credits-charged")).toBe("0"); // the free requests, used up
  }
  const grant = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: accountId, credits: 10, reason: "test credits" }),
  });
  expect(grant.status).toBe(200);
});
afterAll(() => server?.close());

describe("HEAD on a GET route", () => {
  it.each([
    "/ephemeris?date=2024-01-15T10:30:00%2B05:30",
    "/panchanga?date=2024-01-15&latitude=28.6&longitude=77.2&tz=Asia/Kolkata",
  ])("HEAD %s → 200, no body, nothing charged or counted", async (path) => {
    const before = await state();
    expect(before.balanceMilli).toBeGreaterThan(0);
    const res = await head(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("x-credits-charged")).toBe("0");
    expect(await res.text()).toBe("");
    expect(await state()).toEqual(before);
  });

  it("a HEAD with bad input answers the GET's 422 status, still without a body", async () => {
    const res = await head("/panchanga?date=2024-01-15&latitude=91&longitude=77.2");
    expect(res.status).toBe(422);
    expect(await res.text()).toBe("");
  });

  it("a HEAD of a mailed verify link does not use the link (nothing runs)", async () => {
    const res = await fetch(`${server.baseUrl}/verify?token=not-a-real-token`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("the same GET is charged (so the HEADs above could have seen a debit)", async () => {
    const before = await state();
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15T10:30:00%2B05:30`, { headers: { "x-api-key": apiKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-credits-charged")).toBe("1");
    const after = await state();
    expect(after.balanceMilli).toBe(before.balanceMilli - 1000);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.rows).toBe(before.rows + 1);
  });
});
