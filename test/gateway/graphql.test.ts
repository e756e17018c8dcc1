import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ascendantAndMc, houseCusps } from "../../src/engine/astro/houses.js";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { describeLongitude } from "../../src/engine/tables/longitude.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { withDefaults } from "../../src/engine/types.js";
import { createGraphQLContext, type GraphQLContext } from "../../src/resolvers/context.js";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const birthInstant = instantFromUnixMs(Date.parse("1990-05-15T09:00:00Z"));
const place = { latDeg: 28.6139, lonDeg: 77.209 };

/** Run an operation in-process with a context we keep, to read its EngineContext stats. */
async function run(query: string, variables?: Record<string, unknown>): Promise<{ data: any; errors: any; ctx: GraphQLContext }> {
  const ctx = createGraphQLContext({ requestId: "test" });
  const res = await server.app.apollo.executeOperation({ query, variables }, { contextValue: ctx });
  if (res.body.kind !== "single") throw new Error("incremental result");
  return { data: res.body.singleResult.data, errors: res.body.singleResult.errors, ctx };
}

describe("GraphQL ephemeris", () => {
  it("answers the engine's positions for the requested grahas over HTTP", async () => {
    const { status, body } = await graphql(server.baseUrl, `
      query ($d: String!) { ephemeris(datetime: $d, planets: [MOON, MARS], options: { node: TRUE }) {
        datetime julianDayUt conventions { ayanamsha node } planets { graha longitude speed retrograde rashi nakshatra pada } } }`,
      { d: "2024-01-15T10:30:00+05:30" });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const e = body.data.ephemeris;
    expect(e.datetime).toBe("2024-01-15T10:30:00+05:30");
    expect(e.conventions).toEqual({ ayanamsha: "LAHIRI", node: "TRUE" });
    expect(e.planets.map((p: any) => p.graha)).toEqual(["MOON", "MARS"]);
    const ref = grahaPositions(instantFromUnixMs(Date.parse("2024-01-15T05:00:00Z")), withDefaults({ node: "true" }), ["moon", "mars"]);
    expect(e.planets[0].longitude).toBe(describeLongitude(ref.moon!.lonSidDeg).lonSidDeg);
    expect(e.planets[1].speed).toBe(ref.mars!.speedDegPerDay);
    expect(e.planets[0].nakshatra).toBe(describeLongitude(ref.moon!.lonSidDeg).nakshatra);
  });

  it("memoizes: ten fields needing the Moon compute it once", async () => {
    const fields = Array.from({ length: 10 }, (_, i) => `m${i}: planets { longitude rashi pada }`).join(" ");
    const { data, errors, ctx } = await run(`{ ephemeris(datetime: "2024-01-15", planets: [MOON]) { ${fields} ayanamsha a2: ayanamsha } }`);
    expect(errors).toBeUndefined();
    expect(data.ephemeris.m9.longitude).toBe(data.ephemeris.m0.longitude);
    expect(ctx.engine.stats).toMatchObject({ positionCalls: 1, grahasComputed: 1, ayanamshaCalls: 1, ascendantCalls: 0, houseCalls: 0 });
    expect(ctx.engine.stats.memoHits).toBeGreaterThanOrEqual(9);
  });

  it("selecting only the datetime computes nothing", async () => {
    const { data, ctx } = await run(`{ ephemeris(datetime: "2024-01-15T00:00:00Z") { datetime } }`);
    expect(data.ephemeris.datetime).toBe("2024-01-15T00:00:00+00:00");
    expect(ctx.engine.stats.positionCalls + ctx.engine.stats.ayanamshaCalls).toBe(0);
  });
});

describe("GraphQL chart", () => {
  it("selecting only the ascendant computes no planets", async () => {
    const { data, errors, ctx } = await run(`query ($b: BirthInput!) { chart(birth: $b) { ascendant { longitude rashiName } } }`, { b: BIRTH });
    expect(errors).toBeUndefined();
    const asc = ascendantAndMc(birthInstant, place, withDefaults()).ascendantSidDeg;
    expect(data.chart.ascendant.longitude).toBe(describeLongitude(asc).lonSidDeg);
    expect(ctx.engine.stats).toEqual({ positionCalls: 0, grahasComputed: 0, ayanamshaCalls: 0, ascendantCalls: 1, houseCalls: 0, memoHits: 0 });
  });

  it("answers planets, houses in three systems and conventions, each computed once", async () => {
    const { data, errors, ctx } = await run(`query ($b: BirthInput!) { chart(birth: $b) {
        datetime conventions { ayanamsha }
        ascendant { longitude } planets { graha longitude } p2: planets(only: [SUN]) { longitude }
        houses { system cusps { house longitude } }
        equal: houses(system: EQUAL) { cusps { longitude } }
        placidus: houses(system: PLACIDUS) { system fallback cusps { longitude } } } }`, { b: BIRTH });
    expect(errors).toBeUndefined();
    const c = data.chart;
    expect(c.datetime).toBe(BIRTH.datetime);
    expect(c.planets).toHaveLength(9);
    expect(c.p2[0].longitude).toBe(c.planets[0].longitude);
    expect(c.houses.system).toBe("WHOLE_SIGN");
    expect(c.houses.cusps.map((h: any) => h.house)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const placidus = houseCusps(birthInstant, place, "placidus", withDefaults());
    expect(c.placidus.cusps.map((h: any) => h.longitude)).toEqual(placidus.cuspsSidDeg.map((l) => describeLongitude(l).lonSidDeg));
    expect(c.placidus.fallback).toBeNull();
    // nine grahas computed once although two fields asked; three house systems, one each.
    expect(ctx.engine.stats.positionCalls).toBe(1);
    expect(ctx.engine.stats.grahasComputed).toBe(9);
    expect(ctx.engine.stats.houseCalls).toBe(3);
  });
});

describe("GraphQL houses near the pole", () => {
  it("Placidus at 80° N reports the engine's fallback", async () => {
    const b = { datetime: "2024-06-21T12:00:00Z", latitude: 80, longitude: 20 };
    const { data, errors } = await run(`query ($b: BirthInput!) { chart(birth: $b) { houses(system: PLACIDUS) { system fallback fallbackReason cusps { longitude } } } }`, { b });
    expect(errors).toBeUndefined();
    const ref = houseCusps(instantFromUnixMs(Date.parse(b.datetime)), { latDeg: 80, lonDeg: 20 }, "placidus", withDefaults());
    expect(data.chart.houses.fallback).toBe(ref.fallback?.system ?? null);
    expect(data.chart.houses.fallbackReason).toBe(ref.fallback?.reason ?? null);
    expect(data.chart.houses.cusps).toHaveLength(12);
  });
});

describe("GraphQL bad input", () => {
  const chart = (b: Record<string, unknown>) =>
    graphql(server.baseUrl, `query ($b: BirthInput!) { chart(birth: $b) { ascendant { longitude } } }`, { b });

  it.each([
    [{ ...BIRTH, latitude: 91 }, "birth.latitude", /latitude must be between -90 and 90/],
    [{ ...BIRTH, longitude: -181 }, "birth.longitude", /longitude must be between -180 and 180/],
    [{ ...BIRTH, datetime: "1990-05-15T14:30:00" }, "birth.datetime", /no UTC offset/],
    [{ ...BIRTH, datetime: "1990-02-30T14:30:00Z" }, "birth.datetime", /not a valid calendar date/],
  ])("%o → BAD_USER_INPUT naming %s", async (b, field, message) => {
    const { status, body } = await chart(b);
    expect(status).toBeLessThan(500);
    expect(body.errors[0].extensions).toEqual({ code: "BAD_USER_INPUT", field });
    expect(body.errors[0].message).toMatch(message);
  });

  it("an unknown planet in variables is BAD_USER_INPUT naming planets", async () => {
    const { status, body } = await graphql(server.baseUrl,
      `query ($p: [Graha!]) { ephemeris(datetime: "2024-01-01", planets: $p) { datetime } }`, { p: ["SUN", "PLUTO"] });
    expect(status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "p" });
    expect(body.errors[0].message).toContain("PLUTO");
  });

  it("an offset-less ephemeris datetime names the field and never answers INTERNAL", async () => {
    const { body } = await graphql(server.baseUrl, `{ ephemeris(datetime: "2024-01-01T10:00") { datetime } }`);
    expect(body.errors[0].extensions).toEqual({ code: "BAD_USER_INPUT", field: "datetime" });
  });
});

describe("GraphiQL", () => {
  it("a browser GET of /graphql gets GraphiQL that loads nothing from the network", async () => {
    const res = await fetch(`${server.baseUrl}/graphql`, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("renderYogaGraphiQL");
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+href=["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/(unpkg|jsdelivr|cdnjs|googleapis|apollographql)\.(com|net|org)/i);
  });

  it("API clients still reach Apollo on GET /graphql", async () => {
    const res = await fetch(`${server.baseUrl}/graphql?query=${encodeURIComponent("{ health { version } }")}`, {
      headers: { accept: "application/json", "apollo-require-preflight": "true" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.health.version).toBe("4.2.0");
  });
});

describe("graphql-ws on the same server", () => {
  it("executes an operation over a WebSocket at /graphql", async () => {
    const client = createClient({ url: server.baseUrl.replace("http", "ws") + "/graphql", webSocketImpl: WebSocket, retryAttempts: 0 });
    try {
      const results: any[] = [];
      for await (const r of client.iterate({ query: `{ ephemeris(datetime: "2024-01-15", planets: [SUN]) { planets { graha rashiName } } }` })) {
        results.push(r);
      }
      expect(results).toHaveLength(1);
      expect(results[0].data.ephemeris.planets[0].graha).toBe("SUN");
    } finally {
      await client.dispose();
    }
  });
});
