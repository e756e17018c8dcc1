import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { grahaDrishti, mutualAspects } from "../../src/engine/chart/drishti.js";
import { GRAHAS } from "../../src/engine/types.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { aspectsRoute } from "../../src/rest-compat/routes/aspects-route.js";
import { birthShadbalaInput } from "../engine/shadbala-helpers.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };

describe("POST /aspects", () => {
  it("answers the AspectsResponse: lagna, graha_drishti per planet, 12 rashi_drishti entries, mutual_aspects — equal to the engine", async () => {
    const { status, body } = await postJson(server.baseUrl, "/aspects", BIRTH);
    expect(status).toBe(200);
    for (const k of ["datetime", "latitude", "longitude", "lagna", "graha_drishti", "rashi_drishti", "mutual_aspects"]) expect(body).toHaveProperty(k);
    const chart = birthShadbalaInput(BIRTH.datetime, BIRTH.latitude, BIRTH.longitude).chart;
    expect(Object.keys(body.graha_drishti)).toEqual([...GRAHAS]);
    const drishti = grahaDrishti(chart);
    expect(drishti.map((d) => d.graha)).toEqual([...GRAHAS]);
    for (const d of drishti) {
      const e = body.graha_drishti[d.graha];
      expect(e.aspects.map((a: any) => [a.aspect_house, a.strength_percent])).toEqual(d.targets.map((t) => [t.nth, t.strengthPercent]));
      expect(e.full_aspect_houses).toEqual(d.targets.filter((t) => t.strengthPercent === 100).map((t) => t.house));
    }
    expect(body.graha_drishti.saturn.aspects.filter((a: any) => a.special).map((a: any) => a.aspect_house)).toEqual([3, 10]);
    expect(body.rashi_drishti).toHaveLength(12);
    expect(body.mutual_aspects.length).toBe(mutualAspects(chart).length);
    expect(Object.keys(body.graha_drishti.sun.sphuta_drishti)).toEqual(["moon", "mars", "mercury", "jupiter", "venus", "saturn"]);
  });

  it("bad input is a 422 naming the field", async () => {
    const { status, body } = await postJson(server.baseUrl, "/aspects", { ...BIRTH, longitude: 200 });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "longitude"]);
  });

  it("costs the spec's 3", async () => {
    expect(routePriceMismatches(await buildAppSchema(), [aspectsRoute])).toEqual([]);
  });
});
