import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { withDefaults } from "../../src/engine/types.js";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let billed: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  billed = await startTestServer({ appOptions: { accounts: {} } });
});
afterAll(async () => {
  await server?.close();
  await billed?.close();
});

const post = (body: unknown) => postJson(server.baseUrl, "/planet-states", body);
const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };

describe("POST /planet-states", () => {
  it("seven grahas with combustion by the orb of their motion, avasthas, and heliacal events around `at`", async () => {
    const { status, body } = await post({ ...BIRTH, at: "2024-01-15T10:30:00+05:30" });
    expect(status).toBe(200);
    expect(body.planets.map((p: any) => p.planet)).toEqual(["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn"]);
    const pos = grahaPositions(instantFromUnixMs(Date.parse(BIRTH.datetime)), withDefaults());
    for (const p of body.planets) {
      expect(p.longitude).toBeCloseTo(pos[p.planet as "sun"]!.lonSidDeg, 6);
      if (p.planet === "sun") {
        expect(p.heliacal).toBeNull();
        expect(p.combustion_orb).toBeNull();
        continue;
      }
      expect(p.combust).toBe(p.distance_from_sun <= p.combustion_orb);
      expect(["bala", "kumara", "yuva", "vriddha", "mrita"]).toContain(p.avasthas.baladi);
      expect(p.avasthas.kopa).toBe(p.combust);
      const h = p.heliacal;
      expect(h.at).toBe("2024-01-15T10:30:00+05:30");
      expect(Date.parse(h.last_setting.datetime)).toBeLessThanOrEqual(Date.parse(h.at));
      expect(Date.parse(h.next_rising.datetime)).toBeGreaterThan(Date.parse(h.at));
      expect(h.combust).toBe(Date.parse(h.last_setting.datetime) > Date.parse(h.last_rising.datetime));
    }
  });

  it("costs 1.5 credits (states 0.5, heliacal 1)", async () => {
    const { body } = await postJson(billed.baseUrl, "/planet-states", BIRTH, { "x-dry-run": "price" });
    expect(body.price).toBe(1.5);
  });

  it("422 naming body.at for a moment without an offset, free", async () => {
    const { status, body, headers } = await post({ ...BIRTH, at: "2024-01-15T10:30:00" });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "at"]);
    expect(headers.get("x-credits-charged") ?? "0").toBe("0");
  });
});

describe("GraphQL Chart.planetStates", () => {
  it("avasthas without the heliacal search; heliacal is lazy and refuses an `at` beyond the chart span, naming at", async () => {
    const q = `query($b: BirthInput!) { chart(birth: $b) { planetStates { graha avasthas { jagradadi deeptadi } } } }`;
    const { body } = await graphql(server.baseUrl, q, { b: BIRTH });
    expect(body.errors).toBeUndefined();
    expect(body.data.chart.planetStates).toHaveLength(7);
    const bad = await graphql(server.baseUrl, `query($b: BirthInput!) { chart(birth: $b) { planetStates { heliacal(at: "2399-01-01T00:00:00Z") { combust } } } }`, { b: BIRTH });
    expect(bad.body.errors[0].extensions.field).toBe("at");
  });
});
