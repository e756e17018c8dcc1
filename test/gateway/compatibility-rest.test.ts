import "reflect-metadata";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const post = (path: string, body: unknown, headers: Record<string, string> = {}, base = server.baseUrl) => postJson(base, path, body, headers);

interface Person { nakshatra: number; pada: number; utc?: string; lat?: number; lon?: number; manglik_pyjhora?: boolean }
interface Pair { id: string; kind: string; boy: Person; girl: Person; pyjhora_north: Record<string, number>; tara_classical: { score: number } }
const PAIRS: Pair[] = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-ashtakoota.json", import.meta.url), "utf8")).pairs;
const bodyOf = (p: Pair) => ({
  groom_datetime: p.boy.utc, groom_latitude: p.boy.lat, groom_longitude: p.boy.lon,
  bride_datetime: p.girl.utc, bride_latitude: p.girl.lat, bride_longitude: p.girl.lon,
});
const K01 = PAIRS.find((p) => p.id === "K01")!;
const NAMES = ["varna", "vashya", "tara", "yoni", "graha_maitri", "gana", "bhakoot", "nadi"];
const MAX = [1, 2, 3, 4, 5, 6, 7, 8];

describe("POST /compatibility", () => {
  it("the spec's shape: total, max 36, recommendation and the eight KootScores; PyJHora's K01 pair scores koot by koot", async () => {
    const r = await post("/compatibility", bodyOf(K01));
    expect(r.status).toBe(200);
    const b = r.body;
    expect(b.max_score).toBe(36);
    expect(b.koots.map((k: any) => k.name)).toEqual(NAMES);
    expect(b.koots.map((k: any) => k.max)).toEqual(MAX);
    for (const k of b.koots) expect(Object.keys(k).sort()).toEqual(["boy", "description", "girl", "max", "name", "score"]);
    expect(b.total_score).toBe(b.koots.reduce((s: number, k: any) => s + k.score, 0));
    expect([b.groom_moon.nakshatra, b.groom_moon.pada, b.bride_moon.nakshatra, b.bride_moon.pada])
      .toEqual([K01.boy.nakshatra, K01.boy.pada, K01.girl.nakshatra, K01.girl.pada]);
    const s = Object.fromEntries(b.koots.map((k: any) => [k.name, k.score]));
    for (const k of ["yoni", "graha_maitri", "gana", "bhakoot", "nadi"]) expect(s[k], k).toBe(K01.pyjhora_north[k]);
    expect(s.tara).toBe(K01.tara_classical.score);
    // K01: groom Pushya (Cancer, Brahmin), bride Ardra (Gemini, Shudra): varna 1; 17.5 → "not_recommended".
    expect(s.varna).toBe(1);
    expect(b.total_score).toBe(17.5);
    expect(b.recommendation).toBe("not_recommended");
    expect(b.conventions).toEqual({ ayanamsha: "lahiri", node: "mean", tara: "classical", varna_table: "common" });
    expect(typeof b.mangal_dosha.groom.present).toBe("boolean");
    expect(b.mangal_dosha.mutually_cancelled).toBe(b.mangal_dosha.groom.present && b.mangal_dosha.bride.present);
  });

  it("the 30 random PyJHora births: every koot but varna and vashya as PyJHora, tara classical", async () => {
    const random = PAIRS.filter((x) => x.kind === "random");
    expect(random).toHaveLength(30);
    for (const p of random) {
      const r = await post("/compatibility", bodyOf(p));
      expect(r.status, p.id).toBe(200);
      const s = Object.fromEntries(r.body.koots.map((k: any) => [k.name, k.score]));
      for (const k of ["yoni", "graha_maitri", "gana", "bhakoot", "nadi"]) expect(s[k], `${p.id} ${k}`).toBe(p.pyjhora_north[k]);
      expect(s.tara, p.id).toBe(p.tara_classical.score);
    }
  });

  it("a pair with both Moons in one nakshatra and pada: Nadi dosha, not cancelled, recommendation lowered", async () => {
    const same = { groom_datetime: "1990-05-15T14:30:00+05:30", groom_latitude: 28.6, groom_longitude: 77.2,
      bride_datetime: "1990-05-15T14:31:00+05:30", bride_latitude: 13.08, bride_longitude: 80.27 };
    const r = await post("/compatibility", same);
    expect(r.status).toBe(200);
    expect(r.body.nadi_dosha).toEqual({ present: true, cancelled: false, cancellations: [] });
    const s = Object.fromEntries(r.body.koots.map((k: any) => [k.name, k.score]));
    expect([s.nadi, s.bhakoot, s.gana, s.yoni, s.graha_maitri, s.tara]).toEqual([0, 7, 6, 4, 5, 3]);
    expect(r.body.total_score).toBe(28);
    expect(r.body.recommendation).toBe("average"); // 28 is "good", one band lower for the Nadi dosha
    expect(r.body.reasons).toContain("Nadi dosha present and not cancelled");
  });

  it("polar births answer 200 (the match reads only the Moons; the lagna at 89.9° still exists)", async () => {
    const r = await post("/compatibility", { ...bodyOf(K01), groom_latitude: 89.9, bride_latitude: -89.9 });
    expect(r.status).toBe(200);
    expect(r.body.koots).toHaveLength(8);
  });

  it.each([
    ["bride_latitude out of range", { bride_latitude: 95 }, "bride_latitude"],
    ["groom_datetime without offset", { groom_datetime: "1990-05-15T14:30:00" }, "groom_datetime"],
    ["bride_datetime before 1800", { bride_datetime: "1700-01-01T00:00:00Z" }, "bride_datetime"],
    ["groom_longitude missing", { groom_longitude: undefined }, "groom_longitude"],
  ])("%s → 422 naming the field", async (_n, patch, field) => {
    const r = await post("/compatibility", { ...bodyOf(K01), ...patch });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", field]);
  });

  it("GraphQL names groom.datetime / bride.latitude", async () => {
    const q = `query($g: BirthInput!, $b: BirthInput!) { compatibility(groom: $g, bride: $b) { ashtakoota { totalScore } } }`;
    const ok = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 };
    const r1 = await post("/graphql", { query: q, variables: { g: { ...ok, datetime: "1700-01-01T00:00:00Z" }, b: ok } });
    expect(r1.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "groom.datetime" });
    const r2 = await post("/graphql", { query: q, variables: { g: ok, b: { ...ok, latitude: -91 } } });
    expect(r2.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "bride.latitude" });
  });
});

describe("charged through the ledger", () => {
  const ADMIN_KEY = "admin-key-for-compat-tests-01234";
  let billed: TestServer;
  beforeAll(async () => {
    billed = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  });
  afterAll(async () => {
    await billed?.close();
  });

  it("after the free tier /compatibility debits 5; GraphQL ashtakoota alone 4; a refused body 0", async () => {
    const reg = (await post("/register", {}, {}, billed.baseUrl)).body as { api_key: string; account_id: string };
    const key = { "x-api-key": reg.api_key };
    await post("/admin/grant-credits", { account_id: reg.account_id, credits: 20, reason: "compat price test" }, { "x-admin-key": ADMIN_KEY }, billed.baseUrl);
    // Use up the free tier first (as the kundali test does): those calls are charged 0.
    for (let i = 0; i < 5; i++) {
      const r = await post("/compatibility", bodyOf(K01), key, billed.baseUrl);
      if (r.headers.get("x-credits-charged") !== "0") {
        expect(r.headers.get("x-credits-charged")).toBe("5");
        break;
      }
    }
    const before = Number((await post("/compatibility", bodyOf(K01), key, billed.baseUrl)).headers.get("x-credits-remaining")) + 5;
    const bad = await post("/compatibility", { ...bodyOf(K01), bride_latitude: 95 }, key, billed.baseUrl);
    expect(bad.status).toBe(422);
    const q = await post("/graphql", {
      query: "query($g: BirthInput!, $b: BirthInput!) { compatibility(groom: $g, bride: $b) { ashtakoota { totalScore } } }",
      variables: { g: { datetime: K01.boy.utc, latitude: K01.boy.lat, longitude: K01.boy.lon }, b: { datetime: K01.girl.utc, latitude: K01.girl.lat, longitude: K01.girl.lon } },
    }, key, billed.baseUrl);
    expect(q.body.errors).toBeUndefined();
    expect(q.body.extensions.cost).toMatchObject({ credits: 4, balance: before - 5 - 4 });
  });
});
