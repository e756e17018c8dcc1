import "reflect-metadata";
import { parse, validate, type GraphQLError, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { prevalidateOperation } from "../../src/resolvers/prevalidate.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

async function check(query: string, variables?: Record<string, unknown>): Promise<GraphQLError | undefined> {
  const schema = await buildAppSchema();
  const document = parse(query);
  // Pricing runs on validated documents only; keep these test documents valid too.
  expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition")!;
  try {
    prevalidateOperation(schema, document, operation, variables);
    return undefined;
  } catch (err) {
    return err as GraphQLError;
  }
}

describe("argument checks before pricing", () => {
  it("pass valid operations, with literals, variables, aliases and fragments", async () => {
    expect(await check(`{ ephemeris(datetime: "2024-01-01") { datetime } a: chart(birth: { datetime: "2024-01-01T00:00:00Z", latitude: 1, longitude: 2 }) { datetime } }`)).toBeUndefined();
    expect(await check(`query ($b: BirthInput!) { ...F } fragment F on Query { chart(birth: $b) { datetime } }`,
      { b: { datetime: "2024-01-01T00:00:00+05:30", latitude: -90, longitude: 180 } })).toBeUndefined();
  });

  it.each([
    [`{ chart(birth: { datetime: "2024-01-01T00:00:00Z", latitude: 91, longitude: 2 }) { datetime } }`, undefined, "birth.latitude"],
    [`query ($b: BirthInput!) { x: chart(birth: $b) { datetime } }`, { b: { datetime: "2024-01-01T00:00:00Z", latitude: 1, longitude: -181 } }, "birth.longitude"],
    [`query ($b: BirthInput!) { ... on Query { chart(birth: $b) { datetime } } }`, { b: { datetime: "2024-01-01T00:00", latitude: 1, longitude: 1 } }, "birth.datetime"],
    [`{ ephemeris(datetime: "2024-01-01T10:00:00") { datetime } }`, undefined, "datetime"],
    [`query ($p: [Graha!]) { ephemeris(datetime: "2024-01-01", planets: $p) { datetime } }`, { p: [] }, "planets"],
  ])("%s refuses with BAD_USER_INPUT naming the field", async (query, variables, field) => {
    const err = await check(query, variables);
    expect(err?.extensions).toEqual({ code: "BAD_USER_INPUT", field });
  });
});

const OK = `datetime: "2024-01-01T06:00:00+05:30", latitude: 28.6, longitude: 77.2`;
const BIRTH = `{ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }`;

describe("every billable root and the billable Chart fields with arguments", () => {
  it.each([
    [`{ panchanga(${OK}) { tithi { name } } }`],
    [`{ panchanga(datetime: "2024-01-01", latitude: 1, longitude: 2, at: SUNRISE, tz: "Asia/Kolkata") { tithi { name } } }`],
    [`{ panchangaRange(startDatetime: "2024-01-01T00:00:00Z", endDatetime: "2024-01-03T00:00:00Z", latitude: 1, longitude: 2) { startDatetime } }`],
    [`{ panchangaSearch(after: "2024-01-01T00:00:00Z", latitude: 1, longitude: 2, criteria: { tithi: "Ekadashi", vara: "3" }) { count } }`],
    [`{ choghadiya(${OK}) { day { name } } }`],
    [`{ muhurta(${OK}, type: MARRIAGE) { scanDays } }`],
    [`{ dasha(birth: ${BIRTH}, queryDatetime: "2024-01-01T00:00:00Z") { mahaDashas { planet } } }`],
    [`{ chart(birth: ${BIRTH}) { vargas(charts: "D9,10") { chart } dasha { mahaDashas { planet } } } }`],
  ])("%s passes", async (query) => {
    expect(await check(query)).toBeUndefined();
  });

  it.each([
    [`{ panchanga(datetime: "2024-01-01T06:00:00+05:30", latitude: 91, longitude: 2) { tithi { name } } }`, "latitude"],
    [`{ panchanga(datetime: "2024-01-01T06:00:00", latitude: 1, longitude: 2) { tithi { name } } }`, "datetime"],
    [`{ panchanga(datetime: "2024-01-01", latitude: 1, longitude: 2, at: SUNRISE, tz: "Mars/Olympus") { tithi { name } } }`, "tz"],
    [`{ panchangaRange(startDatetime: "2024-01-01T00:00:00", endDatetime: "2024-01-03T00:00:00Z", latitude: 1, longitude: 2) { startDatetime } }`, "startDatetime"],
    [`{ panchangaRange(startDatetime: "2024-01-01T00:00:00Z", endDatetime: "2024-01-03T00:00:00Z", latitude: 1, longitude: 181) { startDatetime } }`, "longitude"],
    [`{ panchangaSearch(after: "2024-01-01", latitude: 1, longitude: 2, criteria: { tithi: "1" }) { count } }`, "after"],
    [`{ panchangaSearch(after: "2024-01-01T00:00:00Z", latitude: -91, longitude: 2, criteria: { tithi: "1" }) { count } }`, "latitude"],
    [`{ panchangaSearch(after: "2024-01-01T00:00:00Z", latitude: 1, longitude: 2, criteria: { tithi: "Thirteenthday" }) { count } }`, "criteria.tithi"],
    [`{ panchangaSearch(after: "2024-01-01T00:00:00Z", latitude: 1, longitude: 2, criteria: { nakshatra: "28" }) { count } }`, "criteria.nakshatra"],
    [`{ choghadiya(datetime: "2024-01-01T06:00:00+05:30", latitude: 90.5, longitude: 2) { day { name } } }`, "latitude"],
    [`{ choghadiya(datetime: "2024-01-01T06:00", latitude: 1, longitude: 2) { day { name } } }`, "datetime"],
    [`{ muhurta(datetime: "2024-01-01T06:00:00+05:30", latitude: 1, longitude: -180.5) { scanDays } }`, "longitude"],
    [`{ muhurta(datetime: "2024-01-01", latitude: 1, longitude: 2) { scanDays } }`, "datetime"],
    [`{ dasha(birth: { datetime: "1990-05-15T14:30:00", latitude: 1, longitude: 2 }) { mahaDashas { planet } } }`, "birth.datetime"],
    [`{ dasha(birth: ${BIRTH}, queryDatetime: "2024-01-01") { mahaDashas { planet } } }`, "queryDatetime"],
    [`{ chart(birth: ${BIRTH}) { vargas(charts: "D99") { chart } } }`, "charts"],
    [`{ chart(birth: ${BIRTH}) { planets(only: []) { graha } } }`, "only"],
    [`{ chart(birth: ${BIRTH}) { ... on Chart { dasha(queryDatetime: "2024-13-01T10:00") { mahaDashas { planet } } } } }`, "queryDatetime"],
  ])("%s refuses naming %s", async (query, field) => {
    const err = await check(query);
    expect(err?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
  });

  it("the refusal carries the resolver's own message", async () => {
    const err = await check(`{ choghadiya(datetime: "2024-01-01T06:00:00+05:30", latitude: 91, longitude: 2) { day { name } } }`);
    expect(err?.message).toBe("latitude must be between -90 and 90°, got 91");
  });

  it("a field left out by @skip/@include is not checked (execution would not run it)", async () => {
    const q = `query ($s: Boolean!) { chart(birth: ${BIRTH}) { vargas(charts: "D99") @skip(if: $s) { chart } } }`;
    expect(await check(q, { s: true })).toBeUndefined();
    expect((await check(q, { s: false }))?.extensions).toMatchObject({ field: "charts" });
    expect(await check(`{ panchanga(datetime: "x", latitude: 1, longitude: 2) @include(if: false) { tithi { name } } }`)).toBeUndefined();
  });

  it("variables that do not coerce are left to GraphQL (nothing thrown here)", async () => {
    expect(await check(`query ($lat: Float!) { choghadiya(datetime: "2024-01-01T06:00:00Z", latitude: $lat, longitude: 2) { day { name } } }`,
      { lat: "north" })).toBeUndefined();
  });
});


describe("variables coerced once per request", () => {
  // The direct executor coerces a request's variables first and hands the result on
  // (GateContext.coercedVariables): the checks read those values and do not coerce again.
  it("checks the values it is given as coerced, not the raw ones again", async () => {
    const schema = await buildAppSchema();
    const document = parse(`query ($lat: Float!) { panchanga(datetime: "2024-01-01T06:00:00+05:30", latitude: $lat, longitude: 2) { tithi { name } } }`);
    const operation = document.definitions[0] as OperationDefinitionNode;
    const raw = { lat: 12 };
    const coerced = (given: Record<string, unknown>) => {
      try {
        prevalidateOperation(schema, document, operation, raw, given);
        return undefined;
      } catch (err) {
        return (err as GraphQLError).extensions.field;
      }
    };
    expect(coerced({ lat: 12 })).toBeUndefined();
    expect(coerced({ lat: 95 })).toBe("latitude");
  });
});
