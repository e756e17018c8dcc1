import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ascendantAndMc } from "../../src/engine/astro/houses.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { withDefaults } from "../../src/engine/types.js";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { bhavaChalitRoute } from "../../src/rest-compat/routes/bhava-chalit-route.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const post = (body: unknown) => postJson(server.baseUrl, "/bhava-chalit", body);

describe("POST /bhava-chalit", () => {
  it("answers the BhavaResponse: 12 cusps (midpoint, start, end, midpoint_rashi), 9 planets, shifted_count = shifted_planets", async () => {
    const { status, body } = await post(BIRTH);
    expect(status).toBe(200);
    expect(body.cusps).toHaveLength(12);
    expect(Object.keys(body.cusps[0]).sort()).toEqual(["end", "house", "midpoint", "midpoint_rashi", "start"]);
    expect(body.cusps[0].end).toBeCloseTo(body.cusps[1].start, 9);
    expect(body.planets).toHaveLength(9);
    expect(body.shifted_count).toBe(body.shifted_planets.length);
    expect(body.shifted_planets).toEqual(body.planets.filter((p: any) => p.rashi_house !== p.bhava_house).map((p: any) => p.planet));
    expect(body.conventions.bhava_system).toBe("equal");
    // Equal houses: each midpoint 30° after the previous.
    expect(((body.cusps[1].midpoint - body.cusps[0].midpoint + 360) % 360)).toBeCloseTo(30, 9);
  });

  it("system=sripati is echoed and puts the 1st and 10th madhyas on the lagna and the MC", async () => {
    const { status, body } = await post({ ...BIRTH, system: "sripati" });
    expect(status).toBe(200);
    expect(body.conventions.bhava_system).toBe("sripati");
    const angles = ascendantAndMc(instantFromUnixMs(Date.parse(BIRTH.datetime)), { latDeg: BIRTH.latitude, lonDeg: BIRTH.longitude }, withDefaults());
    expect(body.cusps[0].midpoint).toBeCloseTo(angles.ascendantSidDeg, 9);
    expect(body.cusps[9].midpoint).toBeCloseTo(angles.mcSidDeg, 9);
  });

  it("bad input is a 422 naming the field", async () => {
    const a = await post({ ...BIRTH, system: "placidus" });
    expect(a.status).toBe(422);
    expect(a.body.detail[0].loc).toEqual(["body", "system"]);
    const b = await post({ ...BIRTH, datetime: "yesterday" });
    expect(b.status).toBe(422);
    expect(b.body.detail[0].loc).toEqual(["body", "datetime"]);
  });

  it("costs the spec's 3", async () => {
    expect(routePriceMismatches(await buildAppSchema(), [bhavaChalitRoute])).toEqual([]);
  });
});
