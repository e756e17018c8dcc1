import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";

/**
 * One junction, one instant, as a client sees it: the end a day prints is the start the next day
 * prints, and asking the service at that printed second gives the new element (issue 9: ends are
 * printed rounded up to the second, never before the exact root).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PLACES = [
  { latitude: 22.5726, longitude: 88.3639, tz: "Asia/Kolkata" },
  { latitude: 40.7128, longitude: -74.006, tz: "America/New_York" },
];
const LIMBS = ["tithi", "nakshatra", "yoga", "karana"] as const;

async function day(datetime: string, p: (typeof PLACES)[number]) {
  const q = `{ panchanga(datetime: "${datetime}", latitude: ${p.latitude}, longitude: ${p.longitude}, tz: "${p.tz}") {
    ${LIMBS.map((l) => `${l} { number start end }`).join(" ")} } }`;
  const { body } = await graphql(server.baseUrl, q);
  expect(body.errors).toBeUndefined();
  return body.data.panchanga as Record<(typeof LIMBS)[number], { number: number; start: string; end: string }>;
}

describe("a printed junction is the instant of the new element", () => {
  it("asking at each printed end gives the next element, whose printed start is that same second", async () => {
    let checked = 0;
    for (const p of PLACES) {
      for (const date of ["2092-04-23T12:00:00Z", "2024-03-10T06:00:00Z", "1950-11-02T18:30:00Z", "2031-07-15T03:00:00Z"]) {
        const before = await day(date, p);
        for (const limb of LIMBS) {
          const at = await day(before[limb].end, p);
          expect(at[limb].number, `${limb} at ${before[limb].end}`).not.toBe(before[limb].number);
          expect(at[limb].start, `${limb} start after ${before[limb].end}`).toBe(before[limb].end);
          checked++;
        }
      }
    }
    expect(checked).toBe(PLACES.length * 4 * LIMBS.length);
  });
});
