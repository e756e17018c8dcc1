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

describe("POST /prashna with kp_number (KP-249 horary, KP Reader VI)", () => {
  it("number 1: the ascendant is 0° Aries (Ketu star, Ketu sub); the 7th cusp, 0° Libra, has sub lord Mercury — the marriage judgement reads it", async () => {
    // Hand derivation: a Placidus 7th cusp is the ascendant + 180°. 180° lies in Chitra (Mars,
    // 173°20′–186°40′), whose subs from Mars are Mars 0°46′40″, Rahu 2°, Jupiter 1°46′40″ and Saturn
    // 2°06′40″ — ending exactly at 180° — so 0° Libra opens the Mercury sub.
    const r = await post("/prashna", { ...Q, question_type: "marriage", kp_number: 1 });
    expect(r.status).toBe(200);
    const k = r.body.kp_249;
    expect(k).toMatchObject({ number: 1, sign: 1, sign_lord: "mars", star_lord: "ketu", sub_lord: "ketu", ascendant: 0, ayanamsha: "krishnamurti", house_system: "placidus" });
    expect(k.cusps).toHaveLength(12);
    expect(k.cusps[0]).toMatchObject({ house: 1, longitude: 0, star_lord: "ketu", sub_lord: "ketu" });
    expect(Math.abs(((k.cusps[6].longitude - 180 + 540) % 360) - 180)).toBeLessThan(1e-6);
    expect(k.cusps[6].sub_lord).toBe("mercury");
    expect(k.judgement).toMatchObject({ cusp: 7, sub_lord: "mercury", favourable_houses: [2, 7, 11], negating_houses: [1, 6, 10] });
    const mercury = k.planets.find((p: any) => p.planet === "mercury");
    expect(k.judgement.sub_lord_signifies).toEqual(mercury.signified_houses);
    expect(["yes", "yes_with_obstacles", "no"]).toContain(k.judgement.verdict);
    expect(k.planets).toHaveLength(9);
  });

  it("number 249 starts at 27°53′20″ Pisces (Revati, Saturn sub); the classical chart is unchanged by the number", async () => {
    const plain = await post("/prashna", Q);
    const r = await post("/prashna", { ...Q, kp_number: 249 });
    expect(r.status).toBe(200);
    expect(r.body.kp_249.ascendant).toBeCloseTo(330 + 27 + 53 / 60 + 20 / 3600, 9);
    expect(r.body.kp_249.end).toBeCloseTo(360, 9);
    expect(r.body.kp_249.sub_lord).toBe("saturn");
    expect(plain.body.kp_249).toBeNull();
    expect({ ...r.body, kp_249: null }).toEqual(plain.body);
  });

  it.each([[0], [250], [1.5], [-3], ["abc"]])("kp_number %s → 422 naming kp_number", async (kp_number) => {
    const r = await post("/prashna", { ...Q, kp_number });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "kp_number"]);
  });

  it("at 80° N a number whose degree never rises there → 422 naming kp_number with the reason; others answer (Porphyry cusps)", async () => {
    let refused = 0;
    let answered = 0;
    for (const kp_number of [1, 60, 100, 125, 180, 240]) {
      const r = await post("/prashna", { ...Q, latitude: 80, kp_number });
      expect([200, 422]).toContain(r.status);
      if (r.status === 422) {
        refused++;
        expect(r.body.detail[0].loc).toEqual(["body", "kp_number"]);
        expect(r.body.detail[0].msg).toMatch(/never rises/);
      } else {
        answered++;
        expect(r.body.kp_249.house_system).toBe("porphyry");
        expect(r.body.kp_249.house_fallback).toMatch(/Placidus is undefined/);
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(0);
  });

  it("GraphQL: kpNumber 250 is refused naming kpNumber; without it kp249 is null", async () => {
    const q = (n: string) => `{ prashna(question: { datetime: "2024-03-10T11:20:00+05:30", latitude: 13.08, longitude: 80.27 }${n}) { kp249 { number } } }`;
    const bad = await post("/graphql", { query: q(", kpNumber: 250") });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "kpNumber" });
    const none = await post("/graphql", { query: q("") });
    expect(none.body.data.prashna.kp249).toBeNull();
    const some = await post("/graphql", { query: q(", kpNumber: 7") });
    expect(some.body.data.prashna.kp249.number).toBe(7);
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
