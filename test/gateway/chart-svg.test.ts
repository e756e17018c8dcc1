import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chartSvg, degText } from "../../src/resolvers/chart/svg/chart-svg.js";
import type { ChartDrawing } from "../../src/resolvers/chart/svg/chart-drawing.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ADMIN_KEY = "admin-key-for-svg-tests-01234567";
const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
let server: TestServer;
let key: string;
let accountId: string;

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
const balance = async (): Promise<number> =>
  ((await (await fetch(`${server.baseUrl}/account`, { headers: { "x-api-key": key } })).json()) as any).balance;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const r = await post("/register", {});
  key = r.body.api_key;
  accountId = r.body.account_id;
  const g = await post("/admin/grant-credits", { account_id: accountId, credits: 100, reason: "svg tests" }, { "x-admin-key": ADMIN_KEY });
  expect(g.status).toBe(200);
  // Use up the free tier (2 priced calls a day) so every later call is charged.
  for (let i = 0; i < 2; i++) expect((await post("/chart/svg", BIRTH, { "x-api-key": key })).status).toBe(200);
  expect(await balance()).toBe(100);
});
afterAll(async () => {
  await server?.close();
});

/** Parses the SVG (throws on malformed XML) and returns every <text> content. */
function textsOf(svg: string): string[] {
  expect(XMLValidator.validate(svg)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "text" || name === "line" }).parse(svg);
  expect(doc.svg["@_xmlns"]).toBe("http://www.w3.org/2000/svg");
  expect(doc.svg["@_width"]).toBe("400");
  return (doc.svg.text ?? []).map((t: any) => String(typeof t === "object" ? t["#text"] : t));
}

const DRAWING: ChartDrawing = {
  title: "D1 Rashi",
  lagna: { rashi: 5, deg: 12.5 },
  grahas: [
    { graha: "sun", rashi: 2, deg: 0.999, retrograde: false, combust: false },
    { graha: "moon", rashi: 5, deg: 29.9999, retrograde: false, combust: false },
    { graha: "mars", rashi: 12, deg: 3.25, retrograde: true, combust: false },
    { graha: "mercury", rashi: 2, deg: 5, retrograde: true, combust: true },
    { graha: "jupiter", rashi: 3, deg: 10, retrograde: false, combust: false },
    { graha: "venus", rashi: 1, deg: 20, retrograde: false, combust: true },
    { graha: "saturn", rashi: 10, deg: 1, retrograde: true, combust: false },
    { graha: "rahu", rashi: 10, deg: 28, retrograde: true, combust: false },
    { graha: "ketu", rashi: 4, deg: 28, retrograde: true, combust: false },
  ],
};

describe("chart SVG renderer (pure)", () => {
  it("degrees print floored to the minute, never 30°00′", () => {
    expect(degText(12.5)).toBe("12°30′");
    expect(degText(29.9999)).toBe("29°59′");
    expect(degText(0)).toBe("0°00′");
  });

  it("North: valid SVG, house 1 holds the lagna sign, labels carry degrees and R/C marks", () => {
    const svg = chartSvg(DRAWING, "NORTH");
    const texts = textsOf(svg);
    expect(texts).toContain("Asc 12°30′");
    expect(texts).toContain("Me 5°00′ R C");
    expect(texts).toContain("Ve 20°00′ C");
    expect(texts).toContain("Ma 3°15′ R");
    // Sign numbers: 12 of them, starting from the lagna sign (5) in house 1.
    const signs = [...svg.matchAll(/class="sign">(\d+)</g)].map((m) => Number(m[1]));
    expect(signs).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4]);
    expect(svg).toContain('class="lagna"');
  });

  it("South: valid SVG, fixed signs, the lagna's cell carries the mark", () => {
    const svg = chartSvg(DRAWING, "SOUTH");
    const texts = textsOf(svg);
    expect(texts.filter((t) => /^[A-Z][a-z]{2}$/.test(t))).toEqual(["Ari", "Tau", "Gem", "Can", "Leo", "Vir", "Lib", "Sco", "Sag", "Cap", "Aqu", "Pis"]);
    expect(svg.match(/class="lagna-mark"/g)).toHaveLength(1);
    expect(texts).toContain("Sa 1°00′ R");
  });

  it("draws the reviewed north and south snapshots", () => {
    expect(chartSvg(DRAWING, "NORTH")).toMatchSnapshot("north");
    expect(chartSvg(DRAWING, "SOUTH")).toMatchSnapshot("south");
  });
});

describe("chart SVG over HTTP", () => {
  it("GraphQL Chart.svg(style, varga) draws D9 and is charged its price (1 credit)", async () => {
    const before = await balance();
    const q = `query($b: BirthInput!) { chart(birth: $b) { n: svg(style: NORTH, varga: "D9") } }`;
    const r = await post("/graphql", { query: q, variables: { b: BIRTH } }, { "x-api-key": key });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const texts = textsOf(r.body.data.chart.n);
    expect(texts.some((t) => t.startsWith("D9 Navamsha"))).toBe(true);
    expect(texts.filter((t) => /^(Su|Mo|Ma|Me|Ju|Ve|Sa|Ra|Ke) \d+°\d\d′/.test(t))).toHaveLength(9);
    expect(await balance()).toBeCloseTo(before - 1, 6);
  });

  it("POST /chart/svg answers the SVG in JSON, deterministic, charged 1 credit", async () => {
    const before = await balance();
    const a = await post("/chart/svg", { ...BIRTH, style: "south", varga: "9" }, { "x-api-key": key });
    expect(a.status).toBe(200);
    expect(a.body.varga).toBe("D9");
    expect(a.body.content_type).toBe("image/svg+xml");
    expect(textsOf(a.body.svg)).toContain("D9 Navamsha");
    const b = await post("/chart/svg", { ...BIRTH, style: "south", varga: "D9" }, { "x-api-key": key });
    expect(b.body.svg).toBe(a.body.svg);
    expect(await balance()).toBeCloseTo(before - 2, 6);
  });

  it("a bad varga is a 422 naming the field and costs nothing (REST and GraphQL)", async () => {
    const before = await balance();
    const r = await post("/chart/svg", { ...BIRTH, varga: "D99" }, { "x-api-key": key });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body.detail)).toContain("varga");
    const q = `query($b: BirthInput!) { chart(birth: $b) { svg(varga: "D9,D10") } }`;
    const g = await post("/graphql", { query: q, variables: { b: BIRTH } }, { "x-api-key": key });
    expect(g.body.errors[0].extensions.field).toBe("varga");
    expect(await balance()).toBe(before);
  });
});
