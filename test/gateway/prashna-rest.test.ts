import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { PRASHNA_QUESTION_TYPES } from "../../src/engine/tables/prashna.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { prashnaRoute } from "../../src/rest-compat/routes/prashna-route.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);
const Q = { datetime: "2024-03-10T11:20:00+05:30", latitude: 13.0827, longitude: 80.2707 };

describe("POST /prashna", () => {
  it("every question type answers with the chart, its significators and a tendency; the chart is the same for all", async () => {
    let lagna: unknown;
    for (const question_type of PRASHNA_QUESTION_TYPES) {
      const r = await post("/prashna", { ...Q, question_type });
      expect(r.status, question_type).toBe(200);
      expect(r.body.question_type).toBe(question_type);
      expect(r.body.planets).toHaveLength(9);
      expect(r.body.houses).toHaveLength(12);
      expect(r.body.houses[0].sign).toBe(r.body.lagna.sign);
      expect(["favourable", "mixed", "unfavourable"]).toContain(r.body.tendency);
      expect(r.body.reasons.length).toBeGreaterThan(0);
      lagna ??= r.body.lagna;
      expect(r.body.lagna).toEqual(lagna);
      const lordHouse = r.body.planets.find((p: any) => p.planet === r.body.lagna_lord.planet).house;
      expect(r.body.lagna_lord.house).toBe(lordHouse);
    }
  });

  it("is deterministic and defaults to general", async () => {
    const a = await post("/prashna", Q);
    const b = await post("/prashna", { ...Q, question_type: "general" });
    expect(a.body).toEqual(b.body);
    expect(a.body.question_type).toBe("general");
  });

  it("polar places answer (lagna exists at 89.9°)", async () => {
    const r = await post("/prashna", { ...Q, latitude: 89.9 });
    expect(r.status).toBe(200);
  });

  it.each([
    ["an unknown question type", { question_type: "lottery" }, "question_type"],
    ["latitude 100", { latitude: 100 }, "latitude"],
    ["a datetime without offset", { datetime: "2024-03-10T11:20:00" }, "datetime"],
  ])("%s → 422", async (_n, patch, field) => {
    const r = await post("/prashna", { ...Q, ...patch });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", field]);
  });

  it("prices 2", async () => {
    expect(prashnaRoute.credits).toBe(2);
    expect(routePriceMismatches(await buildAppSchema(), [prashnaRoute])).toEqual([]);
  });
});

describe("the poles never give a 500", () => {
  it.each([90, -90])("latitude %d on /prashna, /varshaphal and /compatibility → 200 or a named 422", async (lat) => {
    const replies = [
      await post("/prashna", { ...Q, latitude: lat }),
      await post("/varshaphal", { ...Q, latitude: lat, year: 2030 }),
      await post("/compatibility", {
        groom_datetime: Q.datetime, groom_latitude: lat, groom_longitude: 0, bride_datetime: Q.datetime, bride_latitude: 0, bride_longitude: 0,
      }),
    ];
    for (const r of replies) {
      expect([200, 422]).toContain(r.status);
      if (r.status === 422) expect(r.body.detail[0].loc[0]).toBe("body");
    }
  });
});
