import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panchangaRange } from "../../src/engine/panchanga/panchanga-range.js";
import { searchPanchanga } from "../../src/engine/panchanga/panchanga-search.js";
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

const DELHI = { latitude: 28.6139, longitude: 77.209 };
const place = { latDeg: DELHI.latitude, lonDeg: DELHI.longitude };
const iso = (jd: number | null) => (jd === null ? null : formatIso(unixMsFromJd(jd), 330));
const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);

describe("POST /panchanga/range", () => {
  it("answers the spec's array: one entry per civil date, each the engine's Hindu day from that date's sunrise, the days abutting", async () => {
    const start = "2024-03-01T00:00:00+05:30", end = "2024-03-04T00:00:00+05:30";
    const { status, body } = await post("/panchanga/range", { start_datetime: start, end_datetime: end, ...DELHI });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    // The engine's walk over the sunrises of 1–4 March (the window to the 5th's midnight holds exactly those four).
    const days = panchangaRange(instantFromUnixMs(Date.parse(start)), instantFromUnixMs(Date.parse("2024-03-05T00:00:00+05:30")), place, withDefaults(), { moonEvents: true });
    expect(days).toHaveLength(4);
    expect(body).toHaveLength(4);
    expect(body.map((d: any) => d.sunrise.slice(0, 10))).toEqual(["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04"]);
    expect(body.map((d: any) => d.sunrise)).toEqual(days.map((d) => iso(d.sunriseJdUt)));
    expect(body.map((d: any) => d.tithi.name)).toEqual(days.map((d) => d.tithi.name));
    expect(body.map((d: any) => d.moonrise)).toEqual(days.map((d) => iso(d.moonriseJdUt)));
    expect(body.map((d: any) => d.rahu_kala.start)).toEqual(days.map((d) => iso(d.windows!.rahuKala.startJd)));
    for (let i = 0; i + 1 < body.length; i++) expect(body[i].next_sunrise).toBe(body[i + 1].sunrise);
  });

  it("Jan 1 00:00 → Jan 31 00:00 gives 31 entries; start = end gives its date; a 10:00 start keeps its own day", async () => {
    const month = await post("/panchanga/range", { start_datetime: "2024-01-01T00:00:00+05:30", end_datetime: "2024-01-31T00:00:00+05:30", ...DELHI });
    expect(month.status).toBe(200);
    expect(month.body).toHaveLength(31);
    expect(month.body[0].sunrise.slice(0, 10)).toBe("2024-01-01");
    expect(month.body[30].sunrise.slice(0, 10)).toBe("2024-01-31");
    const same = await post("/panchanga/range", { start_datetime: "2024-01-15T10:00:00+05:30", end_datetime: "2024-01-15T10:00:00+05:30", ...DELHI });
    expect(same.status).toBe(200);
    expect(same.body).toHaveLength(1);
    expect(same.body[0].sunrise.slice(0, 10)).toBe("2024-01-15");
    // The entry is what GET /panchanga answers for the date.
    const res = await fetch(`${server.baseUrl}/panchanga?date=2024-01-15&latitude=${DELHI.latitude}&longitude=${DELHI.longitude}&tz=%2B05:30`);
    const single = (await res.json()) as any;
    expect(same.body[0].sunrise).toBe(single.sunrise);
    expect(same.body[0].tithi).toEqual(single.tithi);
    const late = await post("/panchanga/range", { start_datetime: "2024-01-15T10:00:00+05:30", end_datetime: "2024-01-17T09:00:00+05:30", ...DELHI });
    expect(late.body.map((d: any) => d.sunrise.slice(0, 10))).toEqual(["2024-01-15", "2024-01-16", "2024-01-17"]);
  });

  it("32 dates are refused with 422 saying the limit", async () => {
    const { status, body } = await post("/panchanga/range", {
      start_datetime: "2024-01-01T00:00:00+05:30", end_datetime: "2024-02-01T00:00:00+05:30", ...DELHI,
    });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "end_datetime"]);
    expect(body.detail[0].msg).toMatch(/31 dates/);
  });

  it("an end before the start is refused with 422", async () => {
    const { status, body } = await post("/panchanga/range", {
      start_datetime: "2024-01-05T00:00:00+05:30", end_datetime: "2024-01-01T00:00:00+05:30", ...DELHI,
    });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "end_datetime"]);
    expect(body.detail[0].msg).toMatch(/before/);
  });
});

describe("POST /panchanga/search", () => {
  it("finds the engine's matching days, each with its full panchanga", async () => {
    const after = "2024-01-01T00:00:00+05:30";
    const { status, body } = await post("/panchanga/search", { ...DELHI, after, criteria: { tithi: "Ekadashi", vara: "Guru" }, max_results: 2 });
    expect(status).toBe(200);
    const engine = searchPanchanga({
      place, after: instantFromUnixMs(Date.parse(after)), criteria: { tithi: "Ekadashi", vara: "Guru" }, maxResults: 2, conv: withDefaults(),
    });
    expect(body.count).toBe(engine.matches.length);
    expect(body.count).toBeGreaterThan(0);
    expect(body.matches.map((m: any) => m.sunrise)).toEqual(engine.matches.map((d) => iso(d.sunriseJdUt)));
    for (const m of body.matches) {
      expect(m.vara.name).toBe("Thursday");
      expect(m.date).toBe(m.sunrise.slice(0, 10));
      expect(m.transitions.some((t: any) => t.element === "tithi" && t.name === "Ekadashi")).toBe(true);
      expect(m.rahu_kala).not.toBeNull();
      expect(typeof m.moonrise === "string" || m.moonrise === null).toBe(true);
    }
    expect(body.match_rule).toMatch(/sunrise/);
    expect(body.searched_from).toBe("2024-01-01T00:00:00+05:30");
  });

  it("an unknown name is refused with 422 listing the accepted ones; so is an unknown key", async () => {
    const name = await post("/panchanga/search", { ...DELHI, after: "2024-01-01T00:00:00+05:30", criteria: { nakshatra: "Pluto" } });
    expect(name.status).toBe(422);
    expect(name.body.detail[0].loc).toEqual(["body", "criteria"]);
    expect(name.body.detail[0].msg).toMatch(/Ashwini.*Revati/);
    const key = await post("/panchanga/search", { ...DELHI, after: "2024-01-01T00:00:00+05:30", criteria: { weekday: "Monday" } });
    expect(key.status).toBe(422);
    expect(key.body.detail[0].msg).toMatch(/tithi, nakshatra, yoga, karana, vara/);
  });

  it("max_results above 20 and max_days above 365 are refused with 422", async () => {
    const r = await post("/panchanga/search", { ...DELHI, after: "2024-01-01T00:00:00+05:30", criteria: { vara: 1 }, max_results: 21, max_days: 366 });
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: any) => d.loc)).toEqual([["body", "max_results"], ["body", "max_days"]]);
  });
});
