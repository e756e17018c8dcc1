import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { houseFrom, signOf } from "../../src/engine/transits/gochar.js";
import { GRAHAS, withDefaults } from "../../src/engine/types.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);
const gql = async (query: string, variables: Record<string, unknown> = {}) => {
  const res = await fetch(`${server.baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as any;
};

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const AT = "2024-06-01T05:30:00+05:30";
const conv = withDefaults();
const natal = grahaPositions(instantFromUnixMs(Date.parse(BIRTH.datetime)), conv);
const now = grahaPositions(instantFromUnixMs(Date.parse(AT)), conv);
const moonSign = signOf(natal.moon!.lonSidDeg);

describe("POST /transits", () => {
  it("counts each graha from the natal Moon's sign and names its effect; times in the query's offset", async () => {
    const { status, body } = await post("/transits", { ...BIRTH, query_datetime: AT });
    expect(status).toBe(200);
    expect(body.query_datetime).toBe(AT);
    expect(body.conventions).toEqual({ ayanamsha: "lahiri", node: "mean", gochar_table: "phaladeepika_26" });
    expect(body.natal_moon_sign).toBe(moonSign);
    expect(body.transits.map((t: any) => t.planet)).toEqual([...GRAHAS]);
    for (const t of body.transits) {
      const lon = now[t.planet as keyof typeof now]!.lonSidDeg;
      expect(t.longitude).toBeCloseTo(lon, 9);
      expect(t.house_from_moon).toBe(houseFrom(moonSign, signOf(lon)));
      expect(["favourable", "unfavourable", "obstructed"]).toContain(t.effect);
      expect(t.effect === "obstructed").toBe(t.vedha_by.length > 0);
      if (!t.favourable_house) expect([t.effect, t.vedha_house]).toEqual(["unfavourable", null]);
      // Every obstructing graha stands in the vedha house.
      for (const o of t.vedha_by) expect(body.transits.find((x: any) => x.planet === o).house_from_moon).toBe(t.vedha_house);
    }
    // Saturn 2024-06: sidereal Aquarius (11), between the 2023-01-17 and 2025-03-29 ingresses.
    const sat = body.transits.find((t: any) => t.planet === "saturn");
    expect(sat.sign).toBe(11);
    const h = sat.house_from_moon;
    const st = body.special_transits;
    expect(st.sade_sati !== null).toBe([12, 1, 2].includes(h));
    expect(st.kantaka_shani !== null).toBe([4, 7, 10].includes(h));
    expect(st.ashtama_shani !== null).toBe(h === 8);
    const satSpecial = st.sade_sati ?? st.kantaka_shani ?? st.ashtama_shani;
    if (satSpecial) {
      const start = satSpecial.phase_start ?? satSpecial.start;
      expect(start.startsWith("2023-01-17T")).toBe(true);
      expect(start.endsWith("+05:30")).toBe(true);
    }
    const jup = body.transits.find((t: any) => t.planet === "jupiter");
    expect(st.guru_over_moon !== null).toBe(jup.house_from_moon === 1);
  });

  it("a Moon in Pisces is in the rising phase of Sade Sati in mid-2024", async () => {
    // The first noon of March 2000 with the Moon in sidereal Pisces.
    const day = [...Array(31).keys()].map((d) => Date.UTC(2000, 2, 1 + d, 12))
      .find((ms) => signOf(grahaPositions(instantFromUnixMs(ms), conv, ["moon"]).moon!.lonSidDeg) === 12)!;
    const birth = { datetime: new Date(day).toISOString(), latitude: 19.076, longitude: 72.8777 };
    const { status, body } = await post("/transits", { ...birth, query_datetime: "2024-06-01T00:00:00Z" });
    expect(status).toBe(200);
    const s = body.special_transits.sade_sati;
    expect(s.phase).toBe("rising");
    expect(s.phase_start.slice(0, 10)).toBe("2023-01-17");
    expect(s.phase_end.slice(0, 10)).toBe("2025-03-29");
    expect(s.start).toBe(s.phase_start);
    expect(Date.parse(s.end)).toBeGreaterThan(Date.parse("2029-01-01T00:00:00Z"));
  });

  it("GraphQL: the node's parts are priced 0.5 + 0.5 + 1, and a partial selection runs", async () => {
    const doc = (sel: string) => `{ chart(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }) { transits { ${sel} } } }`;
    const price = async (sel: string) => (await gql("query P($q: String!) { price(query: $q) { credits } }", { q: doc(sel) })).data.price.credits;
    expect(await price("at")).toBe(0.5);
    expect(await price("at planets { graha }")).toBe(1);
    expect(await price("at planets { graha } special { sadeSati { phase } }")).toBe(2);
    const r = await gql(`{ chart(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }) {
      transits(at: "2024-06-01T00:00:00Z") { at natalMoonSign planets { graha effect } } } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data.chart.transits.planets).toHaveLength(9);
  });

  it("refuses bad input with 422 naming the field", async () => {
    const noOffset = await post("/transits", { ...BIRTH, query_datetime: "2024-06-01T00:00:00" });
    expect(noOffset.status).toBe(422);
    expect(noOffset.body.detail[0].loc).toEqual(["body", "query_datetime"]);
    const tooLate = await post("/transits", { ...BIRTH, query_datetime: "2395-01-01T00:00:00Z" });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.detail[0].loc).toEqual(["body", "query_datetime"]);
    expect(tooLate.body.detail[0].msg).toMatch(/1811–2389/);
    const lat = await post("/transits", { ...BIRTH, latitude: 91 });
    expect(lat.status).toBe(422);
    expect(lat.body.detail[0].loc).toEqual(["body", "latitude"]);
    const gqlBad = await gql(`{ chart(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }) { transits(at: "soon") { at } } }`);
    expect(gqlBad.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(gqlBad.errors[0].extensions.field).toBe("at");
  });
});
