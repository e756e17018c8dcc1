import "reflect-metadata";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { varshaphalRoute } from "../../src/rest-compat/routes/varshaphal-route.js";
import { TRI_RASHI_PATI_DAY, TRI_RASHI_PATI_NIGHT } from "../../src/engine/tables/tajaka.js";
import { RASHIS } from "../../src/engine/tables/rashis.js";
import { tajakaYogas } from "../../src/engine/tajaka/tajaka-yogas.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);

const SR = JSON.parse(readFileSync(new URL("../fixtures/swisseph-solar-returns.json", import.meta.url), "utf8")).solar_returns as {
  id: string; birth_utc: string; lat: number; lon: number; year: number; return_utc: string; return_ascendant: number;
}[];
const PV = JSON.parse(readFileSync(new URL("../fixtures/pyjhora-varshaphal.json", import.meta.url), "utf8")).varshaphal as {
  id: string; utc: string; lat: number; lon: number; completed_years: number; muntha_sign0: number;
}[];

describe("POST /varshaphal", () => {
  it("Swiss Ephemeris solar returns: pravesh within 1 s; the lagna sign and the annual chart's shape", async () => {
    expect(SR.length).toBeGreaterThanOrEqual(8);
    for (const r of SR.slice(0, 8)) {
      const res = await post("/varshaphal", { datetime: r.birth_utc, latitude: r.lat, longitude: r.lon, year: r.year });
      expect(res.status, r.id).toBe(200);
      const b = res.body;
      expect(Math.abs(Date.parse(b.varsha_pravesh) - Date.parse(r.return_utc)), r.id).toBeLessThan(1000);
      expect(b.lagna.sign, r.id).toBe(Math.floor(r.return_ascendant / 30) + 1);
      expect(b.planets.map((p: any) => p.planet)).toEqual(["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu"]);
      expect(b.office_bearers.map((o: any) => o.role)).toEqual(["muntha_lord", "janma_lagna_lord", "varsha_lagna_lord", "tri_rashi_pati", "dina_ratri_pati"]);
      // The office bearers follow from the chart: varsha lagna lord, tri-rashi pati and dina-ratri pati.
      const ob = Object.fromEntries(b.office_bearers.map((o: any) => [o.role, o.planet]));
      expect(ob.varsha_lagna_lord).toBe(RASHIS[b.lagna.sign - 1]!.lord);
      expect(ob.tri_rashi_pati).toBe((b.day_chart ? TRI_RASHI_PATI_DAY : TRI_RASHI_PATI_NIGHT)[b.lagna.sign - 1]);
      const luminary = b.planets.find((p: any) => p.planet === (b.day_chart ? "sun" : "moon"));
      expect(ob.dina_ratri_pati).toBe(RASHIS[luminary.sign - 1]!.lord);
      expect(ob.muntha_lord).toBe(b.muntha.lord);
      expect(b.muntha.house).toBe(((b.muntha.sign - b.lagna.sign + 12) % 12) + 1);
      // Mudda dasha tiles the year: starts at this pravesh, ends at the next (about a sidereal year on).
      expect(b.mudda_dasha[0].start).toBe(b.varsha_pravesh);
      const days = (Date.parse(b.mudda_dasha.at(-1).end) - Date.parse(b.varsha_pravesh)) / 86_400_000;
      expect(Math.abs(days - 365.2564)).toBeLessThan(0.1);
      const lon = Object.fromEntries(b.planets.map((p: any) => [p.planet, p.longitude])) as any;
      const speed = Object.fromEntries(b.planets.map((p: any) => [p.planet, p.retrograde ? -1 : 1])) as any;
      expect(b.tajaka_yogas.map((y: any) => [y.name, y.planets])).toEqual(tajakaYogas(b.lagna.longitude, lon, speed).map((y) => [y.name, y.planets]));
      // The year lord is one of the office bearers, with the same bala as its office entry.
      const holder = b.office_bearers.find((o: any) => o.planet === b.year_lord.planet);
      expect(holder, r.id).toBeTruthy();
      expect(b.year_lord.pancha_vargeeya_bala).toEqual(holder.pancha_vargeeya_bala);
      expect(b.year_lord.reason).toContain(b.year_lord.planet);
      expect(b.mudda_dasha.reduce((s: number, p: any) => s + p.days, 0)).toBeCloseTo(days, 4);
    }
  });

  it("a hand-derived year lord: 1990-05-15 14:30 IST, New Delhi, year 2024", async () => {
    const res = await post("/varshaphal", { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209, year: 2024 });
    expect(res.status).toBe(200);
    const b = res.body;
    // The chart the derivation reads (sidereal, Lahiri): varsha lagna 1°27′ Gemini, a day chart (07:34 IST, after
    // sunrise); Sun 0°33′ Taurus, Moon 26°03′ Cancer, Mars 16°53′ Pisces, Mercury 5°02′ Aries, Jupiter 3°14′ Taurus,
    // Venus 25°01′ Aries, Saturn 23°33′ Aquarius.
    const at = (g: string) => b.planets.find((p: any) => p.planet === g);
    expect([b.lagna.sign, b.day_chart]).toEqual([3, true]);
    expect(["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn"].map((g) => at(g).sign)).toEqual([2, 4, 12, 1, 2, 1, 11]);
    // Office bearers: natal lagna Virgo + 34 years → Muntha in Cancer (Moon); janma lagna lord Mercury; varsha lagna
    // lord Mercury; tri-rashi pati of Gemini by day Saturn; dina-ratri pati the lord of the Sun's Taurus, Venus.
    expect(b.office_bearers.map((o: any) => [o.role, o.planet, o.aspect_on_lagna])).toEqual([
      ["muntha_lord", "moon", "none"], // Cancer is the 12th from Gemini
      ["janma_lagna_lord", "mercury", "friendly"], ["varsha_lagna_lord", "mercury", "friendly"], // Aries: 3rd
      ["tri_rashi_pati", "saturn", "friendly"], // counted from Aquarius, Gemini is the 5th
      ["dina_ratri_pati", "venus", "friendly"],
    ]);
    // Venus at 25°01′ Aries: kshetra — Mars (Aries' lord) in Pisces, 12th: neutral 15; uchcha (180 − 28.02) / 9 = 16.89;
    // hadda — Aries 25–30 is Saturn's, Saturn in Aquarius, 11th: friend 11.25; drekkana — the 3rd of Aries is Venus's
    // own: 10; navamsha — the 8th of Aries, Scorpio, Mars in Pisces: neutral 2.5. Total 55.64 / 4 = 13.91.
    const venus = b.office_bearers.find((o: any) => o.planet === "venus").pancha_vargeeya_bala;
    expect([venus.kshetra, venus.hadda, venus.drekkana, venus.navamsha]).toEqual([15, 11.25, 10, 2.5]);
    expect(venus.uchcha).toBeCloseTo((180 - (at("venus").longitude + 3)) / 9, 9);
    expect(venus.total).toBeCloseTo(13.91, 2);
    // Saturn at 23°33′ Aquarius: own sign 30; uchcha (180 − 123.56) / 9 = 6.27; hadda Mars (Aquarius 20–25), Mars in
    // Pisces, 2nd: 7.5; drekkana — the 33rd decan, Moon's, Moon in Cancer, 6th: 5; navamsha Taurus, Venus in Aries,
    // 3rd: friend 3.75. Total 52.52 / 4 = 13.13.
    const saturn = b.office_bearers.find((o: any) => o.planet === "saturn").pancha_vargeeya_bala;
    expect([saturn.kshetra, saturn.hadda, saturn.drekkana, saturn.navamsha]).toEqual([30, 7.5, 5, 3.75]);
    expect(saturn.total).toBeCloseTo(13.13, 2);
    // The Moon is strongest (15.19: own sign) but does not aspect the lagna; of the aspecting Mercury (7.74), Saturn
    // (13.13) and Venus (13.91), Venus is the lord of the year.
    expect(b.office_bearers[0].pancha_vargeeya_bala.total).toBeGreaterThan(venus.total);
    expect(b.year_lord).toMatchObject({ planet: "venus", roles: ["dina_ratri_pati"], rule: "strongest_aspecting", tie_broken_by: null });
    expect(b.year_lord.reason).toContain("not aspecting the lagna: moon");
    // Tajaka yogas of this chart: Sun (0°33′ Taurus) applies to Jupiter (3°14′ Taurus) — Ithasala — but both are in
    // the 12th from the varsha lagna and Jupiter is combust: Radda and Durudhura.
    const names = b.tajaka_yogas.filter((y: any) => y.planets.join() === "sun,jupiter").map((y: any) => y.name);
    expect(names).toEqual(["Ithasala", "Radda", "Durudhura"]);
  });

  it("PyJHora's muntha (natal lagna + completed years) for its 20 births", async () => {
    expect(PV).toHaveLength(20);
    for (const v of PV) {
      const year = new Date(Date.parse(v.utc)).getUTCFullYear() + v.completed_years;
      const res = await post("/varshaphal", { datetime: v.utc, latitude: v.lat, longitude: v.lon, year });
      expect(res.status, v.id).toBe(200);
      expect(res.body.completed_years, v.id).toBe(v.completed_years);
      expect(res.body.muntha.sign, v.id).toBe(v.muntha_sign0 + 1);
    }
  });

  it("a polar birth (Tromsø latitude and 89.9°) still answers", async () => {
    for (const latitude of [69.65, 89.9, -89.9]) {
      const res = await post("/varshaphal", { datetime: "1985-12-21T12:00:00+01:00", latitude, longitude: 18.96, year: 2026 });
      expect(res.status, String(latitude)).toBe(200);
      expect(res.body.varsha_pravesh.startsWith("2026-12-2")).toBe(true);
    }
  });

  it.each([
    ["a year before the birth year", { year: 1989 }, "year"],
    ["a year past 2399", { year: 2400 }, "year"],
    ["no year", { year: undefined }, "year"],
    ["a fractional year", { year: 2020.5 }, "year"],
    ["latitude 91", { latitude: 91 }, "latitude"],
  ])("%s → 422 naming %s", async (_n, patch, field) => {
    const res = await post("/varshaphal", { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2, year: 2024, ...patch });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(["body", field]);
  });

  it("GraphQL refuses a year before birth naming `year`; the route's document prices 2", async () => {
    const res = await post("/graphql", {
      query: `{ varshaphal(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }, year: 1900) { year } }`,
    });
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "year" });
    expect(varshaphalRoute.credits).toBe(2);
    expect(routePriceMismatches(await buildAppSchema(), [varshaphalRoute])).toEqual([]);
  });
});
