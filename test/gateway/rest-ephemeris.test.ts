import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import { trueAyanamshaDeg } from "../../src/engine/astro/ayanamsha.js";
import { describeLongitude } from "../../src/engine/tables/longitude.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { GRAHAS, withDefaults } from "../../src/engine/types.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const res = await fetch(server.baseUrl + path);
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

describe("GET /health", () => {
  it("reports version 4.2.0, the engine self-check and a reachable database", async () => {
    const { status, body } = await get("/health");
    expect(body.version).toBe("4.2.0");
    expect(body.database).toBe("reachable");
    expect(body.engine_check.body).toBe("sun");
    expect(body.engine_check.expected_longitude).toBeCloseTo(303.1435940595, 9);
    expect(typeof body.engine_check.computed_longitude).toBe("number");
    // The Sun agrees with Swiss Ephemeris within the check's tolerance, so the service is healthy:
    // a degraded 503 here is a failure, not an accepted outcome.
    expect(body.engine_check.error_arcsec).toBeLessThanOrEqual(body.engine_check.tolerance_arcsec);
    expect(body.engine_check.ok).toBe(true);
    expect(body.status).toBe("ok");
    expect(status).toBe(200);
  });
});

describe("GET /ephemeris", () => {
  it("answers the engine's own values for all nine grahas by default", async () => {
    const { status, body } = await get("/ephemeris?date=2024-01-15T10:30:00%2B05:30");
    expect(status).toBe(200);
    expect(body.datetime).toBe("2024-01-15T10:30:00+05:30");
    expect(body.conventions).toEqual({ ayanamsha: "lahiri", node: "mean", sunrise: "upper_limb", month: "amanta" });
    const instant = instantFromUnixMs(Date.parse("2024-01-15T05:00:00Z"));
    expect(body.ayanamsha).toBe(trueAyanamshaDeg(instant.jdTt, "lahiri"));
    expect(Object.keys(body.planets)).toEqual([...GRAHAS]);
    const engine = grahaPositions(instant, withDefaults(), [...GRAHAS]);
    for (const g of GRAHAS) {
      const e = engine[g]!;
      const d = describeLongitude(e.lonSidDeg);
      expect(body.planets[g]).toEqual({
        longitude: d.lonSidDeg, latitude: e.latDeg, speed: e.speedDegPerDay, retrograde: e.retrograde,
        sign: d.rashiName, sign_degree: d.rashiDegree, nakshatra: d.nakshatraName,
        nakshatra_pada: d.pada, nakshatra_lord: d.nakshatraLord,
      });
    }
  });

  it("a date alone means 00:00 UT of that date", async () => {
    const { body } = await get("/ephemeris?date=2000-01-01&planets=sun");
    expect(body.datetime).toBe("2000-01-01T00:00:00+00:00");
    const e = grahaPositions(instantFromUnixMs(Date.UTC(2000, 0, 1)), withDefaults(), ["sun"]).sun!;
    expect(body.planets.sun.longitude).toBe(describeLongitude(e.lonSidDeg).lonSidDeg);
  });

  it("returns only the requested planets, case-insensitively, in the order asked", async () => {
    const { status, body } = await get("/ephemeris?date=2024-03-01&planets=Moon,%20rahu,ketu");
    expect(status).toBe(200);
    expect(Object.keys(body.planets)).toEqual(["moon", "rahu", "ketu"]);
    const diff = (body.planets.rahu.longitude - body.planets.ketu.longitude + 360) % 360;
    expect(diff).toBeCloseTo(180, 9);
  });

  it("honours the ayanamsha and node query parameters", async () => {
    const lahiri = await get("/ephemeris?date=2024-03-01&planets=sun,rahu");
    const kp = await get("/ephemeris?date=2024-03-01&planets=sun,rahu&ayanamsha=krishnamurti&node=true");
    expect(kp.body.conventions.ayanamsha).toBe("krishnamurti");
    expect(kp.body.conventions.node).toBe("true");
    const instant = instantFromUnixMs(Date.UTC(2024, 2, 1));
    expect(kp.body.ayanamsha).toBe(trueAyanamshaDeg(instant.jdTt, "krishnamurti"));
    // Same tropical Sun, different zodiac origin.
    const shift = lahiri.body.planets.sun.longitude - kp.body.planets.sun.longitude;
    expect(shift).toBeCloseTo(kp.body.ayanamsha - lahiri.body.ayanamsha, 9);
    const trueRahu = grahaPositions(instant, withDefaults({ ayanamsha: "krishnamurti", node: "true" }), ["rahu"]).rahu!;
    expect(kp.body.planets.rahu.longitude).toBe(describeLongitude(trueRahu.lonSidDeg).lonSidDeg);
  });

  it("an unknown planet is refused with 422 naming it", async () => {
    const { status, body } = await get("/ephemeris?date=2024-03-01&planets=sun,pluto");
    expect(status).toBe(422);
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]).toMatchObject({ type: "value_error", loc: ["query", "planets"], input: "sun,pluto" });
    expect(body.detail[0].msg).toContain("'pluto'");
  });

  it("a datetime without offset is refused with 422 at query.date, before anything runs", async () => {
    const { status, body } = await get("/ephemeris?date=2024-03-01T10:00:00");
    expect(status).toBe(422);
    expect(body.detail[0]).toMatchObject({ type: "value_error", loc: ["query", "date"], input: "2024-03-01T10:00:00" });
    expect(body.detail[0].msg).toMatch(/no UTC offset/);
  });

  it("a missing date is refused with FastAPI's 'missing' error", async () => {
    const { status, body } = await get("/ephemeris");
    expect(status).toBe(422);
    expect(body).toEqual({ detail: [{ type: "missing", loc: ["query", "date"], msg: "Field required", input: null }] });
  });
});
