import "reflect-metadata";
import {
  getNamedType, getNullableType, isEnumType, isLeafType, isListType, isNonNullType, isObjectType, parse, validate,
  type GraphQLField, type GraphQLObjectType, type GraphQLSchema, type OperationTypeNode,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldCostMilli, priceOperation } from "../../src/costing/price.js";
import { FIELD_ARGUMENT_CHECKS, ROOT_ARGUMENT_CHECKS } from "../../src/resolvers/prevalidate.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

/**
 * Guards the rule "bad input loses nothing" for roots added later: every billable root field
 * (priced > 0 for its fullest selection, or taking a moment/place/birth) must have an argument
 * check that runs before pricing (src/resolvers/prevalidate.ts).
 */
let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema();
});

/** Arguments a caller must write (non-null without default). */
const required = (f: GraphQLField<unknown, unknown>) => f.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);

/** Every field reachable without further required arguments, to `depth` levels (the dearest selection). */
function fullSelection(type: GraphQLObjectType, depth: number): string {
  const parts: string[] = [];
  for (const f of Object.values(type.getFields())) {
    if (required(f).length > 0) continue;
    const named = getNamedType(f.type);
    if (isLeafType(named)) parts.push(f.name);
    else if (isObjectType(named) && depth > 1) {
      const inner = fullSelection(named, depth - 1);
      if (inner) parts.push(`${f.name} { ${inner} }`);
    }
  }
  return parts.join(" ");
}

/** The operation selecting `root` fully, its required arguments as variables (priced without values). */
function fullOperation(kind: "query" | "mutation" | "subscription", root: GraphQLField<unknown, unknown>): string {
  const args = required(root);
  const defs = args.length ? `(${args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ")})` : "";
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(", ")})` : "";
  const named = getNamedType(root.type);
  const sel = isObjectType(named) ? ` { ${fullSelection(named, 4) || "__typename"} }` : "";
  return `${kind} ${defs} { ${root.name}${call}${sel} }`;
}

const PLACE_OR_MOMENT = /^(datetime|.*Datetime|after|latitude|longitude|birth)$/;

function roots(kind: "query" | "mutation" | "subscription"): { name: string; priceMilli: number; takesPlaceOrMoment: boolean }[] {
  const type = schema.getRootType(kind as OperationTypeNode);
  if (!type) return [];
  return Object.values(type.getFields()).map((f) => {
    const doc = parse(fullOperation(kind, f));
    expect(validate(schema, doc).map((e) => e.message), f.name).toEqual([]);
    const { milli } = priceOperation(schema, doc, null, null, { variablesUnknown: true });
    return { name: f.name, priceMilli: milli, takesPlaceOrMoment: f.args.some((a) => PLACE_OR_MOMENT.test(a.name)) };
  });
}

describe("every billable root field has an argument check before pricing", () => {
  it("Query: billable roots (by price or by a moment/place/birth argument) are all registered", () => {
    const all = roots("query");
    const billable = all.filter((r) => r.priceMilli > 0 || r.takesPlaceOrMoment).map((r) => r.name);
    // The detector itself must see the known billable roots, else this test would guard nothing.
    expect(billable).toEqual(expect.arrayContaining(
      ["ephemeris", "chart", "dasha", "panchanga", "panchangaRange", "panchangaSearch", "choghadiya", "muhurta"]));
    const unchecked = billable.filter((n) => !ROOT_ARGUMENT_CHECKS[n]);
    expect(unchecked, `billable Query roots without a prevalidation check: ${unchecked.join(", ")}`).toEqual([]);
    // And the free ones really price at 0 (account, health, price, …), so the split is the pricing's own.
    for (const r of all.filter((x) => !billable.includes(x.name))) expect(r.priceMilli, r.name).toBe(0);
    expect(all.filter((r) => !billable.includes(r.name)).map((r) => r.name)).toEqual(expect.arrayContaining(["health", "price"]));
  });

  it("Mutation: any billable root is registered (subscribeWebhook; the others are free: registration, admin)", () => {
    const all = roots("mutation");
    expect(all.length).toBeGreaterThan(0);
    const unchecked = all.filter((r) => r.priceMilli > 0 && !ROOT_ARGUMENT_CHECKS[r.name]).map((r) => r.name);
    expect(unchecked).toEqual([]);
  });

  it("Subscription: starting one is charged, so each billable root is registered (astroEvents: 1 credit, a place)", () => {
    const all = roots("subscription");
    expect(all.find((r) => r.name === "astroEvents")).toMatchObject({ priceMilli: 1000, takesPlaceOrMoment: true });
    const unchecked = all.filter((r) => (r.priceMilli > 0 || r.takesPlaceOrMoment) && !ROOT_ARGUMENT_CHECKS[r.name]).map((r) => r.name);
    expect(unchecked).toEqual([]);
    expect(() => ROOT_ARGUMENT_CHECKS.astroEvents!({ latitude: 28.6 })).toThrow(/latitude and longitude go together/);
    expect(() => ROOT_ARGUMENT_CHECKS.astroEvents!({ latitude: 91, longitude: 0 })).toThrow(/between -90 and 90/);
    expect(() => ROOT_ARGUMENT_CHECKS.astroEvents!({ types: [] })).toThrow(/at least one event type/);
    expect(() => ROOT_ARGUMENT_CHECKS.astroEvents!({ types: ["ekadashi"], latitude: 28.6, longitude: 77.2 })).not.toThrow();
  });

  it("registered checks name real fields (no stale entries)", () => {
    // Subscription and Mutation roots may be billable too (astroEvents; subscribeWebhook costs 1 credit).
    const rootFields = {
      ...schema.getQueryType()!.getFields(), ...schema.getSubscriptionType()?.getFields(), ...schema.getMutationType()?.getFields(),
    };
    for (const name of Object.keys(ROOT_ARGUMENT_CHECKS)) expect(rootFields[name], name).toBeDefined();
    for (const coord of Object.keys(FIELD_ARGUMENT_CHECKS)) {
      const [typeName, field] = coord.split(".");
      const type = schema.getType(typeName!);
      expect(isObjectType(type) && type.getFields()[field!], coord).toBeTruthy();
    }
  });

  it("non-root fields taking any argument the schema cannot check alone (text, numbers, lists) have a check too", () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__") || type === schema.getQueryType() || type === schema.getMutationType() ||
        type === schema.getSubscriptionType()) continue;
      for (const f of Object.values(type.getFields())) {
        // An enum or a Boolean is fully checked by GraphQL; anything else may carry a resolver rule
        // (issue 8: every argument check the engine makes runs before pricing, priced field or not).
        const ruled = f.args.some((a) => {
          const named = getNamedType(a.type);
          return !(isEnumType(named) || named.name === "Boolean") || isListType(getNullableType(a.type));
        });
        if (ruled && !FIELD_ARGUMENT_CHECKS[`${type.name}.${f.name}`]) missing.push(`${type.name}.${f.name}`);
      }
    }
    expect(missing).toEqual([]);
    // The rule sees the known ruled fields, else it would guard nothing.
    expect(Object.keys(FIELD_ARGUMENT_CHECKS)).toEqual(expect.arrayContaining(["Chart.vargas", "Chart.dasha", "Chart.planets"]));
  });

  it("the chart roots refuse a birth outside 1800–2400 (the chart core's span) before pricing", () => {
    for (const root of ["chart", "dasha"]) {
      const check = ROOT_ARGUMENT_CHECKS[root]!;
      expect(() => check({ birth: { datetime: "2401-01-01T00:00:00Z", latitude: 1, longitude: 2 } }), root).toThrow(/1800–2400/);
      expect(() => check({ birth: { datetime: "2400-12-31T23:00:00Z", latitude: 1, longitude: 2 } }), root).not.toThrow();
    }
  });
});
