/**
 * Graceful shutdown: closing the app stops the scheduler and the delivery worker; an attempt in
 * flight is waited for and its outcome recorded (or, cut short, its row stays claimable).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../helpers/built-service.js";
import type { Receiver } from "../helpers/https-receiver.js";
import { postJson, type TestServer } from "../helpers/server.js";
import { startWebhookTestbed, type WebhookTestbed } from "../helpers/webhook-testbed.js";

const ADMIN_KEY = "admin-key-for-shutdown-test-0123";
let testbed: WebhookTestbed;
let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  testbed = await startWebhookTestbed({ ADMIN_KEY });
  ({ server, receiver } = testbed);
}, 60_000);

afterAll(() => testbed?.close());

describe("app close", () => {
  it("waits for the delivery in flight, records it, and claims nothing afterwards", async () => {
    const key = (await postJson(server.baseUrl, "/register", {})).body.api_key as string;
    const sub = await postJson(server.baseUrl, "/webhooks/subscribe", { url: `${receiver.url}/held`, events: ["ekadashi"] }, { "x-api-key": key });
    expect(sub.status).toBe(200);
    receiver.answer = () => "hold";
    await postJson(server.baseUrl, "/admin/check-events", { events: [{ type: "ekadashi", data: {} }] }, { "x-admin-key": ADMIN_KEY });
    await until("the delivery in flight", 10_000, () => (receiver.requests.length === 1 ? true : undefined));

    let closed = false;
    const closing = server.app.close().then(() => (closed = true));
    // Close stops the HTTP listener first, then stops the worker, which must wait for the attempt
    // in flight: once the listener refuses connections, close is past its first step and still
    // waiting (a worker that did not wait would have let it finish by now).
    await until("the listener closed", 10_000, async () => {
      try {
        await fetch(`${server.baseUrl}/health`, { headers: { connection: "close" } });
        return undefined;
      } catch {
        return true;
      }
    });
    expect(closed).toBe(false);
    receiver.release(200);
    await closing;

    const row = await server.database.db.selectFrom("webhook_deliveries").select(["status", "attempts"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "delivered", attempts: 1 });
    // A new due delivery is not picked up by the stopped worker.
    const db = server.database.db;
    const ev = await db.insertInto("events").values({
      type: "ekadashi", source: "submitted", instant: null, submission_key: "evs_after_close", data: "{}", due_at: new Date(), emitted_at: new Date(), created_at: new Date(),
    }).returning("id").executeTakeFirstOrThrow();
    const dueAt = new Date();
    await db.insertInto("webhook_deliveries").values({
      webhook_id: "msg_after_close", subscription_id: sub.body.subscription_id, event_id: ev.id, next_attempt_at: dueAt, created_at: new Date(),
    }).execute();
    // No event marks a claim that does not happen: this is a timed window of 6 poll periods (50 ms),
    // after which the row must be untouched — a claim would have leased it (moved next_attempt_at).
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests).toHaveLength(1);
    const after = await db.selectFrom("webhook_deliveries").select(["attempts", "next_attempt_at", "status"])
      .where("webhook_id", "=", "msg_after_close").executeTakeFirstOrThrow();
    expect(after.attempts).toBe(0);
    expect(after.next_attempt_at.getTime()).toBe(dueAt.getTime());
  });
});
