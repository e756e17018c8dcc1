import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "../helpers/server.js";

/** The chart-II routes answer at the poles and in polar day/night: never a 500 (docs/architecture.md §3: polar day/night, nothing throws). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("chart II routes near the poles", () => {
  it.each([
    ["2001-06-21T12:00:00+00:00", 89.9, 0],
    ["2001-12-21T03:00:00+00:00", -89.9, 120],
    ["2010-01-05T08:00:00+01:00", 69.65, 18.96],
  ])("%s at %f°", async (datetime, latitude, longitude) => {
    for (const path of ["/shadbala", "/aspects", "/bhava-chalit", "/upagrahas", "/remedies"]) {
      const { status } = await postJson(server.baseUrl, path, { datetime, latitude, longitude });
      expect(status, path).toBe(200);
    }
  });
});
