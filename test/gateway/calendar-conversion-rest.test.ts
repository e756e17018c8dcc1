import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** GET /calendar/date and /calendar/solar, the parana in /vrata, and the panchanga's samvat years, through the real server. */
const ADMIN_KEY = "admin-key-for-calendar-conversion-tests";
let server: TestServer;
let apiKey = "";

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_KEY }, appOptions: { accounts: {} } });
  const reg = (await (await fetch(`${server.baseUrl}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as any;
  apiKey = reg.api_key;
  const res = await fetch(`${server.baseUrl}/admin/grant-credits`, {
    method: "POST", headers: { "content-type": "application/json", "x-admin-key": ADMIN_KEY },
    body: JSON.stringify({ account_id: reg.account_id, credits: 200, reason: "calendar conversion tests" }),
  });
  expect(res.status).toBe(200);
  // The daily free tier (2 requests) is used up first, so the prices below are charged.
  for (let i = 0; i < 2; i++) await fetch(`${server.baseUrl}/calendar/date/2025-01-01`, { headers: { "x-api-key": apiKey } });
});
afterAll(() => server?.close());

const get = async (path: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { "x-api-key": apiKey } });
  return { status: res.status, body: (await res.json()) as any };
};
const balance = async () => (await get("/account")).body.balance as number;
const CHENNAI = "latitude=13.0827&longitude=80.2707";

describe("GET /calendar/date/{date}", () => {
  it("gives every calendar's date for Chennai and charges 1 credit", async () => {
    const before = await balance();
    const { status, body } = await get(`/calendar/date/2025-01-14?${CHENNAI}`);
    expect(status).toBe(200);
    expect([body.tamil.month_name, body.tamil.day, body.tamil.month_start]).toEqual(["Thai", 1, "2025-01-14"]);
    expect(body.tamil.rule).toMatch(/sunset/);
    expect([body.malayalam.month_name, body.bengali.month_name, body.odia.month_name]).toEqual(["Makaram", "Poush", "Magha"]);
    expect([body.vikram_samvat, body.shaka_samvat, body.kollam, body.bangabda]).toEqual([2081, 1946, 1200, 1431]);
    expect(body.tamil_year.jovian_name).toBe("Krodhi");
    expect(body.timezone).toBe("Asia/Kolkata");
    expect(await balance()).toBe(before - 1);
  });
  it("refuses a malformed date, a year outside 1900–2100 and a polar place with 422 naming the field, free", async () => {
    const before = await balance();
    for (const [path, field] of [
      ["/calendar/date/2025-02-30", "date"], ["/calendar/date/1899-12-31", "date"], ["/calendar/date/2025-06-21?latitude=80&longitude=20", "latitude"],
    ] as const) {
      const { status, body } = await get(path);
      expect(status, path).toBe(422);
      expect(JSON.stringify(body.detail), path).toContain(field);
    }
    expect(await balance()).toBe(before);
  });
});

describe("GET /calendar/solar/{tradition}/{year}/{month}/{day}", () => {
  it("Thai 1 of the Tamil year begun in April 2025 is 14 January 2026 at Chennai", async () => {
    const { status, body } = await get(`/calendar/solar/tamil/2025/10/1?${CHENNAI}`);
    expect(status).toBe(200);
    expect([body.month_name, body.date]).toEqual(["Thai", "2026-01-14"]);
    expect(body.month_length).toBeGreaterThanOrEqual(29);
  });
  it("GraphQL both ways: solarToCivil gives REST's answer, and calendarDate of that date reads Thai 1 back", async () => {
    const gql = async (query: string) => {
      const res = await fetch(`${server.baseUrl}/graphql`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey }, body: JSON.stringify({ query }),
      });
      return (await res.json()) as any;
    };
    const there = await gql(`{ solarToCivil(tradition: "tamil", year: 2025, month: 10, day: 1, latitude: 13.0827, longitude: 80.2707) { date monthName monthLength } }`);
    expect(there.data.solarToCivil).toMatchObject({ date: "2026-01-14", monthName: "Thai" });
    expect(there.data.solarToCivil.monthLength).toBe((await get(`/calendar/solar/tamil/2025/10/1?${CHENNAI}`)).body.month_length);
    const back = await gql(`{ calendarDate(date: "2026-01-14", latitude: 13.0827, longitude: 80.2707) { tamil { monthName day } } }`);
    expect(back.data.calendarDate.tamil).toEqual({ monthName: "Thai", day: 1 });
  });
  it("refuses an unknown tradition and a day beyond the month, free", async () => {
    const before = await balance();
    const a = await get(`/calendar/solar/klingon/2025/10/1`);
    expect(a.status).toBe(422);
    const b = await get(`/calendar/solar/tamil/2025/10/32?${CHENNAI}`);
    expect(b.status).toBe(422);
    expect(JSON.stringify(b.body.detail)).toContain("day");
    expect(await balance()).toBe(before);
  });
});

describe("parana and samvat years in existing answers", () => {
  it("/vrata carries Devutthana 2025's parana window and the rule that set each end", async () => {
    const { status, body } = await get("/vrata/2025/11");
    expect(status).toBe(200);
    const dev = body.vrata.find((e: any) => e.name === "Devutthana Ekadashi");
    expect(dev.date).toBe("2025-11-01");
    expect(dev.parana).toMatchObject({ date: "2025-11-02", start_rule: "madhyahna-end", end_rule: "aparahna-end" });
    expect(dev.parana.start).toMatch(/^2025-11-02T13:1\d/);
  });
  it("/panchanga's samvatsara gives the Vikram and Shaka years", async () => {
    const { status, body } = await get("/panchanga?date=2025-11-01&tz=Asia/Kolkata&latitude=28.6139&longitude=77.209");
    expect(status).toBe(200);
    expect([body.samvatsara.vikram_year, body.samvatsara.shaka_year]).toEqual([2082, 1947]);
  });
});

describe("regional festivals on /festivals", () => {
  it("Chennai gets the Tamil festivals by default, New Delhi none, region=all every region; an unknown region is refused free", async () => {
    const chennai = await get(`/festivals/2025?${CHENNAI}`);
    expect(chennai.status).toBe(200);
    const tamil = chennai.body.festivals.filter((e: any) => e.region === "tamil").map((e: any) => [e.name, e.date]);
    expect(tamil).toEqual(expect.arrayContaining([
      ["Thai Pongal", "2025-01-14"], ["Thaipusam", "2025-02-11"], ["Puthandu (Tamil New Year)", "2025-04-14"],
      ["Varalakshmi Vratam", "2025-08-08"], ["Skanda Sashti (Soorasamharam)", "2025-10-27"], ["Karthigai Deepam", "2025-12-03"],
    ]));
    expect(chennai.body.festivals.some((e: any) => e.region === "bengal")).toBe(false);
    const delhi = await get("/festivals/2025");
    expect(delhi.body.festivals.some((e: any) => e.region)).toBe(false);
    const all = await get("/festivals/2025/4?region=all");
    expect(all.body.festivals.filter((e: any) => e.region).map((e: any) => [e.name, e.date])).toEqual(expect.arrayContaining([
      ["Pohela Boishakh", "2025-04-15"], ["Vishu", "2025-04-14"], ["Bohag Bihu (Rongali)", "2025-04-14"], ["Baisakhi", "2025-04-14"],
      ["Pana Sankranti (Odia New Year)", "2025-04-14"],
    ]));
    const before = await balance();
    // A polar place (no sunrise at midsummer or midwinter) is refused before pricing, naming latitude, like a bad region.
    for (const path of ["/festivals/2025?latitude=78.22&longitude=15.65", "/vrata/2025?latitude=78.22&longitude=15.65", "/festivals/2025?region=atlantis"]) {
      const r = await get(path);
      expect(r.status, path).toBe(422);
      expect(JSON.stringify(r.body.detail), path).toContain(path.includes("region") ? "region" : "latitude");
    }
    expect(await balance()).toBe(before);
    const bad = await get("/festivals/2025?region=atlantis");
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain("region");
    expect(await balance()).toBe(before);
  });
});
