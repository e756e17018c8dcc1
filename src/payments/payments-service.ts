/**
 * The payment methods of one deployment behind one facade (docs/architecture.md §9): checkouts
 * (card through merchant_a or merchant_b, crypto), processor callbacks, Lightning top-ups, promo
 * codes, and the list of methods this deployment offers (for the 402 body). Each adapter is
 * present only when configured; a missing one answers 503 "not configured".
 */
import { actionLimited, takeAction } from "../accounts/action-limits.js";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { findAccountByApiKey, looksLikeApiKey } from "../accounts/api-keys.js";
import type { Clock } from "../accounts/clock.js";
import { creditsText, milliToCredits } from "../accounts/credits.js";
import { isPlanName, PLANS } from "../accounts/plans.js";
import type { CallbackAdapter, CheckoutAdapter, HeaderLookup } from "./adapter.js";
import { cryptoCallback } from "./crypto/crypto-callback.js";
import { cryptoCheckout } from "./crypto/crypto-checkout.js";
import { lightningNode, isPaymentHash, type LightningNode } from "./lightning/lightning-node.js";
import { merchantACallback } from "./merchant-a/merchant-a-callback.js";
import { merchantACheckout } from "./merchant-a/merchant-a-checkout.js";
import { merchantBCallback } from "./merchant-b/merchant-b-callback.js";
import { merchantBCheckout } from "./merchant-b/merchant-b-checkout.js";
import {
  CARD_PACKAGES, centsToDecimal, CHECKOUT_MAX_CREDITS, CHECKOUT_MIN_CREDITS, creditsMilli, LIGHTNING_DEFAULT_SATS,
  LIGHTNING_MAX_SATS, LIGHTNING_MIN_SATS, MILLI_CREDITS_PER_STAR, planPriceCents, SATS_PER_CREDIT, STARS_PACKAGES, usdCentsForCredits,
} from "./money.js";
import {
  attachCheckout, createOrder, findOrderByRef, refundPayment, settlePayment, type PaymentProvider,
} from "./orders.js";
import { invalid, notConfigured, PaymentError } from "./payment-errors.js";
import type { PaymentsConfig } from "./payments-config.js";
import { redeemPromoCode } from "./promo-codes.js";
import { starsBotApi, type StarsBotApi } from "./stars/stars-bot-api.js";
import { handleStarsUpdate, type StarsOutcome } from "./stars/stars-updates.js";


/** Checkout links (orders and processor calls) one account may open per minute. */
export const CHECKOUT_LIMIT_PER_MINUTE = 10;
/** Providers that post callbacks to POST /webhook/{provider} (Lightning is polled, Stars has its own bot update). */
export const CALLBACK_PROVIDERS = ["merchant_a", "merchant_b", "crypto"] as const;

export type PurchaseMethodName = "card" | "crypto" | "lightning" | "stars";

export interface PurchaseMethod {
  method: PurchaseMethodName;
  /** How to buy, one line ("GET …/checkout/{api_key}/{credits} (10–100000 credits)"). */
  how: string;
}

export interface CheckoutInput {
  apiKey: string;
  credits?: number | null;
  plan?: string | null;
  /** Default card. */
  method?: string | null;
}

export interface CheckoutSessionView {
  order_id: string;
  method: "card" | "crypto";
  provider: PaymentProvider;
  credits: number;
  plan: string | null;
  /** Decimal USD built from integer cents ("15.00"). */
  amount_usd: string;
  checkout_url: string;
}

export interface CallbackResult {
  ok: true;
  /** credited, duplicate (a replay: nothing changed), debited (refund), ignored (an event we do not act on). */
  status: "credited" | "duplicate" | "debited" | "ignored" | "not_paid";
  order_id: string | null;
  credits: number | null;
}

export interface LightningInvoiceView {
  payment_hash: string;
  /** The BOLT11 invoice to pay. */
  payment_request: string;
  amount_sats: number;
  credits: number;
  expires_at: string;
}

export interface TopupResult {
  payment_type: "lightning" | "promo";
  credits_added: number;
  new_balance: number | null;
  /** True when this payment had been credited before (a repeated POST /topup adds nothing). */
  already_credited: boolean;
}

export interface PaymentsDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: PaymentsConfig;
  /** Absolute base of our own pages and callbacks (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
}

export class PaymentsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly checkouts = new Map<PaymentProvider, CheckoutAdapter>();
  private readonly callbacks = new Map<PaymentProvider, CallbackAdapter>();
  private readonly node: LightningNode | undefined;
  private readonly starsBot: StarsBotApi | undefined;

  constructor(private readonly deps: PaymentsDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    const c = deps.config;
    if (c.merchantA) {
      this.checkouts.set("merchant_a", merchantACheckout(c.merchantA));
      this.callbacks.set("merchant_a", merchantACallback(c.merchantA));
    }
    if (c.merchantB) {
      this.checkouts.set("merchant_b", merchantBCheckout(c.merchantB));
      this.callbacks.set("merchant_b", merchantBCallback(c.merchantB));
    }
    if (c.crypto) {
      this.checkouts.set("crypto", cryptoCheckout(c.crypto));
      this.callbacks.set("crypto", cryptoCallback(c.crypto));
    }
    this.node = c.lightning ? lightningNode(c.lightning) : undefined;
    this.starsBot = c.stars ? starsBotApi(c.stars) : undefined;
  }

  /** A messaging-webhook update (its secret already checked): Stars pay links, pre-checkout, payments, refunds. */
  async starsUpdate(update: Record<string, unknown>): Promise<StarsOutcome> {
    if (!this.starsBot) return { handled: false };
    return handleStarsUpdate({ db: this.db, clock: this.clock, bot: this.starsBot }, update);
  }

  /**
   * The purchase methods this deployment serves, in the order a buyer would try them. With a
   * `buyer` (the 402 of a caller who cannot pay) every link carries that caller's key and an amount
   * that covers the shortfall (the smallest package or checkout that does), ready to open; without
   * one, the links are templates ({api_key}, {credits}, {stars}).
   */
  offeredMethods(base = "", buyer?: { apiKey: string; shortfallCredits: number }): PurchaseMethod[] {
    const out: PurchaseMethod[] = [];
    const need = Math.max(1, Math.ceil(buyer?.shortfallCredits ?? 0));
    const key = buyer ? encodeURIComponent(buyer.apiKey) : "{api_key}";
    if (this.checkouts.has("merchant_a") || this.checkouts.has("merchant_b")) {
      const pkg = CARD_PACKAGES.find((p) => p >= need) ?? CARD_PACKAGES[CARD_PACKAGES.length - 1];
      out.push({
        method: "card",
        how: buyer
          ? `GET ${base}/checkout/card/${key}/${pkg} (other packages: ${CARD_PACKAGES.join(", ")} credits as the last segment) or POST ${base}/checkout`
          : `GET ${base}/checkout/card/{api_key}/{credits} (packages ${CARD_PACKAGES.join(", ")}) or POST ${base}/checkout`,
      });
    }
    if (this.checkouts.has("crypto")) {
      const credits = Math.min(CHECKOUT_MAX_CREDITS, Math.max(CHECKOUT_MIN_CREDITS, need));
      out.push({
        method: "crypto",
        how: `GET ${base}/checkout/${key}/${buyer ? credits : "{credits}"} (${CHECKOUT_MIN_CREDITS}–${CHECKOUT_MAX_CREDITS} credits)`,
      });
    }
    if (this.node) {
      const sats = Math.min(LIGHTNING_MAX_SATS, Math.max(LIGHTNING_MIN_SATS, need * SATS_PER_CREDIT));
      out.push({
        method: "lightning",
        how: buyer
          ? `POST ${base}/topup/lightning {"amount": ${sats}} (satoshis), pay the invoice, then POST ${base}/topup {payment_hash}`
          : `POST ${base}/topup/lightning, pay the invoice, then POST ${base}/topup {payment_hash}`,
      });
    }
    if (this.deps.config.stars) {
      const stars = STARS_PACKAGES.find((p) => (p * MILLI_CREDITS_PER_STAR) / 1000 >= need) ?? STARS_PACKAGES[STARS_PACKAGES.length - 1];
      out.push({ method: "stars", how: `${this.deps.config.stars.botLink}?start=pay_${buyer ? `${buyer.apiKey}_${stars}` : "{api_key}_{stars}"}` });
    }
    return out;
  }

  /** POST /checkout and the GET /checkout/… paths. */
  async checkout(input: CheckoutInput): Promise<CheckoutSessionView> {
    const method = input.method ?? "card";
    if (method !== "card" && method !== "crypto") throw invalid("method", "method must be card or crypto", method);
    const hasCredits = input.credits !== undefined && input.credits !== null;
    const hasPlan = input.plan !== undefined && input.plan !== null;
    if (hasCredits === hasPlan) throw invalid("credits", "give exactly one of credits or plan");
    let credits: number;
    let plan: string | null = null;
    let cents: number;
    if (hasPlan) {
      if (!isPlanName(input.plan!)) throw invalid("plan", `plan must be one of ${Object.keys(PLANS).join(", ")}`, input.plan);
      plan = input.plan!;
      credits = milliToCredits(PLANS[input.plan! as keyof typeof PLANS].creditsMilli);
      cents = planPriceCents(input.plan! as keyof typeof PLANS);
    } else {
      credits = input.credits!;
      if (!Number.isSafeInteger(credits)) throw invalid("credits", "credits must be an integer", credits);
      if (method === "card" && !(CARD_PACKAGES as readonly number[]).includes(credits)) {
        throw invalid("credits", `card packages are ${CARD_PACKAGES.join(", ")} credits`, credits);
      }
      if (credits < CHECKOUT_MIN_CREDITS || credits > CHECKOUT_MAX_CREDITS) {
        throw invalid("credits", `credits must be ${CHECKOUT_MIN_CREDITS} to ${CHECKOUT_MAX_CREDITS}`, credits);
      }
      cents = usdCentsForCredits(credits);
    }
    const accountId = await this.accountOfKey(input.apiKey);
    // Each checkout is an order and a processor call: limited per account like the keyed top-ups.
    const allowed = await takeAction(this.db, `checkout:${accountId}`, CHECKOUT_LIMIT_PER_MINUTE, 60_000, this.clock());
    if (!allowed.allowed) throw actionLimited(`at most ${CHECKOUT_LIMIT_PER_MINUTE} checkouts a minute per account`, allowed);
    const provider: PaymentProvider | undefined = method === "crypto"
      ? (this.checkouts.has("crypto") ? "crypto" : undefined)
      : (["merchant_a", "merchant_b"] as const).find((p) => this.checkouts.has(p));
    if (!provider) throw notConfigured(method === "crypto" ? "Crypto" : "Card");
    const order = await createOrder(this.db, {
      accountId, provider, kind: plan ? "plan" : "credits", creditsMilli: creditsMilli(credits), plan,
      amountMinor: cents, currency: "USD", now: this.clock(),
    });
    const base = this.deps.publicBaseUrl;
    const session = await this.checkouts.get(provider)!.createCheckout({
      order,
      description: plan ? `${plan} plan: ${creditsText(credits)} a month` : creditsText(credits),
      successUrl: `${base}/payment/success?order_id=${order.id}`,
      cancelUrl: `${base}/payment/cancel?order_id=${order.id}`,
      callbackUrl: `${base}/webhook/${provider}`,
    });
    await attachCheckout(this.db, order.id, session.providerRef, session.url, session.expiresAt);
    return {
      order_id: order.id, method, provider, credits, plan, amount_usd: centsToDecimal(cents), checkout_url: session.url,
    };
  }

  /** POST /webhook/{merchant_a,merchant_b,crypto}: verify over the raw body, then settle or refund. */
  async handleCallback(provider: string, rawBody: string, header: HeaderLookup): Promise<CallbackResult> {
    const adapter = this.callbacks.get(provider as PaymentProvider);
    if (!adapter) {
      // A provider that has callbacks here but no configuration is "not configured" (503); any other
      // name is the caller's mistake, said as it is (issue 22 item 8).
      if ((CALLBACK_PROVIDERS as readonly string[]).includes(provider)) throw notConfigured(provider);
      throw new PaymentError(404, "NOT_FOUND",
        `no payment provider "${provider.slice(0, 40)}" sends callbacks here; callbacks come from ${CALLBACK_PROVIDERS.join(", ")}`,
        { field: "provider" });
    }
    const event = adapter.parseCallback(rawBody, header);
    const now = this.clock();
    if (event.type === "ignored") return { ok: true, status: "ignored", order_id: null, credits: null };
    if (event.type === "refund") {
      const r = await refundPayment(this.db, { provider: adapter.provider, orderId: event.orderId, refundId: event.refundId, now });
      return { ok: true, status: r.status, order_id: event.orderId, credits: r.status === "debited" ? -r.creditsDebited : null };
    }
    const r = await settlePayment(this.db, { provider: adapter.provider, ...event, now });
    return { ok: true, status: r.status, order_id: event.orderId, credits: r.status === "credited" ? r.creditsAdded : null };
  }

  /** POST /topup/lightning: an invoice for `amountSats` (100 sats a credit). */
  async topupLightning(accountId: string, amountSats: number | null | undefined): Promise<LightningInvoiceView> {
    const sats = amountSats ?? LIGHTNING_DEFAULT_SATS;
    if (!Number.isSafeInteger(sats) || sats < LIGHTNING_MIN_SATS || sats > LIGHTNING_MAX_SATS || sats % SATS_PER_CREDIT !== 0) {
      throw invalid("amount", `amount must be ${LIGHTNING_MIN_SATS} to ${LIGHTNING_MAX_SATS} sats, a multiple of ${SATS_PER_CREDIT} (${SATS_PER_CREDIT} sats = 1 credit)`, sats);
    }
    if (!this.node || !this.deps.config.lightning) throw notConfigured("Lightning");
    const credits = sats / SATS_PER_CREDIT;
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.deps.config.lightning.invoiceExpirySeconds * 1000);
    const order = await createOrder(this.db, {
      accountId, provider: "lightning", kind: "credits", creditsMilli: creditsMilli(credits), plan: null,
      amountMinor: sats, currency: "SAT", now, expiresAt,
    });
    const invoice = await this.node.createInvoice(sats, `${creditsText(credits)} (order ${order.id})`);
    await attachCheckout(this.db, order.id, invoice.paymentHash, null, expiresAt);
    return { payment_hash: invoice.paymentHash, payment_request: invoice.paymentRequest, amount_sats: sats, credits, expires_at: expiresAt.toISOString() };
  }

  /** POST /topup: a paid Lightning invoice (asks the node), or a promo code in payment_hash. */
  async topup(accountId: string, paymentHash: string, paymentType: string | null | undefined): Promise<TopupResult> {
    const type = paymentType ?? "lightning";
    if (type === "promo") {
      const r = await redeemPromoCode(this.db, accountId, paymentHash, this.clock());
      return { payment_type: "promo", credits_added: r.credits_added, new_balance: r.new_balance, already_credited: false };
    }
    if (type !== "lightning") throw invalid("payment_type", "payment_type must be lightning or promo", type);
    if (!isPaymentHash(paymentHash)) throw invalid("payment_hash", "payment_hash must be 64 hex characters", paymentHash);
    if (!this.node) throw notConfigured("Lightning");
    const order = await findOrderByRef(this.db, "lightning", paymentHash);
    if (!order || order.account_id !== accountId) {
      throw new PaymentError(404, "NOT_FOUND", "no Lightning invoice of this account has this payment_hash; create one with POST /topup/lightning", { field: "payment_hash" });
    }
    if (order.status === "paid" || order.status === "refunded") {
      return { payment_type: "lightning", credits_added: 0, new_balance: null, already_credited: true };
    }
    const state = await this.node.checkInvoice(paymentHash);
    const now = this.clock();
    if (!state.paid) {
      if (order.expires_at && order.expires_at <= now) {
        await this.db.updateTable("payment_orders").set({ status: "expired" })
          .where("id", "=", order.id).where("status", "=", "pending").execute();
        throw new PaymentError(410, "EXPIRED", `the invoice expired unpaid at ${order.expires_at.toISOString()}; create a new one with POST /topup/lightning`, { field: "payment_hash" });
      }
      throw new PaymentError(402, "NOT_PAID", "the invoice is not paid yet: pay it, then repeat POST /topup with this payment_hash", { field: "payment_hash" });
    }
    const r = await settlePayment(this.db, {
      provider: "lightning", orderId: order.id, paymentId: paymentHash, amountMinor: state.amountSats ?? 0, currency: "SAT", now,
    });
    if (r.status !== "credited") return { payment_type: "lightning", credits_added: 0, new_balance: null, already_credited: true };
    return { payment_type: "lightning", credits_added: r.creditsAdded, new_balance: r.newBalance, already_credited: false };
  }

  /** For the success/cancel pages: the order's state (ids are unguessable; nothing else is shown). */
  async orderStatus(orderId: string): Promise<{ order_id: string; status: string; credits: number; plan: string | null } | null> {
    if (!/^ord_[0-9A-Za-z]{1,64}$/.test(orderId)) return null;
    const o = await this.db.selectFrom("payment_orders").select(["id", "status", "credits_milli", "plan"])
      .where("id", "=", orderId).executeTakeFirst();
    return o ? { order_id: o.id, status: o.status, credits: milliToCredits(o.credits_milli), plan: o.plan } : null;
  }

  private async accountOfKey(apiKey: string): Promise<string> {
    const row = looksLikeApiKey(apiKey) ? await findAccountByApiKey(this.db, apiKey) : undefined;
    if (!row) throw new PaymentError(404, "NOT_FOUND", "no account has this api_key; get one with POST /register", { field: "api_key" });
    return row.id;
  }
}
