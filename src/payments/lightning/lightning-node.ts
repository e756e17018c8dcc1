/**
 * A Lightning node's wallet API in the LNbits style (LNbits API docs, /api/v1/payments):
 * create an incoming invoice — POST /api/v1/payments {out: false, amount (sats), memo, expiry}
 * with X-Api-Key → {payment_hash, payment_request}; check it — GET /api/v1/payments/{payment_hash}
 * → {paid, details: {amount (millisatoshis)}}. Nothing is pushed to us: POST /topup asks the node.
 */
import { minorUnits } from "../adapter.js";
import { upstreamFailed } from "../payment-errors.js";
import { pick, providerJson } from "../provider-http.js";
import type { LightningConfig } from "./lightning-config.js";

export interface LightningInvoice {
  paymentHash: string;
  /** BOLT11 invoice text. */
  paymentRequest: string;
}

export interface LightningInvoiceState {
  paid: boolean;
  /** Amount the node says the invoice is for/received, satoshis (null if it does not say). */
  amountSats: number | null;
}

export interface LightningNode {
  createInvoice(amountSats: number, memo: string): Promise<LightningInvoice>;
  checkInvoice(paymentHash: string): Promise<LightningInvoiceState>;
}

const HASH = /^[0-9a-f]{64}$/;

export function lightningNode(config: LightningConfig): LightningNode {
  const headers = { "x-api-key": config.apiKey };
  return {
    async createInvoice(amountSats, memo) {
      const answer = await providerJson({
        provider: "lightning", method: "POST", url: `${config.apiBase}/api/v1/payments`, headers,
        body: { out: false, amount: amountSats, memo, expiry: config.invoiceExpirySeconds },
      });
      const hash = answer.payment_hash;
      const request = answer.payment_request ?? answer.bolt11;
      if (typeof hash !== "string" || !HASH.test(hash) || typeof request !== "string") {
        throw upstreamFailed("lightning", "no payment_hash or payment_request");
      }
      return { paymentHash: hash, paymentRequest: request };
    },
    async checkInvoice(paymentHash) {
      const answer = await providerJson({
        provider: "lightning", method: "GET", url: `${config.apiBase}/api/v1/payments/${encodeURIComponent(paymentHash)}`, headers,
      });
      const msat = minorUnits(pick(answer, "details", "amount"));
      return { paid: answer.paid === true, amountSats: msat === null ? null : Math.floor(msat / 1000) };
    },
  };
}

export const isPaymentHash = (s: string): boolean => HASH.test(s);
