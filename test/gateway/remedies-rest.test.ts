import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePriceMismatches } from "../../src/costing/route-parity.js";
import { buildAppSchema } from "../../src/resolvers/schema.js";
import { remediesRoute } from "../../src/rest-compat/routes/remedies-route.js";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const BIRTH = { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209, query_datetime: "2026-01-01T00:00:00+05:30" };
const post = (body: unknown) => postJson(server.baseUrl, "/remedies", body);

describe("POST /remedies", () => {
  it("every remedy names findings that exist and concern its planet; the running dasha lord is a finding", async () => {
    const { status, body } = await post(BIRTH);
    expect(status).toBe(200);
    expect(body.query_datetime).toBe("2026-01-01T00:00:00+05:30");
    const byId = new Map(body.findings.map((f: any) => [f.id, f]));
    expect(body.findings.some((f: any) => f.kind === "running_dasha_lord")).toBe(true);
    expect(body.remedies.length).toBeGreaterThan(0);
    for (const r of body.remedies) {
      expect(r.triggered_by.length).toBeGreaterThan(0);
      for (const id of r.triggered_by) expect((byId.get(id) as any).planets).toContain(r.planet);
      expect(r.mantra.count).toBeGreaterThan(0);
      expect(typeof r.gemstone.recommended).toBe("boolean");
      expect(r.charity.day).toBe(r.fasting_day);
    }
    // Every finding is answered by some remedy.
    for (const f of body.findings) expect(body.remedies.some((r: any) => r.triggered_by.includes(f.id))).toBe(true);
  });

  it("is deterministic for a fixed query_datetime", async () => {
    const a = await post(BIRTH);
    const b = await post(BIRTH);
    expect(a.body).toEqual(b.body);
  });

  it("bad query_datetime is a 422 naming it; the route costs the spec's 3", async () => {
    const { status, body } = await post({ ...BIRTH, query_datetime: "soon" });
    expect(status).toBe(422);
    expect(body.detail[0].loc).toEqual(["body", "query_datetime"]);
    expect(routePriceMismatches(await buildAppSchema(), [remediesRoute])).toEqual([]);
  });
});
