import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphql, postJson, startTestServer, type TestServer } from "../helpers/server.js";

/**
 * Issue 26 item 3, "everywhere": the GraphQL fields and REST routes that take a moment or a
 * place besides the chart inputs (panchanga, its range and search, calendars, ephemeris, the
 * time scans, events, pancha pakshi, dasha's query instant) accept a local datetime with
 * `timezone` or `place`, and a place id instead of coordinates, through the one resolution
 * (resolveCivilSet). Each is checked against the same question asked by hand (coordinates and
 * the offset), and GraphQL against REST. docs/places-and-time.md.
 */
let server: TestServer;
let chennai: { id: string; latitude: number; longitude: number; timezone: string };
let newYork: { id: string; latitude: number; longitude: number; timezone: string };

const get = async (path: string) => {
  const res = await fetch(server.baseUrl + path);
  return { status: res.status, body: (await res.json()) as any };
};
const post = (path: string, body: unknown) => postJson(server.baseUrl, path, body);
const gql = async (query: string) => {
  const r = await graphql(server.baseUrl, query);
  return r.body;
};

beforeAll(async () => {
  server = await startTestServer();
  chennai = (await get("/places?q=chennai&limit=1")).body.places[0];
  newYork = (await get("/places?q=new%20york&country=US&limit=1")).body.places[0];
  expect(chennai.timezone).toBe("Asia/Kolkata");
  expect(newYork.timezone).toBe("America/New_York");
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe("panchanga, panchangaRange, panchangaSearch", () => {
  const sel = "datetime timezone latitude longitude sunrise sunset tithi { number name } nakshatra { number }";

  it("panchanga(place, local datetime) equals the coordinates, offset and zone by hand; civilTime echoes the place; REST agrees", async () => {
    const byPlace = await gql(`{ panchanga(datetime: "2024-01-15T06:30:00", place: "${chennai.id}") { ${sel} civilTime { utcOffset offsetSource placeId timezone } } }`);
    expect(byPlace.errors).toBeUndefined();
    const byHand = await gql(`{ panchanga(datetime: "2024-01-15T06:30:00+05:30", latitude: ${chennai.latitude}, longitude: ${chennai.longitude}, tz: "Asia/Kolkata") { ${sel} civilTime { utcOffset } } }`);
    const { civilTime, ...rest } = byPlace.data.panchanga;
    expect(civilTime).toEqual({ utcOffset: "+05:30", offsetSource: "place", placeId: chennai.id, timezone: "Asia/Kolkata" });
    const { civilTime: handCivil, ...hand } = byHand.data.panchanga;
    expect(rest).toEqual(hand);
    expect(handCivil).toBeNull(); // the spec's form: nothing was read

    const rest1 = await post("/panchanga", { datetime: "2024-01-15T06:30:00", place: chennai.id });
    expect(rest1.status).toBe(200);
    expect(rest1.body.civil_time).toMatchObject({ utc_offset: "+05:30", offset_source: "place", place_id: chennai.id });
    expect(rest1.body.sunrise).toBe(rest.sunrise);
    expect(rest1.body.latitude).toBe(chennai.latitude);
  });

  it("panchanga with timezone: New York's summer offset (-04:00), and a skipped local time is refused naming datetime", async () => {
    const r = await gql(`{ panchanga(datetime: "2021-07-04T10:00:00", timezone: "America/New_York", latitude: 40.71, longitude: -74.01) { datetime timezone civilTime { utcOffset offsetSource } } }`);
    expect(r.data.panchanga.civilTime).toEqual({ utcOffset: "-04:00", offsetSource: "timezone" });
    expect(r.data.panchanga.timezone).toBe("America/New_York");
    const gap = await gql(`{ panchanga(datetime: "2021-03-14T02:30:00", timezone: "America/New_York", latitude: 40.71, longitude: -74.01) { datetime } }`);
    expect(gap.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "datetime" });
    expect(gap.errors[0].message).toMatch(/does not exist in America\/New_York/);
  });

  it("an unknown place is refused naming place (GraphQL BAD_USER_INPUT, REST 422), a missing latitude naming latitude", async () => {
    const g = await gql(`{ panchanga(datetime: "2024-01-15T06:30:00", place: "999999999") { datetime } }`);
    expect(g.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "place" });
    const r = await post("/panchanga", { datetime: "2024-01-15T06:30:00", place: "999999999" });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "place"]);
    const noLat = await gql(`{ panchanga(datetime: "2024-01-15T06:30:00+05:30", longitude: 80) { datetime } }`);
    expect(noLat.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "latitude" });
  });

  it("panchangaRange(place, local start/end) equals the range by hand; REST /panchanga/range reads both ends in the place's zone (the same days)", async () => {
    const q = (args: string) => `{ panchangaRange(${args}) { startDatetime endDatetime days { sunrise tithi { number } } civilTime { utcOffset offsetSource } } }`;
    const byPlace = await gql(q(`startDatetime: "2024-03-01T00:00:00", endDatetime: "2024-03-03T00:00:00", place: "${chennai.id}"`));
    expect(byPlace.errors).toBeUndefined();
    const byHand = await gql(q(`startDatetime: "2024-03-01T00:00:00+05:30", endDatetime: "2024-03-03T00:00:00+05:30", latitude: ${chennai.latitude}, longitude: ${chennai.longitude}`));
    expect(byPlace.data.panchangaRange.days).toEqual(byHand.data.panchangaRange.days);
    expect(byPlace.data.panchangaRange.days).toHaveLength(3);
    expect(byPlace.data.panchangaRange.civilTime).toEqual({ utcOffset: "+05:30", offsetSource: "place" });
    const rest = await post("/panchanga/range", { start_datetime: "2024-03-01T00:00:00", end_datetime: "2024-03-03T00:00:00", place: chennai.id });
    expect(rest.status).toBe(200);
    // The spec's answer is a list of days, so it has nowhere to echo civil_time.
    expect(rest.body.map((d: any) => d.sunrise)).toEqual(byPlace.data.panchangaRange.days.map((d: any) => d.sunrise));
  });

  it("panchangaSearch(place, local after) equals the search by hand; REST agrees", async () => {
    const q = (args: string) => `{ panchangaSearch(${args}, criteria: { tithi: "ekadashi" }, maxResults: 2, maxDays: 40) { searchedFrom matches { sunrise } civilTime { offsetSource } } }`;
    const byPlace = await gql(q(`after: "2024-01-01T00:00:00", place: "${chennai.id}"`));
    expect(byPlace.errors).toBeUndefined();
    const byHand = await gql(q(`after: "2024-01-01T00:00:00+05:30", latitude: ${chennai.latitude}, longitude: ${chennai.longitude}`));
    expect(byPlace.data.panchangaSearch.matches).toEqual(byHand.data.panchangaSearch.matches);
    expect(byPlace.data.panchangaSearch.matches).toHaveLength(2);
    expect(byPlace.data.panchangaSearch.civilTime).toEqual({ offsetSource: "place" });
    const rest = await post("/panchanga/search", { after: "2024-01-01T00:00:00", place: chennai.id, criteria: { tithi: "ekadashi" }, max_results: 2, max_days: 40 });
    expect(rest.status).toBe(200);
    expect(rest.body.after_civil_time).toMatchObject({ utc_offset: "+05:30", offset_source: "place" });
  });
});

describe("calendars, ephemeris, scans, events", () => {
  it("calendarDate(place) equals calendarDate at the place's coordinates and zone; REST /calendar/date takes place", async () => {
    const sel = "date latitude longitude timeZone sunrise amanta { tithi } tamil { month day }";
    const byPlace = await gql(`{ calendarDate(date: "2024-04-14", place: "${chennai.id}") { ${sel} } }`);
    expect(byPlace.errors).toBeUndefined();
    const byHand = await gql(`{ calendarDate(date: "2024-04-14", latitude: ${chennai.latitude}, longitude: ${chennai.longitude}, tz: "Asia/Kolkata") { ${sel} } }`);
    expect(byPlace.data.calendarDate).toEqual(byHand.data.calendarDate);
    const rest = await get(`/calendar/date/2024-04-14?place=${chennai.id}`);
    expect(rest.status).toBe(200);
    expect(rest.body.sunrise).toBe(byPlace.data.calendarDate.sunrise);
    // Left out, the coordinates are still New Delhi's by default.
    const delhi = await gql(`{ calendarDate(date: "2024-04-14") { latitude } }`);
    expect(delhi.data.calendarDate.latitude).toBe(28.6139);
  });

  it("calendar(year, place) is dated at the place (its zone as tz)", async () => {
    const r = await gql(`{ calendar(year: 2024, place: "${newYork.id}") { latitude longitude timeZone timeZoneSource } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data.calendar).toMatchObject({ latitude: newYork.latitude, longitude: newYork.longitude, timeZone: "America/New_York" });
  });

  it("ephemeris(local datetime, timezone) equals the instant with its offset; REST GET /ephemeris?date=…&timezone= agrees", async () => {
    const sel = "datetime julianDayUt planets { graha longitude }";
    const byZone = await gql(`{ ephemeris(datetime: "1943-03-01T14:30:00", timezone: "Asia/Kolkata", planets: [MOON]) { ${sel} civilTime { utcOffset offsetSource } } }`);
    expect(byZone.errors).toBeUndefined();
    expect(byZone.data.ephemeris.civilTime).toEqual({ utcOffset: "+06:30", offsetSource: "timezone" }); // war time
    const byHand = await gql(`{ ephemeris(datetime: "1943-03-01T14:30:00+06:30", planets: [MOON]) { ${sel} } }`);
    const { civilTime: _c, ...rest } = byZone.data.ephemeris;
    expect(rest).toEqual(byHand.data.ephemeris);
    const r = await get("/ephemeris?date=1943-03-01T14:30:00&timezone=Asia/Kolkata&planets=moon");
    expect(r.status).toBe(200);
    expect(r.body.date_civil_time).toMatchObject({ utc_offset: "+06:30", offset_source: "timezone" });
    const bad = await get("/ephemeris?date=1943-03-01T14:30:00&timezone=Mars/Olympus");
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "timezone"]);
  });

  it("kpSubLordChanges and lunarAspects read local times in the timezone; equal to the offsets by hand; REST agrees", async () => {
    const q = (args: string) => `{ kpSubLordChanges(planet: MOON, ${args}) { start end subLordChanges { datetime toSubLord } } }`;
    const byZone = await gql(q(`start: "1990-07-04T00:00:00", end: "1990-07-05T00:00:00", timezone: "America/New_York"`));
    expect(byZone.errors).toBeUndefined();
    const byHand = await gql(q(`start: "1990-07-04T00:00:00-04:00", end: "1990-07-05T00:00:00-04:00"`));
    expect(byZone.data.kpSubLordChanges).toEqual(byHand.data.kpSubLordChanges);
    const rest = await post("/kp/sublord-changes", { planet: "moon", start: "1990-07-04T00:00:00", end: "1990-07-05T00:00:00", timezone: "America/New_York", latitude: 40.71, longitude: -74.01 });
    expect(rest.status).toBe(200);
    expect(rest.body.start_civil_time).toMatchObject({ utc_offset: "-04:00" });
    const lunar = await gql(`{ lunarAspects(datetime: "1990-01-04T10:00:00", place: "${newYork.id}", days: 2) { start civilTime { utcOffset } } }`);
    expect(lunar.data.lunarAspects).toEqual({ start: "1990-01-04T10:00:00-05:00", civilTime: { utcOffset: "-05:00" } });
  });

  it("transitsMonthly(place) is the month in the place's zone, as by coordinates", async () => {
    const q = (args: string) => `{ transitsMonthly(year: 2024, month: 3, ${args}) { start end timeZone } }`;
    const byPlace = await gql(q(`place: "${chennai.id}"`));
    const byHand = await gql(q(`latitude: ${chennai.latitude}, longitude: ${chennai.longitude}, tz: "Asia/Kolkata"`));
    expect(byPlace.data.transitsMonthly).toEqual(byHand.data.transitsMonthly);
    expect(byPlace.data.transitsMonthly.start).toBe("2024-03-01T00:00:00+05:30");
  });

  it("events(place, local from/to) equals events at the coordinates with the zone; REST GET /events?place= agrees", async () => {
    const sel = "from to count events { id place { timeZone localDate } }";
    const byPlace = await gql(`{ events(from: "2024-01-01T00:00:00", to: "2024-02-01T00:00:00", place: "${chennai.id}", types: [EKADASHI]) { ${sel} } }`);
    expect(byPlace.errors).toBeUndefined();
    const byHand = await gql(`{ events(from: "2024-01-01T00:00:00+05:30", to: "2024-02-01T00:00:00+05:30", latitude: ${chennai.latitude}, longitude: ${chennai.longitude}, timeZone: "Asia/Kolkata", types: [EKADASHI]) { ${sel} } }`);
    expect(byPlace.data.events).toEqual(byHand.data.events);
    expect(byPlace.data.events.from).toBe("2023-12-31T18:30:00.000Z");
    const rest = await get(`/events?from=2024-01-01T00:00:00&to=2024-02-01T00:00:00&place=${chennai.id}&types=ekadashi`);
    expect(rest.status).toBe(200);
    expect(rest.body.count).toBe(byPlace.data.events.count);
  });

  it("panchaPakshi(place, local datetime) equals the coordinates and offset by hand", async () => {
    const sel = "datetime latitude longitude sunrise now { bird activity }";
    const byPlace = await gql(`{ panchaPakshi(datetime: "2024-01-15T10:00:00", place: "${chennai.id}") { ${sel} civilTime { offsetSource } } }`);
    expect(byPlace.errors).toBeUndefined();
    const byHand = await gql(`{ panchaPakshi(datetime: "2024-01-15T10:00:00+05:30", latitude: ${chennai.latitude}, longitude: ${chennai.longitude}) { ${sel} } }`);
    const { civilTime, ...rest } = byPlace.data.panchaPakshi;
    expect(civilTime).toEqual({ offsetSource: "place" });
    expect(rest).toEqual(byHand.data.panchaPakshi);
  });
});

describe("a birth's other moments are read in the birth's zone", () => {
  it("dasha's queryDatetime, local, is read in the birth's timezone (GraphQL and REST agree)", async () => {
    const birth = `{ datetime: "1990-05-15T14:30:00", timezone: "Asia/Kolkata", latitude: 13.08, longitude: 80.27 }`;
    const local = await gql(`{ dasha(birth: ${birth}, queryDatetime: "2024-01-01T12:00:00") { queryDatetime current { mahaDasha { planet } } } }`);
    expect(local.errors).toBeUndefined();
    expect(local.data.dasha.queryDatetime).toBe("2024-01-01T12:00:00+05:30");
    const byHand = await gql(`{ dasha(birth: ${birth}, queryDatetime: "2024-01-01T12:00:00+05:30") { queryDatetime current { mahaDasha { planet } } } }`);
    expect(local.data.dasha).toEqual(byHand.data.dasha);
    const rest = await post("/dasha", { datetime: "1990-05-15T14:30:00", timezone: "Asia/Kolkata", latitude: 13.08, longitude: 80.27, query_datetime: "2024-01-01T12:00:00" });
    expect(rest.status).toBe(200);
    expect(rest.body.query_civil_time).toMatchObject({ utc_offset: "+05:30", offset_source: "timezone" });
  });

  it("below a chart: dasha's and remedies' queryDatetime and transits' at, local, are read in the birth's zone (its timezone, else its offset)", async () => {
    const zoned = `{ datetime: "1990-05-15T14:30:00", timezone: "America/New_York", latitude: 40.71, longitude: -74.0 }`;
    const q = (birth: string, when: string) => `{ chart(birth: ${birth}) {
      dasha(queryDatetime: "${when}") { queryDatetime current { mahaDasha { planet } antarDasha { planet } } }
      remedies(queryDatetime: "${when}") { queryDatetime }
      transits(at: "${when}") { at } } }`;
    // New York's rules give −05:00 in January (not the birth's −04:00 of May).
    const local = await gql(q(zoned, "2024-01-01T12:00:00"));
    expect(local.errors).toBeUndefined();
    expect(local.data.chart.dasha.queryDatetime).toBe("2024-01-01T12:00:00-05:00");
    expect(local.data.chart.remedies.queryDatetime).toBe("2024-01-01T12:00:00-05:00");
    expect(local.data.chart.transits.at).toBe("2024-01-01T12:00:00-05:00");
    const byHand = await gql(q(zoned, "2024-01-01T12:00:00-05:00"));
    expect(local.data).toEqual(byHand.data);
    // A birth given with its offset: a local moment takes that offset.
    const fixed = await gql(q(`{ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }`, "2024-01-01T12:00:00"));
    expect(fixed.errors).toBeUndefined();
    expect(fixed.data.chart.transits.at).toBe("2024-01-01T12:00:00+05:30");
  });

  it("chandrashtama's local start/end are read in the birth's place's zone; without a zone they are refused naming start", async () => {
    const birth = `{ datetime: "1990-05-15T14:30:00", place: "${chennai.id}" }`;
    const local = await gql(`{ chandrashtama(birth: ${birth}, start: "2024-01-01T00:00:00", end: "2024-02-01T00:00:00") { start end } }`);
    expect(local.errors).toBeUndefined();
    const byHand = await gql(`{ chandrashtama(birth: ${birth}, start: "2024-01-01T00:00:00+05:30", end: "2024-02-01T00:00:00+05:30") { start end } }`);
    expect(local.data.chandrashtama).toEqual(byHand.data.chandrashtama);
    const noZone = await gql(`{ chandrashtama(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 13, longitude: 80 }, start: "2024-01-01T00:00:00", end: "2024-02-01T00:00:00") { start } }`);
    expect(noZone.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "start" });
  });
});

describe("nested births (REST bulk match) and GraphQL's own", () => {
  it("a bulk match candidate with place and a local datetime ranks as the same candidate by hand; GraphQL agrees", async () => {
    const native = { nakshatra: 4, pada: 2 };
    const byPlace = await post("/compatibility/bulk", {
      native, candidates: [{ reference_id: "c1", datetime: "1992-08-20T09:15:00", place: chennai.id }],
    });
    expect(byPlace.status).toBe(200);
    const byHand = await post("/compatibility/bulk", {
      native, candidates: [{ reference_id: "c1", datetime: "1992-08-20T09:15:00+05:30", latitude: chennai.latitude, longitude: chennai.longitude }],
    });
    expect(byPlace.body).toEqual(byHand.body);
    const g = await gql(`{ bulkMatch(native: { star: { nakshatra: 4, pada: 2 } }, candidates: [{ referenceId: "c1", birth: { datetime: "1992-08-20T09:15:00", place: "${chennai.id}" } }]) { candidates { rank porutham { agreedCount } } } }`);
    expect(g.errors).toBeUndefined();
    expect(g.data.bulkMatch.candidates[0].porutham.agreedCount).toBe(byPlace.body.candidates[0].agreed_count);
    const bad = await post("/compatibility/bulk", { native, candidates: [{ reference_id: "c1", datetime: "1992-08-20T09:15:00", place: "999999999" }] });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "candidates", 0, "place"]);
  });
});
