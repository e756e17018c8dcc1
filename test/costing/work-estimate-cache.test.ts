import "reflect-metadata";
import { parse } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { estimateWork } from "../../src/costing/work.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

/**
 * The work estimate runs on every request before the price (docs/limits.md). An estimate whose
 * rules read no argument is the document's alone and is kept per document (REST's stored
 * documents come back as the same objects); one that read an argument depends on the variables
 * and is walked each time.
 */
let schema: Awaited<ReturnType<typeof buildAppSchema>>;
beforeAll(async () => {
  schema = await buildAppSchema();
});

describe("the work estimate is kept per document when no argument decided it", () => {
  it("a panchanga day: the same estimate object for other variables", () => {
    const doc = parse(`query P($d: String!, $lat: Float!, $lon: Float!) { panchanga(datetime: $d, latitude: $lat, longitude: $lon) { tithi { name } } }`);
    const a = estimateWork(schema, doc, { d: "2024-01-15T10:30:00+05:30", lat: 28.6, lon: 77.2 });
    const b = estimateWork(schema, doc, { d: "2025-06-01T10:30:00+05:30", lat: 19.1, lon: 72.9 });
    expect(b).toBe(a);
    expect(a.work).toBeGreaterThan(0);
  });

  it("a panchanga range: its days are an argument, so the estimate follows the variables", () => {
    const doc = parse(`query R($s: String!, $e: String!) { panchangaRange(startDatetime: $s, endDatetime: $e, latitude: 28.6, longitude: 77.2) { days { tithi { name } } } }`);
    const short = estimateWork(schema, doc, { s: "2024-01-01T00:00:00+05:30", e: "2024-01-03T00:00:00+05:30" });
    const long = estimateWork(schema, doc, { s: "2024-01-01T00:00:00+05:30", e: "2024-01-31T00:00:00+05:30" });
    expect(long.work).toBeGreaterThan(short.work);
    expect(estimateWork(schema, doc, { s: "2024-01-01T00:00:00+05:30", e: "2024-01-03T00:00:00+05:30" })).toEqual(short);
  });

  it("@include with a variable decides what is walked: not kept", () => {
    const doc = parse(`query I($full: Boolean!) { panchanga(datetime: "2024-01-15T10:30:00+05:30", latitude: 28.6, longitude: 77.2) { tithi { name } vara @include(if: $full) { name } } }`);
    const without = estimateWork(schema, doc, { full: false });
    const withIt = estimateWork(schema, doc, { full: true });
    expect(withIt.values).toBeGreaterThan(without.values);
  });
});
