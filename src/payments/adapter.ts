/**
 * The two small interfaces every processor adapter implements (docs/architecture.md §9): create
 * a checkout (or invoice) for an order we created, and turn a callback into a verified event.
 */
import type { PaymentOrder } from "../../db/schema.js";
import type { PaymentProvider } from "./orders.js";

export interface CheckoutArgs {
  order: PaymentOrder;
  /** What the buyer sees ("500 credits", "starter plan (monthly)"). */
  description: string;
  /** Our pages and callback, absolute URLs. */
  successUrl: string;
  cancelUrl: string;
  callbackUrl: string;
}

export interface CheckoutSession {
  /** The processor's id of the checkout/invoice. */
  providerRef: string;
  /** The page the buyer pays on. */
  url: string;
  expiresAt?: Date;
}

export interface CheckoutAdapter {
  readonly provider: PaymentProvider;
  createCheckout(args: CheckoutArgs): Promise<CheckoutSession>;
}

/** A callback after its signature was verified. */
export type CallbackEvent =
  | { type: "payment"; orderId: string; paymentId: string; amountMinor: number; currency: string; planPeriod?: boolean }
  | { type: "refund"; orderId: string; refundId: string }
  | { type: "ignored"; event: string };

export type HeaderLookup = (name: string) => string | undefined;

export interface CallbackAdapter {
  readonly provider: PaymentProvider;
  /** Verifies the signature over the raw body first (401 otherwise), then parses. */
  parseCallback(rawBody: string, header: HeaderLookup): CallbackEvent;
}

/** The JSON of a verified body; a signed body that is not a JSON object is a 422. */
export function parseJsonObject(rawBody: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(rawBody) as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A non-negative safe integer from a JSON number or a digit string (amounts in minor units). */
export function minorUnits(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export const idText = (v: unknown): string | null =>
  (typeof v === "string" && v.length > 0 && v.length <= 200) || (typeof v === "number" && Number.isSafeInteger(v)) ? String(v) : null;
