import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { grahaDasha } from "../../src/engine/dasha/graha-dasha.js";
import { runningSpans } from "../../src/engine/dasha/dasha-span.js";
import { formatIso } from "../../src/engine/time/iso.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { unixMsFromJd } from "../../src/engine/time/julian.js";
import { withDefaults } from "../../src/engine/types.js";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
/** With accounts, so prices are computed (dry runs need no key). */
let billed: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  billed = await startTestServer({ appOptions: { accounts: {} } });
});
afterAll(async () => {
  await server?.close();
  await billed?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(server.baseUrl, path, body, headers);
const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const AT = "2024-01-15T10:30:00+05:30";
const birthInstant = instantFromUnixMs(Date.parse(BIRTH.datetime));
const moonLon = grahaPositions(birthInstant, withDefaults(), ["moon"]).moon!.lonSidDeg;
const fmt = (jd: number) => formatIso(unixMsFromJd(jd), 330);
const price = async (body: unknown) => (await postJson(billed.baseUrl, "/dasha", body, { "x-dry-run": "price" })).body.price as number;

describe("POST /dasha: system and levels", () => {
  it("Yogini to 3 levels equals the engine's, with its condition (always met) and the running chain", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, query_datetime: AT, system: "yogini" });
    expect(status).toBe(200);
    const d = grahaDasha("yogini", moonLon, birthInstant.jdUt, 365.25);
    expect(body.system).toBe("yogini");
    expect(body.condition.met).toBe(true);
    expect(body.balance).toEqual({ lord: d.balance.graha, years: d.balance.years, elapsed_fraction: d.balance.elapsedFraction });
    expect(body.maha_dashas).toHaveLength(24);
    const m0 = d.mahaDashas[0]!;
    expect(body.maha_dashas[0]).toMatchObject({ lord: m0.graha, planet: m0.graha, start: fmt(m0.startJdUt), end: fmt(m0.endJdUt) });
    const antars = d.subdivide(m0);
    expect(body.maha_dashas[0].antardashas.map((a: any) => a.planet)).toEqual(antars.map((a) => a.graha));
    expect(body.maha_dashas[0].antardashas[2].pratyantardashas.map((a: any) => a.start)).toEqual(d.subdivide(antars[2]!).map((p) => fmt(p.startJdUt)));
    const chain = runningSpans(d, instantFromUnixMs(Date.parse(AT)).jdUt, 3)!;
    expect(Object.keys(body.current)).toEqual(["maha_dasha", "antar_dasha", "pratyantar_dasha"]);
    expect(body.current.pratyantar_dasha.start).toBe(fmt(chain[2]!.startJdUt));
  });

  it("every conditional system answers with its condition stated as met or not", async () => {
    for (const system of ["ashtottari", "shodasottari", "dwadasottari", "panchottari", "shatabdika", "chaturaseeti_sama", "dwisaptati_sama", "shashtihayani", "shattrimsa_sama"]) {
      const { status, body } = await post("/dasha", { ...BIRTH, system, levels: 1 });
      expect(status, system).toBe(200);
      expect(typeof body.condition.met, system).toBe("boolean");
      expect(body.condition.clauses.length, system).toBeGreaterThan(0);
      expect(body.maha_dashas[0].antardashas, system).toBeUndefined();
    }
  });

  it("Vimshottari to 5 levels: prana periods under sookshma, the current chain to prana_dasha", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, query_datetime: AT, levels: 5 });
    expect(status).toBe(200);
    const prana = body.maha_dashas[0].antardashas[0].pratyantardashas[0].sookshmadashas[0].pranadashas;
    expect(prana).toHaveLength(9);
    expect(prana[0].start).toBe(body.maha_dashas[0].start);
    expect(Object.keys(body.current)).toEqual(["maha_dasha", "antar_dasha", "pratyantar_dasha", "sookshma_dasha", "prana_dasha"]);
    const one = await post("/dasha", { ...BIRTH, levels: 1 });
    expect(one.body.maha_dashas[0].antardashas).toBeUndefined();
  });

  it("priced per level like the GraphQL fields: 1 credit + 0.5 per level below maha (default 2); the 5-level tree adds its work surcharge", async () => {
    expect(await price(BIRTH)).toBe(2);
    expect(await price({ ...BIRTH, levels: 1 })).toBe(1);
    expect(await price({ ...BIRTH, levels: 4 })).toBe(2.5);
    // ≈ 59,000 periods: past the work a listed price includes, so priced by its work (docs/limits.md).
    expect(await price({ ...BIRTH, levels: 5 })).toBeGreaterThan(3);
    expect(await price({ ...BIRTH, system: "ashtottari", levels: 2 })).toBe(1.5);
    expect(await price({ ...BIRTH, system: "yogini" })).toBe(2);
  });

  it.each([
    ["levels above a system's depth", { system: "yogini", levels: 4 }, ["body", "levels"], "levels must be 1..3"],
    ["levels 6", { levels: 6 }, ["body", "levels"], ""],
    ["an unknown system", { system: "tribhagi" }, ["body", "system"], ""],
  ])("422 for %s, free", async (_n, over, loc, msg) => {
    const { status, body, headers } = await post("/dasha", { ...BIRTH, ...over });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(loc);
    if (msg) expect(body.detail[0].msg).toContain(msg);
    expect(headers.get("x-credits-charged") ?? "0").toBe("0");
  });
});

describe("GraphQL systemDasha", () => {
  it("lazy levels: maha periods only unless subPeriods is selected; condition clauses; current to maxLevel", async () => {
    const q = `query($b: BirthInput!) { systemDasha(birth: $b, system: ASHTOTTARI, queryDatetime: "${AT}") {
      name maxLevel condition { met clauses { rule met } } balance { lord years } current { lord level } mahaDashas { lord start } } }`;
    const { body } = await graphql(server.baseUrl, q, { b: BIRTH });
    expect(body.errors).toBeUndefined();
    const s = body.data.systemDasha;
    expect(s.name).toBe("Ashtottari");
    expect(s.maxLevel).toBe(3);
    expect(s.condition.clauses).toHaveLength(2);
    expect(s.current.map((c: any) => c.level)).toEqual([1, 2, 3]);
    expect(s.mahaDashas).toHaveLength(8);
    expect(s.mahaDashas[0].lord).toBe(s.balance.lord);
  });
});

describe("POST /jaimini", () => {
  it("8-scheme echoed with eight karakas; twelve padas; the upapada is A12; swamsha and karakamsha share the AK's navamsha sign", async () => {
    const { status, body } = await post("/jaimini", { ...BIRTH, scheme: 8 });
    expect(status).toBe(200);
    expect(body.conventions.chara_karaka_scheme).toBe(8);
    expect(body.chara_karakas.map((k: any) => k.karaka)).toEqual(["atma", "amatya", "bhratri", "matri", "pitri", "putra", "gnati", "dara"]);
    expect(body.arudha_padas).toHaveLength(12);
    expect(body.upapada).toEqual(body.arudha_padas[11]);
    expect(body.arudha_lagna.name).toBe("A1");
    expect(body.karakamsha.atmakaraka).toBe(body.chara_karakas[0].planet);
    expect(body.swamsha.sign_number).toBe(body.karakamsha.sign_number);
    for (const p of body.arudha_padas) expect([null, "1st", "7th"]).toContain(p.exception);
    const seven = await post("/jaimini", BIRTH);
    expect(seven.body.chara_karakas).toHaveLength(7);
  });

  it("422 for scheme 9, naming body.scheme, free", async () => {
    const { status, body } = await post("/jaimini", { ...BIRTH, scheme: 9 });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "scheme"]);
  });

  it("costs 1 credit", async () => {
    expect((await postJson(billed.baseUrl, "/jaimini", BIRTH, { "x-dry-run": "price" })).body.price).toBe(1);
  });
});

describe("POST /dasha system chara", () => {
  it("sign periods from birth with their antardashas (12 each), no balance, the rule named", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, system: "chara", levels: 2, query_datetime: AT });
    expect(status).toBe(200);
    expect(body.kind).toBe("rashi");
    expect(body.rules).toContain("K.N. Rao");
    expect(body.balance).toBeNull();
    expect(Date.parse(body.maha_dashas[0].start)).toBe(Date.parse(BIRTH.datetime));
    expect(typeof body.maha_dashas[0].sign).toBe("number");
    expect(body.maha_dashas[0].antardashas).toHaveLength(12);
    expect(body.maha_dashas[0].antardashas[11].sign).toBe(body.maha_dashas[0].sign);
    expect(body.current.antar_dasha.sign).toBeGreaterThan(0);
  });
});

describe("POST /daily-strength and POST /chandrashtama", () => {
  it("tara and chandra bala with when they change; chandrashtama periods inside a 60-day range", async () => {
    const day = await post("/daily-strength", { ...BIRTH, at: AT });
    expect(day.status).toBe(200);
    expect(day.body.tara_bala.count).toBeGreaterThanOrEqual(1);
    expect(day.body.tara_bala.tara_number).toBe(((day.body.tara_bala.count - 1) % 9) + 1);
    expect(Date.parse(day.body.tara_bala.changes_at)).toBeGreaterThan(Date.parse(AT));
    expect(day.body.chandra_bala.chandrashtama).toBe(day.body.chandra_bala.count === 8);
    const ch = await post("/chandrashtama", { ...BIRTH, start: "2024-01-01T00:00:00+05:30", end: "2024-03-01T00:00:00+05:30" });
    expect(ch.status).toBe(200);
    expect(ch.body.periods.length).toBeGreaterThanOrEqual(2);
    for (const p of ch.body.periods) expect(Date.parse(p.end) - Date.parse(p.start)).toBeGreaterThan(1.9 * 86400e3);
  });

  it("422 for a range over 366 days (body.end) and a moment without offset (body.at), free", async () => {
    const long = await post("/chandrashtama", { ...BIRTH, start: "2024-01-01T00:00:00+05:30", end: "2025-06-01T00:00:00+05:30" });
    expect(long.status).toBe(422);
    expect(long.body.detail[0].loc).toEqual(["body", "end"]);
    const bad = await post("/daily-strength", { ...BIRTH, at: "2024-01-15T10:30:00" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "at"]);
  });
});
