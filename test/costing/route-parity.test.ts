import { beforeAll, describe, expect, it } from "vitest";
import { parse, type GraphQLSchema } from "graphql";
import { priceOperation } from "../../src/costing/price.js";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildPricedSchema } from "./priced-schema.js";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildPricedSchema();
});

const KUNDALI_DOC = `query Kundali($birth: BirthInput!, $withDasha: Boolean = true) {
  chart(birth: $birth) { lagna planets yogas doshas dasha @include(if: $withDasha) { antardashas } }
}`;

describe("REST price parity", () => {
  it("holds when every route's document costs its documented credits", () => {
    const routes = [
      { method: "post", path: "/kundali", credits: 3, document: KUNDALI_DOC },
      { method: "post", path: "/panchanga/search", credits: 5, document: `query($n: Int) { search(maxResults: $n) { date } }` },
      { method: "get", path: "/health", credits: 0, document: `{ health }` },
    ];
    expect(routePriceMismatches(schema, routes)).toEqual([]);
  });

  it("names each route whose document costs more or less than documented, and broken documents", () => {
    const routes = [
      { method: "post", path: "/panchanga", credits: 1, document: `query($d: String!) { panchanga(date: $d) { tithi } }` },
      { method: "post", path: "/dasha", credits: 2, document: `query($b: BirthInput!) { chart(birth: $b) { lagna planets yogas } }` },
      { method: "get", path: "/broken", credits: 1, document: `{ nosuch }` },
    ];
    const mismatches = routePriceMismatches(schema, routes);
    expect(mismatches.map((m) => [m.route, m.documentedCredits, m.pricedCredits])).toEqual([
      ["POST /panchanga", 1, 0.5],
      ["POST /dasha", 2, 3],
      ["GET /broken", 1, null],
    ]);
    expect(mismatches[2]!.error).toMatch(/Cannot query field "nosuch"/);
  });

  it("prices with variables unknown: a variable @include counts as included, written arguments compare as written", () => {
    const doc = parse(`query($a: Int, $b: Int, $f: Boolean!) {
      chart(birth: { datetime: "x", latitude: 1, longitude: 2 }) {
        x: varga(division: $a) y: varga(division: $a) z: varga(division: $b) lagna @skip(if: $f) planets @skip(if: true)
      }
    }`);
    expect(priceOperation(schema, doc, undefined, undefined, { variablesUnknown: true }).milli).toBe(3000); // 2 vargas + lagna
  });
});
