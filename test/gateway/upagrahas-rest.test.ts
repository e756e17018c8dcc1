import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { withDefaults } from "../../src/engine/types.js";
import { upagrahas } from "../../src/engine/upagraha/upagrahas.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { upagrahasRoute } from "../../src/rest-compat/routes/upagrahas-route.js";
import { birthShadbalaInput } from "../engine/shadbala-helpers.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 };
const post = (body: unknown) => postJson(server.baseUrl, "/upagrahas", body);
const NAMES = ["Dhuma", "Vyatipata", "Parivesha", "Indrachapa", "Upaketu", "Kaala", "Mrityu", "Ardhaprahara", "Yamaghantaka", "Gulika", "Mandi"];

describe("POST /upagrahas", () => {
  it("answers the 11 upagrahas with longitude, sign, nakshatra and pada, equal to the engine; moments echoed", async () => {
    const { status, body } = await post(BIRTH);
    expect(status).toBe(200);
    expect(Object.keys(body.upagrahas)).toEqual(NAMES);
    const sun = birthShadbalaInput(BIRTH.datetime, BIRTH.latitude, BIRTH.longitude).chart.grahas.sun.lonSidDeg;
    const e = upagrahas(instantFromUnixMs(Date.parse(BIRTH.datetime)), { latDeg: BIRTH.latitude, lonDeg: BIRTH.longitude }, withDefaults(), sun);
    for (const u of [...e.sunBased, ...e.timeBased!]) {
      const r = body.upagrahas[u.name[0]!.toUpperCase() + u.name.slice(1)];
      expect([r.longitude, r.sign, r.nakshatra, r.pada]).toEqual([u.lonSidDeg, u.rashiName, u.nakshatraName, u.pada]);
    }
    expect(body.conventions.moment).toBe("classical");
    expect(body.conventions.moments).toMatchObject({ Gulika: "start", Mandi: "middle" });
    expect(body.upagrahas.Gulika.lord).toBe("saturn");
    expect(body.upagrahas.Gulika.portion_start).toMatch(/\+05:30$/);
    expect(body.time_based_absent_reason).toBeNull();
  });

  it("moment=middle moves Gulika to the middle of Saturn's eighth", async () => {
    const a = (await post(BIRTH)).body;
    const b = (await post({ ...BIRTH, moment: "middle" })).body;
    expect(b.conventions.moments.Gulika).toBe("middle");
    expect(b.upagrahas.Gulika.longitude).toBe(a.upagrahas.Mandi.longitude);
  });

  it("a polar birth without sunrise: Sun-based upagrahas only, with the reason", async () => {
    const { status, body } = await post({ datetime: "2001-06-21T12:00:00+00:00", latitude: 78.2, longitude: 15.6 });
    expect(status).toBe(200);
    expect(Object.keys(body.upagrahas)).toEqual(NAMES.slice(0, 5));
    expect(body.time_based_absent_reason).toMatch(/polar/);
  });

  it("bad input is a 422 naming the field; the route costs the spec's 2", async () => {
    const { status, body } = await post({ ...BIRTH, moment: "end" });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "moment"]);
    expect(routePriceMismatches(await buildAppSchema(), [upagrahasRoute])).toEqual([]);
  });
});
