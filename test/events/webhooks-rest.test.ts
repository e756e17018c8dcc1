/**
 * Webhook subscriptions and signed deliveries over real HTTP: POST /webhooks/subscribe, GET
 * /webhooks, DELETE /webhooks/{id}, POST /admin/check-events, and a local HTTPS receiver
 * (self-signed certificate trusted through the test-only option) getting each delivery with
 * the specification's X-Webhook-Signature and the Standard Webhooks headers.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectEvents } from "../../src/engine/events/detect.js";
import { EVENT_TYPES } from "../../src/engine/events/event-types.js";
import { localizeEvent } from "../../src/engine/events/localize.js";
import { until } from "../helpers/built-service.js";
import type { Receiver } from "../helpers/https-receiver.js";
import type { TestServer } from "../helpers/server.js";
import { startWebhookTestbed, type WebhookTestbed } from "../helpers/webhook-testbed.js";

const ADMIN_KEY = "admin-key-for-webhook-tests-0123";
let testbed: WebhookTestbed;
let server: TestServer;
let receiver: Receiver;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, {
    method, headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

async function newKey(credits = 100): Promise<string> {
  const r = await call("POST", "/register", {});
  await call("POST", "/admin/grant-credits", { api_key: r.json.api_key, credits, reason: "webhook tests" }, { "x-admin-key": ADMIN_KEY });
  return r.json.api_key as string;
}

const subscribe = (key: string, body: Record<string, unknown>) => call("POST", "/webhooks/subscribe", body, { "x-api-key": key });
const checkEvents = (events: unknown) => call("POST", "/admin/check-events", { events }, { "x-admin-key": ADMIN_KEY });
const list = async (key: string) => (await call("GET", "/webhooks", undefined, { "x-api-key": key })).json.subscriptions as any[];

beforeAll(async () => {
  testbed = await startWebhookTestbed({
    ADMIN_KEY, WEBHOOK_RETRY_BACKOFF_MS: "50,50", WEBHOOK_TIMEOUT_MS: "1000", WEBHOOK_MAX_SUBSCRIPTIONS_PER_ACCOUNT: "3",
  });
  ({ server, receiver } = testbed);
}, 60_000);

afterAll(() => testbed?.close());

describe("POST /webhooks/subscribe", () => {
  it("answers subscription_id and a whsec_ signing secret, and costs 1 credit", async () => {
    const key = await newKey();
    const price = await call("POST", "/webhooks/subscribe", { url: `${receiver.url}/a`, events: ["ekadashi"] }, { "x-api-key": key, "x-dry-run": "price" });
    expect(price.json).toMatchObject({ dry_run: true, price: 1 });
    const r = await subscribe(key, { url: `${receiver.url}/a`, events: ["ekadashi", "purnima"] });
    expect(r.status).toBe(200);
    expect(r.json.subscription_id).toMatch(/^sub_[0-9A-Za-z]{24}$/);
    expect(r.json.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(r.json).toMatchObject({ events: ["ekadashi", "purnima"], status: "active", latitude: null, longitude: null });
    // The day's free requests pay for it first (free tier), so it shows as a free request used.
    expect(r.headers.get("x-free-requests-remaining")).toBe("1");
    // Listing is free and never shows the secret again.
    const l = await call("GET", "/webhooks", undefined, { "x-api-key": key });
    expect(l.headers.get("x-credits-charged")).toBe("0");
    expect(JSON.stringify(l.json)).not.toContain(r.json.signing_secret);
  });

  it.each([
    ["an http url", { url: "http://127.0.0.1/hook", events: ["ekadashi"] }, ["body", "url"]],
    ["no events", { url: "https://127.0.0.1/hook", events: [] }, ["body", "events"]],
    ["latitude without longitude", { url: "https://127.0.0.1/hook", events: ["ekadashi"], latitude: 10 }, ["body", "longitude"]],
    ["latitude out of range", { url: "https://127.0.0.1/hook", events: ["ekadashi"], latitude: 91, longitude: 0 }, ["body", "latitude"]],
  ])("refuses %s with 422 naming the field, charging nothing", async (_name, body, loc) => {
    const key = await newKey();
    const r = await subscribe(key, body);
    expect(r.status).toBe(422);
    expect(r.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    expect(r.headers.get("x-credits-charged")).toBeNull();
    expect(await list(key)).toEqual([]);
  });

  it("refuses an unknown event name with 422 listing the ten names", async () => {
    const key = await newKey();
    const r = await subscribe(key, { url: "https://127.0.0.1/hook", events: ["ekadashi", "full_moon"] });
    expect(r.status).toBe(422);
    const text = JSON.stringify(r.json.detail);
    for (const name of EVENT_TYPES) expect(text).toContain(name);
  });

  it("refuses a subscription beyond the per-account cap with 409 saying so", async () => {
    const key = await newKey();
    for (let i = 0; i < 3; i++) expect((await subscribe(key, { url: `${receiver.url}/cap${i}`, events: ["sankranti"] })).status).toBe(200);
    const r = await subscribe(key, { url: `${receiver.url}/cap3`, events: ["sankranti"] });
    expect(r.status).toBe(409);
    expect(r.json.detail).toMatch(/most allowed \(3\)/);
    expect(r.headers.get("x-credits-charged")).toBeNull();
    expect(await list(key)).toHaveLength(3);
  });
});

describe("GET /webhooks and DELETE /webhooks/{subscription_id}: only the caller's own", () => {
  it("lists only the caller's subscriptions; another account's id answers 404 and stays", async () => {
    const alice = await newKey();
    const bob = await newKey();
    const a = (await subscribe(alice, { url: `${receiver.url}/alice`, events: ["amavasya"] })).json.subscription_id;
    const b = (await subscribe(bob, { url: `${receiver.url}/bob`, events: ["amavasya"] })).json.subscription_id;
    expect((await list(alice)).map((s) => s.subscription_id)).toEqual([a]);

    const theft = await call("DELETE", `/webhooks/${b}`, undefined, { "x-api-key": alice });
    expect(theft.status).toBe(404);
    expect(JSON.stringify(theft.json)).not.toContain("/bob");
    expect((await call("DELETE", "/webhooks/sub_nothing", undefined, { "x-api-key": alice })).status).toBe(404);
    expect((await list(bob)).map((s) => s.subscription_id)).toEqual([b]);

    const own = await call("DELETE", `/webhooks/${a}`, undefined, { "x-api-key": alice });
    expect(own.status).toBe(200);
    expect(own.json).toEqual({ subscription_id: a, deleted: true });
    expect(await list(alice)).toEqual([]);
  });

  it("answers 401 without a key", async () => {
    expect((await call("GET", "/webhooks")).status).toBe(401);
  });
});

describe("POST /admin/check-events → signed deliveries", () => {
  it("queues one delivery per matching active subscription and delivers the spec's body, signed both ways", async () => {
    const key = await newKey();
    const located = (await subscribe(key, { url: `${receiver.url}/located`, events: ["eclipse_lunar"], latitude: 28.61, longitude: 77.21 })).json;
    const plain = (await subscribe(key, { url: `${receiver.url}/plain`, events: ["eclipse_lunar", "purnima"] })).json;
    await subscribe(key, { url: `${receiver.url}/other`, events: ["saturn_sign_change"] });

    const r = await checkEvents([{ type: "eclipse_lunar", data: { magnitude: 1.2 } }, { type: "mercury_retrograde_end", data: {} }]);
    expect(r.status).toBe(200);
    expect(r.json.events.map((e: any) => [e.type, e.deliveries_queued])).toEqual([["eclipse_lunar", 2], ["mercury_retrograde_end", 0]]);
    expect(r.json.deliveries_queued).toBe(2);

    const got = await until("both deliveries", 15_000, () => {
      const hits = receiver.requests.filter((q) => q.path === "/located" || q.path === "/plain");
      return hits.length >= 2 ? hits : undefined;
    });
    for (const q of got) {
      const sub = q.path === "/located" ? located : plain;
      const body = JSON.parse(q.body);
      expect(body).toMatchObject({ subscription_id: sub.subscription_id, event: "eclipse_lunar", data: { magnitude: 1.2 } });
      expect(new Date(body.delivered_at).toISOString()).toBe(body.delivered_at);
      if (sub === located) expect(body.location).toEqual({ latitude: 28.61, longitude: 77.21 });
      else expect(body.location).toBeUndefined();
      // The spec: sha256=<hex HMAC-SHA256 of the raw body, keyed by the subscription_id>.
      expect(q.headers["x-webhook-signature"]).toBe("sha256=" + createHmac("sha256", sub.subscription_id).update(q.body).digest("hex"));
      // Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed by the decoded whsec_ secret>.
      const id = q.headers["webhook-id"]!;
      const ts = q.headers["webhook-timestamp"]!;
      expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
      const secret = Buffer.from(sub.signing_secret.slice("whsec_".length), "base64");
      expect(q.headers["webhook-signature"]).toBe("v1," + createHmac("sha256", secret).update(`${id}.${ts}.${q.body}`).digest("base64"));
    }
    const listed = await until("delivered counts", 5_000, async () => {
      const l = await list(key);
      return l.filter((s) => s.delivered_count === 1).length === 2 ? l : undefined;
    });
    expect(listed.find((s) => s.subscription_id === plain.subscription_id)).toMatchObject({ pending_count: 0, dead_count: 0, last_error: null });
  });

  it("gives a located subscription the event's local times and the civil day the calendar keeps it", async () => {
    const key = await newKey();
    const sub = (await subscribe(key, { url: `${receiver.url}/local`, events: ["purnima"], latitude: 28.6139, longitude: 77.209 })).json;
    // The detector's Sharad Purnima 2024 (engine/events/detect.ts), submitted as an external event.
    const purnima = detectEvents(Date.UTC(2024, 9, 10), Date.UTC(2024, 9, 25)).find((e) => e.type === "purnima")!;
    const instant = new Date(purnima.instant).toISOString();
    await checkEvents([{ type: "purnima", data: { instant } }]);
    const [q] = await until("the located delivery", 15_000, () => {
      const h = receiver.requests.filter((x) => x.path === "/local");
      return h.length >= 1 ? h : undefined;
    });
    const body = JSON.parse(q!.body);
    expect(body.subscription_id).toBe(sub.subscription_id);
    const expected = localizeEvent({ type: "purnima", instant: purnima.instant, data: {} }, 28.6139, 77.209);
    expect(body.location).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(body.location).toMatchObject({ latitude: 28.6139, longitude: 77.209, time_zone: "Asia/Kolkata", local_date: "2024-10-16" });
    expect(body.location.observance_date).toMatch(/^2024-10-1[67]$/);
    expect(body.location.tithi_start_local).toMatch(/^2024-10-16T20:\d\d:\d\d\+05:30$/);
  });

  it("retries a failed delivery with the same webhook-id until it is accepted", async () => {
    const key = await newKey();
    await subscribe(key, { url: `${receiver.url}/flaky`, events: ["sankranti"] });
    receiver.answer = (q) => (q.path === "/flaky" && receiver.requests.filter((x) => x.path === "/flaky").length < 3 ? 503 : 200);
    await checkEvents([{ type: "sankranti", data: { rashi: "makara" } }]);
    const hits = await until("three attempts", 15_000, () => {
      const h = receiver.requests.filter((q) => q.path === "/flaky");
      return h.length >= 3 ? h : undefined;
    });
    expect(new Set(hits.map((h) => h.headers["webhook-id"])).size).toBe(1);
    const [s] = await until("delivered", 5_000, async () => {
      const l = await list(key);
      return l[0]?.delivered_count === 1 ? l : undefined;
    });
    expect(s).toMatchObject({ delivered_count: 1, failed_attempts: 2, dead_count: 0, last_error: "HTTP 503" });
    // /metrics counts each attempt by outcome (process-wide: at least this test's).
    const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { accept: "text/plain" } })).text();
    const count = (outcome: string) => Number(text.match(new RegExp(`^webhook_delivery_attempts_total\\{outcome="${outcome}"\\} (\\d+)`, "m"))?.[1] ?? 0);
    expect(count("retry")).toBeGreaterThanOrEqual(2);
    expect(count("delivered")).toBeGreaterThanOrEqual(1);
    receiver.answer = () => 200;
  });

  it("gives up after the last backoff step: the delivery is dead and visible with its error", async () => {
    const key = await newKey();
    await subscribe(key, { url: `${receiver.url}/down`, events: ["jupiter_sign_change"] });
    receiver.answer = (q) => (q.path === "/down" ? 500 : 200);
    await checkEvents([{ type: "jupiter_sign_change", data: {} }]);
    const [s] = await until("dead", 15_000, async () => {
      const l = await list(key);
      return l[0]?.dead_count === 1 ? l : undefined;
    });
    // Backoff "50,50": three attempts in all.
    expect(receiver.requests.filter((q) => q.path === "/down")).toHaveLength(3);
    expect(s.status).toBe("active");
    expect(s.dead_deliveries).toEqual([
      { webhook_id: expect.stringMatching(/^msg_/), event: "jupiter_sign_change", attempts: 3, last_status: 500, last_error: "HTTP 500" },
    ]);
    receiver.answer = () => 200;
  });

  it("disables the subscription when the receiver answers 410 Gone", async () => {
    const key = await newKey();
    await subscribe(key, { url: `${receiver.url}/gone`, events: ["mercury_retrograde_start"] });
    receiver.answer = (q) => (q.path === "/gone" ? 410 : 200);
    await checkEvents([{ type: "mercury_retrograde_start", data: {} }]);
    const [s] = await until("disabled", 15_000, async () => {
      const l = await list(key);
      return l[0]?.status === "disabled" ? l : undefined;
    });
    expect(s.disabled_reason).toMatch(/410 Gone/);
    // A disabled subscription gets nothing more.
    const again = await checkEvents([{ type: "mercury_retrograde_start", data: {} }]);
    expect(again.json.deliveries_queued).toBe(0);
    receiver.answer = () => 200;
  });

  it("does not follow redirects: a 302 is a failed attempt and its Location is never called", async () => {
    const key = await newKey();
    await subscribe(key, { url: `${receiver.url}/moved`, events: ["eclipse_solar"] });
    receiver.answer = (q) => (q.path === "/moved" ? { status: 302, headers: { location: `${receiver.url}/elsewhere` } } : 200);
    await checkEvents([{ type: "eclipse_solar", data: {} }]);
    const [s] = await until("dead after redirects", 15_000, async () => {
      const l = await list(key);
      return l[0]?.dead_count === 1 ? l : undefined;
    });
    expect(s.last_error).toBe("HTTP 302");
    expect(receiver.requests.some((q) => q.path === "/elsewhere")).toBe(false);
    receiver.answer = () => 200;
  });

  it("counts a receiver that does not answer within WEBHOOK_TIMEOUT_MS as a failed attempt", async () => {
    const key = await newKey();
    await subscribe(key, { url: `${receiver.url}/slow`, events: ["saturn_sign_change"] });
    receiver.answer = (q) => (q.path === "/slow" ? "hold" : 200);
    await checkEvents([{ type: "saturn_sign_change", data: {} }]);
    const [s] = await until("a timed-out attempt", 15_000, async () => {
      const l = await list(key);
      return l[0]?.failed_attempts >= 1 ? l : undefined;
    });
    expect(s.last_error).toBe("no answer within 1000 ms");
    receiver.answer = () => 200;
    receiver.release(200);
  });

  it("records and queues an event too large for the live bus (NOTIFY's 8000 bytes on PostgreSQL): 200, not 500", async () => {
    const key = await newKey();
    await subscribe(key, { url: `${receiver.url}/big`, events: ["amavasya"] });
    const r = await checkEvents([{ type: "amavasya", data: { note: "x".repeat(20_000) } }]);
    expect(r.status).toBe(200);
    // Bob's amavasya subscription (the listing test) still stands: two in all.
    expect(r.json.deliveries_queued).toBe(2);
    await until("the large delivery", 15_000, () => (receiver.requests.some((q) => q.path === "/big") ? true : undefined));
  });

  it("refuses a CheckEventsRequest with no events, an unknown type or non-object data (422)", async () => {
    expect((await checkEvents([])).status).toBe(422);
    const unknown = await checkEvents([{ type: "full_moon", data: {} }]);
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.json.detail)).toContain("eclipse_lunar");
    expect((await checkEvents([{ type: "purnima", data: "x" }])).status).toBe(422);
    expect((await call("POST", "/admin/check-events", { events: [{ type: "purnima", data: {} }] })).status).toBe(403);
  });
});
