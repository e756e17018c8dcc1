import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** GET /festivals and /vrata through the real server: zones, defaults, 422s, and what each call is charged. */
const ADMIN_KEY = "admin-key-for-calendar-tests-012";
let server: TestServer;
let apiKey = "";

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const reg = (await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as any;
  apiKey = reg.api_key;
  const res = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: reg.account_id, credits: 500, reason: "calendar tests" }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => server?.close());

const get = async (path: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { "x-api-key": apiKey } });
  return { status: res.status, body: (await res.json()) as any };
};
const balance = async () => (await get("/account")).body.balance as number;
const dateOf = (list: any[], name: string) => list.filter((e) => e.name === name).map((e) => e.date);

describe("GET /festivals", () => {
  it("defaults to New Delhi in Asia/Kolkata (zone from the coordinates) and gives Drik's Diwali 2024", async () => {
    const { status, body } = await get("/festivals/2024");
    expect(status).toBe(200);
    expect([body.latitude, body.longitude, body.timezone, body.timezone_source]).toEqual([28.6139, 77.209, "Asia/Kolkata", "coordinates"]);
    expect(body.count).toBe(body.festivals.length);
    expect(body.count).toBeGreaterThanOrEqual(40);
    const diwali = body.festivals.find((e: any) => e.name === "Diwali (Lakshmi Puja)");
    expect(diwali.date).toBe("2024-11-01");
    expect(diwali.tithi.name).toBe("Amavasya");
    expect(diwali.tithi.end).toMatch(/^2024-11-01T18:1\d:\d\d\+05:30$/);
    expect(diwali.masa).toEqual({ amanta: "Ashwin", purnimanta: "Kartika", adhika: false });
  });

  it("New York's Diwali 2024 is New York's date (31 October), in America/New_York", async () => {
    const { body } = await get("/festivals/2024/10?latitude=40.7128&longitude=-74.006");
    expect(body.timezone).toBe("America/New_York");
    expect(body.month).toBe(10);
    expect(dateOf(body.festivals, "Diwali (Lakshmi Puja)")).toEqual(["2024-10-31"]);
    expect(body.festivals.every((e: any) => e.date.startsWith("2024-10-"))).toBe(true);
  });

  it("Holika Dahan 2023 carries its Bhadra-aware muhurta (Drik: 7 March, 18:24–20:51 IST)", async () => {
    const { status, body } = await get("/festivals/2023/3");
    expect(status, JSON.stringify(body)).toBe(200);
    const h = body.festivals.find((e: any) => e.name === "Holika Dahan");
    expect([h.date, h.choice]).toEqual(["2023-03-07", "second-day"]);
    expect(h.muhurta.start).toMatch(/^2023-03-07T18:2\d:\d\d\+05:30$/);
    expect(h.muhurta.end).toMatch(/^2023-03-07T20:5\d:\d\d\+05:30$/);
    expect(body.festivals.find((e: any) => e.name === "Holi").muhurta).toBeNull();
  });

  it("tz overrides the zone of the coordinates and is echoed", async () => {
    const { status, body } = await get("/festivals/2024/1?tz=UTC");
    expect(status, JSON.stringify(body)).toBe(200);
    expect([body.timezone, body.timezone_source]).toEqual(["UTC", "tz"]);
    // Makar Sankranti 2024: the Sun enters Makara at ≈ 21:1x UTC on 14 January, after sunset → next day.
    const ms = body.festivals.find((e: any) => e.name === "Makar Sankranti");
    expect(ms.instant).toMatch(/^2024-01-14T21:\d\d:\d\dZ|^2024-01-14T21:\d\d:\d\d\+00:00/);
    expect(ms.date).toBe("2024-01-15");
  });

  it("refuses years outside 1900–2100, bad months and zones with 422 naming the field, and charges nothing", async () => {
    const before = await balance();
    for (const [path, loc] of [
      ["/festivals/1899", ["path", "year"]], ["/festivals/2101/1", ["path", "year"]], ["/festivals/2024/13", ["path", "month"]],
      ["/vrata/1899", ["path", "year"]], ["/vrata/2024/0", ["path", "month"]], ["/festivals/2024?tz=Mars/Olympus", ["query", "tz"]],
      ["/vrata/2024?latitude=91", ["query", "latitude"]],
    ] as const) {
      const { status, body } = await get(path);
      expect(status, path).toBe(422);
      expect(body.detail[0].loc, path).toEqual(loc);
    }
    expect(await balance()).toBe(before);
  });
});

describe("GET /vrata", () => {
  it("the year costs 5, a month costs 1 (REST charges what the GraphQL calendar prices)", async () => {
    let before = await balance();
    const year = await get("/vrata/2024");
    expect(year.status).toBe(200);
    expect(before - (await balance())).toBe(5);
    before = await balance();
    const month = await get("/vrata/2024/10");
    expect(month.status).toBe(200);
    expect(before - (await balance())).toBe(1);
    before = await balance();
    expect((await get("/festivals/2024/3")).status).toBe(200);
    expect(before - (await balance())).toBe(10);
    expect(month.body.vrata).toEqual(year.body.vrata.filter((e: any) => e.date.startsWith("2024-10-")));
    const kinds = new Set(year.body.vrata.map((e: any) => e.kind));
    for (const k of ["ekadashi_smarta", "pradosham", "vinayaka_chaturthi", "sankashti_chaturthi", "purnima", "amavasya", "masik_shivaratri", "sankranti", "navaratri"]) {
      expect(kinds.has(k), k).toBe(true);
    }
    expect(year.body.vrata.filter((e: any) => e.kind === "sankranti")).toHaveLength(12);
    expect(year.body.vrata.filter((e: any) => e.kind === "ekadashi_smarta").length).toBeGreaterThanOrEqual(24);
    expect(dateOf(year.body.vrata, "Maha Shivaratri")).toEqual(["2024-03-08"]);
    expect(year.body.vrata.find((e: any) => e.name === "Sharad Navaratri")).toMatchObject({ date: "2024-10-03", end_date: "2024-10-11" });
  });
});

describe("GraphQL calendar", () => {
  it("festivals 10 + vratas 5 + monthVratas 1 = 16 credits, the same entries as REST", async () => {
    const before = await balance();
    const res = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({
        query: `{ calendar(year: 2024) { timeZone festivals { name date } vratas { name date } monthVratas(month: 10) { name date } } }`,
      }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(before - (await balance())).toBe(16);
    const c = body.data.calendar;
    expect(c.timeZone).toBe("Asia/Kolkata");
    const rest = (await get("/festivals/2024")).body.festivals.map((e: any) => ({ name: e.name, date: e.date }));
    expect(c.festivals).toEqual(rest);
    expect(c.monthVratas).toEqual(c.vratas.filter((e: any) => e.date.startsWith("2024-10-")));
  });
});
