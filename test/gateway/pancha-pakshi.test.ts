import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { panchaPakshiRoute } from "../../src/rest-compat/routes/pancha-pakshi-route.js";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const post = (body: unknown) => postJson(server.baseUrl, "/pancha-pakshi", body);
const ms = (iso: string) => Date.parse(iso);
const CHENNAI = { latitude: 13.0827, longitude: 80.2707 };
const DT = "2024-01-15T10:00:00+05:30";

/**
 * Hand-computed example (no published worked day was found for a given place). Chennai,
 * Monday 15 January 2024: the new moon fell on 11 January, so the tithi at sunrise is Shukla
 * Panchami (5) — shukla tables. Shukla day, Monday (weekday table row): vulture dying, owl
 * eating, crow walking, cock RULING, peacock sleeping in yama 1; each bird then steps along
 * E→W→R→S→D, so the ruling bird is cock, crow, owl, vulture, peacock in yamas 1–5. Sub-periods
 * in the ruling bird's order (shukla day ring V-O-Cr-Co-P): yama 1 = cock R, peacock S,
 * vulture D, owl E, crow W with lengths 2, ¾, ½, 1¼, 1½ of 6 ghatikas. Yama 2 (crow rules) =
 * crow R, cock S, peacock D, vulture E, owl W; 10:00 falls 67.7 min into it (yama 2 starts at
 * sunrise + day/5 = 08:52:17): crow R takes 2/6 of 137.2 min = 45.7, cock S 17.2, peacock D
 * 11.4 → 10:00 is in peacock's dying sub-period (09:55:10–10:06:36).
 * Birth nakshatra 4 (Rohini), shukla → vulture. Its yama activities: day D, E, W, R, S; night
 * (shukla night cycle E→R→D→W→S, Monday night row: vulture walking) W, S, E, R, D. Best windows
 * (its own sub-periods, yama and sub activity both ruling/eating): day yama 2 (E): vulture E,
 * crow R; day yama 4 (R): vulture R, cock E; night yama 3 (E): vulture E, peacock R; night
 * yama 4 (R): vulture R, owl E — eight windows.
 */
describe("POST /pancha-pakshi: a hand-computed day", () => {
  it("yamas, their birds, the sub-periods and the active bird", async () => {
    const { status, body } = await post({ datetime: DT, ...CHENNAI });
    expect(status).toBe(200);
    expect(body.vara_number).toBe(2);
    expect(body.paksha).toBe("shukla");
    expect(body.tithi_number).toBe(5);
    expect(body.day_yamas.map((y: any) => y.ruling_bird)).toEqual(["cock", "crow", "owl", "vulture", "peacock"]);
    expect(body.day_yamas[0].activities).toEqual({ vulture: "dying", owl: "eating", crow: "walking", cock: "ruling", peacock: "sleeping" });
    expect(body.day_yamas[0].sub_periods.map((s: any) => `${s.bird}:${s.activity}`))
      .toEqual(["cock:ruling", "peacock:sleeping", "vulture:dying", "owl:eating", "crow:walking"]);
    expect(body.day_yamas[1].sub_periods.map((s: any) => `${s.bird}:${s.activity}`))
      .toEqual(["crow:ruling", "cock:sleeping", "peacock:dying", "vulture:eating", "owl:walking"]);
    // Equal fifths of sunrise→sunset and sunset→next sunrise, and the sub-periods' shares.
    const dayLen = ms(body.sunset) - ms(body.sunrise);
    body.day_yamas.forEach((y: any, k: number) => {
      expect(Math.abs(ms(y.start) - (ms(body.sunrise) + (k * dayLen) / 5))).toBeLessThanOrEqual(1000);
      const shares = { ruling: 2, eating: 1.25, walking: 1.5, sleeping: 0.75, dying: 0.5 } as Record<string, number>;
      for (const s of y.sub_periods) expect(Math.abs(ms(s.end) - ms(s.start) - (shares[s.activity]! / 6) * (dayLen / 5))).toBeLessThanOrEqual(1000);
    });
    expect(body.day_yamas[0].start).toBe(body.sunrise);
    expect(body.day_yamas[4].end).toBe(body.sunset);
    expect(body.night_yamas[0].start).toBe(body.sunset);
    expect(body.night_yamas[4].end).toBe(body.next_sunrise);
    expect(body.active).toEqual({
      part: "day", yama: 2, ruling_bird: "crow", bird: "peacock", activity: "dying",
      start: body.day_yamas[1].sub_periods[2].start, end: body.day_yamas[1].sub_periods[2].end,
    });
    expect(body.active.start).toBe("2024-01-15T09:55:10+05:30");
    expect(body.birth).toBeUndefined();
  });

  it("uses the panchanga's own sunrise, sunset and tithi", async () => {
    const [pp, pa] = [await post({ datetime: DT, ...CHENNAI }), await postJson(server.baseUrl, "/panchanga", { datetime: DT, ...CHENNAI })];
    expect(pa.status).toBe(200);
    expect(pp.body.sunrise).toBe(pa.body.sunrise);
    expect(pp.body.sunset).toBe(pa.body.sunset);
    expect(JSON.stringify(pa.body.tithi)).toMatch(/Panchami/);
  });

  it("the birth bird: its periods, friends and the eight best windows", async () => {
    const { body } = await post({ datetime: DT, ...CHENNAI, birth_nakshatra: 4 });
    const b = body.birth;
    expect(b).toMatchObject({ nakshatra: 4, paksha: "shukla", bird: "vulture", friends: ["peacock", "owl"], enemies: ["crow", "cock"] });
    expect(b.periods.map((p: any) => `${p.part}${p.yama}:${p.activity}`)).toEqual([
      "day1:dying", "day2:eating", "day3:walking", "day4:ruling", "day5:sleeping",
      "night1:walking", "night2:sleeping", "night3:eating", "night4:ruling", "night5:dying",
    ]);
    expect(b.periods[1].sub_periods[0]).toMatchObject({ bird: "vulture", activity: "eating", start: body.day_yamas[1].start });
    expect(b.best_windows.map((w: any) => `${w.part}${w.yama}:${w.sub_bird}:${w.sub_activity}`)).toEqual([
      "day2:vulture:eating", "day2:crow:ruling", "day4:vulture:ruling", "day4:cock:eating",
      "night3:vulture:eating", "night3:peacock:ruling", "night4:vulture:ruling", "night4:owl:eating",
    ]);
    expect(b.best_rule).toMatch(/ruling or eating/);
    // 10:00 is in day yama 2, where the vulture eats. Its own sub-periods from 08:52:17 (137.2 min yama):
    // vulture E 28.6 min → 09:20:53, owl W 34.3 → 09:55:10, crow R 45.74 → 10:40:55: 10:00 is crow ruling.
    expect(b.activity_now).toBe("eating");
    expect(b.sub_period_now).toMatchObject({ bird: "crow", activity: "ruling", start: "2024-01-15T09:55:10+05:30", end: "2024-01-15T10:40:55+05:30" });
    expect(ms(b.sub_period_now.start)).toBeLessThanOrEqual(ms(DT));
    expect(ms(b.sub_period_now.end)).toBeGreaterThan(ms(DT));
  });

  it("a krishna birth takes the reversed bird (Rohini → peacock) and no relations list", async () => {
    const { body } = await post({ datetime: DT, ...CHENNAI, birth_nakshatra: 4, is_shukla_paksha: false });
    expect(body.birth).toMatchObject({ paksha: "krishna", bird: "peacock", friends: null, enemies: null });
    // is_shukla_paksha alone changes nothing.
    const alone = await post({ datetime: DT, ...CHENNAI, is_shukla_paksha: false });
    expect(alone.status).toBe(200);
    expect(alone.body.birth).toBeUndefined();
  });
});

describe("date edges, the dark half, the poles", () => {
  it("before sunrise the moment belongs to the previous Hindu day's night", async () => {
    const { body } = await post({ datetime: "2024-01-15T05:00:00+05:30", ...CHENNAI });
    expect(body.vara_number).toBe(1);
    expect(body.active).toMatchObject({ part: "night", yama: 5 });
    expect(ms(body.next_sunrise)).toBeGreaterThan(ms("2024-01-15T05:00:00+05:30"));
  });

  it("after the full moon the krishna tables apply (Tuesday 30 Jan 2024, Krishna Panchami: vulture walks in yama 1 — shukla would have it eat)", async () => {
    const { body } = await post({ datetime: "2024-01-30T12:00:00+05:30", ...CHENNAI });
    expect(body.paksha).toBe("krishna");
    expect(body.vara_number).toBe(3);
    expect(body.day_yamas[0].activities).toEqual({ vulture: "walking", owl: "dying", crow: "ruling", cock: "eating", peacock: "sleeping" });
  });

  it("a polar night answers 200 with null times, empty lists, the reason, and still the birth bird", async () => {
    const { status, body } = await post({ datetime: "2024-12-21T12:00:00+01:00", latitude: 78.22, longitude: 15.65, birth_nakshatra: 27 });
    expect(status).toBe(200);
    expect(body.sunrise).toBeNull();
    expect(body.day_yamas).toEqual([]);
    expect(body.night_yamas).toEqual([]);
    expect(body.active).toBeNull();
    expect(body.polar_reason).toMatch(/polar/);
    expect(body.birth).toMatchObject({ bird: "peacock", periods: [], best_windows: [], activity_now: null });
  });

  it.each([["1800-01-01T00:00:00+00:00"], ["2400-12-31T23:00:00+00:00"], ["2024-02-29T23:59:59-12:00"]])(
    "%s → 200 or a 422 naming datetime, never 5xx", async (datetime) => {
      const r = await post({ datetime, ...CHENNAI });
      expect([200, 422]).toContain(r.status);
      if (r.status === 422) expect(r.body.detail[0].loc).toEqual(["body", "datetime"]);
      else expect(r.body.day_yamas).toHaveLength(5);
    });
});

describe("bad input is a 422 naming the field", () => {
  it.each([
    ["birth_nakshatra 0", { birth_nakshatra: 0 }, "birth_nakshatra"],
    ["birth_nakshatra 28", { birth_nakshatra: 28 }, "birth_nakshatra"],
    ['birth_nakshatra "x"', { birth_nakshatra: "x" }, "birth_nakshatra"],
    ["birth_nakshatra 4.5", { birth_nakshatra: 4.5 }, "birth_nakshatra"],
    ['is_shukla_paksha "maybe"', { birth_nakshatra: 4, is_shukla_paksha: "maybe" }, "is_shukla_paksha"],
    ["is_shukla_paksha 5", { birth_nakshatra: 4, is_shukla_paksha: 5 }, "is_shukla_paksha"],
    ["is_shukla_paksha []", { birth_nakshatra: 4, is_shukla_paksha: [] }, "is_shukla_paksha"],
    ["latitude 91", { latitude: 91 }, "latitude"],
    ["a datetime without offset", { datetime: "2024-01-15T10:00:00" }, "datetime"],
  ])("%s", async (_n, patch, field) => {
    const r = await post({ datetime: DT, ...CHENNAI, ...patch });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", field]);
  });

  it("GraphQL refuses birthNakshatra 28 naming it", async () => {
    const { body } = await graphql(server.baseUrl, `{ panchaPakshi(datetime: "${DT}", latitude: 13, longitude: 80, birthNakshatra: 28) { paksha } }`);
    expect(body.errors[0].extensions.field).toBe("birthNakshatra");
  });
});

describe("REST = GraphQL", () => {
  it("same yamas, active bird and birth analysis", async () => {
    const rest = (await post({ datetime: DT, ...CHENNAI, birth_nakshatra: 12, is_shukla_paksha: false })).body;
    const { body } = await graphql(server.baseUrl, `{ panchaPakshi(datetime: "${DT}", latitude: ${CHENNAI.latitude}, longitude: ${CHENNAI.longitude},
      birthNakshatra: 12, isShuklaPaksha: false) {
        sunrise paksha now { bird activity start } day { rulingBird subPeriods { bird activity start end } }
        birth { bird bestWindows { start end subBird } } } }`);
    const g = body.data.panchaPakshi;
    expect(g.sunrise).toBe(rest.sunrise);
    expect(g.paksha).toBe(rest.paksha);
    expect(g.now).toEqual({ bird: rest.active.bird, activity: rest.active.activity, start: rest.active.start });
    expect(g.day.map((y: any) => y.rulingBird)).toEqual(rest.day_yamas.map((y: any) => y.ruling_bird));
    expect(g.day.map((y: any) => y.subPeriods)).toEqual(rest.day_yamas.map((y: any) => y.sub_periods));
    expect(g.birth.bird).toBe("crow");
    expect(g.birth.bestWindows.map((w: any) => [w.start, w.end, w.subBird]))
      .toEqual(rest.birth.best_windows.map((w: any) => [w.start, w.end, w.sub_bird]));
  });

  it("prices 2 both ways", async () => {
    expect(panchaPakshiRoute.credits).toBe(2);
    expect(routePriceMismatches(await buildAppSchema(), [panchaPakshiRoute])).toEqual([]);
  });
});

describe("GraphQL shape", () => {
  it("lists each yama's activities in the fixed bird order, whatever the paksha and half", async () => {
    const { body } = await graphql(server.baseUrl, `{ panchaPakshi(datetime: "2024-01-30T12:00:00+05:30", latitude: 13, longitude: 80) {
      day { activities { bird } } night { activities { bird } } } }`);
    const p = body.data.panchaPakshi;
    expect([p.day.length, p.night.length]).toEqual([5, 5]);
    for (const y of [...p.day, ...p.night]) expect(y.activities.map((a: any) => a.bird)).toEqual(["vulture", "owl", "crow", "cock", "peacock"]);
  });
});
