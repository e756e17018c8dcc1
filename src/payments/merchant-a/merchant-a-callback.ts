/**
 * POST /webhook/merchant_a. Signed with HMAC-SHA256 of the raw body (hex) in X-Signature.
 * Events: order_created (a one-time purchase paid; for a plan order only acknowledged, since
 * the subscription's first payment arrives as subscription_payment_success), subscription_payment_success
 * (one plan period, keyed by the invoice id), order_refunded (debits the order). Our order id
 * travels in meta.custom_data.order_id; amounts are `total` in cents with `currency`.
 */
import { idText, minorUnits, parseJsonObject, type CallbackAdapter, type CallbackEvent } from "../adapter.js";
import { badSignature, invalid } from "../payment-errors.js";
import { pick } from "../provider-http.js";
import { signatureValid } from "../signature.js";
import { MERCHANT_A_SIGNATURE_HEADER, type MerchantAConfig } from "./merchant-a-config.js";

export function merchantACallback(config: MerchantAConfig): CallbackAdapter {
  return {
    provider: "merchant_a",
    parseCallback(rawBody, header): CallbackEvent {
      if (!signatureValid("sha256", config.webhookSecret, rawBody, header(MERCHANT_A_SIGNATURE_HEADER))) {
        throw badSignature("merchant_a");
      }
      const body = parseJsonObject(rawBody);
      if (!body) throw invalid("body", "the callback body is not a JSON object");
      const event = String(pick(body, "meta", "event_name") ?? "");
      const orderId = idText(pick(body, "meta", "custom_data", "order_id"));
      const id = idText(pick(body, "data", "id"));
      if (event !== "order_created" && event !== "subscription_payment_success" && event !== "order_refunded") {
        return { type: "ignored", event };
      }
      if (!orderId) throw invalid("meta.custom_data.order_id", "the callback names no order_id");
      if (!id) throw invalid("data.id", "the callback has no data.id");
      if (event === "order_refunded") return { type: "refund", orderId, refundId: id };
      const status = pick(body, "data", "attributes", "status");
      if (status !== "paid") return { type: "ignored", event: `${event}:${String(status)}` };
      const amount = minorUnits(pick(body, "data", "attributes", "total"));
      const currency = pick(body, "data", "attributes", "currency");
      if (amount === null || typeof currency !== "string") throw invalid("data.attributes.total", "the callback has no total and currency");
      return {
        type: "payment", orderId, paymentId: id, amountMinor: amount, currency,
        planPeriod: event === "subscription_payment_success",
      };
    },
  };
}
