import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvPattern, validateInput } from "../../src/rest-compat/input-schema.js";
import { ephemerisRoute } from "../../src/rest-compat/routes/ephemeris-route.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("an unencoded + in a query datetime", () => {
  it("is refused with 422 saying to encode + as %2B", async () => {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15T10:30:00+05:30&planets=sun`);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: string[]; msg: string; input: string }[] };
    expect(body.detail[0]!.loc).toEqual(["query", "date"]);
    expect(body.detail[0]!.input).toBe("2024-01-15T10:30:00 05:30");
    expect(body.detail[0]!.msg).toContain("encode + as %2B");
    const encoded = await fetch(`${server.baseUrl}/ephemeris?date=2024-01-15T10:30:00%2B05:30&planets=sun`);
    expect(encoded.status).toBe(200);
  });

  it("a value that is wrong for another reason gets no such hint", async () => {
    const res = await fetch(`${server.baseUrl}/ephemeris?date=2024-13-45 10:30`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).not.toContain("%2B");
  });
});

describe("the planets pattern in OpenAPI", () => {
  const spec = ephemerisRoute.input.query!.planets!;
  const pattern = new RegExp(csvPattern(spec.items!.enum!));
  const accepted = (v: string) => validateInput({ query: { planets: spec } }, { path: {}, query: { planets: v }, body: undefined }).errors.length === 0;

  it("matches every value the parser accepts (any case, blanks, empty items)", () => {
    const values = ["sun", "SUN,Moon", " sun , moon ", ",sun,,moon,", "Rahu,KETU,saturn", "sun,", "mars ,\tvenus"];
    for (const v of values) {
      expect(accepted(v), v).toBe(true);
      expect(pattern.test(v), v).toBe(true);
    }
  });

  it("and refuses what the parser refuses for the words themselves", () => {
    for (const v of ["sunmoon", "sun;moon", "pluto", "sun moon"]) {
      expect(accepted(v), v).toBe(false);
      expect(pattern.test(v), v).toBe(false);
    }
  });
});
