/**
 * The two delivery signatures against independent references: the Standard Webhooks example
 * vector (standardwebhooks.com specification, "Signature scheme" example: secret, msg id,
 * timestamp, payload → v1 signature) and the spec's sha256=<hex> rule recomputed by hand.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deliveryHeaders, newSigningSecret, specSignature, standardSignature } from "../../src/events/webhook-signing.js";

describe("webhook signatures", () => {
  it("webhook-signature matches the Standard Webhooks example vector", () => {
    expect(standardSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}'))
      .toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("X-Webhook-Signature is sha256= and the hex HMAC-SHA256 of the body keyed by the subscription_id", () => {
    const body = '{"subscription_id":"sub_x","event":"purnima","data":{},"delivered_at":"2030-01-01T00:00:00.000Z"}';
    expect(specSignature("sub_x", body)).toBe("sha256=" + createHmac("sha256", "sub_x").update(body).digest("hex"));
    expect(specSignature("sub_x", body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("a new secret is whsec_ and 24 random bytes; the headers carry id, timestamp and both signatures", () => {
    const secret = newSigningSecret();
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(newSigningSecret()).not.toBe(secret);
    const h = deliveryHeaders({ subscriptionId: "sub_x", secret, webhookId: "msg_1", timestampSeconds: 1_900_000_000, body: "{}" });
    expect(h).toEqual({
      "content-type": "application/json", "x-webhook-signature": specSignature("sub_x", "{}"), "webhook-id": "msg_1",
      "webhook-timestamp": "1900000000", "webhook-signature": standardSignature(secret, "msg_1", 1_900_000_000, "{}"),
    });
  });
});
