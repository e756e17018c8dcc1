import "reflect-metadata";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOperation } from "../../src/costing/price.js";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { panchangaAtMoment, panchangaForDate, type PanchangaDay } from "../../src/engine/panchanga/panchanga-day.js";
import { describeLongitude } from "../../src/engine/tables/longitude.js";
import { formatIso } from "../../src/engine/time/iso.js";
import { jdFromUnixMs, unixMsFromJd } from "../../src/engine/time/julian.js";
import { withDefaults } from "../../src/engine/types.js";
import { createGraphQLContext } from "../../src/resolvers/context.js";
import { panchangaMemo } from "../../src/resolvers/panchanga/panchanga-memo.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { ROUTES } from "../../src/rest-compat/route-table.js";
import { postJson, graphql, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const DELHI = { latitude: 28.6139, longitude: 77.209 };
const place = { latDeg: DELHI.latitude, lonDeg: DELHI.longitude };
const conv = withDefaults();
const IST = 330;
const iso = (jd: number | null, offset = IST) => (jd === null ? null : formatIso(unixMsFromJd(jd), offset));
/** Junctions (limb starts and ends) are printed rounded up to the second (isoOfJunction). */
const jn = (jd: number, offset = IST) => formatIso(Math.ceil(unixMsFromJd(jd) / 1000) * 1000, offset);
const win = (w: { startJd: number; endJd: number } | null, offset = IST) => (w ? { start: iso(w.startJd, offset), end: iso(w.endJd, offset) } : null);

const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);
const get = async (path: string) => {
  const res = await fetch(server.baseUrl + path);
  return { status: res.status, body: (await res.json()) as any };
};

/** The REST body's day-level values must be the engine's own, formatted in the caller's offset. */
function expectEngineDay(body: any, day: PanchangaDay, offset: number): void {
  expect(body.sunrise).toBe(iso(day.sunriseJdUt, offset));
  expect(body.sunset).toBe(iso(day.sunsetJdUt, offset));
  expect(body.next_sunrise).toBe(iso(day.nextSunriseJdUt, offset));
  expect(body.moonrise).toBe(iso(day.moonriseJdUt, offset));
  expect(body.moonset).toBe(iso(day.moonsetJdUt, offset));
  expect(body.vara).toEqual({ number: day.vara!.number, name: day.vara!.name, sanskrit: day.vara!.sanskrit, lord: day.vara!.lord });
  expect(body.tithi).toEqual({
    number: day.tithi.number, name: day.tithi.name, paksha: day.tithi.paksha,
    start: jn(day.tithi.startJd, offset), end: jn(day.tithi.endJd, offset),
  });
  expect(body.nakshatra).toEqual({
    number: day.nakshatra.number, name: day.nakshatra.name, pada: day.nakshatra.pada, lord: day.nakshatra.lord,
    start: jn(day.nakshatra.startJd, offset), end: jn(day.nakshatra.endJd, offset),
  });
  expect(body.yoga).toEqual({ number: day.yoga.number, name: day.yoga.name, start: jn(day.yoga.startJd, offset), end: jn(day.yoga.endJd, offset) });
  expect(body.karana.number).toBe(day.karana.number);
  expect(body.transitions).toEqual(
    day.transitions.map((s) => ({ element: s.element, number: s.number, name: s.name, start: jn(s.startJd, offset), end: jn(s.endJd, offset) })),
  );
  expect(body.masa).toEqual({ number: day.masa.number, name: day.masa.name, system: day.masa.system, is_adhika: day.masa.isAdhika });
  expect(body.samvatsara).toEqual({ number: day.samvatsara.number, name: day.samvatsara.name, convention: day.samvatsara.convention,
    vikram_year: day.samvatsara.vikramYear, shaka_year: day.samvatsara.shakaYear,
  });
  expect(body.ritu.name).toBe(day.ritu.name);
  expect(body.ayana).toBe(day.ayana);
  expect(body.paksha).toBe(day.paksha);
  const sun = describeLongitude(day.sun.lonSidDeg);
  expect(body.sun).toEqual({ longitude: sun.lonSidDeg, sign: sun.rashiName, sign_degree: sun.rashiDegree, nakshatra: sun.nakshatraName, pada: sun.pada });
  expect(body.moon.longitude).toBe(describeLongitude(day.moon.lonSidDeg).lonSidDeg);
  const w = day.windows!;
  expect(body.rahu_kala).toEqual(win(w.rahuKala, offset));
  expect(body.gulika_kala).toEqual(win(w.gulikaKala, offset));
  expect(body.yamaghanda).toEqual(win(w.yamaghanda, offset));
  expect(body.abhijit_muhurta).toEqual(win(w.abhijitMuhurta, offset));
  expect(body.brahma_muhurta).toEqual(win(w.brahmaMuhurta, offset));
  expect(body.dur_muhurta).toEqual(w.durMuhurta.map((d) => ({ ...win(d, offset), part: d.part, muhurta: d.muhurta })));
}

describe("POST /panchanga", () => {
  it("answers the engine's day containing the moment, times in the caller's offset", async () => {
    const { status, body } = await post("/panchanga", { datetime: "2024-01-15T10:30:00+05:30", ...DELHI });
    expect(status).toBe(200);
    expect(body.datetime).toBe("2024-01-15T10:30:00+05:30");
    expect(body.timezone).toBe("+05:30");
    expect(body.timezone_note).toBeUndefined();
    expect(body.conventions).toEqual({ ayanamsha: "lahiri", node: "mean", sunrise: "upper_limb", month: "amanta" });
    const day = panchangaAtMoment(jdFromUnixMs(Date.parse("2024-01-15T05:00:00Z")), place, conv);
    expectEngineDay(body, day, IST);
    // The moment lies within the day it reports.
    expect(Date.parse(body.sunrise)).toBeLessThanOrEqual(Date.parse(body.datetime));
    expect(Date.parse(body.datetime)).toBeLessThan(Date.parse(body.next_sunrise));
  });

  it("refuses a latitude beyond 90° and a datetime without offset with 422", async () => {
    const bad = await post("/panchanga", { datetime: "2024-01-15T10:30:00+05:30", latitude: 91, longitude: 77 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "latitude"]);
    const naive = await post("/panchanga", { datetime: "2024-01-15T10:30:00", ...DELHI });
    expect(naive.status).toBe(422);
    expect(naive.body.detail[0].loc).toEqual(["body", "datetime"]);
  });
});

describe("GET /panchanga", () => {
  it("gives the elements at the date's sunrise in the tz given; Wednesday has no Abhijit muhurta, with the reason", async () => {
    const { status, body } = await get(`/panchanga?date=2024-01-17&latitude=${DELHI.latitude}&longitude=${DELHI.longitude}&tz=Asia/Kolkata`);
    expect(status).toBe(200);
    expect(body.timezone).toBe("Asia/Kolkata");
    const day = panchangaForDate(jdFromUnixMs(Date.parse("2024-01-16T18:30:00Z")), place, conv);
    expectEngineDay(body, day, IST);
    expect(body.datetime).toBe(body.sunrise);
    expect(body.vara.name).toBe("Wednesday");
    expect(body.abhijit_muhurta).toBeNull();
    expect(body.abhijit_muhurta_reason).toMatch(/Wednesday/);
  });

  it("without tz or offset answers in UTC and says so; a ±HH:MM tz is honoured", async () => {
    const utc = await get(`/panchanga?date=2024-01-15&latitude=${DELHI.latitude}&longitude=${DELHI.longitude}`);
    expect(utc.status).toBe(200);
    expect(utc.body.timezone).toBe("UTC");
    expect(utc.body.timezone_note).toMatch(/UTC/);
    expect(utc.body.sunrise).toMatch(/\+00:00$/);
    const day = panchangaForDate(jdFromUnixMs(Date.parse("2024-01-15T00:00:00Z")), place, conv);
    expect(utc.body.sunrise).toBe(iso(day.sunriseJdUt, 0));
    const fixed = await get(`/panchanga?date=2024-01-15&latitude=${DELHI.latitude}&longitude=${DELHI.longitude}&tz=%2B05:30`);
    expect(fixed.body.timezone).toBe("+05:30");
    expect(fixed.body.sunrise).toBe(iso(panchangaForDate(jdFromUnixMs(Date.parse("2024-01-14T18:30:00Z")), place, conv).sunriseJdUt));
  });

  it("a datetime's own offset picks its local date", async () => {
    const { body } = await get(`/panchanga?date=2024-01-15T23:00:00%2B05:30&latitude=${DELHI.latitude}&longitude=${DELHI.longitude}`);
    expect(body.timezone).toBe("+05:30");
    expect(body.sunrise.slice(0, 10)).toBe("2024-01-15");
  });

  it("refuses an unknown tz with 422 at query.tz", async () => {
    const { status, body } = await get(`/panchanga?date=2024-01-15&latitude=28&longitude=77&tz=Mars/Olympus`);
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["query", "tz"]);
  });

  it("on a polar day, fields needing a sunrise are null with the reason, the lunar elements still given (never 500)", async () => {
    const { status, body } = await get("/panchanga?date=2024-06-21&latitude=78.22&longitude=15.65&tz=%2B02:00");
    expect(status).toBe(200);
    expect(body.sunrise).toBeNull();
    expect(body.vara).toBeNull();
    expect(body.rahu_kala).toBeNull();
    expect(body.dur_muhurta).toBeNull();
    expect(body.polar_reason).toMatch(/polar/);
    expect(body.tithi.number).toBeGreaterThanOrEqual(1);
    const moment = await post("/panchanga", { datetime: "2024-12-21T12:00:00+01:00", latitude: 78.22, longitude: 15.65 });
    expect(moment.status).toBe(200);
    expect(moment.body.sunrise).toBeNull();
    expect(moment.body.polar_reason).toMatch(/polar/);
  });

  it("a moment days after the last sunrise before a midnight sun has its elements (Tromsø, May 2024: was an internal error)", async () => {
    const { status, body } = await post("/panchanga", { datetime: "2024-05-18T16:48:00Z", latitude: 69.65, longitude: 18.96 });
    expect(status).toBe(200);
    expect(body.sunrise).toMatch(/^2024-05-16T23:0/); // the last sunrise, 1.7 days before
    expect(body.next_sunrise).toBeNull();
    expect(body.polar_reason).toMatch(/polar/);
    expect(body.tithi.number).toBeGreaterThanOrEqual(1);
    expect(Date.parse(body.tithi.start)).toBeLessThanOrEqual(Date.parse("2024-05-18T16:48:00Z"));
    expect(Date.parse(body.tithi.end)).toBeGreaterThan(Date.parse("2024-05-18T16:48:00Z"));
  });
});

describe("GraphQL panchanga", () => {
  async function run(query: string) {
    const ctx = createGraphQLContext({ requestId: "test" });
    const res = await server.app.apollo.executeOperation({ query }, { contextValue: ctx });
    if (res.body.kind !== "single") throw new Error("incremental result");
    return { data: res.body.singleResult.data as any, errors: res.body.singleResult.errors, stats: panchangaMemo(ctx.engine).stats };
  }
  const ARGS = `datetime: "2024-01-15T10:30:00+05:30", latitude: ${DELHI.latitude}, longitude: ${DELHI.longitude}`;

  it("selecting only tithi computes the spans at the moment: no day (sunrise, masa, transitions), moonrise or kalams", async () => {
    const { data, errors, stats } = await run(`{ panchanga(${ARGS}) { tithi { number name } } }`);
    expect(errors).toBeUndefined();
    expect(data.panchanga.tithi.name).toBe("Panchami");
    expect(stats).toEqual({ dayCalls: 0, moonEventCalls: 0, windowCalls: 0, elementCalls: 1, varaCalls: 0 });
  });

  it("tithi, nakshatra and vara of a moment: the elements and the sunrise alone, equal to the whole day's", async () => {
    const few = await run(`{ panchanga(${ARGS}) { tithi { number name start end paksha } nakshatra { name pada lord start } vara { name } yoga { name } karana { number } sun { longitude } moon { longitude } ayana paksha } }`);
    expect(few.stats).toEqual({ dayCalls: 0, moonEventCalls: 0, windowCalls: 0, elementCalls: 1, varaCalls: 1 });
    const all = await run(`{ panchanga(${ARGS}) { sunrise tithi { number name start end paksha } nakshatra { name pada lord start } vara { name } yoga { name } karana { number } sun { longitude } moon { longitude } ayana paksha } }`);
    expect(all.stats).toEqual({ dayCalls: 1, moonEventCalls: 0, windowCalls: 0, elementCalls: 0, varaCalls: 0 });
    const { sunrise, ...rest } = all.data.panchanga;
    expect(sunrise).toBeTruthy();
    expect(few.data.panchanga).toEqual(rest);
  });

  it("many parts, twice under aliases, share one memoized day, one moon search and one set of kalams", async () => {
    const { data, stats } = await run(`{
      a: panchanga(${ARGS}) { sunrise moonrise moonset tithi { name } rahuKala { start } masa { name } }
      b: panchanga(${ARGS}) { moonrise nakshatra { name } yoga { name } gulikaKala { start } durMuhurta { start } }
    }`);
    expect(data.a.moonrise).toBe(data.b.moonrise);
    expect(stats).toEqual({ dayCalls: 1, moonEventCalls: 1, windowCalls: 1, elementCalls: 0, varaCalls: 0 });
  });

  it("agrees with REST field for field", async () => {
    const rest = await post("/panchanga", { datetime: "2024-01-15T10:30:00+05:30", ...DELHI });
    const { body } = await graphql(server.baseUrl, `{ panchanga(${ARGS}) {
      sunrise nextSunrise moonrise tithi { number start end } nakshatra { pada } rahuKala { start end } sun { longitude } } }`);
    const p = body.data.panchanga;
    expect([p.sunrise, p.nextSunrise, p.moonrise]).toEqual([rest.body.sunrise, rest.body.next_sunrise, rest.body.moonrise]);
    expect(p.tithi).toEqual({ number: rest.body.tithi.number, start: rest.body.tithi.start, end: rest.body.tithi.end });
    expect(p.nakshatra.pada).toBe(rest.body.nakshatra.pada);
    expect(p.rahuKala).toEqual(rest.body.rahu_kala);
    expect(p.sun.longitude).toBe(rest.body.sun.longitude);
  });
});

describe("prices", () => {
  const MINE = ["/panchanga", "/panchanga/range", "/panchanga/search", "/choghadiya", "/muhurta"];

  it("each panchanga-suite route's document costs the spec's credits (1, 1, 1, 5, 1, 1)", async () => {
    const routes = ROUTES.filter((r) => MINE.includes(r.path));
    expect(routes.map((r) => `${r.method} ${r.path} ${r.credits}`)).toEqual([
      "post /panchanga 1", "get /panchanga 1", "post /panchanga/range 1", "post /panchanga/search 5", "post /choghadiya 1", "post /muhurta 1",
    ]);
    expect(routePriceMismatches(await buildAppSchema(), routes)).toEqual([]);
  });

  it("a GraphQL client selecting less pays less: tithi alone is 0.1 credit, a whole day 1", async () => {
    const schema = await buildAppSchema();
    const price = (q: string) => priceOperation(schema, parse(q)).milli;
    expect(price(`{ panchanga(datetime: "x", latitude: 1, longitude: 2) { latitude tithi { name } } }`)).toBe(100);
    // The day's anchor (its sunrise at SUNRISE) is computed with the day: a part like any other.
    expect(price(`{ panchanga(datetime: "x", latitude: 1, longitude: 2, at: SUNRISE) { datetime } }`)).toBe(100);
    expect(price(`{ choghadiya(datetime: "x", latitude: 1, longitude: 2) { hora { name } } }`)).toBe(400);
    expect(price(`{ panchangaSearch(latitude: 1, longitude: 2, after: "x", criteria: {}) { count } }`)).toBe(4000);
  });
});
