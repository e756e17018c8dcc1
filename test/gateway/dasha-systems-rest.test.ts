import "reflect-metadata";
import { parse } from "graphql";
import { estimateWork } from "../../src/costing/work.js";
import { DEFAULT_WORK_BUDGET, WORK_INCLUDED } from "../../src/costing/work-gate.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { grahaDasha } from "../../src/engine/dasha/graha-dasha.js";
import { kalachakraDasha } from "../../src/engine/dasha/kalachakra-dasha.js";
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

  it("Vimshottari to 4 levels: sookshma periods under pratyantar, the current chain to prana_dasha", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, query_datetime: AT, levels: 4 });
    expect(status).toBe(200);
    const sookshma = body.maha_dashas[0].antardashas[0].pratyantardashas[0].sookshmadashas;
    expect(sookshma).toHaveLength(9);
    expect(sookshma[0].pranadashas).toBeUndefined();
    expect(sookshma[0].start).toBe(body.maha_dashas[0].start);
    expect(Object.keys(body.current)).toEqual(["maha_dasha", "antar_dasha", "pratyantar_dasha", "sookshma_dasha", "prana_dasha"]);
    expect(Date.parse(body.current.prana_dasha.start)).toBeLessThanOrEqual(Date.parse(AT));
    expect(Date.parse(body.current.prana_dasha.end)).toBeGreaterThan(Date.parse(AT));
    const one = await post("/dasha", { ...BIRTH, levels: 1 });
    expect(one.body.maha_dashas[0].antardashas).toBeUndefined();
  });

  it("levels 5: the tree to sookshma and, in its place, the nine prana periods of the running sookshma (the full level would be 59,049)", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, query_datetime: AT, levels: 5 });
    expect(status).toBe(200);
    const running = body.current.sookshma_dasha;
    const all = body.maha_dashas.flatMap((m: any) => m.antardashas.flatMap((a: any) => a.pratyantardashas.flatMap((p: any) => p.sookshmadashas)));
    expect(all).toHaveLength(6561);
    const withPrana = all.filter((s: any) => s.pranadashas);
    expect(withPrana).toHaveLength(1);
    expect(withPrana[0].start).toBe(running.start);
    const prana = withPrana[0].pranadashas;
    expect(prana).toHaveLength(9);
    expect(prana[0].start).toBe(running.start);
    expect(prana[8].end).toBe(running.end);
    // The running prana of `current` is one of them; GraphQL gives the same nine under that sookshma.
    expect(prana.some((p: any) => p.start === body.current.prana_dasha.start && p.end === body.current.prana_dasha.end)).toBe(true);
    const g = await graphql(server.baseUrl, `{ dasha(birth: { datetime: "${BIRTH.datetime}", latitude: ${BIRTH.latitude}, longitude: ${BIRTH.longitude} }, queryDatetime: "${AT}") {
      current { sookshmaDasha { subPeriods { planet start end } } } } }`);
    expect(g.body.data.dasha.current.sookshmaDasha.subPeriods.map((p: any) => [p.planet.toLowerCase(), p.start, p.end]))
      .toEqual(prana.map((p: any) => [p.planet, p.start, p.end]));
    expect(await price({ ...BIRTH, levels: 5 })).toBe(3);
  });

  it("priced per level like the GraphQL fields: 1 credit + 0.5 per level below maha (default 2, 2.5 at 4 levels); the rashi dashas at 3 levels keep 2", async () => {
    expect(await price(BIRTH)).toBe(2);
    expect(await price({ ...BIRTH, levels: 1 })).toBe(1);
    expect(await price({ ...BIRTH, levels: 4 })).toBe(2.5);
    // Two cycles of twelve signs to pratyantar (3,456 periods) stay within the work a listed price includes.
    for (const system of ["chara", "narayana", "kalachakra"]) expect(await price({ ...BIRTH, system }), system).toBe(2);
    expect(await price({ ...BIRTH, system: "ashtottari", levels: 2 })).toBe(1.5);
    expect(await price({ ...BIRTH, system: "yogini" })).toBe(2);
  });

  it.each([
    ["levels above a system's depth", { system: "yogini", levels: 4 }, ["body", "levels"], "levels must be 1..3"],
    ["levels 6 on REST", { levels: 6 }, ["body", "levels"], "less than or equal to 5"],
    ["levels above Kalachakra's depth", { system: "kalachakra", levels: 4 }, ["body", "levels"], "levels must be 1..3"],
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

describe("POST /dasha systems narayana and kalachakra", () => {
  const chartAt = () => {
    const pos = grahaPositions(birthInstant, withDefaults());
    return pos;
  };

  it("narayana: sign periods from birth as the engine computes them, the seed and progression reported, 12 antardashas each", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, system: "narayana", levels: 2, query_datetime: AT });
    expect(status).toBe(200);
    expect(body.kind).toBe("rashi");
    expect(body.rules).toContain("Sanjay Rath");
    expect(body.balance).toBeNull();
    expect(Date.parse(body.maha_dashas[0].start)).toBe(Date.parse(BIRTH.datetime));
    expect(body.maha_dashas[0].sign).toBe(body.narayana.seed);
    // The first cycle follows the reported order (a sign with no years in it is skipped).
    const firstCycle = body.maha_dashas.slice(0, body.maha_dashas.findIndex((m: any, i: number) => i > 0 && m.sign === body.narayana.seed));
    const order: number[] = body.narayana.order;
    expect(firstCycle.map((m: any) => order.indexOf(m.sign))).toEqual([...firstCycle.map((m: any) => order.indexOf(m.sign))].sort((a, b) => a - b));
    expect(["lagna", "7th"]).toContain(body.narayana.seed_from);
    expect(body.maha_dashas[0].antardashas).toHaveLength(12);
    expect(body.kalachakra).toBeUndefined();
    expect(body.current.antar_dasha.sign).toBeGreaterThan(0);
  });

  it("kalachakra: the Moon's pada, group, deha and jeeva; the first maha from before birth with its balance; 9 antardashas ending with the maha", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, system: "kalachakra", query_datetime: AT });
    expect(status).toBe(200);
    const moon = chartAt().moon!.lonSidDeg;
    const d = kalachakraDasha(moon, birthInstant.jdUt, 365.25);
    expect(body.kalachakra).toMatchObject({
      nakshatra: d.kalachakra.nakshatra, pada: d.kalachakra.pada, group: d.kalachakra.group, paramayush: d.kalachakra.paramayush,
      deha: d.kalachakra.deha, jeeva: d.kalachakra.jeeva, signs: [...d.kalachakra.signs],
    });
    expect(body.moon_nakshatra).toBe(d.kalachakra.nakshatra);
    expect(body.balance.years).toBeCloseTo(d.balance.years, 9);
    expect(body.maha_dashas.map((m: any) => m.sign)).toEqual(d.mahaDashas.map((m) => m.rashi));
    expect(body.maha_dashas[1].start).toBe(fmt(d.mahaDashas[1]!.startJdUt));
    expect(Date.parse(body.maha_dashas[0].start)).toBeLessThan(Date.parse(BIRTH.datetime));
    const antars = body.maha_dashas[1].antardashas;
    expect(antars).toHaveLength(9);
    expect(antars[0].sign).toBe(body.maha_dashas[1].sign);
    expect(antars[8].end).toBe(body.maha_dashas[1].end);
    expect(antars[0].pratyantardashas).toHaveLength(9);
    expect(body.current.pratyantar_dasha.sign).toBeGreaterThan(0);
    expect(body.narayana).toBeUndefined();
  });
});

describe("GraphQL: Narayana and Kalachakra nodes, and the five-level Vimshottari within the work budget", () => {
  it("systemDasha(NARAYANA | KALACHAKRA) answers its own details and null for the other's; maha periods only unless selected", async () => {
    const q = `query($b: BirthInput!) {
      n: systemDasha(birth: $b, system: NARAYANA) { name maxLevel narayana { seed seedFrom direction progression order } kalachakra { pada } mahaDashas { sign } }
      k: systemDasha(birth: $b, system: KALACHAKRA) { name narayana { seed } kalachakra { nakshatra pada group chakra deha jeeva paramayush } balance { sign years } mahaDashas { sign } } }`;
    const { body } = await graphql(server.baseUrl, q, { b: BIRTH });
    expect(body.errors).toBeUndefined();
    const { n, k } = body.data;
    expect(n.maxLevel).toBe(3);
    expect(n.kalachakra).toBeNull();
    expect(n.narayana.order).toHaveLength(12);
    expect(n.mahaDashas[0].sign).toBe(n.narayana.seed);
    expect(k.narayana).toBeNull();
    expect([83, 85, 86, 100]).toContain(k.kalachakra.paramayush);
    expect(k.mahaDashas[0].sign).toBe(k.balance.sign);
  });

  it("a full five-level tree of all nine maha dashas is over the work budget; one maha dasha's five levels (planet:) fit the listed price", async () => {
    const leaf = "planet start";
    const tree = (n: number): string => (n === 1 ? leaf : `${leaf} subPeriods { ${tree(n - 1)} }`);
    const doc = (maha: string) => `{ dasha(birth: { datetime: "${BIRTH.datetime}", latitude: 28.6, longitude: 77.2 }) { ${maha} { ${tree(5)} } } }`;
    // The gate (src/costing/work-gate.ts) refuses above REQUEST_WORK_BUDGET before anything runs (test/limits/work-budget.test.ts over HTTP).
    const schema = await buildAppSchema();
    const full = estimateWork(schema, parse(doc("mahaDashas")), {});
    expect(full.work).toBeGreaterThan(DEFAULT_WORK_BUDGET);
    const venus = estimateWork(schema, parse(doc("mahaDashas(planet: VENUS)")), {});
    expect(venus.work).toBeLessThanOrEqual(WORK_INCLUDED);
    expect(venus.work * 8).toBeLessThan(full.work);
    const dry = await fetch(`${billed.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-dry-run": "price" }, body: JSON.stringify({ query: doc("mahaDashas(planet: VENUS)") }),
    });
    expect(((await dry.json()) as any).extensions.cost.price).toBe(3); // 0.5 + 0.5 + four levels × 0.5, no work surcharge
    const one = await graphql(server.baseUrl, doc("mahaDashas(planet: VENUS)"), {});
    expect(one.body.errors).toBeUndefined();
    const maha = one.body.data.dasha.mahaDashas;
    expect(maha).toHaveLength(1);
    expect(maha[0].planet).toBe("VENUS");
    expect(maha[0].subPeriods[0].subPeriods[0].subPeriods[0].subPeriods).toHaveLength(9); // prana periods
    const narrow = await graphql(server.baseUrl, `{ dasha(birth: { datetime: "${BIRTH.datetime}", latitude: 28.6, longitude: 77.2 }) { mahaDashas(planet: VENUS) { subPeriods(planet: SUN) { planet } } } }`, {});
    expect(narrow.body.data.dasha.mahaDashas[0].subPeriods).toEqual([{ planet: "SUN" }]);
  });
});
