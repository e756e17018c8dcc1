import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subLordChanges } from "../../src/engine/kp/sublord-changes.js";
import { aspectHits, MONTHLY_ASPECT_GRAHAS } from "../../src/engine/scans/aspect-hits.js";
import { ingresses } from "../../src/engine/scans/ingresses.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { kpLordsOf } from "../../src/engine/kp/sub-lords.js";
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
const PLACE = { latitude: 28.6139, longitude: 77.209 };
const jd = (iso: string) => instantFromUnixMs(Date.parse(iso)).jdUt;

describe("POST /kp/sublord-changes and /kp/ingress", () => {
  it("Moon sub-lord changes over two days: the engine's list under Krishnamurti by default, times in the start's offset", async () => {
    const start = "2025-01-01T00:00:00+05:30";
    const end = "2025-01-03T00:00:00+05:30";
    const { status, body } = await post("/kp/sublord-changes", { planet: "moon", start, end, ...PLACE });
    expect(status).toBe(200);
    expect(body.conventions).toEqual({ ayanamsha: "krishnamurti", node: "mean" });
    const ref = subLordChanges("moon", jd(start), jd(end), withDefaults({ ayanamsha: "krishnamurti" }));
    expect(body.count).toBe(ref.length);
    expect(body.count).toBeGreaterThan(14);
    expect(body.changes.map((c: any) => [c.longitude, c.from_sub_lord, c.to_sub_lord])).toEqual(ref.map((c) => [c.lonSidDeg, c.fromSubLord, c.toSubLord]));
    for (const c of body.changes) expect(c.datetime).toMatch(/\+05:30$/);
    // Consecutive changes chain: each starts from the sub the previous one entered.
    for (let i = 1; i < body.changes.length; i++) expect(body.changes[i].from_sub_lord).toBe(body.changes[i - 1].to_sub_lord);
  });

  it("ayanamsha switches the KP default; Lahiri moves every boundary crossing later for a forward Moon", async () => {
    const args = { planet: "moon", start: "2025-01-01T00:00:00Z", end: "2025-01-02T00:00:00Z", ...PLACE };
    const kp = (await post("/kp/sublord-changes", args)).body;
    const la = (await post("/kp/sublord-changes", { ...args, ayanamsha: "lahiri" })).body;
    expect(la.conventions.ayanamsha).toBe("lahiri");
    const first = la.changes[0];
    const same = kp.changes.find((c: any) => c.longitude === first.longitude);
    // Lahiri is 0.097° above Krishnamurti: the same sidereal boundary is reached ~10 minutes later.
    expect(same).toBeDefined();
    expect(Date.parse(first.datetime) - Date.parse(same.datetime)).toBeGreaterThan(5 * 60_000);
    expect(la.changes.length).toBeGreaterThan(5);
  });

  it("Mercury's ingresses over a year include its retrograde re-entries", async () => {
    const start = "2025-01-01T00:00:00Z";
    const end = "2026-01-01T00:00:00Z";
    const { status, body } = await post("/kp/ingress", { planet: "mercury", start, end, ...PLACE, ayanamsha: "lahiri" });
    expect(status).toBe(200);
    const ref = ingresses("mercury", jd(start), jd(end), withDefaults());
    expect(body.ingresses.map((i: any) => [i.from_sign_number, i.to_sign_number])).toEqual(ref.map((i) => [i.fromSign, i.toSign]));
    expect(body.ingresses.some((i: any) => i.retrograde)).toBe(true);
  });

  it.each([
    ["Moon over 31 days", { planet: "moon", start: "2025-01-01T00:00:00Z", end: "2025-02-02T00:00:00Z" }, ["body", "end"], /at most 31 days/],
    ["Sun over 366 days", { planet: "sun", start: "2025-01-01T00:00:00Z", end: "2026-01-03T00:00:00Z" }, ["body", "end"], /at most 366 days/],
    ["end before start", { planet: "sun", start: "2025-01-02T00:00:00Z", end: "2025-01-01T00:00:00Z" }, ["body", "end"], /after start/],
    ["unknown planet", { planet: "pluto", start: "2025-01-01T00:00:00Z", end: "2025-01-02T00:00:00Z" }, ["body", "planet"], /./],
  ])("422 for %s", async (_n, args, loc, msg) => {
    const { status, body } = await post("/kp/sublord-changes", { ...args, ...PLACE });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(loc);
    expect(body.detail[0].msg).toMatch(msg);
  });
});

describe("POST /transits/monthly, /aspects/monthly, /aspects/lunar", () => {
  it("a month of transits: the Sun's single ingress, every Moon ingress, stations; times in the zone asked", async () => {
    const { status, body } = await post("/transits/monthly", { year: 2025, month: 3, ...PLACE, tz: "Asia/Kolkata" });
    expect(status).toBe(200);
    expect(body.start).toBe("2025-03-01T00:00:00+05:30");
    expect(body).toMatchObject({ time_zone: "Asia/Kolkata", time_zone_source: "tz" });
    expect(body.ingresses.filter((i: any) => i.planet === "sun")).toHaveLength(1);
    const moon = body.ingresses.filter((i: any) => i.planet === "moon");
    expect(moon.length).toBeGreaterThanOrEqual(12);
    expect(moon.length).toBeLessThanOrEqual(14);
    // Venus turned retrograde on 2025-03-01/02 UT and Mercury mid-March 2025.
    expect(body.retrograde_events.map((s: any) => `${s.planet} ${s.event}`)).toEqual(expect.arrayContaining(["venus retrograde_start", "mercury retrograde_start"]));
    for (const i of body.ingresses) expect(i.datetime).toMatch(/\+05:30$/);
  });

  it("monthly aspects equal the engine's hits over the place's month, each within the orb window it reports", async () => {
    const { status, body } = await post("/aspects/monthly", { year: 2025, month: 3, ...PLACE });
    expect(status).toBe(200);
    expect(body).toMatchObject({ time_zone: "Asia/Kolkata", time_zone_source: "coordinates", start: "2025-03-01T00:00:00+05:30" });
    const ref = aspectHits(MONTHLY_ASPECT_GRAHAS, jd("2025-03-01T00:00:00+05:30"), jd("2025-04-01T00:00:00+05:30"), withDefaults());
    expect(body.count).toBe(ref.length);
    expect(body.aspects.map((a: any) => `${a.planet1}-${a.planet2} ${a.angle}`)).toEqual(ref.map((h) => `${h.a}-${h.b} ${h.angle}`));
    for (const a of body.aspects) {
      expect(a.orb).toBeLessThan(1e-4);
      if (a.enters_orb) expect(Date.parse(a.enters_orb)).toBeLessThan(Date.parse(a.exact_time));
      if (a.leaves_orb) expect(Date.parse(a.leaves_orb)).toBeGreaterThan(Date.parse(a.exact_time));
    }
    expect(body.aspects.some((a: any) => a.enters_orb && a.leaves_orb)).toBe(true);
  });

  it("the month is the place's own: Delhi and New York get their months and local times; tz overrides the place", async () => {
    const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };
    const delhi = await post("/transits/monthly", { year: 2025, month: 3, ...PLACE });
    const ny = await post("/transits/monthly", { year: 2025, month: 3, ...NEW_YORK });
    expect(delhi.body).toMatchObject({ time_zone: "Asia/Kolkata", time_zone_source: "coordinates", start: "2025-03-01T00:00:00+05:30" });
    // New York's March starts in EST and ends in EDT (DST from 9 March 2025).
    expect(ny.body).toMatchObject({
      time_zone: "America/New_York", time_zone_source: "coordinates", start: "2025-03-01T00:00:00-05:00", end: "2025-04-01T00:00:00-04:00",
    });
    expect(ny.body.ingresses.map((i: any) => i.datetime)).not.toEqual(delhi.body.ingresses.map((i: any) => i.datetime));
    const sunNy = ny.body.ingresses.find((i: any) => i.planet === "sun");
    const sunDelhi = delhi.body.ingresses.find((i: any) => i.planet === "sun");
    expect(Date.parse(sunNy.datetime)).toBe(Date.parse(sunDelhi.datetime)); // one instant, two clocks
    expect(sunNy.datetime).toMatch(/-04:00$/);
    const aspects = await post("/aspects/monthly", { year: 2025, month: 3, ...NEW_YORK });
    expect(aspects.body).toMatchObject({ time_zone: "America/New_York", time_zone_source: "coordinates" });
    const overridden = await post("/aspects/monthly", { year: 2025, month: 3, ...NEW_YORK, tz: "UTC" });
    expect(overridden.body).toMatchObject({ time_zone_source: "tz", start: "2025-03-01T00:00:00+00:00" });
  });

  it("lunar aspects over 7 days by default, the Moon's sign on each; days 32 is refused", async () => {
    const { status, body } = await post("/aspects/lunar", { datetime: "2025-01-01T00:00:00+05:30", ...PLACE });
    expect(status).toBe(200);
    expect(body.days).toBe(7);
    // ~8 targets × 5 angles × 2 (waxing/waning) per 29.5 days → about 18 a week.
    expect(body.count).toBeGreaterThan(10);
    for (const a of body.aspects) {
      expect(a.planet1).toBe("moon");
      expect(a.moon_sign).toMatch(/^[A-Z]/);
    }
    const bad = await post("/aspects/lunar", { datetime: "2025-01-01T00:00:00+05:30", ...PLACE, days: 32 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "days"]);
    const month = await post("/transits/monthly", { year: 2025, month: 13, ...PLACE });
    expect(month.status).toBe(422);
    expect(month.body.detail[0].loc).toEqual(["body", "month"]);
  });
});

describe("POST /kp/planets-at-intervals", () => {
  it("steps from start to end inclusive, each graha's lords from its position; the step cap is a 422 naming interval_hours", async () => {
    const start = "2025-01-01T00:00:00+05:30";
    const { status, body } = await post("/kp/planets-at-intervals", { start, end: "2025-01-02T00:00:00+05:30", interval_hours: 6, ...PLACE });
    expect(status).toBe(200);
    expect(body.count).toBe(5);
    expect(body.intervals.map((s: any) => s.datetime)).toEqual([
      "2025-01-01T00:00:00+05:30", "2025-01-01T06:00:00+05:30", "2025-01-01T12:00:00+05:30", "2025-01-01T18:00:00+05:30", "2025-01-02T00:00:00+05:30",
    ]);
    expect(body.conventions.ayanamsha).toBe("krishnamurti");
    const moon = grahaPositions(instantFromUnixMs(Date.parse(start)), withDefaults({ ayanamsha: "krishnamurti" }), ["moon"]).moon!;
    const l = kpLordsOf(moon.lonSidDeg);
    expect(body.intervals[0].planets.moon).toMatchObject({ longitude: moon.lonSidDeg, star_lord: l.starLord, sub_lord: l.subLord, sign: l.sign });
    const over = await post("/kp/planets-at-intervals", { start, end: "2025-02-01T00:00:00+05:30", interval_hours: 1, ...PLACE });
    expect(over.status).toBe(422);
    expect(over.body.detail[0].loc).toEqual(["body", "interval_hours"]);
    expect(over.body.detail[0].msg).toMatch(/at most 240 steps/);
    // A step beyond 366 days (1e308 once made 0 × ∞ = NaN of the first instant: a 500) is a 422.
    for (const hours of [1e308, 8785]) {
      const huge = await post("/kp/planets-at-intervals", { start, end: "2025-01-02T00:00:00+05:30", interval_hours: hours, ...PLACE });
      expect(huge.status).toBe(422);
      expect(huge.body.detail[0].loc).toEqual(["body", "interval_hours"]);
    }
  });
});
