/**
 * The two signatures every delivery carries (docs/architecture.md §8):
 * - the specification's `X-Webhook-Signature: sha256=<hex HMAC-SHA256(raw body, key = subscription_id)>`;
 * - Standard Webhooks (standardwebhooks.com, "Signature scheme"): `webhook-signature:
 *   v1,<base64 HMAC-SHA256(key = base64-decoded secret, "<webhook-id>.<webhook-timestamp>.<body>")>`,
 *   with the per-subscription secret `whsec_<base64>`, so a receiver can also reject replays
 *   by the timestamp and duplicates by the id.
 */
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";

/** A fresh signing secret: 24 random bytes, base64, with the Standard Webhooks prefix. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString("base64");
}

/** The specification's signature header value for `body`. */
export function specSignature(subscriptionId: string, body: string): string {
  return "sha256=" + createHmac("sha256", subscriptionId).update(body, "utf8").digest("hex");
}

/** The Standard Webhooks `webhook-signature` value. */
export function standardSignature(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const mac = createHmac("sha256", key).update(`${webhookId}.${timestampSeconds}.${body}`, "utf8").digest("base64");
  return `v1,${mac}`;
}

/** All signing headers of one attempt. */
export function deliveryHeaders(args: {
  subscriptionId: string; secret: string; webhookId: string; timestampSeconds: number; body: string;
}): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-webhook-signature": specSignature(args.subscriptionId, args.body),
    "webhook-id": args.webhookId,
    "webhook-timestamp": String(args.timestampSeconds),
    "webhook-signature": standardSignature(args.secret, args.webhookId, args.timestampSeconds, args.body),
  };
}
