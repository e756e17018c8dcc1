import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { currentPeriods, vimshottari, VIMSHOTTARI_YEARS } from "../../src/engine/dasha/vimshottari.js";
import { formatIso } from "../../src/engine/time/iso.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { unixMsFromJd } from "../../src/engine/time/julian.js";
import { withDefaults } from "../../src/engine/types.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);
const gql = async (query: string, variables: Record<string, unknown>) => {
  const res = await fetch(`${server.baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as any;
};

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const AT = "2024-01-15T10:30:00+05:30";
const birthInstant = instantFromUnixMs(Date.parse(BIRTH.datetime));
const moonLon = grahaPositions(birthInstant, withDefaults(), ["moon"]).moon!.lonSidDeg;
const fmt = (jd: number) => formatIso(unixMsFromJd(jd), 330);

describe("POST /dasha", () => {
  it("balance, 9 × 9 × 9 periods and the current chain equal the engine's Vimshottari, dates in +05:30", async () => {
    const { status, body } = await post("/dasha", { ...BIRTH, query_datetime: AT });
    expect(status).toBe(200);
    const d = vimshottari(moonLon, birthInstant.jdUt, { depth: 3 });
    expect(body.conventions).toEqual({ ayanamsha: "lahiri", node: "mean", dasha_year: "julian", year_days: 365.25 });
    expect(body.balance).toEqual({ planet: d.balance.lord, years: d.balance.years, elapsed_fraction: d.balance.elapsedFraction });
    expect(body.moon_nakshatra).toBe(d.moonNakshatraName);
    expect(body.query_datetime).toBe(AT);
    expect(body.maha_dashas).toHaveLength(9);
    d.mahaDashas.forEach((m, i) => {
      const bm = body.maha_dashas[i];
      expect([bm.planet, bm.start, bm.end, bm.duration_years]).toEqual([m.lord, fmt(m.startJdUt), fmt(m.endJdUt), m.durationYears]);
      expect(bm.antardashas).toHaveLength(9);
      m.sub.forEach((a, j) => {
        const ba = bm.antardashas[j];
        expect([ba.planet, ba.start, ba.end, ba.duration_years]).toEqual([a.lord, fmt(a.startJdUt), fmt(a.endJdUt), a.durationYears]);
        expect(ba.pratyantardashas.map((p: any) => [p.planet, p.start, p.end])).toEqual(a.sub.map((p) => [p.lord, fmt(p.startJdUt), fmt(p.endJdUt)]));
      });
      // Sub-periods tile their parent: first starts at its start, last ends at its end.
      expect(bm.antardashas[0].start).toBe(bm.start);
      expect(bm.antardashas[8].end).toBe(bm.end);
    });
    // BPHS ch. 46: the first maha dasha is the Moon's nakshatra lord; its balance is the unelapsed share of its years.
    expect(body.maha_dashas[0].planet).toBe(body.balance.planet);
    expect(body.balance.years).toBeCloseTo(VIMSHOTTARI_YEARS[d.balance.lord] * (1 - d.balance.elapsedFraction), 12);
    const chain = currentPeriods(d, instantFromUnixMs(Date.parse(AT)).jdUt, 3)!;
    const per = (p: (typeof chain)[number]) => ({ planet: p.lord, start: fmt(p.startJdUt), end: fmt(p.endJdUt), duration_years: p.durationYears });
    expect(body.current).toEqual({ maha_dasha: per(chain[0]!), antar_dasha: per(chain[1]!), pratyantar_dasha: per(chain[2]!) });
    expect(Date.parse(body.current.pratyantar_dasha.start)).toBeLessThanOrEqual(Date.parse(AT));
    expect(Date.parse(body.current.pratyantar_dasha.end)).toBeGreaterThan(Date.parse(AT));
  });

  it("query_datetime defaults to now (taken by the resolver)", async () => {
    const { status, body } = await post("/dasha", BIRTH);
    expect(status).toBe(200);
    expect(Math.abs(Date.parse(body.query_datetime) - Date.now())).toBeLessThan(60_000);
    expect(body.query_datetime.endsWith("+05:30")).toBe(true);
  });

  it.each([
    ["savana", 360],
    ["sidereal", 365.256363],
  ])("dasha_year %s: periods of %s-day years, echoed back", async (year, days) => {
    const { status, body } = await post("/dasha", { ...BIRTH, query_datetime: AT, dasha_year: year });
    expect(status).toBe(200);
    expect(body.conventions.dasha_year).toBe(year);
    expect(body.conventions.year_days).toBe(days);
    const m = body.maha_dashas[1];
    const spanDays = (Date.parse(m.end) - Date.parse(m.start)) / 86_400_000;
    expect(Math.abs(spanDays - m.duration_years * days) * 86_400).toBeLessThanOrEqual(1);
  });

  it.each([
    ["query_datetime without offset", { query_datetime: "2024-01-15T10:30:00" }, ["body", "query_datetime"], /offset/i],
    ["an unknown year convention", { dasha_year: "lunar" }, ["body", "dasha_year"], /julian/],
    ["a birth before 1800", { datetime: "1750-01-01T00:00:00+00:00" }, ["body", "datetime"], /1800–2400/],
  ])("422 for %s", async (_n, over, loc, msg) => {
    const { status, body } = await post("/dasha", { ...BIRTH, ...over });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(loc);
    expect(body.detail[0].msg).toMatch(msg);
  });
});

describe("GraphQL dasha", () => {
  it("reaches prana (level 5) through current; below prana there is nothing", async () => {
    const r = await gql(
      `query($b: BirthInput!, $at: String) { dasha(birth: $b, queryDatetime: $at) {
        current { mahaDasha { planet level } pranaDasha { planet level levelName start end subPeriods { planet } } } } }`,
      { b: BIRTH, at: AT },
    );
    expect(r.errors).toBeUndefined();
    const d = vimshottari(moonLon, birthInstant.jdUt, { depth: 1 });
    const chain = currentPeriods(d, instantFromUnixMs(Date.parse(AT)).jdUt, 5)!;
    expect(r.data.dasha.current.mahaDasha).toEqual({ planet: chain[0]!.lord.toUpperCase(), level: 1 });
    expect(r.data.dasha.current.pranaDasha).toEqual({
      planet: chain[4]!.lord.toUpperCase(), level: 5, levelName: "prana", start: fmt(chain[4]!.startJdUt), end: fmt(chain[4]!.endJdUt), subPeriods: [],
    });
  });

  it("Chart.dasha is the same Vimshottari as Query.dasha", async () => {
    const sel = `mahaDashas { planet start subPeriods { planet end } }`;
    const r = await gql(`query($b: BirthInput!) { dasha(birth: $b) { ${sel} } chart(birth: $b) { dasha { ${sel} } } }`, { b: BIRTH });
    expect(r.errors).toBeUndefined();
    expect(r.data.chart.dasha).toEqual(r.data.dasha);
  });
});
