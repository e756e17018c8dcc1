import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * "Bad input gets a clear error and loses nothing" (DEVELOPERS guide), over real HTTP with
 * accounts and charging on: a funded account whose free tier is used up sends each billable
 * GraphQL root a bad latitude and a datetime without offset; every one is refused with
 * BAD_USER_INPUT naming the field, and the balance and the ledger do not move. REST (which
 * validates first) is checked for two routes too.
 */
const ADMIN_KEY = "admin-key-for-no-charge-tests-01";
let server: TestServer;
let apiKey: string;
let accountId: string;
/** Credits the good request of this file has spent (the grant is 50). */
let spent = 0;

async function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey, ...headers }, body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const gql = (query: string, variables?: Record<string, unknown>) => postJson("/graphql", { query, variables });

async function balance(): Promise<number> {
  const res = await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { balance: number }).balance;
}

async function ledger(): Promise<{ rows: number; sumMilli: number }> {
  const r = await sql<{ n: number; s: number }>`
    select count(*)::int as n, coalesce(sum(delta_milli), 0)::bigint as s from ledger where account_id = ${accountId} and delta_milli <> 0`.execute(server.database.db);
  return { rows: Number(r.rows[0]!.n), sumMilli: Number(r.rows[0]!.s) };
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const reg = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  ({ api_key: apiKey, account_id: accountId } = (await reg.json()) as { api_key: string; account_id: string });
  // Use up the free tier with two cheap billable requests, so any charge would reach the balance.
  for (let i = 0; i < 2; i++) {
    const res = await gql(`{ ephemeris(datetime: "2024-01-15T10:30:00+05:30", planets: [SUN]) { datetime } }`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-credits-charged")).toBe("0");
  }
  const grant = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: accountId, credits: 50, reason: "test credits" }),
  });
  expect(grant.status).toBe(200);
});
afterAll(() => server?.close());

const AT = `"2024-01-15T10:30:00+05:30"`;
const NAIVE = `"2024-01-15T10:30:00"`;
const birth = (datetime: string, latitude: number) => `{ datetime: ${datetime}, latitude: ${latitude}, longitude: 77.2 }`;

/** For each billable root: [name, operation with a bad latitude, its field, operation with an offset-less datetime, its field]. */
const CASES: [string, string, string, string, string][] = [
  ["panchanga",
    `{ panchanga(datetime: ${AT}, latitude: 91, longitude: 77.2) { tithi { name } } }`, "latitude",
    `{ panchanga(datetime: ${NAIVE}, latitude: 28.6, longitude: 77.2) { tithi { name } } }`, "datetime"],
  ["panchangaRange",
    `{ panchangaRange(startDatetime: ${AT}, endDatetime: "2024-01-17T10:30:00+05:30", latitude: 91, longitude: 77.2) { days { tithi { name } } } }`, "latitude",
    `{ panchangaRange(startDatetime: ${NAIVE}, endDatetime: "2024-01-17T10:30:00+05:30", latitude: 28.6, longitude: 77.2) { days { tithi { name } } } }`, "startDatetime"],
  ["panchangaSearch",
    `{ panchangaSearch(after: ${AT}, latitude: 91, longitude: 77.2, criteria: { tithi: "Ekadashi" }) { count } }`, "latitude",
    `{ panchangaSearch(after: ${NAIVE}, latitude: 28.6, longitude: 77.2, criteria: { tithi: "Ekadashi" }) { count } }`, "after"],
  ["choghadiya",
    `{ choghadiya(datetime: ${AT}, latitude: 91, longitude: 77.2) { day { name } } }`, "latitude",
    `{ choghadiya(datetime: ${NAIVE}, latitude: 28.6, longitude: 77.2) { day { name } } }`, "datetime"],
  ["muhurta",
    `{ muhurta(datetime: ${AT}, latitude: 91, longitude: 77.2, days: 3) { windows { start } } }`, "latitude",
    `{ muhurta(datetime: ${NAIVE}, latitude: 28.6, longitude: 77.2, days: 3) { windows { start } } }`, "datetime"],
  ["dasha",
    `{ dasha(birth: ${birth(AT, 91)}) { mahaDashas { planet } } }`, "birth.latitude",
    `{ dasha(birth: ${birth(NAIVE, 28.6)}) { mahaDashas { planet } } }`, "birth.datetime"],
  ["chart",
    `{ chart(birth: ${birth(AT, 91)}) { lagna { rashi } grahas { graha } } }`, "birth.latitude",
    `{ chart(birth: ${birth(NAIVE, 28.6)}) { lagna { rashi } grahas { graha } } }`, "birth.datetime"],
  // ephemeris takes no place: an offset-less datetime twice (literal and variable).
  ["ephemeris",
    `query ($d: String!) { ephemeris(datetime: $d) { planets { longitude } } }`, "datetime",
    `{ ephemeris(datetime: ${NAIVE}) { planets { longitude } } }`, "datetime"],
];

describe("GraphQL: bad input to a billable root is refused before anything is charged", () => {
  it.each(CASES)("%s", async (_root, badPlace, placeField, badMoment, momentField) => {
    const balanceBefore = await balance();
    const ledgerBefore = await ledger();
    expect(balanceBefore).toBe(50 - spent);
    for (const [query, field] of [[badPlace, placeField], [badMoment, momentField]] as const) {
      const res = await gql(query, query.includes("$d") ? { d: "2024-01-15T10:30:00" } : undefined);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(res.body.errors[0].message).toMatch(field.endsWith("latitude") ? /latitude must be between -90 and 90/ : /offset/i);
      expect(res.status).toBe(400);
      expect(res.headers.get("x-credits-charged")).toBeNull();
    }
    expect(await balance()).toBe(balanceBefore);
    expect(await ledger()).toEqual(ledgerBefore);
  });

  it.each([
    [`vargas(charts: "D99") { chart }`, "charts"],
    [`planets(only: []) { graha }`, "only"],
  ])("a bad argument below the root (chart { %s }, priced) is refused uncharged too", async (selection, field) => {
    const before = { balance: await balance(), ledger: await ledger() };
    const res = await gql(`{ chart(birth: ${birth(AT, 28.6)}) { ${selection} } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
    expect({ balance: await balance(), ledger: await ledger() }).toEqual(before);
  });

  it("the same account is charged for a good request (so the checks above could have seen a debit)", async () => {
    const before = await ledger();
    const res = await gql(`{ chart(birth: ${birth(AT, 28.6)}) { lagna { rashi } grahas { graha } } }`);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.headers.get("x-credits-charged")).toBe("0.3");
    spent += 0.3;
    expect(await balance()).toBeCloseTo(50 - spent, 9);
    const after = await ledger();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.sumMilli).toBe(before.sumMilli - 300);
  });
});

describe("REST validates before charging (keep it that way)", () => {
  it.each([
    ["/panchanga", { datetime: "2024-01-15T10:30:00+05:30", latitude: 91, longitude: 77.2 }, ["body", "latitude"]],
    ["/panchanga", { datetime: "2024-01-15T10:30:00", latitude: 28.6, longitude: 77.2 }, ["body", "datetime"]],
    ["/dasha", { datetime: "1990-05-15T14:30:00+05:30", latitude: 91, longitude: 77.2 }, ["body", "latitude"]],
    ["/dasha", { datetime: "1990-05-15T14:30:00", latitude: 28.6, longitude: 77.2 }, ["body", "datetime"]],
  ])("POST %s %j → 422, nothing charged", async (path, body, loc) => {
    const before = { balance: await balance(), ledger: await ledger() };
    const res = await postJson(path, body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(loc);
    expect({ balance: await balance(), ledger: await ledger() }).toEqual(before);
  });
});
