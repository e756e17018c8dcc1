import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMuhurtaWindows } from "../../src/engine/muhurta/muhurta-windows.js";
import { MUHURTA_TYPES } from "../../src/engine/muhurta/muhurta-rules.js";
import { choghadiyaAtMoment } from "../../src/engine/panchanga/choghadiya-day.js";
import { formatIso } from "../../src/engine/time/iso.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { jdFromUnixMs, unixMsFromJd } from "../../src/engine/time/julian.js";
import { withDefaults } from "../../src/engine/types.js";
import { postJson, graphql, startTestServer, type TestServer } from "../helpers/server.js";

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

describe("POST /choghadiya", () => {
  const DT = "2024-01-15T10:30:00+05:30";

  it("answers the ChoghadiyaResponse shape exactly, with the engine's periods", async () => {
    const { status, body } = await post("/choghadiya", { datetime: DT, ...DELHI });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([
      "datetime", "latitude", "longitude", "sunrise", "sunset", "next_sunrise", "day_choghadiya", "night_choghadiya", "hora", "conventions",
    ]);
    expect(body.conventions).toEqual({ ayanamsha: "lahiri", node: "mean", sunrise: "upper_limb", month: "amanta", hora: "sixty_minutes" });
    const e = choghadiyaAtMoment(jdFromUnixMs(Date.parse(DT)), place, withDefaults());
    expect(body.datetime).toBe(DT);
    expect([body.sunrise, body.sunset, body.next_sunrise]).toEqual([iso(e.sunriseJdUt), iso(e.sunsetJdUt), iso(e.nextSunriseJdUt)]);
    const shape = (p: any) => ({ period_number: p.periodNumber, name: p.name, planet: p.planet, nature: p.nature, start: iso(p.startJd), end: iso(p.endJd) });
    expect(body.day_choghadiya).toEqual(e.day.map(shape));
    expect(body.night_choghadiya).toEqual(e.night.map(shape));
    expect(body.day_choghadiya).toHaveLength(8);
    expect(body.night_choghadiya).toHaveLength(8);
    expect(body.hora).toHaveLength(24);
    // Monday: the day opens with the Moon's Amrit, the first hora is the Moon's, and the horas run in Chaldean order.
    expect(body.day_choghadiya[0]).toMatchObject({ name: "Amrit", planet: "moon" });
    expect(body.hora.slice(0, 8).map((h: any) => h.planet)).toEqual(["moon", "saturn", "jupiter", "mars", "sun", "venus", "mercury", "moon"]);
    expect(body.hora[0]).toMatchObject({ period_number: 1, name: "Moon", nature: "benefic", start: body.sunrise });
    // 60-minute periods from sunrise (the spec's rule), the 24th ending at the next sunrise.
    for (const h of body.hora.slice(0, 23)) expect(Date.parse(h.end) - Date.parse(h.start)).toBe(3_600_000);
    expect(body.hora[23].end).toBe(body.next_sunrise);
    for (const p of [...body.day_choghadiya, ...body.night_choghadiya, ...body.hora]) {
      expect(Object.keys(p)).toEqual(["period_number", "name", "planet", "nature", "start", "end"]);
    }
  });

  it('hora: "planetary" gives 12 equal day and 12 equal night horas, echoed in conventions', async () => {
    const { status, body } = await post("/choghadiya", { datetime: DT, ...DELHI, hora: "planetary" });
    expect(status).toBe(200);
    expect(body.conventions.hora).toBe("planetary");
    expect(body.hora).toHaveLength(24);
    expect(body.hora[0].start).toBe(body.sunrise);
    expect(body.hora[12].start).toBe(body.sunset);
    expect(body.hora[23].end).toBe(body.next_sunrise);
    const bad = await post("/choghadiya", { datetime: DT, ...DELHI, hora: "seasonal" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "hora"]);
  });

  it("on a polar night answers 200 with null times, empty lists and the reason", async () => {
    const { status, body } = await post("/choghadiya", { datetime: "2024-12-21T12:00:00+01:00", latitude: 78.22, longitude: 15.65 });
    expect(status).toBe(200);
    expect(body.sunrise).toBeNull();
    expect(body.day_choghadiya).toEqual([]);
    expect(body.hora).toEqual([]);
    expect(body.polar_reason).toMatch(/polar/);
  });

  it("GraphQL choghadiya agrees with REST", async () => {
    const rest = await post("/choghadiya", { datetime: DT, ...DELHI });
    const { body } = await graphql(server.baseUrl, `{ choghadiya(datetime: "${DT}", latitude: ${DELHI.latitude}, longitude: ${DELHI.longitude}) {
      sunrise night { name start } hora { planet end } conventions { hora } } }`);
    expect(body.data.choghadiya.conventions.hora).toBe("SIXTY_MINUTES");
    const c = body.data.choghadiya;
    expect(c.sunrise).toBe(rest.body.sunrise);
    expect(c.night).toEqual(rest.body.night_choghadiya.map((p: any) => ({ name: p.name, start: p.start })));
    expect(c.hora.map((h: any) => h.end)).toEqual(rest.body.hora.map((h: any) => h.end));
  });
});

describe("POST /muhurta", () => {
  const DT = "2024-02-01T00:00:00+05:30";

  it("returns the engine's windows for the type and states the scan window", async () => {
    const { status, body } = await post("/muhurta", { datetime: DT, ...DELHI, type: "marriage" });
    expect(status).toBe(200);
    const e = findMuhurtaWindows({ place, from: instantFromUnixMs(Date.parse(DT)), type: "marriage", conv: withDefaults() });
    expect(body.type).toBe("marriage");
    expect(body.scan_from).toBe(DT);
    expect(body.scan_to).toBe(iso(e.scanToJdUt));
    expect(body.scan_days).toBe(30);
    expect(body.source).toBe(e.source);
    expect(body.count).toBe(e.windows.length);
    expect(body.windows).toEqual(
      e.windows.map((w) => ({
        start: iso(w.startJd), end: iso(w.endJd), tithi: w.tithi, nakshatra: w.nakshatra, yoga: w.yoga, vara: w.vara, reasons: w.reasons,
      })),
    );
  });

  it("defaults to the general type", async () => {
    const { status, body } = await post("/muhurta", { datetime: DT, ...DELHI, days: 3 });
    expect(status).toBe(200);
    expect(body.type).toBe("general");
    expect(body.scan_days).toBe(3);
  });

  it("an unknown type is refused with 422 listing the ten types", async () => {
    const { status, body } = await post("/muhurta", { datetime: DT, ...DELHI, type: "coronation" });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "type"]);
    for (const t of MUHURTA_TYPES) expect(body.detail[0].msg).toContain(`'${t}'`);
  });
});
