/**
 * The other dasha systems as personal events (docs/events.md, "Other dasha systems"), over real
 * HTTP with a controlled service clock: a subscription asking for `dasha_systems` receives each
 * system's maha and antar changes at the instants POST /dasha with that `system` reports; an
 * unknown system, or one without a birth, is a 422 naming the field, free.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHA_SYSTEMS } from "../../src/engine/dasha/dasha-systems.js";
import { SYSTEM_DASHA_EVENT_TYPES } from "../../src/engine/events/personal-event-types.js";
import { natalOf, personalEvents, worldScan } from "../../src/engine/events/personal-events.js";
import { until } from "../helpers/built-service.js";
import { makeTestCertificate, startReceiver, type Receiver, type TestCertificate } from "../helpers/https-receiver.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ADMIN_KEY = "admin-key-for-dasha-system-events";
const DAY = 86_400_000;
const BIRTH = { birth_datetime: "1990-05-15T14:30:00+05:30", birth_latitude: 28.6139, birth_longitude: 77.209 };
const CHART = { datetime: BIRTH.birth_datetime, latitude: BIRTH.birth_latitude, longitude: BIRTH.birth_longitude };
const BIRTH_MS = Date.parse("1990-05-15T09:00:00Z");

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
  await call("POST", "/admin/grant-credits", { api_key: r.json.api_key, credits, reason: "dasha system event tests" }, { "x-admin-key": ADMIN_KEY });
  return r.json.api_key as string;
}

const utc = (iso: string) => new Date(Date.parse(iso)).toISOString();

/** The route's maha and antar starts of `system` (POST /dasha, levels 2), as UT instants. */
async function routeStarts(key: string, system: string): Promise<{ maha: { at: string; lord: string; end: string }[]; antar: { at: string; maha: string; lord: string; end: string }[] }> {
  const r = await call("POST", "/dasha", { ...CHART, system, levels: 2 }, { "x-api-key": key });
  expect(r.status).toBe(200);
  const mahas = r.json.maha_dashas as any[];
  return {
    maha: mahas.map((m) => ({ at: utc(m.start), lord: m.lord, end: utc(m.end) })),
    antar: mahas.flatMap((m) => (m.antardashas as any[]).map((a) => ({ at: utc(a.start), maha: m.lord, lord: a.lord, end: utc(a.end) }))),
  };
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

describe("dasha_systems on a webhook subscription", () => {
  it("every system's types are in the OpenAPI event enum and the GraphQL EventType enum", async () => {
    const spec = await call("GET", "/openapi.json");
    const text = JSON.stringify(spec.json);
    const sdl = await (await fetch(`${server.baseUrl}/graphql`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __type(name: \"EventType\") { enumValues { name } } }" }),
    })).json() as any;
    const names = (sdl.data.__type.enumValues as { name: string }[]).map((v) => v.name);
    expect(SYSTEM_DASHA_EVENT_TYPES).toHaveLength(2 * DASHA_SYSTEMS.length);
    for (const t of SYSTEM_DASHA_EVENT_TYPES) {
      expect(text).toContain(`"${t}"`);
      expect(names).toContain(t.toUpperCase());
    }
  });

  it("a Yogini antardasha change arrives at the instant /dasha reports; Chara's recorded as /dasha reports", async () => {
    const key = await newKey();
    const yogini = await routeStarts(key, "yogini");
    const chara = await routeStarts(key, "chara");
    const next = yogini.antar.find((a) => Date.parse(a.at) > nowMs)!;
    const boundary = Date.parse(next.at);
    nowMs = boundary - 10 * DAY;
    const windowStart = nowMs;

    const sub = await call("POST", "/webhooks/subscribe", {
      url: `${receiver.url}/sys`, events: ["ekadashi"], ...BIRTH, dasha_systems: ["yogini", "chara"],
    }, { "x-api-key": key });
    expect(sub.status).toBe(200);
    expect(sub.json.dasha_systems).toEqual(["yogini", "chara"]);
    expect(sub.json.events).toEqual(expect.arrayContaining([
      "ekadashi", "yogini_dasha_maha_change", "yogini_dasha_antar_change", "chara_dasha_maha_change", "chara_dasha_antar_change", "janma_nakshatra",
    ]));
    // Vimshottari's are not asked for when dasha_systems leaves it out.
    expect(sub.json.events).not.toContain("dasha_antar_change");
    const id = sub.json.subscription_id as string;

    // Once a second: at most 30 requests of the account's 60 a minute (the frozen clock's minute never ends).
    const listed = await until("the horizon recorded", 30_000, async () => {
      await new Promise((r) => setTimeout(r, 900));
      const r = await call("GET", "/webhooks", undefined, { "x-api-key": key });
      const l = r.status === 200 ? r.json.subscriptions[0] : undefined;
      return l?.personal_until ? l : undefined;
    });
    expect(listed.dasha_systems).toEqual(["yogini", "chara"]);
    const horizonEnd = Date.parse(listed.personal_until);
    const recorded = await server.database.db.selectFrom("events").select(["type", "instant", "data"])
      .where("subscription_id", "=", id).execute();
    const recordedOf = (type: string) => recorded.filter((e) => e.type === type).map((e) => new Date(e.instant!).toISOString()).sort();
    const inWindow = (at: string) => Date.parse(at) >= windowStart && Date.parse(at) < horizonEnd;
    expect(recordedOf("yogini_dasha_antar_change")).toEqual(yogini.antar.map((a) => a.at).filter(inWindow));
    expect(recordedOf("yogini_dasha_maha_change")).toEqual(yogini.maha.map((a) => a.at).filter(inWindow));
    expect(recordedOf("chara_dasha_antar_change")).toEqual(chara.antar.map((a) => a.at).filter(inWindow));
    expect(recordedOf("chara_dasha_maha_change")).toEqual(chara.maha.map((a) => a.at).filter(inWindow));
    expect(recordedOf("dasha_antar_change")).toEqual([]);

    // The clock passes the boundary: the event comes, with the route's instant, lords and end.
    nowMs = boundary + 1000;
    const got = await until("the Yogini antardasha change delivered", 30_000, () =>
      receiver.requests.filter((r) => r.path === "/sys").map((r) => ({ ...r, json: JSON.parse(r.body) as any }))
        .find((d) => d.json.event === "yogini_dasha_antar_change"));
    expect(got.json.subscription_id).toBe(id);
    expect(got.json.data).toMatchObject({
      system: "yogini", instant: next.at, start: next.at, end: next.end, maha_dasha: next.maha, antar_dasha: next.lord,
      event_id: `yogini_dasha_antar_change@${next.at}@${id}`,
    });
    expect(got.headers["webhook-id"]).toMatch(/^msg_/);
  }, 180_000);

  it("over a year, each system's maha and antar changes are the starts /dasha reports (graha, rashi and Kalachakra dashas)", async () => {
    const key = await newKey(200);
    const from = Date.parse("2031-03-01T00:00:00Z");
    const to = from + 366 * DAY;
    const n = natalOf(BIRTH_MS, "lahiri", { latDeg: BIRTH.birth_latitude, lonDeg: BIRTH.birth_longitude });
    const scan = worldScan(from, to);
    let compared = 0;
    for (const system of ["yogini", "ashtottari", "shattrimsa_sama", "chara", "narayana", "kalachakra"]) {
      const route = await routeStarts(key, system);
      const events = personalEvents(n, scan, new Set([`${system}_dasha_maha_change`, `${system}_dasha_antar_change`] as any));
      const of = (level: string) => events.filter((e) => e.type === `${system}_dasha_${level}_change`).map((e) => new Date(e.instant).toISOString());
      const inside = (at: string) => Date.parse(at) >= from && Date.parse(at) < to;
      expect(of("antar"), system).toEqual(route.antar.map((a) => a.at).filter(inside));
      expect(of("maha"), system).toEqual(route.maha.map((a) => a.at).filter(inside));
      compared += of("antar").length;
    }
    // Antardashas of a year in six systems: many boundaries, not a vacuous comparison.
    expect(compared).toBeGreaterThan(6);
  }, 120_000);
});

describe("refused dasha_systems are 422 naming the field, free", () => {
  it.each([
    ["an unknown system", { ...BIRTH, dasha_systems: ["yogini", "saptarishi"] }],
    ["dasha_systems without a birth", { dasha_systems: ["yogini"] }],
    ["an empty list", { ...BIRTH, dasha_systems: [] }],
  ])("%s", async (_name, extra) => {
    const key = await newKey();
    const r = await call("POST", "/webhooks/subscribe", { url: `${receiver.url}/bad`, events: ["ekadashi"], ...extra }, { "x-api-key": key });
    expect(r.status).toBe(422);
    expect(r.json.detail.map((d: { loc: unknown[] }) => d.loc.slice(0, 2))).toContainEqual(["body", "dasha_systems"]);
    expect(r.headers.get("x-credits-charged")).toBeNull();
    expect((await call("GET", "/webhooks", undefined, { "x-api-key": key })).json.subscriptions).toEqual([]);
  });

  it("GraphQL: an unknown dashaSystems value is BAD_USER_INPUT naming dashaSystems, nothing charged", async () => {
    const key = await newKey();
    const before = (await call("GET", "/account", undefined, { "x-api-key": key })).json.balance;
    const r = await call("POST", "/graphql", {
      query: `mutation($i: WebhookSubscribeInput!) { subscribeWebhook(input: $i) { subscriptionId } }`,
      variables: { i: { url: `${receiver.url}/bad`, events: ["ekadashi"], birth: { datetime: BIRTH.birth_datetime, latitude: 28.6, longitude: 77.2 }, dashaSystems: ["YOGINI", "SAPTARISHI"] } },
    }, { "x-api-key": key });
    expect(r.json.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "dashaSystems" });
    expect(r.json.errors[0].message).toContain("saptarishi");
    expect((await call("GET", "/account", undefined, { "x-api-key": key })).json.balance).toBe(before);
  });
});
