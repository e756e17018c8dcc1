import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ascendantAndMc } from "../../src/engine/astro/houses.js";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import type { ChartInput } from "../../src/engine/chart/chart-input.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { GRAHAS, withDefaults } from "../../src/engine/types.js";
import { vargaCharts, vargaMethods, vargaPlacement, type VargaChart } from "../../src/engine/varga/varga-chart.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (body: unknown) => postJson(server.baseUrl, "/vargas", body);

const BIRTH = { datetime: "1984-10-31T09:20:00+05:30", latitude: 19.076, longitude: 72.8777 };

function engineInput(): ChartInput {
  const instant = instantFromUnixMs(Date.parse(BIRTH.datetime));
  const conv = withDefaults();
  const pos = grahaPositions(instant, conv, [...GRAHAS]);
  const grahas = Object.fromEntries(GRAHAS.map((g) => [g, { lonSidDeg: pos[g]!.lonSidDeg, latDeg: pos[g]!.latDeg, speedDegPerDay: pos[g]!.speedDegPerDay }]));
  return { lagnaSidDeg: ascendantAndMc(instant, { latDeg: BIRTH.latitude, lonDeg: BIRTH.longitude }, conv).ascendantSidDeg, grahas: grahas as never };
}

function expectEngine(body: any, charts: readonly VargaChart[]): void {
  expect(Object.keys(body.charts)).toEqual(charts);
  expect(body.conventions.methods).toEqual(vargaMethods(charts));
  for (const v of vargaCharts(engineInput(), charts)) {
    const c = body.charts[v.chart];
    expect(c.lagna).toEqual({ sign: v.lagna.rashiName, sign_number: v.lagna.rashi, degree: v.lagna.degInRashi });
    for (const g of GRAHAS) {
      const p = v.grahas[g];
      expect(c.planets[g]).toEqual({ sign: p.rashiName, sign_number: p.rashi, degree: p.degInRashi });
    }
  }
}

describe("POST /vargas", () => {
  it("defaults to D2, D3, D4, D7, D9, D10, D12, D30, equal to the engine, methods named (D2 Sun/Moon hora)", async () => {
    const { status, body } = await post(BIRTH);
    expect(status).toBe(200);
    expectEngine(body, ["D2", "D3", "D4", "D7", "D9", "D10", "D12", "D30"]);
    expect(body.conventions.methods.D2).toMatch(/hora/);
    // Parashari hora: every graha falls in Cancer or Leo.
    for (const g of GRAHAS) expect(["Cancer", "Leo"]).toContain(body.charts.D2.planets[g].sign);
  });

  it('accepts "9,10" and "D40, d45,D60"', async () => {
    const a = await post({ ...BIRTH, charts: "9,10" });
    expect(a.status).toBe(200);
    expectEngine(a.body, ["D9", "D10"]);
    const b = await post({ ...BIRTH, charts: "D40, d45,D60" });
    expect(b.status).toBe(200);
    expectEngine(b.body, ["D40", "D45", "D60"]);
  });

  it("D5, D6, D8, D11, D81, D108, D144 are served; hora_method=parivritti switches D2 and is named in conventions", async () => {
    const a = await post({ ...BIRTH, charts: "D5,D6,D8,D11,D81,D108,D144" });
    expect(a.status).toBe(200);
    expectEngine(a.body, ["D5", "D6", "D8", "D11", "D81", "D108", "D144"]);
    const b = await post({ ...BIRTH, charts: "D2", hora_method: "parivritti" });
    expect(b.status).toBe(200);
    expect(b.body.conventions.methods.D2).toBe("parivritti_cyclic");
    const sun = vargaPlacement("D2", engineInput().grahas.sun.lonSidDeg, { hora: "parivritti" });
    expect(b.body.charts.D2.planets.sun.sign_number).toBe(sun.rashi);
    const c = await post({ ...BIRTH, hora_method: "kashinatha" });
    expect(c.status).toBe(422);
    expect(c.body.detail[0].loc).toEqual(["body", "hora_method"]);
  });

  it("D1 is the rashi chart itself", async () => {
    const { body } = await post({ ...BIRTH, charts: "D1" });
    const input = engineInput();
    expect(body.charts.D1.planets.moon.sign_number).toBe(Math.floor(input.grahas.moon.lonSidDeg / 30) + 1);
  });

  it.each([["D13"], ["9,13"], ["navamsha"]])("unknown chart %s → 422 listing the allowed ones", async (charts) => {
    const { status, body } = await post({ ...BIRTH, charts });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "charts"]);
    expect(body.detail[0].msg).toMatch(/allowed: D1, D2, .*D60/);
  });

  it("a polar birth still answers", async () => {
    const { status, body } = await post({ datetime: "2001-06-21T12:00:00+00:00", latitude: -89.9, longitude: 0, charts: "D9" });
    expect(status).toBe(200);
    expect(Object.keys(body.charts.D9.planets)).toEqual([...GRAHAS]);
  });
});
