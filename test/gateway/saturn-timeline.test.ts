import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { formatIso } from "../../src/engine/time/iso.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { unixMsFromJd } from "../../src/engine/time/julian.js";
import { sadeSatiSpells, saturnPassages } from "../../src/engine/timeline/saturn-passages.js";
import { withDefaults } from "../../src/engine/types.js";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
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
const birthInstant = instantFromUnixMs(Date.parse(BIRTH.datetime));
const moonSign = Math.floor(grahaPositions(birthInstant, withDefaults(), ["moon"]).moon!.lonSidDeg / 30) + 1;
const fmt = (jd: number | null) => (jd === null ? null : formatIso(unixMsFromJd(jd), 330));

describe("POST /sade-sati: lifetime Sade Sati, Kantaka and Ashtama Shani", () => {
  it("defaults to the birth … 100 years later and answers the engine's stays, phases and interruptions", async () => {
    const { status, body, headers } = await post("/sade-sati", BIRTH);
    expect(status).toBe(200);
    expect(body.natal_moon_sign).toBe(moonSign);
    expect(body.from).toBe(BIRTH.datetime);
    const from = birthInstant.jdUt;
    const stays = saturnPassages(moonSign, from, from + 100 * 365.25);
    const spells = sadeSatiSpells(stays);
    expect(body.sade_sati).toHaveLength(spells.length);
    expect(spells.length).toBeGreaterThanOrEqual(3);
    body.sade_sati.forEach((s: any, i: number) => {
      expect(s.start).toBe(fmt(spells[i]!.start));
      expect(s.end).toBe(fmt(spells[i]!.end));
      expect(s.phases.map((p: any) => [p.phase, p.sign_number, p.start])).toEqual(spells[i]!.phases.map((p) => [p.phase, p.sign, fmt(p.start)]));
      expect(s.interruptions).toHaveLength(spells[i]!.interruptions.length);
    });
    expect(body.kantaka_shani.map((k: any) => k.house_from_moon)).toEqual(stays.filter((p) => p.kind === "kantaka").map((p) => p.house));
    for (const k of body.kantaka_shani) expect([4, 7, 10]).toContain(k.house_from_moon);
    for (const a of body.ashtama_shani) expect(a.house_from_moon).toBe(8);
    expect(body.ashtama_shani.length).toBeGreaterThanOrEqual(3);
    expect(headers.get("content-type")).toContain("json");
  });

  it("an explicit range keeps the stays overlapping it whole, in the offset of from", async () => {
    const { status, body } = await post("/sade-sati", { ...BIRTH, from: "2022-01-01T00:00:00+00:00", to: "2023-12-31T00:00:00+00:00" });
    expect(status).toBe(200);
    expect(body.from).toBe("2022-01-01T00:00:00+00:00");
    const all = [...body.sade_sati.flatMap((s: any) => s.phases), ...body.kantaka_shani, ...body.ashtama_shani];
    for (const p of all) {
      expect(Date.parse(p.end)).toBeGreaterThan(Date.parse("2022-01-01T00:00:00Z"));
      expect(Date.parse(p.start)).toBeLessThan(Date.parse("2023-12-31T00:00:00Z"));
      expect(p.start.endsWith("+00:00")).toBe(true);
    }
  });

  it("costs 1 credit", async () => {
    const { body } = await postJson(billed.baseUrl, "/sade-sati", BIRTH, { "x-dry-run": "price" });
    expect(body.price).toBe(1);
  });

  it("422 naming body.from for a range starting before 1900, body.to for an end before the start, free", async () => {
    const early = await post("/sade-sati", { ...BIRTH, from: "1899-06-01T00:00:00+00:00" });
    expect(early.status).toBe(422);
    expect(early.body.detail[0].loc).toEqual(["body", "from"]);
    expect(early.headers.get("x-credits-charged") ?? "0").toBe("0");
    const back = await post("/sade-sati", { ...BIRTH, from: "2000-01-01T00:00:00+00:00", to: "1999-01-01T00:00:00+00:00" });
    expect(back.status).toBe(422);
    expect(back.body.detail[0].loc).toEqual(["body", "to"]);
  });
});

describe("GraphQL Chart.saturnTimeline", () => {
  it("is a lazy field of the chart with stays in time order; a birth after 2100 answers an empty default range", async () => {
    const q = `query($b: BirthInput!) { chart(birth: $b) { saturnTimeline { natalMoonSign from to stays { kind phase house start end } sadeSati { start } } } }`;
    const { body } = await graphql(server.baseUrl, q, { b: BIRTH });
    expect(body.errors).toBeUndefined();
    const t = body.data.chart.saturnTimeline;
    expect(t.natalMoonSign).toBe(moonSign);
    for (let i = 1; i < t.stays.length; i++) expect(Date.parse(t.stays[i].start)).toBeGreaterThanOrEqual(Date.parse(t.stays[i - 1].end));
    const late = await graphql(server.baseUrl, q, { b: { ...BIRTH, datetime: "2150-01-01T00:00:00+00:00" } });
    expect(late.body.errors).toBeUndefined();
    expect(late.body.data.chart.saturnTimeline.stays).toEqual([]);
  });

  it("refuses a from without an offset, naming from", async () => {
    const q = `query($b: BirthInput!) { chart(birth: $b) { saturnTimeline(from: "2000-01-01T00:00:00") { from } } }`;
    const { body } = await graphql(server.baseUrl, q, { b: BIRTH });
    expect(body.errors[0].extensions.field).toBe("from");
  });
});
