import "reflect-metadata";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOperation } from "../../src/costing/price.js";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { bhavaBala } from "../../src/engine/strength/bhava-bala.js";
import { shadbala } from "../../src/engine/strength/shadbala.js";
import { SAPTA_GRAHAS } from "../../src/engine/types.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { shadbalaRoute } from "../../src/rest-compat/routes/shadbala-route.js";
import { birthShadbalaInput } from "../engine/shadbala-helpers.js";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (body: unknown) => postJson(server.baseUrl, "/shadbala", body);
const BIRTH = { datetime: "1984-10-31T09:20:00+05:30", latitude: 19.076, longitude: 72.8777 };

describe("POST /shadbala", () => {
  it("answers the engine's shadbala for Sun … Saturn and the 12 bhava balas", async () => {
    const { status, body } = await post(BIRTH);
    expect(status).toBe(200);
    const input = birthShadbalaInput(BIRTH.datetime, BIRTH.latitude, BIRTH.longitude);
    const sb = shadbala(input);
    expect(Object.keys(body.planets)).toEqual([...SAPTA_GRAHAS]);
    for (const g of sb.grahas) {
      const p = body.planets[g.graha];
      expect(p.sthana_bala).toEqual({ total: g.sthana.total, uchcha: g.sthana.uchcha, saptavargaja: g.sthana.saptavargaja,
        ojayugma: g.sthana.ojayugma, kendradi: g.sthana.kendradi, drekkana: g.sthana.drekkana });
      expect(p.kala_bala.total).toBe(g.kala.total);
      expect([p.dig_bala, p.chesta_bala, p.naisargika_bala, p.drik_bala]).toEqual([g.dig, g.cheshta, g.naisargika, g.drik]);
      expect(p.total_rupas).toBe(g.totalRupas);
      expect(p.is_strong).toBe(g.totalRupas >= g.requiredRupas);
    }
    expect(body.bhava_bala.map((h: any) => h.total_virupas)).toEqual(bhavaBala(input.chart, sb).map((h) => h.totalVirupas));
    expect(body.conventions).toMatchObject({ ayanamsha: "lahiri", sun_moon_cheshta: "raman", day: "sunrise" });
    expect(body.planets[body.strongest_planet].rank).toBe(1);
    expect(body.planets[body.weakest_planet].rank).toBe(7);
  });

  it("sun_moon_cheshta=bphs counts the Sun's ayana and the Moon's paksha bala again", async () => {
    const a = (await post(BIRTH)).body;
    const b = (await post({ ...BIRTH, sun_moon_cheshta: "bphs" })).body;
    expect(b.conventions.sun_moon_cheshta).toBe("bphs");
    expect(a.planets.sun.chesta_bala).toBe(0);
    expect(b.planets.sun.chesta_bala).toBe(b.planets.sun.kala_bala.ayana);
    expect(b.planets.moon.chesta_bala).toBe(b.planets.moon.kala_bala.paksha);
    expect(b.planets.sun.total_virupas - a.planets.sun.total_virupas).toBeCloseTo(a.planets.sun.kala_bala.ayana, 9);
    expect(b.planets.mars).toEqual(a.planets.mars);
  });

  it("a polar birth with no sunrise answers, with local mean time standing in for the day (echoed)", async () => {
    const { status, body } = await post({ datetime: "2001-06-21T12:00:00+00:00", latitude: 78.2, longitude: 15.6 });
    expect(status).toBe(200);
    expect(body.conventions.day).toBe("local_mean_time");
    expect(Object.keys(body.planets)).toHaveLength(7);
  });

  it("bad input is a 422 naming the field", async () => {
    const a = await post({ ...BIRTH, latitude: 95 });
    expect(a.status).toBe(422);
    expect(a.body.detail[0].loc).toEqual(["body", "latitude"]);
    const b = await post({ ...BIRTH, sun_moon_cheshta: "other" });
    expect(b.status).toBe(422);
    expect(b.body.detail[0].loc).toEqual(["body", "sun_moon_cheshta"]);
  });

  it("costs the spec's 3; GraphQL's shadbala alone costs less", async () => {
    const schema = await buildAppSchema();
    expect(routePriceMismatches(schema, [shadbalaRoute])).toEqual([]);
    const only = priceOperation(schema, parse(`{ chart(birth: {datetime: "x", latitude: 0, longitude: 0}) { shadbala { grahas { totalRupas } } } }`));
    expect(only.milli).toBe(2500);
  });

  it("GraphQL: each bhava's adhipati bala is its lord's shadbala total from the same request", async () => {
    const { body } = await graphql(server.baseUrl, `{ chart(birth: {datetime: "${BIRTH.datetime}", latitude: ${BIRTH.latitude}, longitude: ${BIRTH.longitude}}) {
      shadbala { grahas { graha totalVirupas } } bhavaBala { house lord adhipati } } }`);
    const totals = Object.fromEntries(body.data.chart.shadbala.grahas.map((g: any) => [g.graha, g.totalVirupas]));
    expect(Object.keys(totals)).toHaveLength(7);
    expect(body.data.chart.bhavaBala).toHaveLength(12);
    for (const h of body.data.chart.bhavaBala) expect(h.adhipati).toBe(totals[h.lord]);
  });
});
