import "reflect-metadata";
import { getNamedType, isLeafType, isObjectType, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldCostMilli } from "../../src/costing/price.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * "Refused input is never charged" (issue 8): every argument check the engine makes runs before
 * pricing. A grid of out-of-range inputs, over every billable root and — for the chart faces —
 * every priced field alone, goes to a funded account whose free requests are used up: each is
 * refused with BAD_USER_INPUT naming the argument, and the balance and the ledger do not move.
 * Before the fix `chart(birth: 2401…) { lagna { sign } }` answered 200 with an error and was
 * charged 0.05, and `dasha` with the same birth 1.
 */
const ADMIN_KEY = "admin-key-for-refused-grid-01234";
let server: TestServer;
let schema: GraphQLSchema;
let apiKey: string;
let accountId: string;

async function post(path: string, body: unknown) {
  const res = await fetch(server.baseUrl + path, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey }, body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

async function money(): Promise<{ balance: number; rows: number; sumMilli: number }> {
  const acc = await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": apiKey } });
  const r = await sql<{ n: number; s: number }>`
    select count(*)::int as n, coalesce(sum(delta_milli), 0)::bigint as s from ledger where account_id = ${accountId} and delta_milli <> 0`.execute(server.database.db);
  return { balance: ((await acc.json()) as { balance: number }).balance, rows: Number(r.rows[0]!.n), sumMilli: Number(r.rows[0]!.s) };
}

beforeAll(async () => {
  schema = await buildAppSchema();
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const reg = await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  ({ api_key: apiKey, account_id: accountId } = (await reg.json()) as { api_key: string; account_id: string });
  // The grid sends a few hundred requests: lift this key's per-minute limit (before its first use).
  await sql`update accounts set rate_limit = 100000 where id = ${accountId}`.execute(server.database.db);
  for (let i = 0; i < 2; i++) {
    const res = await post("/graphql", { query: `{ ephemeris(datetime: "2024-01-15T10:30:00+05:30", planets: [SUN]) { datetime } }` });
    expect(res.headers.get("x-credits-charged")).toBe("0"); // the free requests, used up
  }
  const grant = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: accountId, credits: 100, reason: "test credits" }),
  });
  expect(grant.status).toBe(200);
});
afterAll(() => server?.close());

/** Every field of `type` reachable without required arguments, leaves selected, to `depth` levels. */
function fullSelection(type: GraphQLObjectType, depth = 3): string {
  const parts: string[] = [];
  for (const f of Object.values(type.getFields())) {
    if (f.args.some((a) => a.type.toString().endsWith("!") && a.defaultValue === undefined)) continue;
    const named = getNamedType(f.type);
    if (isLeafType(named)) parts.push(f.name);
    else if (isObjectType(named) && depth > 1) {
      const inner = fullSelection(named, depth - 1);
      if (inner) parts.push(`${f.name} { ${inner} }`);
    }
  }
  return parts.join(" ");
}

/**
 * The fullest selection of `type` in as few parts as keep each under the document limit of 500
 * fields (GRAPHQL_MAX_FIELDS; docs/limits.md): the chart has outgrown one document.
 */
function fullSelectionParts(type: GraphQLObjectType, maxFields = 450): string[] {
  const fieldsIn = (sel: string) => sel.match(/[A-Za-z_]\w*/g)?.length ?? 0;
  const groups: string[][] = [[]];
  let count = 0;
  for (const part of fullSelection(type).match(/\w+(?: \{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})?/g) ?? []) {
    if (count + fieldsIn(part) > maxFields && groups.at(-1)!.length > 0) {
      groups.push([]);
      count = 0;
    }
    groups.at(-1)!.push(part);
    count += fieldsIn(part);
  }
  return groups.map((g) => g.join(" "));
}

/** The priced fields of a root's type, each alone with a minimal leaf selection. */
function pricedFieldsAlone(typeName: string): string[] {
  const type = schema.getType(typeName) as GraphQLObjectType;
  return Object.values(type.getFields())
    .filter((f) => fieldCostMilli(f) > 0 && !f.args.some((a) => a.type.toString().endsWith("!") && a.defaultValue === undefined))
    .map((f) => {
      const named = getNamedType(f.type);
      return isObjectType(named) ? `${f.name} { ${fullSelection(named, 1) || "__typename"} }` : f.name;
    });
}

const AT = `"2024-01-15T10:30:00+05:30"`;
const PLACE = "latitude: 28.6, longitude: 77.2";
const birth = (datetime: string, lat = 28.6, lon = 77.2) => `{ datetime: "${datetime}", latitude: ${lat}, longitude: ${lon} }`;
const OK_BIRTH = birth("1990-05-15T14:30:00+05:30");

/** Out-of-range births: [what, birth literal, field named in the refusal]. */
const BAD_BIRTHS: [string, string, string][] = [
  ["after 2400", birth("2401-01-01T00:00:00Z"), "birth.datetime"],
  ["before 1800", birth("1799-12-31T23:00:00Z"), "birth.datetime"],
  ["no offset", birth("1990-05-15T14:30:00"), "birth.datetime"],
  ["latitude 91", birth("1990-05-15T14:30:00+05:30", 91), "birth.latitude"],
  ["longitude -181", birth("1990-05-15T14:30:00+05:30", 28.6, -181), "birth.longitude"],
];

/** [root call with bad arguments, the argument the refusal names]; each run with the root's fullest selection. */
const BAD_ROOT_CALLS: [string, string][] = [
  [`ephemeris(datetime: "2024-01-15T10:30:00")`, "datetime"],
  [`ephemeris(datetime: "2024-02-30")`, "datetime"],
  [`ephemeris(datetime: ${AT}, planets: [])`, "planets"],
  [`panchanga(datetime: ${AT}, latitude: 91, longitude: 77.2)`, "latitude"],
  [`panchanga(datetime: ${AT}, latitude: 28.6, longitude: 181)`, "longitude"],
  [`panchanga(datetime: "2024-01-15T10:30:00", ${PLACE})`, "datetime"],
  [`panchanga(datetime: "2024-01-15", ${PLACE}, at: SUNRISE, tz: "Mars/Olympus")`, "tz"],
  [`panchanga(datetime: "2024-01-15", ${PLACE}, at: SUNRISE, tz: "+19:00")`, "tz"],
  [`panchangaRange(startDatetime: ${AT}, endDatetime: "2024-03-15T10:30:00+05:30", ${PLACE})`, "endDatetime"],
  [`panchangaRange(startDatetime: ${AT}, endDatetime: "2024-01-10T10:30:00+05:30", ${PLACE})`, "endDatetime"],
  [`panchangaRange(startDatetime: ${AT}, endDatetime: "2024-01-17T10:30:00+05:30", latitude: -91, longitude: 77.2)`, "latitude"],
  [`panchangaSearch(after: ${AT}, ${PLACE}, criteria: { tithi: "Ekadashi" }, maxResults: 0)`, "maxResults"],
  [`panchangaSearch(after: ${AT}, ${PLACE}, criteria: { tithi: "Ekadashi" }, maxDays: 366)`, "maxDays"],
  [`panchangaSearch(after: ${AT}, ${PLACE}, criteria: { tithi: "99" })`, "criteria.tithi"],
  [`panchangaSearch(after: ${AT}, ${PLACE}, criteria: { vara: "Caturday" })`, "criteria.vara"],
  [`choghadiya(datetime: ${AT}, latitude: 91, longitude: 77.2)`, "latitude"],
  [`choghadiya(datetime: "2024-01-15T10:30:00", ${PLACE})`, "datetime"],
  [`muhurta(datetime: ${AT}, ${PLACE}, days: 0)`, "days"],
  [`muhurta(datetime: ${AT}, ${PLACE}, days: 91)`, "days"],
  [`muhurta(datetime: ${AT}, latitude: 28.6, longitude: -181)`, "longitude"],
  [`dasha(birth: ${OK_BIRTH}, queryDatetime: "2024-13-01T00:00:00Z")`, "queryDatetime"],
  [`calendar(year: 1899)`, "year"],
  [`calendar(year: 2024, latitude: 91, longitude: 77.2)`, "latitude"],
  [`calendar(year: 2024, tz: "Mars/Olympus")`, "tz"],
];

/** Bad arguments below the root, on priced Chart fields. */
const BAD_CHART_FIELDS: [string, string][] = [
  [`vargas(charts: "D99") { chart }`, "charts"],
  [`planets(only: []) { graha }`, "only"],
  [`dasha(queryDatetime: "tomorrow") { mahaDashas { planet } }`, "queryDatetime"],
];

function rootTypeName(call: string): string {
  const name = call.slice(0, call.indexOf("("));
  return getNamedType(schema.getQueryType()!.getFields()[name]!.type).name;
}

describe("GraphQL: a grid of refused input over every billable field is never charged", () => {
  it("chart and dasha: every bad birth × (the fullest selection and each priced field alone)", async () => {
    const before = await money();
    expect(before.balance).toBe(100);
    const queries: [string, string][] = [];
    for (const [, b, field] of BAD_BIRTHS) {
      for (const root of ["chart", "dasha"]) {
        const typeName = root === "chart" ? "Chart" : "Dasha";
        for (const sel of [...fullSelectionParts(schema.getType(typeName) as GraphQLObjectType), ...pricedFieldsAlone(typeName)]) {
          queries.push([`{ ${root}(birth: ${b}) { ${sel} } }`, field]);
        }
      }
    }
    expect(queries.length).toBeGreaterThanOrEqual(5 * 2 * 9); // the grid really covers the chart's priced parts
    const chartType = schema.getType("Chart") as GraphQLObjectType;
    expect(fullSelectionParts(chartType).join(" ")).toBe(fullSelection(chartType)); // the parts are the whole selection
    for (const [query, field] of queries) {
      const res = await post("/graphql", { query });
      expect(res.body.errors?.[0]?.extensions, query).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(res.status, query).toBe(400);
      expect(res.body.data ?? null, query).toBeNull();
      expect(res.headers.get("x-credits-charged"), query).toBeNull();
    }
    expect(await money()).toEqual(before);
  });

  it.each(BAD_ROOT_CALLS)("%s (fullest selection, and each priced field alone) → refused naming %s, uncharged", async (call, field) => {
    const before = await money();
    const typeName = rootTypeName(call);
    for (const sel of [fullSelection(schema.getType(typeName) as GraphQLObjectType), ...pricedFieldsAlone(typeName)]) {
      const query = `{ ${call} { ${sel || "__typename"} } }`;
      const res = await post("/graphql", { query });
      expect(res.body.errors?.[0]?.extensions, query).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(res.status, query).toBe(400);
      expect(res.headers.get("x-credits-charged"), query).toBeNull();
    }
    expect(await money()).toEqual(before);
  });

  it.each(BAD_CHART_FIELDS)("chart { %s } → refused naming %s, uncharged", async (selection, field) => {
    const before = await money();
    const res = await post("/graphql", { query: `{ chart(birth: ${OK_BIRTH}) { lagna { sign } ${selection} } }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
    expect(await money()).toEqual(before);
  });

  it.each([["festivals(month: 13) { name }"], ["monthVratas(month: 0) { name }"]])("calendar { %s } → refused naming month, uncharged", async (selection) => {
    const before = await money();
    const res = await post("/graphql", { query: `{ calendar(year: 2024) { vratas { name } ${selection} } }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "month" });
    expect(await money()).toEqual(before);
  });

  it("the same account is charged for good input (so the grid could have seen a debit)", async () => {
    const before = await money();
    const res = await post("/graphql", { query: `{ chart(birth: ${OK_BIRTH}) { lagna { sign } } }` });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.headers.get("x-credits-charged")).toBe("0.05");
    const after = await money();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.sumMilli).toBe(before.sumMilli - 50);
  });
});

describe("REST: the same grid over the billable routes → 422, uncharged", () => {
  const OK = { datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2 };
  const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 };
  it.each([
    ...["/kundali", "/dasha", "/vargas"].flatMap((path) => [
      [path, { ...BIRTH, datetime: "2401-01-01T00:00:00+00:00" }, "datetime"],
      [path, { ...BIRTH, datetime: "1799-12-31T23:00:00+00:00" }, "datetime"],
      [path, { ...BIRTH, latitude: 91 }, "latitude"],
      [path, { ...BIRTH, longitude: -181 }, "longitude"],
    ] as [string, Record<string, unknown>, string][]),
    ["/vargas", { ...BIRTH, charts: "D99" }, "charts"],
    ["/dasha", { ...BIRTH, query_datetime: "tomorrow" }, "query_datetime"],
    ["/panchanga", { ...OK, latitude: 91 }, "latitude"],
    ["/panchanga", { ...OK, datetime: "2024-01-15T10:30:00" }, "datetime"],
    ["/panchanga/range", { start_datetime: OK.datetime, end_datetime: "2024-03-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2 }, "end_datetime"],
    ["/panchanga/range", { start_datetime: OK.datetime, end_datetime: "2024-01-10T10:30:00+05:30", latitude: 28.6, longitude: 77.2 }, "end_datetime"],
    ["/panchanga/search", { after: OK.datetime, latitude: 28.6, longitude: 77.2, criteria: { tithi: "Ekadashi" }, max_results: 0 }, "max_results"],
    ["/panchanga/search", { after: OK.datetime, latitude: 28.6, longitude: 77.2, criteria: { tithi: "99" } }, "criteria"],
    ["/choghadiya", { ...OK, longitude: 181 }, "longitude"],
    ["/muhurta", { ...OK, days: 91 }, "days"],
  ])("POST %s %j → 422 naming %s", async (path, body, field) => {
    const before = await money();
    const res = await post(path, body);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail.map((d: { loc: unknown[] }) => d.loc))).toContain(`"${field}"`);
    expect(res.headers.get("x-credits-charged")).toBeNull();
    expect(await money()).toEqual(before);
  });

  it("GET /ephemeris with a bad date → 422, uncharged", async () => {
    const before = await money();
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-02-30`, { headers: { "x-api-key": apiKey } });
    expect(res.status).toBe(422);
    expect(await money()).toEqual(before);
  });
});
