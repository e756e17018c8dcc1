/**
 * POST /webhook/merchant_b. Signed with HMAC-SHA256 of the raw body in Merchant-B-Signature.
 * Events (spec: "order.created or subscription payment events"): order.created (a one-time
 * purchase; for a plan order acknowledged only), subscription.payment_succeeded (one plan period,
 * keyed by data.id), order.refunded (debits the order). Our order id is data.custom_data.order_id;
 * the amount is data.totals.total, minor units as a string, with data.currency_code.
 */
import { idText, minorUnits, parseJsonObject, type CallbackAdapter, type CallbackEvent } from "../adapter.js";
import { badSignature, invalid } from "../payment-errors.js";
import { pick } from "../provider-http.js";
import { signatureValid } from "../signature.js";
import { MERCHANT_B_SIGNATURE_HEADER, type MerchantBConfig } from "./merchant-b-config.js";

const HANDLED = new Set(["order.created", "subscription.payment_succeeded", "order.refunded"]);

export function merchantBCallback(config: MerchantBConfig): CallbackAdapter {
  return {
    provider: "merchant_b",
    parseCallback(rawBody, header): CallbackEvent {
      if (!signatureValid("sha256", config.webhookSecret, rawBody, header(MERCHANT_B_SIGNATURE_HEADER))) {
        throw badSignature("merchant_b");
      }
      const body = parseJsonObject(rawBody);
      if (!body) throw invalid("body", "the callback body is not a JSON object");
      const event = String(body.event_type ?? "");
      if (!HANDLED.has(event)) return { type: "ignored", event };
      const orderId = idText(pick(body, "data", "custom_data", "order_id"));
      const id = idText(pick(body, "data", "id"));
      if (!orderId) throw invalid("data.custom_data.order_id", "the callback names no order_id");
      if (!id) throw invalid("data.id", "the callback has no data.id");
      if (event === "order.refunded") return { type: "refund", orderId, refundId: id };
      const amount = minorUnits(pick(body, "data", "totals", "total"));
      const currency = pick(body, "data", "currency_code");
      if (amount === null || typeof currency !== "string") throw invalid("data.totals.total", "the callback has no total and currency_code");
      return { type: "payment", orderId, paymentId: id, amountMinor: amount, currency, planPeriod: event !== "order.created" };
    },
  };
}
