/**
 * POST /webhook/crypto: the processor's instant payment notification, HMAC-SHA512 of the raw body
 * in X-Nowpayments-Sig. payment_status "finished" credits the order (the processor confirms the
 * invoice's price_amount in price_currency as paid in full). "partially_paid" — an underpayment —
 * credits nothing: we sell whole orders, not pro rata (the processor's own resolution, a top-up
 * or a refund, follows; an operator may grant the part with POST /admin/grant-credits).
 * "refunded" debits a paid order. Every other status (waiting, confirming, …) is acknowledged only.
 */
import { idText, parseJsonObject, type CallbackAdapter, type CallbackEvent } from "../adapter.js";
import { decimalToCents } from "../money.js";
import { badSignature, invalid } from "../payment-errors.js";
import { signatureValid } from "../signature.js";
import { CRYPTO_SIGNATURE_HEADER, type CryptoConfig } from "./crypto-config.js";

export function cryptoCallback(config: CryptoConfig): CallbackAdapter {
  return {
    provider: "crypto",
    parseCallback(rawBody, header): CallbackEvent {
      if (!signatureValid("sha512", config.ipnSecret, rawBody, header(CRYPTO_SIGNATURE_HEADER))) throw badSignature("crypto");
      const body = parseJsonObject(rawBody);
      if (!body) throw invalid("body", "the IPN body is not a JSON object");
      const status = String(body.payment_status ?? "");
      if (status !== "finished" && status !== "refunded") return { type: "ignored", event: status };
      const orderId = idText(body.order_id);
      const paymentId = idText(body.payment_id);
      if (!orderId) throw invalid("order_id", "the IPN names no order_id");
      if (!paymentId) throw invalid("payment_id", "the IPN has no payment_id");
      if (status === "refunded") return { type: "refund", orderId, refundId: paymentId };
      const cents = decimalToCents(body.price_amount);
      const currency = body.price_currency;
      if (cents === null || typeof currency !== "string") throw invalid("price_amount", "the IPN has no price_amount and price_currency");
      return { type: "payment", orderId, paymentId, amountMinor: cents, currency };
    },
  };
}
