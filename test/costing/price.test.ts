import { beforeAll, describe, expect, it } from "vitest";
import { graphql, parse, print, type GraphQLSchema } from "graphql";
import { priceOperation } from "../../src/costing/price.js";
import { printSchemaWithCosts } from "../../src/costing/print-schema.js";
import { buildPricedSchema } from "./priced-schema.js";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildPricedSchema();
});

const B = `birth: { datetime: "2000-01-01T12:00:00+05:30", latitude: 28.6, longitude: 77.2 }`;
const price = (q: string, vars?: Record<string, unknown>, op?: string) => priceOperation(schema, parse(q), vars, op);
const sumOf = (p: { breakdown: readonly { milli: number }[] }) => p.breakdown.reduce((s, i) => s + i.milli, 0);

describe("field prices", () => {
  it("a selection of free fields costs nothing", () => {
    expect(price(`{ health chart(${B}) { id } }`)).toEqual({ milli: 0, breakdown: [] });
  });

  it("sums the selected billable fields, in milli-credits", () => {
    const p = price(`{ chart(${B}) { lagna planets } panchanga(date: "2025-01-01") { tithi nakshatra date } }`);
    expect(p.milli).toBe(3000);
    expect(p.breakdown.map((i) => [i.path, i.coordinate, i.milli])).toEqual([
      ["chart.lagna", "Chart.lagna", 1000],
      ["chart.planets", "Chart.planets", 1000],
      ["panchanga.tithi", "Panchanga.tithi", 500],
      ["panchanga.nakshatra", "Panchanga.nakshatra", 500],
    ]);
  });

  it("adds a root field's own price to its selection's, and prices a list once", () => {
    expect(price(`{ search(maxResults: 20) { date } }`).milli).toBe(5000);
    expect(price(`{ search { tithi nakshatra } }`).milli).toBe(6000);
  });

  it("a @Cost on a field resolver is charged like any field", () => {
    expect(price(`{ chart(${B}) { shadbala } }`).milli).toBe(2000);
    expect(price(`{ chart(${B}) { shadbala lagna planets } }`).milli).toBe(3000);
  });

  it("charges nested billable fields", () => {
    expect(price(`{ chart(${B}) { dasha { planet antardashas } } }`).milli).toBe(2000);
  });

  it("introspection and __typename are free", () => {
    expect(price(`{ __typename chart(${B}) { __typename } __schema { types { name } } }`).milli).toBe(0);
  });
});

describe("bundle caps", () => {
  it("a selection of a capped type costs min(cap, sum)", () => {
    const p = price(`{ chart(${B}) { lagna planets dasha { antardashas } yogas doshas varga } }`);
    // 1 + 1 + (1 + 1) + 1 + 0.5 + 1 = 6.5, capped at 3
    expect(p.milli).toBe(3000);
    const cap = p.breakdown.find((i) => i.kind === "cap");
    expect(cap).toEqual({ kind: "cap", path: "chart", coordinate: "Chart", milli: -3500 });
    expect(sumOf(p)).toBe(3000);
  });

  it("under the cap the sum is charged in full", () => {
    expect(price(`{ chart(${B}) { lagna doshas } }`).milli).toBe(1500);
  });

  it("each capped object in the operation is capped separately", () => {
    const full = `lagna planets yogas dasha { antardashas }`;
    const p = price(`{ a: chart(${B}) { ${full} } b: chart(birth: { datetime: "1990-05-05T00:00:00Z", latitude: 1, longitude: 2 }) { ${full} } }`);
    expect(p.milli).toBe(6000);
    expect(sumOf(p)).toBe(6000);
  });
});

describe("aliases and duplicates", () => {
  it("an alias repeating a field with other arguments is charged again", () => {
    expect(price(`{ chart(${B}) { d9: varga(division: 9) d10: varga(division: 10) } }`).milli).toBe(2000);
    expect(price(`{ a: ephemeris(planets: ["sun"]) b: ephemeris(planets: ["moon"]) }`).milli).toBe(2000);
  });

  it("the same field and arguments selected twice is charged once", () => {
    expect(price(`{ chart(${B}) { lagna lagna l2: lagna } }`).milli).toBe(1000);
    expect(price(`{ a: ephemeris(planets: ["sun"]) b: ephemeris(planets: ["sun"]) }`).milli).toBe(1000);
  });

  it("an argument left at its default equals the default written out", () => {
    expect(price(`{ chart(${B}) { varga d9: varga(division: 9) } }`).milli).toBe(1000);
  });

  it("argument equality ignores input-object key order", () => {
    const q = `{ a: chart(birth: { datetime: "2000-01-01T12:00:00+05:30", latitude: 28.6, longitude: 77.2 }) { lagna }
                 b: chart(birth: { longitude: 77.2, latitude: 28.6, datetime: "2000-01-01T12:00:00+05:30" }) { lagna planets } }`;
    // one chart (same arguments): lagna + planets, merged
    const p = price(q);
    expect(p.milli).toBe(2000);
  });

  it("duplicated root fields merge their sub-selections before the cap", () => {
    const q = `{ a: chart(${B}) { lagna planets } b: chart(${B}) { yogas dasha { antardashas } } }`;
    expect(price(q).milli).toBe(3000); // 1+1+1+2 = 5 capped at 3 once, not 2 + 3
  });
});

describe("fragments", () => {
  it("named fragments are expanded", () => {
    const q = `query { chart(${B}) { ...Basics ...Basics yogas } } fragment Basics on Chart { lagna planets }`;
    expect(price(q).milli).toBe(3000);
  });

  it("inline fragments, with and without a type condition", () => {
    const q = `{ chart(${B}) { ... on Chart { lagna } ... { planets } } }`;
    expect(price(q).milli).toBe(2000);
  });

  it("a field selected both directly and through a fragment is charged once", () => {
    const q = `{ chart(${B}) { lagna ...F } } fragment F on Chart { lagna doshas }`;
    expect(price(q).milli).toBe(1500);
  });

  it("an interface costs its dearest possible type", () => {
    expect(price(`{ hits { label ... on CheapHit { detail } ... on DearHit { detail } } }`).milli).toBe(4000);
    expect(price(`{ hits { label ... on CheapHit { detail } } }`).milli).toBe(1000);
    expect(price(`{ hits { label } }`).milli).toBe(0);
  });

  it("a union costs its dearest member selection, with the member's cap", () => {
    const q = `{ nodes { ... on Chart { lagna planets yogas doshas } ... on Panchanga { tithi } } }`;
    expect(price(q).milli).toBe(3000);
  });
});

describe("variables", () => {
  it("arguments given through variables are compared by value", () => {
    const q = `query($a: [String!], $b: [String!]) { x: ephemeris(planets: $a) y: ephemeris(planets: $b) }`;
    expect(price(q, { a: ["sun"], b: ["sun"] }).milli).toBe(1000);
    expect(price(q, { a: ["sun"], b: ["moon"] }).milli).toBe(2000);
  });

  it("variable defaults apply", () => {
    const q = `query($d: Int = 9) { chart(${B}) { varga a: varga(division: $d) } }`;
    expect(price(q).milli).toBe(1000);
    expect(price(q, { d: 10 }).milli).toBe(2000);
  });

  it("@skip and @include follow their variables", () => {
    const q = `query($withDasha: Boolean!, $noYogas: Boolean!) { chart(${B}) { lagna dasha @include(if: $withDasha) { antardashas } yogas @skip(if: $noYogas) } }`;
    expect(price(q, { withDasha: false, noYogas: true }).milli).toBe(1000);
    expect(price(q, { withDasha: true, noYogas: true }).milli).toBe(3000);
    expect(price(q, { withDasha: false, noYogas: false }).milli).toBe(2000);
    const frag = `query($f: Boolean!) { chart(${B}) { ...F @include(if: $f) } } fragment F on Chart { lagna }`;
    expect(price(frag, { f: false }).milli).toBe(0);
    expect(price(frag, { f: true }).milli).toBe(1000);
  });

  it("variables that do not coerce are refused", () => {
    expect(() => price(`query($d: Int!) { chart(${B}) { varga(division: $d) } }`, { d: "nine" })).toThrow(/Int/);
    expect(() => price(`query($d: Int!) { chart(${B}) { varga(division: $d) } }`, {})).toThrow(/was not provided/);
  });
});

describe("one parsed document priced many times (the per-document cache)", () => {
  it("a document whose price depends on variables is priced with each request's variables", () => {
    const doc = parse(`query($d: Boolean!, $a: [String!], $b: [String!]) {
      chart(${B}) { lagna dasha @include(if: $d) { antardashas } }
      x: ephemeris(planets: $a) y: ephemeris(planets: $b) }`);
    const p = (v: Record<string, unknown>) => priceOperation(schema, doc, v).milli;
    expect(p({ d: false, a: ["sun"], b: ["sun"] })).toBe(2000);
    expect(p({ d: true, a: ["sun"], b: ["sun"] })).toBe(4000);
    expect(p({ d: false, a: ["sun"], b: ["moon"] })).toBe(3000);
    expect(p({ d: false, a: ["sun"], b: ["sun"] })).toBe(2000);
  });

  it("a document whose price does not depend on variables gives the same price, and still checks the variables", () => {
    const doc = parse(`query K($b: BirthInput!, $n: Int) { chart(birth: $b) { lagna planets yogas doshas } search(maxResults: $n) { date } }`);
    const birth = { datetime: "2000-01-01T12:00:00+05:30", latitude: 1, longitude: 2 };
    const first = priceOperation(schema, doc, { b: birth, n: 3 });
    const second = priceOperation(schema, doc, { b: { ...birth, latitude: 5 } });
    expect(first.milli).toBe(8000);
    expect(second).toBe(first); // the cached price object
    expect(Object.isFrozen(second.breakdown)).toBe(true);
    expect(() => priceOperation(schema, doc, { n: 3 })).toThrow(/\$b/);
    expect(priceOperation(schema, doc, { b: birth }, "K").milli).toBe(8000);
  });
});

describe("operations", () => {
  it("the named operation is priced", () => {
    const doc = `query A { search { date } } query B { ephemeris }`;
    expect(price(doc, {}, "A").milli).toBe(5000);
    expect(price(doc, {}, "B").milli).toBe(1000);
    expect(() => price(doc)).toThrow(/operation name/);
    expect(() => price(doc, {}, "C")).toThrow(/Unknown operation/);
  });

  it("the free price field quotes an operation without running it", async () => {
    const q = `{ chart(${B}) { lagna planets yogas doshas } }`;
    const res = await graphql({
      schema,
      source: `query($q: String!) { price(query: $q) { credits milliCredits breakdown { kind path coordinate credits } } }`,
      variableValues: { q },
    });
    expect(res.errors).toBeUndefined();
    const quote = (res.data as { price: { credits: number; milliCredits: number; breakdown: { credits: number }[] } }).price;
    expect(quote.credits).toBe(3);
    expect(quote.milliCredits).toBe(3000);
    expect(quote.breakdown.at(-1)).toEqual({ kind: "cap", path: "chart", coordinate: "Chart", credits: -0.5 });
    expect(price(`{ price(query: "{ ephemeris }") { credits } }`).milli).toBe(0);
  });

  it("the price field refuses an invalid query", async () => {
    const res = await graphql({ schema, source: `{ price(query: "{ nosuchfield }") { credits } }` });
    expect(res.errors?.[0]?.message).toMatch(/not valid.*nosuchfield/);
  });
});

describe("decorators", () => {
  it("store the price in the field and type extensions", () => {
    const chart = schema.getType("Chart") as import("graphql").GraphQLObjectType;
    expect(chart.extensions).toMatchObject({ costCap: 3 });
    expect(chart.getFields().doshas!.extensions).toMatchObject({ cost: 0.5 });
    // …and as applied directives on the AST nodes, for printers that print them
    expect(print(chart.getFields().doshas!.astNode!)).toBe("doshas: String! @cost(credits: 0.5)");
    expect(chart.astNode!.directives!.map((d) => print(d))).toEqual(["@costCap(credits: 3)"]);
  });

  it("the schema keeps the built-in directives beside @cost", () => {
    expect(schema.getDirectives().map((d) => d.name)).toEqual(expect.arrayContaining(["skip", "include", "deprecated", "cost", "costCap"]));
  });

  it("the printed SDL shows @cost and @costCap", () => {
    const sdl = printSchemaWithCosts(schema);
    expect(sdl).toMatch(/directive @cost\(credits: Float!\) on FIELD_DEFINITION/);
    expect(sdl).toMatch(/type Chart @costCap\(credits: 3\) \{/);
    expect(sdl).toMatch(/lagna: String! @cost\(credits: 1\)/);
    expect(sdl).toMatch(/doshas: String! @cost\(credits: 0.5\)/);
    expect(sdl).toMatch(/search\(maxResults: Int! = 5\): \[Panchanga!\]! @cost\(credits: 5\)/);
    expect(sdl).toMatch(/\n  date: String!\n/); // free fields carry no directive
    expect(sdl.match(/directive @cost\(/g)).toHaveLength(1);
  });

  it("refuse prices finer than a milli-credit", async () => {
    const { Cost } = await import("../../src/costing/cost-decorator.js");
    expect(() => Cost(0.0005)).toThrow(/multiple of 0.001/);
    expect(() => Cost(-1)).toThrow();
  });
});

describe("variables coerced once per request", () => {
  // The direct executor hands its coerced variables to the gates (GateContext.coercedVariables).
  it("prices with the coerced variables it is given and does not coerce the raw ones again", () => {
    const q = parse(`query ($n: Int!) { search(maxResults: $n) { date } }`);
    expect(() => priceOperation(schema, q, { n: "twenty" })).toThrow(/Int/);
    expect(priceOperation(schema, q, { n: "twenty" }, undefined, { coerced: { n: 20 } }).milli).toBe(5000);
  });
});
