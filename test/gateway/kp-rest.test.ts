import "reflect-metadata";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kpChart } from "../../src/engine/kp/kp-chart.js";
import { KP_SUBS, kpLordsOf, kpTable249 } from "../../src/engine/kp/sub-lords.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);
const ref = JSON.parse(readFileSync(new URL("../fixtures/swisseph-scans.json", import.meta.url), "utf8"));
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const diffArcsec = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) * 3600;

describe("KP sub table (derived from the Vimshottari years)", () => {
  it("243 subs tiling the zodiac, 249 rows once sign cuts split six of them; Ashwini starts Ketu, Venus, Sun", () => {
    expect(KP_SUBS).toHaveLength(243);
    expect(KP_SUBS[0]!.startDeg).toBe(0);
    expect(KP_SUBS[242]!.endDeg).toBe(360);
    for (let i = 1; i < 243; i++) expect(KP_SUBS[i]!.startDeg).toBe(KP_SUBS[i - 1]!.endDeg);
    expect(KP_SUBS.slice(0, 3).map((s) => s.subLord)).toEqual(["ketu", "venus", "sun"]);
    KP_SUBS.slice(0, 3).forEach((s, i) => expect(s.endDeg - s.startDeg).toBeCloseTo([7, 20, 6][i]! / 9, 12));
    expect(kpTable249()).toHaveLength(249);
    // Bharani (Venus star) begins its subs with Venus; 13°20′ = 120/9°.
    expect(kpLordsOf(13.5)).toMatchObject({ nakshatra: 2, starLord: "venus", subLord: "venus" });
  });

  it("significators follow the four levels: occupant's star lord, occupant, owner's star lord, owner", () => {
    const lons = { sun: 5, moon: 35, mars: 65, mercury: 95, jupiter: 125, venus: 155, saturn: 185, rahu: 215, ketu: 215 };
    const cusps = Array.from({ length: 12 }, (_, i) => i * 30);
    const c = kpChart(lons, cusps);
    // House 1 (0–30°): the Sun at 5° occupies it; the Moon (35°, Krittika) and Venus (155°, Uttara Phalguni) are in the
    // Sun's star; the owner is Mars; Mars (65°, Mrigashira) and Saturn (185°, Chitra) are in Mars' star.
    const h1 = c.significators[0]!;
    expect(h1.occupants).toEqual(["sun"]);
    expect(h1.inStarOfOccupants).toEqual(["moon", "venus"]);
    expect(h1.owner).toBe("mars");
    expect(h1.inStarOfOwner).toEqual(["mars", "saturn"]);
    expect(h1.all).toEqual(["moon", "venus", "sun", "mars", "saturn"]);
    expect(c.signifiedHouses.mars).toContain(1);
  });
});

describe("POST /kp against the Swiss Ephemeris KP instants (Krishnamurti)", () => {
  it("lords of every graha and Placidus cusp where the margin exceeds the position tolerance", async () => {
    let compared = 0;
    for (const c of ref.kp_instants.slice(0, 6)) {
      const { status, body } = await post("/kp", { datetime: c.utc, latitude: c.lat, longitude: c.lon });
      expect(status).toBe(200);
      expect(body.conventions).toMatchObject({ ayanamsha: "krishnamurti", house_system: "placidus", house_fallback: null });
      const k = c.krishnamurti;
      for (const [name, r] of Object.entries<any>(k.grahas)) {
        const p = body.planets[name.toLowerCase()];
        expect(diffArcsec(p.longitude, r.lon)).toBeLessThan(1);
        expect(cap(p.star_lord)).toBe(r.star_lord);
        if (r.sub_margin_arcsec > 1) expect(cap(p.sub_lord)).toBe(r.sub_lord);
        if (r.sub_sub_margin_arcsec > 1) expect(cap(p.sub_sub_lord)).toBe(r.sub_sub_lord);
        compared++;
      }
      k.houses_placidus.forEach((lon: number, i: number) => {
        const cusp = body.cusps[i];
        expect(diffArcsec(cusp.longitude, lon), `cusp ${i + 1}`).toBeLessThan(4);
        const r = k.cusp_lords[i];
        if (r.sub_margin_arcsec > 4) expect(cap(cusp.sub_lord)).toBe(r.sub_lord);
        if (r.sub_sub_margin_arcsec > 4) expect(cap(cusp.sub_sub_lord)).toBe(r.sub_sub_lord);
        compared++;
      });
      expect(Object.keys(body.significators)).toHaveLength(12);
      // Every graha signifies at least the house it occupies.
      for (const p of Object.values<any>(body.planets)) expect(p.signified_houses).toContain(p.house);
    }
    expect(compared).toBe(6 * 21);
  });

  it("ruling planets: /kp/ruling-planets equals /kp's, built from the Moon and ascendant lords; day lord by sunrise", async () => {
    const birth = { datetime: "2024-03-12T04:00:00+05:30", latitude: 13.0827, longitude: 80.2707 };
    const kp = (await post("/kp", birth)).body;
    const { status, body } = await post("/kp/ruling-planets", birth);
    expect(status).toBe(200);
    expect(body.ruling_planets).toEqual(kp.ruling_planets.ruling_planets);
    expect(body.moon_star_lord).toBe(kp.planets.moon.star_lord);
    expect(body.moon_sign_lord).toBe(kp.planets.moon.sign_lord);
    expect(body.ascendant_sign_lord).toBe(kp.cusps[0].sign_lord);
    // 04:00 IST Tuesday is before sunrise in Chennai: the Hindu day is still Monday (the Moon's).
    expect(body.day_lord).toBe("moon");
    expect(body.day_from_sunrise).toBe(true);
    const later = (await post("/kp/ruling-planets", { ...birth, datetime: "2024-03-12T09:00:00+05:30" })).body;
    expect(later.day_lord).toBe("mars");
    const lahiri = (await post("/kp/ruling-planets", { ...birth, ayanamsha: "lahiri" })).body;
    expect(lahiri.conventions.ayanamsha).toBe("lahiri");
    const bad = await post("/kp", { ...birth, latitude: 91 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "latitude"]);
  });
});
