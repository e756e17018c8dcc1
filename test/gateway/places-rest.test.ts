import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 26 through the real service: the gazetteer routes, and a local time + timezone/place in
 * the chart routes (REST, so MCP too) and in GraphQL's BirthInput.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const res = await fetch(server.baseUrl + path);
  return { status: res.status, body: (await res.json()) as any };
};
const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);

function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe("GET /places", () => {
  it("q=chennai: the first result is within 5 km of 13.08 N 80.27 E, zone Asia/Kolkata, with GeoNames' attribution", async () => {
    const res = await get("/places?q=chennai");
    expect(res.status).toBe(200);
    const first = res.body.places[0];
    expect(km(first.latitude, first.longitude, 13.08, 80.27)).toBeLessThan(5);
    expect(first).toMatchObject({ name: "Chennai", country: "IN", timezone: "Asia/Kolkata", match: "exact" });
    expect(Object.keys(first)).toEqual(expect.arrayContaining(
      ["id", "name", "ascii_name", "admin1_code", "country", "latitude", "longitude", "timezone", "population"]));
    expect(res.body.attribution).toMatch(/GeoNames.*CC BY/);
  }, 120_000);

  it("q=münchen and q=munchen both find Munich first", async () => {
    for (const q of ["m%C3%BCnchen", "munchen"]) {
      const res = await get(`/places?q=${q}&limit=3`);
      expect(res.body.places[0]).toMatchObject({ name: "Munich", country: "DE", timezone: "Europe/Berlin" });
    }
  });

  it("country narrows, limit bounds, one letter and a bad country are refused with 422", async () => {
    const res = await get("/places?q=hyderabad&country=pk&limit=2");
    expect(res.body.count).toBeLessThanOrEqual(2);
    expect(res.body.places.every((p: any) => p.country === "PK")).toBe(true);
    expect((await get("/places?q=a")).status).toBe(422);
    const bad = await get("/places?q=paris&country=France");
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "country"]);
  });

  it("the nearest place to Munich's centre is Munich; a place id round-trips through GET /places/{id}", async () => {
    const n = await get("/places/nearest?latitude=48.137&longitude=11.575");
    expect(n.body).toMatchObject({ name: "Munich", country: "DE" });
    expect(n.body.distance_km).toBeLessThan(2);
    const byId = await get(`/places/${n.body.id}`);
    expect(byId.body).toMatchObject({ id: n.body.id, name: "Munich" });
    expect((await get("/places/999999999")).status).toBe(404);
  });
});

describe("a local birth time with timezone or place (REST)", () => {
  const base = { latitude: 22.5726, longitude: 88.3639 };

  it("Kolkata 1943-03-01 14:30 with Asia/Kolkata → +06:30 (war time), echoed with offset_source timezone", async () => {
    const res = await post("/kundali", { ...base, datetime: "1943-03-01T14:30:00", timezone: "Asia/Kolkata" });
    expect(res.status).toBe(200);
    expect(res.body.datetime).toBe("1943-03-01T14:30:00+06:30");
    expect(res.body.civil_time).toMatchObject({ utc_offset: "+06:30", offset_source: "timezone", timezone: "Asia/Kolkata", warning: null });
  });

  it("New York 1990-07-04 10:00 → -04:00 and 1990-01-04 → -05:00", async () => {
    const ny = { latitude: 40.7128, longitude: -74.006, timezone: "America/New_York" };
    expect((await post("/kundali", { ...ny, datetime: "1990-07-04T10:00" })).body.civil_time.utc_offset).toBe("-04:00");
    expect((await post("/kundali", { ...ny, datetime: "1990-01-04T10:00" })).body.civil_time.utc_offset).toBe("-05:00");
  });

  it("a skipped local time is a 422 naming the gap; a repeated one names both offsets unless fold chooses", async () => {
    const ny = { latitude: 40.7128, longitude: -74.006, timezone: "America/New_York" };
    const gap = await post("/kundali", { ...ny, datetime: "2021-03-14T02:30" });
    expect(gap.status).toBe(422);
    expect(gap.body.detail[0].loc).toEqual(["body", "datetime"]);
    expect(gap.body.detail[0].msg).toMatch(/does not exist in America\/New_York.*02:00:00 \(-05:00\).*03:00:00 \(-04:00\)/);
    const fold = await post("/kundali", { ...ny, datetime: "2021-11-07T01:30" });
    expect(fold.status).toBe(422);
    expect(fold.body.detail[0].msg).toMatch(/-04:00.*-05:00/);
    const chosen = await post("/kundali", { ...ny, datetime: "2021-11-07T01:30", fold: 1 });
    expect(chosen.body.civil_time.utc_offset).toBe("-05:00");
  });

  it("Chennai 1850 takes the longitude's mean time (+05:21:05), flagged; 1890 Madras time +05:21:10, not flagged", async () => {
    const chennai = { latitude: 13.08, longitude: 80.27, timezone: "Asia/Kolkata" };
    const lmt = await post("/kundali", { ...chennai, datetime: "1850-01-01T12:00" });
    expect(lmt.body.civil_time.utc_offset).toBe("+05:21:05");
    expect(lmt.body.civil_time.warning).toMatch(/local mean time of longitude 80.27/);
    const madras = await post("/kundali", { ...chennai, datetime: "1890-01-01T12:00" });
    expect(madras.body.civil_time).toMatchObject({ utc_offset: "+05:21:10", warning: null });
  });

  it("a place id round-trips into /kundali: the same answer as its coordinates and offset by hand", async () => {
    const found = (await get("/places?q=chennai&limit=1")).body.places[0];
    const byPlace = await post("/kundali", { datetime: "1990-05-15T14:30:00", place: found.id });
    expect(byPlace.status).toBe(200);
    expect(byPlace.body.civil_time).toMatchObject({ offset_source: "place", place_id: found.id, timezone: "Asia/Kolkata", utc_offset: "+05:30" });
    const byHand = await post("/kundali", { datetime: "1990-05-15T14:30:00+05:30", latitude: found.latitude, longitude: found.longitude });
    const { civil_time: _echo, ...rest } = byPlace.body;
    // The dasha is read at each request's own moment: the two may fall in different seconds.
    const nowOf = (b: { dasha: { query_datetime: string } }) => Date.parse(b.dasha.query_datetime);
    expect(Math.abs(nowOf(rest) - nowOf(byHand.body))).toBeLessThan(60_000);
    rest.dasha.query_datetime = byHand.body.dasha.query_datetime;
    expect(rest).toEqual(byHand.body);
    expect(byHand.body.civil_time).toBeUndefined(); // the spec's form answers exactly as before
  });

  it("an unknown place or zone is a 422 naming it", async () => {
    const p = await post("/kundali", { datetime: "1990-05-15T14:30:00", place: "999999999" });
    expect(p.status).toBe(422);
    expect(p.body.detail[0].loc).toEqual(["body", "place"]);
    const z = await post("/kundali", { datetime: "1990-05-15T14:30:00", latitude: 1, longitude: 1, timezone: "Mars/Olympus" });
    expect(z.status).toBe(422);
    expect(z.body.detail[0].loc).toEqual(["body", "timezone"]);
  });

  it("matching takes a place per side (groom_place, bride_place)", async () => {
    const chennai = (await get("/places?q=chennai&limit=1")).body.places[0].id;
    const res = await post("/compatibility", {
      groom_datetime: "1990-05-15T14:30:00", groom_place: chennai, bride_datetime: "1992-08-01T09:00:00+05:30", bride_latitude: 19.1, bride_longitude: 72.9,
    });
    expect(res.status).toBe(200);
    expect(res.body.groom_civil_time).toMatchObject({ offset_source: "place", utc_offset: "+05:30" });
  });
});

describe("GraphQL: BirthInput takes timezone, place and fold; places and nearestPlace", () => {
  it("chart(birth: {datetime, place}) echoes civilTime and equals the chart by hand", async () => {
    const found = (await get("/places?q=chennai&limit=1")).body.places[0];
    const q = (birth: string) => `{ chart(birth: ${birth}) { datetime latitude civilTime { utcOffset offsetSource placeId warning } lagna { longitude } } }`;
    const byPlace = await graphql(server.baseUrl, q(`{ datetime: "1990-05-15T14:30:00", place: "${found.id}" }`));
    expect(byPlace.body.errors).toBeUndefined();
    expect(byPlace.body.data.chart.civilTime).toEqual({ utcOffset: "+05:30", offsetSource: "place", placeId: found.id, warning: null });
    const byHand = await graphql(server.baseUrl, q(`{ datetime: "1990-05-15T14:30:00+05:30", latitude: ${found.latitude}, longitude: ${found.longitude} }`));
    expect(byHand.body.data.chart.lagna).toEqual(byPlace.body.data.chart.lagna);
    expect(byHand.body.data.chart.civilTime.offsetSource).toBe("given");
  });

  it("a fold refused names birth.datetime; places finds Munich from münchen", async () => {
    const r = await graphql(server.baseUrl,
      `{ chart(birth: { datetime: "2021-11-07T01:30", timezone: "America/New_York", latitude: 40.7, longitude: -74 }) { datetime } }`);
    expect(r.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "birth.datetime" });
    const p = await graphql(server.baseUrl, `{ places(q: "münchen", limit: 1) { match place { name timezone } } }`);
    expect(p.body.data.places[0].place).toEqual({ name: "Munich", timezone: "Europe/Berlin" });
  });
});
