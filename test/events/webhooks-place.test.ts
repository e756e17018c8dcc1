/**
 * Issue 26 item 3: a webhook subscription's place and an astroEvents subscriber's place may be
 * a gazetteer place id (GET /places) instead of latitude/longitude — REST POST
 * /webhooks/subscribe, GraphQL subscribeWebhook and the astroEvents subscription, all through
 * the one civil-input resolution. The stored place is the place's coordinates; an unknown id is
 * refused naming the field, charging nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishedEvent } from "../../src/events/event-bus.js";
import { event, listening, subscribe, type Subscriber } from "../helpers/event-subscriber.js";
import type { Receiver } from "../helpers/https-receiver.js";
import type { TestServer } from "../helpers/server.js";
import { startWebhookTestbed, type WebhookTestbed } from "../helpers/webhook-testbed.js";

const ADMIN_KEY = "admin-key-for-webhook-place-tests";
let testbed: WebhookTestbed;
let server: TestServer;
let receiver: Receiver;
let chennai: { id: string; latitude: number; longitude: number };
const open: Subscriber[] = [];

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, {
    method, headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

async function newKey(credits = 20): Promise<string> {
  const r = await call("POST", "/register", {});
  await call("POST", "/admin/grant-credits", { api_key: r.json.api_key, credits, reason: "webhook place tests" }, { "x-admin-key": ADMIN_KEY });
  return r.json.api_key as string;
}

beforeAll(async () => {
  testbed = await startWebhookTestbed({ ADMIN_KEY });
  ({ server, receiver } = testbed);
  chennai = (await call("GET", "/places?q=chennai&limit=1")).json.places[0];
}, 180_000);

afterAll(async () => {
  await Promise.all(open.map((s) => s.dispose()));
  await testbed?.close();
});

describe("a webhook subscription's place by id", () => {
  it("REST POST /webhooks/subscribe {place} stores the place's coordinates", async () => {
    const key = await newKey();
    const r = await call("POST", "/webhooks/subscribe", { url: `${receiver.url}/p`, events: ["ekadashi"], place: chennai.id }, { "x-api-key": key });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ latitude: chennai.latitude, longitude: chennai.longitude });
  });

  it("GraphQL subscribeWebhook(input: {place}) stores the same coordinates as REST", async () => {
    const key = await newKey();
    const res = await call("POST", "/graphql", {
      query: `mutation { subscribeWebhook(input: { url: "${receiver.url}/g", events: ["purnima"], place: "${chennai.id}" }) { latitude longitude } }`,
    }, { "x-api-key": key });
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.subscribeWebhook).toEqual({ latitude: chennai.latitude, longitude: chennai.longitude });
  });

  it("an unknown place id is refused naming place (REST 422, GraphQL input.place), nothing charged", async () => {
    const key = await newKey();
    const r = await call("POST", "/webhooks/subscribe", { url: `${receiver.url}/x`, events: ["ekadashi"], place: "999999999" }, { "x-api-key": key });
    expect(r.status).toBe(422);
    expect(r.json.detail[0].loc).toEqual(["body", "place"]);
    expect(r.headers.get("x-credits-charged")).toBeNull();
    const g = await call("POST", "/graphql", {
      query: `mutation { subscribeWebhook(input: { url: "${receiver.url}/x", events: ["purnima"], place: "999999999" }) { latitude } }`,
    }, { "x-api-key": key });
    expect(g.json.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "input.place" });
    expect((await call("GET", "/webhooks", undefined, { "x-api-key": key })).json.subscriptions).toEqual([]);
  });
});

describe("astroEvents with a place id", () => {
  it("delivers the event with the location of the place (as latitude/longitude would)", async () => {
    const key = await newKey();
    const query = `subscription ($place: ID) { astroEvents(place: $place) { type data location { latitude longitude timeZone } } }`;
    const sub = subscribe(server.baseUrl, { "X-API-Key": key }, { place: chennai.id }, query);
    open.push(sub);
    const publish = (e: PublishedEvent) => server.app.eventBus.publish(e);
    await listening([sub], publish);
    await publish(event("purnima", { n: 1 }));
    const got = await (async () => {
      for (let i = 0; i < 200; i++) {
        const e = sub.events.find((x) => x.type === "PURNIMA" && x.data?.n === 1);
        if (e) return e;
        await new Promise((r) => setTimeout(r, 25));
      }
      return undefined;
    })();
    expect(sub.errors).toEqual([]);
    expect(got?.location).toEqual({ latitude: chennai.latitude, longitude: chennai.longitude, timeZone: "Asia/Kolkata" });
  });

  it("an unknown place id ends the subscription with BAD_USER_INPUT naming place", async () => {
    const key = await newKey();
    const sub = subscribe(server.baseUrl, { "X-API-Key": key }, { place: "999999999" },
      `subscription ($place: ID) { astroEvents(place: $place) { type } }`);
    open.push(sub);
    await sub.done;
    expect(sub.errors[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "place" });
  });
});
