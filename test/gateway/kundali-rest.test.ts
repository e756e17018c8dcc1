import "reflect-metadata";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ascendantAndMc } from "../../src/engine/astro/houses.js";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { ChartCore } from "../../src/engine/chart/chart-core.js";
import { detectDoshas } from "../../src/engine/chart/doshas/detect-doshas.js";
import { detectYogas } from "../../src/engine/chart/yogas/detect-yogas.js";
import { currentPeriods } from "../../src/engine/dasha/vimshottari.js";
import { ashtakavarga } from "../../src/engine/strength/ashtakavarga.js";
import { formatIso } from "../../src/engine/time/iso.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { unixMsFromJd } from "../../src/engine/time/julian.js";
import { GRAHAS, withDefaults } from "../../src/engine/types.js";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { dashaRoute } from "../../src/rest-compat/routes/dasha-route.js";
import { kundaliRoute } from "../../src/rest-compat/routes/kundali-route.js";
import { vargasRoute } from "../../src/rest-compat/routes/vargas-route.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}, base = server.baseUrl) =>
  postJson(base, path, body, headers);

/** The engine's own chart for a birth, built the way the resolvers must build it. */
function engineChart(datetime: string, latDeg: number, lonDeg: number): ChartCore {
  const instant = instantFromUnixMs(Date.parse(datetime));
  const conv = withDefaults();
  const pos = grahaPositions(instant, conv, [...GRAHAS]);
  const lagnaSidDeg = ascendantAndMc(instant, { latDeg, lonDeg }, conv).ascendantSidDeg;
  const grahas = Object.fromEntries(GRAHAS.map((g) => [g, { lonSidDeg: pos[g]!.lonSidDeg, latDeg: pos[g]!.latDeg, speedDegPerDay: pos[g]!.speedDegPerDay }]));
  return new ChartCore({ lagnaSidDeg, grahas: grahas as never }, instant.jdUt);
}

// Swiss Ephemeris reference case f00 (New Delhi, 2015-02-16 11:05:47 IST), test/fixtures/swisseph-positions.json.
const FIXTURES = JSON.parse(readFileSync(new URL("../fixtures/swisseph-positions.json", import.meta.url), "utf8"));
const F00 = FIXTURES.cases.find((c: any) => c.id === "f00");
const DELHI = { datetime: F00.local as string, latitude: F00.lat as number, longitude: F00.lon as number };
const AV_TOTALS = { sun: 48, moon: 49, mars: 39, mercury: 54, jupiter: 56, venus: 52, saturn: 39 };
const arcsec = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) * 3600;

describe("POST /kundali", () => {
  let k: any;
  let core: ChartCore;
  beforeAll(async () => {
    const r = await post("/kundali", DELHI);
    expect(r.status).toBe(200);
    k = r.body;
    core = engineChart(DELHI.datetime, DELHI.latitude, DELHI.longitude);
  });

  it("lagna and planets agree with the Swiss Ephemeris reference (ascendant 2″, grahas 1″)", () => {
    expect(arcsec(k.lagna.longitude, F00.ascendant)).toBeLessThan(2);
    expect(k.lagna.sign_number).toBe(F00.ascendant_rashi);
    const names: Record<string, string> = { sun: "Sun", moon: "Moon", mars: "Mars", mercury: "Mercury", jupiter: "Jupiter", venus: "Venus", saturn: "Saturn", rahu: "Rahu" };
    for (const [g, ref] of Object.entries(names)) expect(arcsec(k.planets[g].longitude, F00.grahas[ref].lon)).toBeLessThan(1);
  });

  it("lagna, planets, houses equal the engine's ChartCore", () => {
    const l = core.lagna;
    expect(k.lagna).toEqual({
      sign: l.rashiName, sign_number: l.rashi, degree: l.rashiDegree, longitude: l.lonSidDeg, dms: l.dms, nakshatra: l.nakshatraName,
      nakshatra_number: l.nakshatra, pada: l.pada, lord: l.rashiLord, nakshatra_lord: l.nakshatraLord, vargottama: l.vargottama,
    });
    expect(Object.keys(k.planets)).toEqual([...GRAHAS]);
    for (const p of core.planets) {
      expect(k.planets[p.graha]).toEqual({
        longitude: p.lonSidDeg, sign: p.rashiName, sign_number: p.rashi, sign_degree: p.rashiDegree, dms: p.dms, house: p.house,
        nakshatra: p.nakshatraName, nakshatra_number: p.nakshatra, pada: p.pada, nakshatra_lord: p.nakshatraLord,
        speed: p.speedDegPerDay, retrograde: p.retrograde, combust: p.combust, combust_orb: p.combustOrbDeg,
        distance_from_sun: p.distanceFromSunDeg, dignity: p.dignity, vargottama: p.vargottama,
      });
    }
    expect(k.houses).toEqual(core.houses.map((h) => ({
      house: h.house, sign: h.rashiName, sign_number: h.rashi, lord: h.lord, planets: h.grahas, aspected_by: h.aspectedBy,
    })));
    expect(k.aspects).toHaveLength(core.aspects.onGrahas.length);
    expect(k.aspects[0]).toEqual({
      from_planet: core.aspects.onGrahas[0]!.from, to_planet: core.aspects.onGrahas[0]!.to, aspect_house: core.aspects.onGrahas[0]!.nth,
      from_house: core.planets.find((p) => p.graha === core.aspects.onGrahas[0]!.from)!.house,
      to_house: core.planets.find((p) => p.graha === core.aspects.onGrahas[0]!.to)!.house,
    });
  });

  it("navamsha, karakas, yogas and doshas equal the engine's", () => {
    const d9 = core.navamsha;
    expect(k.navamsha.method).toBe(d9.method);
    expect(k.navamsha.lagna).toEqual({ sign: d9.lagna.rashiName, sign_number: d9.lagna.rashi, degree: d9.lagna.degInRashi });
    for (const g of GRAHAS) expect(k.navamsha.planets[g].sign).toBe(d9.grahas[g].rashiName);
    const f = core.functionalNatures;
    expect(k.karakas.functional_benefics).toEqual(f.benefics);
    expect(k.karakas.functional_malefics).toEqual(f.malefics);
    expect(k.karakas.yoga_karaka).toBe(f.yogakaraka);
    expect(k.karakas.chara_karakas.map((c: any) => [c.karaka, c.planet])).toEqual(core.charaKarakas.map((c) => [c.karaka, c.graha]));
    expect(k.yogas).toEqual(detectYogas(core.input).map((y) => ({
      name: y.name, type: y.type, category: y.category, planets: y.planets, houses_involved: y.housesInvolved,
      strength: y.strength, description: y.description,
    })));
    const doshas = detectDoshas(core.input);
    for (const name of ["mangal", "kalsarpa", "pitra"] as const) {
      expect(k.doshas[name].present).toBe(doshas[name].present);
      expect(k.doshas[name].severity).toBe(doshas[name].severity);
      expect(k.doshas[name].affected_houses).toEqual(doshas[name].affectedHouses);
      expect(k.doshas[name].cancellation_factors).toEqual(doshas[name].cancellationFactors);
    }
    expect(k.doshas.kalsarpa.type).toBe(doshas.kalsarpa.type);
    expect(k.doshas.mangal.from_moon).toEqual(doshas.mangal.fromMoon);
  });

  it("ashtakavarga: the engine's bindus and the fixed totals (48/49/39/54/56/52/39, 337)", () => {
    const av = k.ashtakavarga;
    expect(Object.fromEntries(av.bhinnashtakavarga.map((b: any) => [b.planet, b.total]))).toEqual(AV_TOTALS);
    for (const b of av.bhinnashtakavarga) {
      expect(Object.keys(b.scores)).toEqual(["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"]);
      expect(Object.values(b.scores)).toEqual(b.scores_array);
      expect(b.scores_array).toEqual(core.ashtakavarga.bhinna.find((x) => x.graha === b.planet)!.scores);
      // Prastharashtakavarga: the eight contributors' rows add up to the scores.
      const sum = new Array(12).fill(0);
      for (const row of Object.values(b.prastharashtakavarga) as any[]) Object.values(row).forEach((v: any, i) => (sum[i] += v));
      expect(sum).toEqual(b.scores_array);
    }
    expect(av.sarvashtakavarga.total).toBe(337);
    expect(av.sarvashtakavarga.scores_array).toEqual(core.ashtakavarga.sarva);
    expect(av.shodhya_pinda.sun.shodhya_pinda).toBe(core.ashtakavarga.shodhyaPinda.sun.shodhyaPinda);
    expect(av.strongest_sign).toBeTypeOf("string");
  });

  it("dasha: DashaInfo with the engine's maha dashas and antardashas, dates in the caller's offset, current at the call", () => {
    const d = k.dasha;
    expect(d.system).toBe("vimshottari");
    expect(d.maha_dashas).toHaveLength(9);
    const fmt = (jd: number) => formatIso(unixMsFromJd(jd), 330);
    core.dasha.mahaDashas.forEach((m, i) => {
      expect(d.maha_dashas[i].planet).toBe(m.lord);
      expect(d.maha_dashas[i].start).toBe(fmt(m.startJdUt));
      expect(d.maha_dashas[i].end).toBe(fmt(m.endJdUt));
      expect(d.maha_dashas[i].antardashas.map((a: any) => a.planet)).toEqual(m.sub.map((s) => s.lord));
      expect(d.maha_dashas[i].antardashas[0].start).toBe(fmt(m.sub[0]!.startJdUt));
    });
    expect(d.maha_dashas[0].start.endsWith("+05:30")).toBe(true);
    const chain = currentPeriods(core.dasha, instantFromUnixMs(Date.parse(d.query_datetime)).jdUt, 3)!;
    expect(d.current).toEqual({ planet: chain[0]!.lord, start: fmt(chain[0]!.startJdUt), end: fmt(chain[0]!.endJdUt) });
    expect(d.current_period.antar_dasha.planet).toBe(chain[1]!.lord);
    expect(Math.abs(Date.parse(d.query_datetime) - Date.now())).toBeLessThan(60_000);
  });

  it("echoes the ashtakavarga table in conventions: bphs by default, with its source", () => {
    expect(k.conventions.ashtakavarga).toBe("bphs");
    expect(k.conventions.ashtakavarga_source).toMatch(/BPHS ch\. 66/);
  });

  it("ashtakavarga=jagannatha_hora: Narasimha Rao's table, echoed, the engine's figures for it", async () => {
    const r = await post("/kundali", { ...DELHI, ashtakavarga: "jagannatha_hora" });
    expect(r.status).toBe(200);
    expect(r.body.conventions.ashtakavarga).toBe("jagannatha_hora");
    expect(r.body.conventions.ashtakavarga_source).toMatch(/Narasimha Rao/);
    const jh = ashtakavarga(core.input, "jagannatha_hora");
    const av = r.body.ashtakavarga;
    for (const b of av.bhinnashtakavarga) expect(b.scores_array).toEqual(jh.bhinna.find((x) => x.graha === b.planet)!.scores);
    expect(av.sarvashtakavarga.scores_array).toEqual(jh.sarva);
    expect(av.shodhya_pinda.saturn.shodhya_pinda).toBe(jh.shodhyaPinda.saturn.shodhyaPinda);
    // This chart is one where the two tables disagree.
    expect(jh.sarva).not.toEqual(core.ashtakavarga.sarva);
  });

  it("an unknown ashtakavarga table is refused with 422 naming the field", async () => {
    const r = await post("/kundali", { ...DELHI, ashtakavarga: "kp" });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "ashtakavarga"]);
  });

  it("a polar birth still answers, with the same invariants", async () => {
    const r = await post("/kundali", { datetime: "1975-12-21T00:00:00+01:00", latitude: 89.5, longitude: 15 });
    expect(r.status).toBe(200);
    expect(r.body.ashtakavarga.sarvashtakavarga.total).toBe(337);
    expect(Object.fromEntries(r.body.ashtakavarga.bhinnashtakavarga.map((b: any) => [b.planet, b.total]))).toEqual(AV_TOTALS);
    expect(r.body.houses).toHaveLength(12);
  });
});

describe("bad input → 422", () => {
  it.each([
    ["a birth before 1800", { ...DELHI, datetime: "1799-12-31T23:00:00+00:00" }, /1800–2400/],
    ["a birth after 2400", { ...DELHI, datetime: "2401-01-01T00:00:00+00:00" }, /1800–2400/],
    ["a datetime without offset", { ...DELHI, datetime: "1990-05-15T14:30:00" }, /offset/i],
  ])("%s", async (_name, body, msg) => {
    const r = await post("/kundali", body);
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "datetime"]);
    expect(r.body.detail[0].msg).toMatch(msg);
  });

  it("GraphQL refuses a birth outside 1800–2400 naming birth.datetime", async () => {
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ chart(birth: { datetime: "1700-01-01T00:00:00Z", latitude: 0, longitude: 0 }) { lagna { sign } } }` }),
    });
    const body = (await res.json()) as any;
    expect(body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(body.errors[0].extensions.field).toBe("birth.datetime");
  });
});

describe("prices", () => {
  it("/kundali 3, /dasha 2, /vargas 3: each document priced by the schema's price list", async () => {
    const schema = await buildAppSchema();
    expect([kundaliRoute.credits, dashaRoute.credits, vargasRoute.credits]).toEqual([3, 2, 3]);
    expect(routePriceMismatches(schema, [kundaliRoute, dashaRoute, vargasRoute])).toEqual([]);
  });
});

describe("charged through the ledger", () => {
  const ADMIN_KEY = "admin-key-for-kundali-tests-0123";
  let billed: TestServer;
  beforeAll(async () => {
    billed = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  });
  afterAll(async () => {
    await billed?.close();
  });

  it("after the free tier, /kundali debits 3, /dasha 2, /vargas 3; GraphQL lagna + grahas 0.3", async () => {
    const reg = (await post("/register", {}, {}, billed.baseUrl)).body as { api_key: string; account_id: string };
    const key = { "x-api-key": reg.api_key };
    const g = await post("/admin/grant-credits", { account_id: reg.account_id, credits: 20, reason: "kundali price test" }, { "x-admin-key": ADMIN_KEY }, billed.baseUrl);
    expect([g.status, g.body]).toEqual([200, expect.anything()]);
    for (let i = 0; i < 2; i++) expect((await post("/vargas", { ...DELHI, charts: "D9" }, key, billed.baseUrl)).headers.get("x-credits-charged")).toBe("0");
    const charged = async (path: string, body: unknown) => {
      const r = await post(path, body, key, billed.baseUrl);
      expect(r.status).toBe(200);
      return [r.headers.get("x-credits-charged"), r.headers.get("x-credits-remaining")];
    };
    expect(await charged("/kundali", DELHI)).toEqual(["3", "17"]);
    expect(await charged("/dasha", DELHI)).toEqual(["2", "15"]);
    expect(await charged("/vargas", DELHI)).toEqual(["3", "12"]);
    const q = await post("/graphql", { query: "query($b: BirthInput!) { chart(birth: $b) { lagna { sign } grahas { graha } } }", variables: { b: DELHI } }, key, billed.baseUrl);
    expect(q.body.errors).toBeUndefined();
    expect(q.body.extensions.cost).toMatchObject({ credits: 0.3, balance: 11.7 });
  });
});
