import "reflect-metadata";
import {
  execute, getNamedType, isLeafType, isObjectType, parse, validate,
  type GraphQLField, type GraphQLObjectType, type GraphQLSchema,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldCostMilli, priceOperation } from "../../src/costing/price.js";
import { createGraphQLContext } from "../../src/resolvers/context.js";
import { panchangaMemo } from "../../src/resolvers/panchanga/panchanga-memo.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";

/**
 * "Every field that computes something has a cost; only echoes of the caller's input are free"
 * (docs/architecture.md §5). The guard walks the schema from every root: a field under a
 * billable root must be priced itself, sit below a priced field (whose resolver did the work
 * it reads), or be listed below as free — and each listed entry says why. A new field that is
 * none of these fails here until it gets a @Cost or a reason. The free entries are then run
 * against the real resolvers: selecting all of them must not reach the engine at all.
 */

/** Roots that never reach the engine (accounts, registration, pricing) or that the spec prices at 0. */
const FREE_ROOTS: Readonly<Record<string, string>> = {
  price: "prices a document; parses and walks it, no engine (bounded by the document limits)",
  account: "the caller's account row",
  adminStats: "database aggregates, admin key only",
  registrationStatus: "a registration row",
  health: "spec: GET /health costs 0; the engine self-check is one fixed instant",
  grantCredits: "admin ledger write",
  register: "account creation",
  verifyToken: "registration",
  verifyCode: "registration",
  messagingUpdate: "messenger webhook",
  purchaseMethods: "payments: a fixed list",
  paymentOrderStatus: "payments: an order row",
  checkout: "payments: an order row and the processor's checkout",
  paymentCallback: "payments: a processor's callback",
  topupLightning: "payments: a Lightning invoice",
  topup: "payments: crediting a paid invoice or promo code",
  createPromoCode: "payments: admin only",
  webhooks: "spec: GET /webhooks costs 0; the caller's subscription rows",
  deleteWebhook: "spec: DELETE /webhooks/{subscription_id} costs 0",
  checkEvents: "admin: records events and queues deliveries (deliveries are free)",
  places: "the gazetteer: a table lookup, free by decision (issue 26); keyless callers are rate limited",
  nearestPlace: "the gazetteer: a grid lookup, free by decision (issue 26); keyless callers are rate limited",
  place: "the gazetteer: one place by id",
  calendarFeeds: "the caller's feed rows (docs/calendars.md)",
  calendarFeedIcs: "a feed's poll: covered by the feed's paid period (createCalendarFeed, renewCalendarFeed are priced); rendered feeds are cached",
  revokeCalendarFeed: "revoking a feed token: free, as DELETE /feeds/{feed_id}",
};

/** Roots whose resolver only validates the input and returns a lazy source: the work is in the priced fields below. */
const LAZY_ROOTS: Readonly<Record<string, string>> = {
  chart: "validates the birth; each chart part is priced",
  panchanga: "validates moment, place and zone; the day is computed by the first priced part",
  panchangaRange: "validates the span; the days are computed by the priced `days`",
  choghadiya: "validates moment and place; the day is computed by the first priced part",
  calendar: "validates year and place and finds the place's zone (a table lookup); the year is computed by the first priced list",
  compatibility: "validates both births; the kootas and the Mangal match are computed by their priced fields",
  prashna: "validates the question's moment and place; the chart and the reading are priced",
};

/** Fields that only echo the caller's input (or its defaults): "Type.field", or "Type.*" for a whole echo type. */
const FREE_ECHOES: Readonly<Record<string, string>> = {
  "Chart.datetime": "the birth datetime as given",
  "Chart.latitude": "the birth latitude",
  "Chart.longitude": "the birth longitude",
  "Chart.conventions": "the conventions chosen (or their defaults)",
  "Chart.civilTime": "how the birth's offset was found: resolved while validating the input",
  "CivilTime.*": "how the birth's offset was found: resolved while validating the input",
  "Chart.kp": "a lazy node: the birth under the KP ayanamsha; every KP part below is priced",
  "Kp.conventions": "the conventions chosen (KP's ayanamsha by default)",
  "Conventions.*": "the conventions chosen (or their defaults)",
  "Panchanga.timezone": "the zone asked for, or the datetime's offset",
  "Panchanga.timezoneNote": "a fixed note when the zone was not given",
  "Panchanga.latitude": "the latitude given",
  "Panchanga.longitude": "the longitude given",
  "Panchanga.conventions": "the conventions chosen (or their defaults)",
  "PanchangaRange.startDatetime": "the start as given",
  "PanchangaRange.endDatetime": "the end as given",
  "Choghadiya.datetime": "the datetime as given",
  "Choghadiya.latitude": "the latitude given",
  "Choghadiya.longitude": "the longitude given",
  "Calendar.year": "the year asked for",
  "Calendar.latitude": "the latitude given (or the default place's)",
  "Calendar.longitude": "the longitude given (or the default place's)",
  "Calendar.timeZone": "the zone given, or the place's zone from the offline table",
  "Calendar.timeZoneSource": "which of the two it was",
  "Choghadiya.conventions": "the conventions and hora system chosen (or their defaults)",
  "ChoghadiyaConventions.*": "the conventions and hora system chosen (or their defaults)",
  "Panchanga.civilTime": "how the moment's offset was found: resolved while validating the input",
  "PanchangaRange.civilTime": "how the start's offset was found: resolved while validating the input",
  "Choghadiya.civilTime": "how the moment's offset was found: resolved while validating the input",
  "CalendarFeed.*": "a feed row of the caller's (its definition, token prefix, paid period, polls)",
  "CalendarFeedIcs.*": "a feed's poll: the rendered iCalendar text and its ETag, covered by the feed's paid period",
};

/** Arguments to run each lazy root with (a new lazy root needs an entry here). */
const SAMPLE_ARGS: Readonly<Record<string, string>> = {
  chart: `birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }`,
  panchanga: `datetime: "2024-01-01", latitude: 28.6, longitude: 77.2, at: SUNRISE, tz: "Asia/Kolkata"`,
  panchangaRange: `startDatetime: "2024-01-01T00:00:00+05:30", endDatetime: "2024-01-20T00:00:00+05:30", latitude: 28.6, longitude: 77.2`,
  choghadiya: `datetime: "2024-01-01T10:00:00+05:30", latitude: 28.6, longitude: 77.2`,
  calendar: `year: 2024`,
  compatibility: `groom: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }, bride: { datetime: "1992-08-01T09:00:00+05:30", latitude: 19.1, longitude: 72.9 }`,
  prashna: `question: { datetime: "2024-01-01T10:00:00+05:30", latitude: 28.6, longitude: 77.2 }`,
};

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema();
});

const isEcho = (type: GraphQLObjectType, field: string): boolean =>
  FREE_ECHOES[`${type.name}.${field}`] !== undefined || FREE_ECHOES[`${type.name}.*`] !== undefined;

/** Coordinates of fields a caller could select for free below `root` that are not listed as echoes. */
function unpricedBelow(type: GraphQLObjectType, seen: Set<string>, out: Set<string>): void {
  if (seen.has(type.name)) return;
  seen.add(type.name);
  for (const f of Object.values(type.getFields())) {
    if (fieldCostMilli(f) > 0) continue; // priced: it and everything it filled in are paid for
    if (!isEcho(type, f.name)) out.add(`${type.name}.${f.name}`);
    const named = getNamedType(f.type);
    // Below a free field (echo or not) every field must be checked too.
    if (isObjectType(named)) unpricedBelow(named, seen, out);
  }
}

function rootFields(): GraphQLField<unknown, unknown>[] {
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
    .flatMap((t) => (t ? Object.values(t.getFields()) : []));
}

describe("every field that computes something is priced (schema walk)", () => {
  it("each root is priced, a listed free root, or a listed lazy root", () => {
    const unlisted = rootFields()
      .filter((f) => fieldCostMilli(f) === 0 && !FREE_ROOTS[f.name] && !LAZY_ROOTS[f.name])
      .map((f) => f.name);
    expect(unlisted, "free roots nobody vouched for").toEqual([]);
  });

  it("below every priced or lazy root, a free field is a listed echo", () => {
    const missing = new Set<string>();
    for (const root of rootFields()) {
      if (FREE_ROOTS[root.name] || fieldCostMilli(root) > 0) continue;
      const named = getNamedType(root.type);
      if (isObjectType(named)) unpricedBelow(named, new Set(), missing);
    }
    expect([...missing].sort(), "fields that compute for free: give them a @Cost (or list a true echo)").toEqual([]);
  });

  it("the walk covers the Subscription root: starting astroEvents costs 1 credit, like a webhook subscription", () => {
    const root = rootFields().find((f) => f.name === "astroEvents");
    expect(root, "astroEvents among the walked roots").toBeDefined();
    expect(schema.getSubscriptionType()!.getFields().astroEvents).toBe(root);
    expect(fieldCostMilli(root!)).toBe(1000);
    const doc = parse(`subscription { astroEvents(types: [EKADASHI], latitude: 28.6, longitude: 77.2) { type instant data location { localInstant } } }`);
    expect(validate(schema, doc)).toEqual([]);
    expect(priceOperation(schema, doc).milli).toBe(1000);
  });

  it("the lists name real roots and fields (no stale entries), and no root is both free and priced", () => {
    const roots = new Map(rootFields().map((f) => [f.name, f]));
    for (const name of [...Object.keys(FREE_ROOTS), ...Object.keys(LAZY_ROOTS)]) {
      expect(roots.get(name), name).toBeDefined();
      expect(fieldCostMilli(roots.get(name)!), name).toBe(0);
    }
    for (const coord of Object.keys(FREE_ECHOES)) {
      const [typeName, field] = coord.split(".") as [string, string];
      const type = schema.getType(typeName);
      expect(isObjectType(type), coord).toBe(true);
      if (field !== "*") {
        expect((type as GraphQLObjectType).getFields()[field], coord).toBeDefined();
        expect(fieldCostMilli((type as GraphQLObjectType).getFields()[field]!), coord).toBe(0);
      }
    }
    expect(Object.keys(SAMPLE_ARGS).sort()).toEqual(Object.keys(LAZY_ROOTS).sort());
  });

  // The reproductions: each of these priced 0 before.
  it.each([
    [`{ dasha(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }) { current { mahaDasha { planet } pranaDasha { planet } } } }`, 0.5],
    [`{ dasha(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }) { balance { years } moonNakshatra } }`, 0.5],
    [`{ chart(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }) { dasha { current { mahaDasha { planet } } } } }`, 0.5],
    [`{ panchanga(datetime: "2024-01-01", latitude: 28.6, longitude: 77.2, at: SUNRISE) { datetime } }`, 0.1],
    [`{ panchanga(datetime: "2024-01-01T10:00:00+05:30", latitude: 28.6, longitude: 77.2) { abhijitAbsentReason polarReason } }`, 0.2],
    [`{ panchangaRange(${SAMPLE_ARGS.panchangaRange}) { days { datetime } } }`, 1],
    [`{ choghadiya(${SAMPLE_ARGS.choghadiya}) { varaNumber } }`, 0.1],
    [`{ choghadiya(${SAMPLE_ARGS.choghadiya}) { polarReason } }`, 0.1],
  ])("%s costs %s credits", (query, credits) => {
    const doc = parse(query);
    expect(validate(schema, doc)).toEqual([]);
    expect(priceOperation(schema, doc).milli).toBe(Math.round(credits * 1000));
  });

  it("deep dashas keep their price: all five levels cost 3, and 20 aliased copies 60", () => {
    const levels = "subPeriods { planet ".repeat(4) + "}".repeat(4);
    const one = (i: number) =>
      `d${i}: dasha(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: ${i} }) { mahaDashas { planet ${levels} } }`;
    expect(priceOperation(schema, parse(`{ ${one(0)} }`)).milli).toBe(3000);
    expect(priceOperation(schema, parse(`{ ${Array.from({ length: 20 }, (_, i) => one(i)).join(" ")} }`)).milli).toBe(60_000);
  });
});

/** Every echo field of `type` (recursively, leaves only), as a selection. */
function echoSelection(type: GraphQLObjectType): string {
  const parts: string[] = [];
  for (const f of Object.values(type.getFields())) {
    if (!isEcho(type, f.name)) continue;
    const named = getNamedType(f.type);
    if (isLeafType(named)) parts.push(f.name);
    else if (isObjectType(named)) parts.push(`${f.name} { ${echoSelection(named)} }`);
  }
  return parts.join(" ");
}

describe("the free entries really are free of engine work", () => {
  it.each(Object.keys(LAZY_ROOTS))("%s with all its echoes selected computes nothing", async (root) => {
    const type = getNamedType(schema.getQueryType()!.getFields()[root]!.type) as GraphQLObjectType;
    const selection = echoSelection(type);
    if (selection === "") {
      // Nothing free to select: then every field of the node must carry its own price.
      expect(Object.values(type.getFields()).filter((f) => fieldCostMilli(f) === 0).map((f) => f.name), `${root}: free fields`).toEqual([]);
      return;
    }
    const doc = parse(`{ ${root}(${SAMPLE_ARGS[root]}) { ${selection} } }`);
    expect(validate(schema, doc)).toEqual([]);
    expect(priceOperation(schema, doc).milli).toBe(0);
    const ctx = createGraphQLContext({ requestId: "t" });
    const result = await execute({ schema, document: doc, contextValue: ctx });
    expect(result.errors).toBeUndefined();
    expect(result.data?.[root]).toBeTruthy();
    expect(ctx.engine.stats).toEqual({ positionCalls: 0, grahasComputed: 0, ayanamshaCalls: 0, ascendantCalls: 0, houseCalls: 0, memoHits: 0 });
    expect(ctx.engine.derivedBuilds).toEqual({});
    expect(panchangaMemo(ctx.engine).stats).toEqual({ dayCalls: 0, moonEventCalls: 0, windowCalls: 0, elementCalls: 0, varaCalls: 0 });
  });

  it("and the counters do see work: one priced part of each lazy root moves them", async () => {
    const priced: Record<string, string> = {
      chart: "lagna { sign }", panchanga: "datetime", panchangaRange: "days { datetime }", choghadiya: "varaNumber",
      calendar: "monthVratas(month: 1) { name }", compatibility: "ashtakoota { totalScore }", prashna: "chart { name }",
    };
    expect(Object.keys(priced).sort()).toEqual(Object.keys(LAZY_ROOTS).sort());
    for (const root of Object.keys(priced)) {
      const ctx = createGraphQLContext({ requestId: "t" });
      const result = await execute({ schema, document: parse(`{ ${root}(${SAMPLE_ARGS[root]}) { ${priced[root]} } }`), contextValue: ctx });
      expect(result.errors, root).toBeUndefined();
      const s = ctx.engine.stats;
      const moved = s.positionCalls + Object.keys(ctx.engine.derivedBuilds).length + panchangaMemo(ctx.engine).stats.dayCalls;
      // panchangaRange and calendar compute their days in engine calls outside the memo: their price is what guards them.
      if (root !== "panchangaRange" && root !== "calendar") expect(moved, root).toBeGreaterThan(0);
    }
  });
});
