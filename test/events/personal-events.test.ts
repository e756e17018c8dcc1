/**
 * Personal (birth-keyed) events over real HTTP, with a controlled service clock: a webhook
 * subscription carrying a birth gets that person's events through the outbox, signed, at their
 * instants, and each instant equals the boundary the corresponding calculation route reports
 * (/dasha for the antardasha change, /chandrashtama, /daily-strength for the janma nakshatra).
 * Refused input costs nothing.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_EVENT_TYPES } from "../../src/engine/events/personal-event-types.js";
import { personalEventsOfBirth } from "../../src/engine/events/personal-events.js";
import { until } from "../helpers/built-service.js";
import { makeTestCertificate, startReceiver, type Receiver, type TestCertificate } from "../helpers/https-receiver.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ADMIN_KEY = "admin-key-for-personal-event-tests";
const DAY = 86_400_000;
const BIRTH = { birth_datetime: "1990-05-15T14:30:00+05:30", birth_latitude: 28.6139, birth_longitude: 77.209 };
const CHART = { datetime: BIRTH.birth_datetime, latitude: BIRTH.birth_latitude, longitude: BIRTH.birth_longitude };

let cert: TestCertificate;
let receiver: Receiver;
let server: TestServer;
let nowMs = Date.parse("2030-01-01T00:00:00Z");

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, {
    method, headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

async function newKey(credits = 100): Promise<string> {
  const r = await call("POST", "/register", {});
  await call("POST", "/admin/grant-credits", { api_key: r.json.api_key, credits, reason: "personal event tests" }, { "x-admin-key": ADMIN_KEY });
  return r.json.api_key as string;
}

const utc = (iso: string) => new Date(Date.parse(iso)).toISOString();
const deliveries = (path: string) => receiver.requests.filter((r) => r.path === path).map((r) => ({ ...r, json: JSON.parse(r.body) as any }));

/**
 * Waits until the subscription has no delivery pending (none due, none in flight) and the receiver
 * holds exactly the delivered ones. Read from the database, not GET /webhooks: the service's
 * clock is frozen here, so a rate window filled by polling would never reset. Called before each
 * jump of the clock: a jump past an in-flight attempt's lease makes the row due again and it is
 * sent twice (at-least-once, as designed; seen on a loaded machine).
 */
async function settled(subscriptionId: string, what: string, timeoutMs = 60_000): Promise<void> {
  await until(what, timeoutMs, async () => {
    const rows = await server.database.db.selectFrom("webhook_deliveries").select("status")
      .where("subscription_id", "=", subscriptionId).execute();
    const pending = rows.filter((r) => r.status === "pending").length;
    const delivered = rows.filter((r) => r.status === "delivered").length;
    return pending === 0 && delivered === deliveries("/me").length ? true : undefined;
  });
}

beforeAll(async () => {
  cert = makeTestCertificate();
  receiver = await startReceiver(cert);
  server = await startTestServer({
    env: { ADMIN_KEY, WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS: "true", WEBHOOK_POLL_MS: "50", EVENT_SCHEDULER_MS: "200" },
    appOptions: { accounts: { clock: () => new Date(nowMs), webhooks: { testTrustedCa: cert.certPem } } },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  cert?.dispose();
});

describe("a webhook subscription with a birth", () => {
  it("receives the antardasha change /dasha reports, at that instant, signed; chandrashtama and janma nakshatra as their routes report", async () => {
    const key = await newKey();
    // The first antardasha change after 2030-01-01, from /dasha itself.
    const dasha = await call("POST", "/dasha", CHART, { "x-api-key": key });
    expect(dasha.status).toBe(200);
    const antars = (dasha.json.maha_dashas as any[]).flatMap((m) => (m.antardashas as any[]).map((a) => ({ maha: m.planet, ...a })));
    const next = antars.find((a) => Date.parse(a.start) > nowMs)!;
    const boundary = Date.parse(next.start);
    nowMs = boundary - 10 * DAY;
    const windowStart = nowMs;

    const price = await call("POST", "/webhooks/subscribe", { url: `${receiver.url}/me`, events: ["ekadashi"], ...BIRTH }, {
      "x-api-key": key, "x-dry-run": "price",
    });
    expect(price.json).toMatchObject({ dry_run: true, price: 3 });
    const sub = await call("POST", "/webhooks/subscribe", { url: `${receiver.url}/me`, events: ["ekadashi"], ...BIRTH }, { "x-api-key": key });
    expect(sub.status).toBe(200);
    expect(sub.json.events).toEqual(["ekadashi", ...PERSONAL_EVENT_TYPES]);
    expect(sub.json.birth).toMatchObject({ instant: "1990-05-15T09:00:00.000Z", latitude: 28.6139, longitude: 77.209, ayanamsha: "lahiri" });
    const id = sub.json.subscription_id as string;

    // Recorded ahead (the 40-day horizon), delivered only when due.
    // Once a second: at most 30 requests of the account's 60 a minute (the frozen clock's minute never ends).
    await until("the horizon recorded", 30_000, async () => {
      await new Promise((r) => setTimeout(r, 900));
      const r = await call("GET", "/webhooks", undefined, { "x-api-key": key });
      const l = r.status === 200 ? r.json.subscriptions[0] : undefined;
      return l?.personal_until ? l : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries("/me").filter((d) => d.json.event === "dasha_antar_change")).toEqual([]);

    // The clock passes the boundary: the event comes, with the route's instant.
    await settled(id, "nothing in flight before the clock passes the boundary");
    nowMs = boundary + 1000;
    const got = await until("the antardasha change delivered", 30_000, () =>
      deliveries("/me").find((d) => d.json.event === "dasha_antar_change"));
    expect(got.json.subscription_id).toBe(id);
    expect(got.json.data).toMatchObject({
      instant: utc(next.start), start: utc(next.start), end: utc(next.end), maha_dasha: next.maha, antar_dasha: next.planet,
      event_id: `dasha_antar_change@${utc(next.start)}@${id}`,
    });
    expect(got.headers["x-webhook-signature"]).toBe("sha256=" + createHmac("sha256", id).update(got.body).digest("hex"));
    expect(got.headers["webhook-id"]).toMatch(/^msg_/);

    // Everything of the first 40 days, then each against its route.
    await settled(id, "nothing in flight before the clock jumps 40 days");
    nowMs = windowStart + 40 * DAY;
    const windowEnd = nowMs;
    await until("the window's chandrashtama deliveries", 60_000, () =>
      deliveries("/me").some((d) => d.json.event === "chandrashtama_end") ? true : undefined);
    await settled(id, "nothing left pending");
    // The route says the same.
    const listed = await call("GET", "/webhooks", undefined, { "x-api-key": key });
    expect(listed.status).toBe(200);
    expect(listed.json.subscriptions[0]).toMatchObject({ pending_count: 0, delivered_count: deliveries("/me").length });
    const all = deliveries("/me");
    // Once each (at-least-once, but no duplicates on a healthy run): event ids unique.
    const ids = all.map((d) => d.json.data.event_id as string);
    expect(new Set(ids).size).toBe(ids.length);

    const ch = await call("POST", "/chandrashtama", { ...CHART, start: new Date(windowStart).toISOString(), end: new Date(windowEnd).toISOString() }, { "x-api-key": key });
    expect(ch.status).toBe(200);
    const routeStarts = (ch.json.periods as any[]).map((p) => utc(p.start)).filter((s) => Date.parse(s) >= windowStart && Date.parse(s) < windowEnd);
    const routeEnds = (ch.json.periods as any[]).map((p) => utc(p.end)).filter((s) => Date.parse(s) >= windowStart && Date.parse(s) < windowEnd);
    expect(routeStarts.length).toBeGreaterThanOrEqual(1);
    const instants = (type: string) => all.filter((d) => d.json.event === type).map((d) => d.json.data.instant as string).sort();
    expect(instants("chandrashtama_start")).toEqual(routeStarts);
    expect(instants("chandrashtama_end")).toEqual(routeEnds);

    const janma = instants("janma_nakshatra");
    expect(janma.length).toBeGreaterThanOrEqual(1);
    for (const at of janma) {
      // The moment before the Moon enters the natal nakshatra, /daily-strength says when its nakshatra changes.
      const ds = await call("POST", "/daily-strength", { ...CHART, at: new Date(Date.parse(at) - 3_600_000).toISOString() }, { "x-api-key": key });
      expect(ds.status).toBe(200);
      expect(utc(ds.json.tara_bala.changes_at)).toBe(at);
      expect(ds.json.tara_bala.count).toBe(27);
    }
    // A personal event of this birth goes to this subscription only.
    expect(receiver.requests.filter((r) => r.path !== "/me" && r.body.includes("dasha_antar_change"))).toEqual([]);
  }, 180_000);
});

describe("Saturn's passages", () => {
  it("each start and end is the instant POST /sade-sati reports", async () => {
    const key = await newKey();
    const r = await call("POST", "/sade-sati", { ...CHART, from: "2030-01-01T00:00:00+00:00", to: "2045-01-01T00:00:00+00:00" }, { "x-api-key": key });
    expect(r.status).toBe(200);
    const stays = JSON.stringify(r.json).match(/"start":"[^"]+"/g)!.map((m) => m.slice(9, -1));
    const boundary = stays.map((x) => Date.parse(x)).find((ms) => ms > Date.parse("2030-01-02T00:00:00Z"))!;
    expect(boundary).toBeGreaterThan(0);
    const ev = personalEventsOfBirth(Date.parse("1990-05-15T09:00:00Z"), boundary - 86_400_000, boundary + 86_400_000)
      .filter((e) => /^(sade_sati_phase|kantaka_shani|ashtama_shani)_start$/.test(e.type));
    expect(ev.map((e) => e.instant)).toContain(boundary);
  }, 120_000);
});

describe("refused input is a 4xx and free", () => {
  it.each([
    ["a birth without offset, zone or place", { birth_datetime: "1990-05-15T14:30:00", birth_latitude: 28.6, birth_longitude: 77.2 }, ["body", "birth_datetime"]],
    ["a personal type without a birth", { events: ["dasha_antar_change"] }, ["body", "events"]],
    ["an unknown event type", { events: ["ekadashi", "birthday_party"], ...BIRTH }, ["body", "events"]],
    ["a birth without its latitude", { birth_datetime: BIRTH.birth_datetime, birth_longitude: 77.2 }, ["body", "birth_latitude"]],
    ["a birth year outside 1800–2400", { ...BIRTH, birth_datetime: "1700-01-01T00:00:00+00:00" }, ["body", "birth_datetime"]],
  ])("%s → 422 naming the field, nothing charged", async (_name, extra, loc) => {
    const key = await newKey();
    const r = await call("POST", "/webhooks/subscribe", { url: `${receiver.url}/bad`, events: ["ekadashi"], ...extra }, { "x-api-key": key });
    expect(r.status).toBe(422);
    expect(r.json.detail.map((d: { loc: unknown[] }) => d.loc.slice(0, 2))).toContainEqual(loc);
    expect(r.headers.get("x-credits-charged")).toBeNull();
    const list = await call("GET", "/webhooks", undefined, { "x-api-key": key });
    expect(list.json.subscriptions).toEqual([]);
  });

  it("a local birth time with birth_timezone is accepted and resolved", async () => {
    const key = await newKey();
    const r = await call("POST", "/webhooks/subscribe", {
      url: `${receiver.url}/tz`, events: ["janma_nakshatra"], birth_datetime: "1990-05-15T14:30:00", birth_timezone: "Asia/Kolkata",
      birth_latitude: 28.6139, birth_longitude: 77.209,
    }, { "x-api-key": key });
    expect(r.status).toBe(200);
    expect(r.json.birth).toMatchObject({ instant: "1990-05-15T09:00:00.000Z", datetime: "1990-05-15T14:30:00+05:30" });
    expect(r.json.events).toEqual(["janma_nakshatra"]);
  });

  it("GET /events refuses a personal type (the query answers the ten world types) with 422, free", async () => {
    const key = await newKey();
    const r = await call("GET", "/events?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z&types=dasha_antar_change", undefined, { "x-api-key": key });
    expect(r.status).toBe(422);
    expect(r.json.detail[0].loc).toEqual(["query", "types"]);
    expect(r.headers.get("x-credits-charged")).toBeNull();
  });
});
