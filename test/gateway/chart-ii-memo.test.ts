import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";

/** Issue 11: the chart-II fields are lazy fields of one Chart node over one memoized set of positions. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const metric = (text: string, line: RegExp): number => Number(line.exec(text)?.[1] ?? 0);
const metrics = async (): Promise<string> => (await fetch(`${server.baseUrl}/metrics`, { headers: { accept: "text/plain" } })).text();

describe("chart II fields share the chart's positions", () => {
  it("kundali, shadbala, bhava bala, aspects, bhava chalit, upagrahas and remedies in one request compute the positions and the lagna once", async () => {
    const before = await metrics();
    const { status, body } = await graphql(server.baseUrl, `{
      chart(birth: {datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209}) {
        lagna { sign } grahas { dignity } drishti { onGrahas { from } }
        shadbala { grahas { totalRupas } } bhavaBala { totalRupas }
        grahaDrishti { graha } rashiDrishti { sign } mutualAspects { a }
        bhavaChalit { shiftedPlanets } upagrahas { sunBased { name } }
        remedies(queryDatetime: "2026-01-01T00:00:00+05:30") { findings { id } }
      }
    }`);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const after = await metrics();
    for (const kind of ["positionCalls", "ascendantCalls"]) {
      const re = new RegExp(`^engine_context_computations_total\\{kind="${kind}"\\} (\\d+)$`, "m");
      expect(metric(after, re) - metric(before, re), kind).toBe(1);
    }
  });

  it("asking only for upagrahas computes no shadbala (lazy); shadbala and bhavaBala together build one shadbala", async () => {
    const derived = (m: string, kind: string): number =>
      metric(m, new RegExp(`^engine_context_computations_total\\{kind="derived:${kind}"\\} (\\d+)$`, "m"));
    const birth = `birth: {datetime: "1991-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209}`;
    const m0 = await metrics();
    const { body } = await graphql(server.baseUrl, `{ chart(${birth}) { upagrahas { sunBased { name } } } }`);
    expect(body.data.chart.upagrahas.sunBased).toHaveLength(5);
    const m1 = await metrics();
    expect(derived(m1, "upagrahas") - derived(m0, "upagrahas")).toBe(1);
    expect(derived(m1, "shadbala") - derived(m0, "shadbala")).toBe(0);
    await graphql(server.baseUrl, `{ chart(${birth}) { shadbala { grahas { rank } } bhavaBala { rank } } }`);
    const m2 = await metrics();
    expect(derived(m2, "shadbala") - derived(m1, "shadbala")).toBe(1);
  });
});
