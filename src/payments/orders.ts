/**
 * Orders and their settlement (docs/architecture.md §9). We create an order before sending the
 * buyer to a processor; a verified callback (or the Lightning node) then confirms a payment for
 * that order, and only then are credits added — the credits and the price are the order's, never
 * figures from the callback. Settling locks the order row and credits through the ledger with a
 * unique reference, so replays, including concurrent ones, credit exactly once.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, PaymentOrder } from "../../db/schema.js";
import { milliToCredits } from "../accounts/credits.js";
import { LedgerError } from "../accounts/errors.js";
import { creditInTransaction, mapDuplicateReference } from "../accounts/ledger.js";
import { activatePlanInTransaction } from "../accounts/plans.js";
import { randomBase62 } from "../accounts/secrets.js";
import { PaymentError } from "./payment-errors.js";

export type PaymentProvider = "merchant_a" | "merchant_b" | "crypto" | "lightning" | "stars";

/** The ledger's payment_type of each provider (card processors are both "card"). */
export const LEDGER_PAYMENT_TYPE: Readonly<Record<PaymentProvider, string>> = {
  merchant_a: "card", merchant_b: "card", crypto: "crypto", lightning: "lightning", stars: "stars",
};

export interface NewOrder {
  accountId: string;
  provider: PaymentProvider;
  kind: "credits" | "plan";
  creditsMilli: number;
  plan: string | null;
  amountMinor: number;
  currency: string;
  now: Date;
  expiresAt?: Date | null;
}

/** "ord_" + 24 base62 characters. */
export const newOrderId = (): string => "ord_" + randomBase62(24);

export async function createOrder(db: Kysely<Database>, o: NewOrder): Promise<PaymentOrder> {
  return db.insertInto("payment_orders").values({
    id: newOrderId(), account_id: o.accountId, provider: o.provider, kind: o.kind, credits_milli: o.creditsMilli,
    plan: o.plan, amount_minor: o.amountMinor, currency: o.currency, provider_ref: null, checkout_url: null,
    created_at: o.now, expires_at: o.expiresAt ?? null, paid_at: null,
  }).returningAll().executeTakeFirstOrThrow();
}

/** Records the processor's checkout/invoice id and page once it has answered. */
export async function attachCheckout(
  db: Kysely<Database>, orderId: string, providerRef: string, checkoutUrl: string | null, expiresAt?: Date | null,
): Promise<void> {
  await db.updateTable("payment_orders")
    .set({ provider_ref: providerRef, checkout_url: checkoutUrl, ...(expiresAt ? { expires_at: expiresAt } : {}) })
    .where("id", "=", orderId).execute();
}

export async function findOrderByRef(db: Kysely<Database>, provider: PaymentProvider, providerRef: string): Promise<PaymentOrder | undefined> {
  return db.selectFrom("payment_orders").selectAll()
    .where("provider", "=", provider).where("provider_ref", "=", providerRef).executeTakeFirst();
}

/** What a processor confirmed as paid, after its signature (or its node) was verified. */
export interface ConfirmedPayment {
  provider: PaymentProvider;
  /** Our order id, as the processor echoed it (custom data, order_id, invoice payload). */
  orderId: string;
  /**
   * The processor's unique id of this payment (order id, invoice id, charge id). A one-time
   * order credits once whatever the id; a plan credits once per distinct id (one per period).
   */
  paymentId: string;
  /** Amount the processor says was paid, smallest unit of `currency`. */
  amountMinor: number;
  currency: string;
  /**
   * Whether this payment pays a plan period. A card processor also announces the first order of
   * a subscription (merchant_a order_created) besides its first subscription payment; only the
   * latter may start a period, or the first month would be credited twice. Default true.
   */
  planPeriod?: boolean;
  now: Date;
}

export type SettleOutcome =
  | { status: "credited"; accountId: string; orderId: string; creditsAdded: number; newBalance: number; planExpiresAt: string | null }
  | { status: "duplicate" | "ignored"; accountId: string; orderId: string };

const unknownOrder = (provider: string, orderId: string) =>
  new PaymentError(404, "NOT_FOUND", `no ${provider} order ${JSON.stringify(orderId)} was created by this service; nothing was credited`,
    { field: "order_id" });

/** The ledger reference of a payment: one per one-time order, one per processor payment of a plan. */
function referenceOf(order: PaymentOrder, p: ConfirmedPayment): string {
  return order.kind === "credits" ? `${p.provider}:order:${order.id}` : `${p.provider}:payment:${p.paymentId}`;
}

/**
 * Credits a confirmed payment to the order's account: the order's credits (or one plan period),
 * provided the processor confirms at least the order's price in the order's currency. A replay
 * answers "duplicate" and changes nothing. Unknown order → 404; underpayment or another
 * currency → 422 AMOUNT_MISMATCH, nothing credited.
 */
export async function settlePayment(db: Kysely<Database>, p: ConfirmedPayment): Promise<SettleOutcome> {
  let reference: string | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, p.provider, p.orderId);
      reference = referenceOf(order, p);
      const replay = { status: "duplicate" as const, accountId: order.account_id, orderId: order.id };
      if (order.kind === "credits" && (order.status === "paid" || order.status === "refunded")) return replay;
      if (order.kind === "plan" && p.planPeriod === false) return { ...replay, status: "ignored" as const };
      if (await trx.selectFrom("payments").select("id").where("reference", "=", reference).executeTakeFirst()) return replay;
      if (p.currency.toUpperCase() !== order.currency.toUpperCase() || !Number.isSafeInteger(p.amountMinor)
        || p.amountMinor < order.amount_minor) {
        throw new PaymentError(422, "AMOUNT_MISMATCH",
          `${p.provider} confirmed ${p.amountMinor} ${p.currency} for order ${order.id}, which costs ${order.amount_minor} ` +
          `${order.currency}; nothing was credited`, { field: "amount" });
      }
      const paymentType = LEDGER_PAYMENT_TYPE[p.provider];
      let balanceMilli: number;
      let planExpiresAt: string | null = null;
      if (order.kind === "plan") {
        const r = await activatePlanInTransaction(trx, {
          accountId: order.account_id, plan: order.plan ?? "", reference, paymentType, now: p.now,
        });
        balanceMilli = Math.round(r.new_balance * 1000);
        planExpiresAt = r.plan_expires_at;
      } else {
        const r = await creditInTransaction(trx, {
          accountId: order.account_id, deltaMilli: order.credits_milli, reason: `${p.provider} order ${order.id}`,
          reference, paymentType, now: p.now,
        });
        balanceMilli = r.balanceMilli;
      }
      await trx.insertInto("payments").values({
        order_id: order.id, account_id: order.account_id, provider: p.provider, kind: "payment", reference,
        amount_minor: p.amountMinor, currency: order.currency, credits_milli: order.credits_milli, created_at: p.now,
      }).execute();
      await trx.updateTable("payment_orders").set({ status: "paid", paid_at: order.paid_at ?? p.now })
        .where("id", "=", order.id).execute();
      return {
        status: "credited" as const, accountId: order.account_id, orderId: order.id,
        creditsAdded: milliToCredits(order.credits_milli), newBalance: milliToCredits(balanceMilli), planExpiresAt,
      };
    });
  } catch (err) {
    return asDuplicate(err, reference, p);
  }
}

export interface ConfirmedRefund {
  provider: PaymentProvider;
  orderId: string;
  /** The processor's id of the refund/chargeback. */
  refundId: string;
  now: Date;
}

export type RefundOutcome =
  | { status: "debited"; accountId: string; orderId: string; creditsDebited: number; newBalance: number }
  | { status: "duplicate" | "not_paid"; accountId: string; orderId: string };

/**
 * A refund or chargeback of a paid order debits what the order credited (the balance may go
 * negative; calls then answer 402). Once per order: the ledger reference is the order's.
 */
export async function refundPayment(db: Kysely<Database>, r: ConfirmedRefund): Promise<RefundOutcome> {
  const reference = `${r.provider}:refund:${r.orderId}`;
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, r.provider, r.orderId);
      const base = { accountId: order.account_id, orderId: order.id };
      if (order.status === "refunded") return { status: "duplicate" as const, ...base };
      if (order.status !== "paid") return { status: "not_paid" as const, ...base };
      const updated = await trx.updateTable("accounts")
        .set((eb) => ({ balance_milli: eb("balance_milli", "-", order.credits_milli) }))
        .where("id", "=", order.account_id).returning(["balance_milli"]).executeTakeFirstOrThrow();
      await trx.insertInto("ledger").values({
        account_id: order.account_id, delta_milli: -order.credits_milli, reason: `${r.provider} refund ${r.refundId} of order ${order.id}`,
        reference, payment_type: "refund", balance_after_milli: updated.balance_milli, created_at: r.now,
      }).execute();
      await trx.insertInto("payments").values({
        order_id: order.id, account_id: order.account_id, provider: r.provider, kind: "refund", reference,
        amount_minor: -order.amount_minor, currency: order.currency, credits_milli: -order.credits_milli, created_at: r.now,
      }).execute();
      await trx.updateTable("payment_orders").set({ status: "refunded" }).where("id", "=", order.id).execute();
      return { status: "debited" as const, ...base, creditsDebited: milliToCredits(order.credits_milli), newBalance: milliToCredits(updated.balance_milli) };
    });
  } catch (err) {
    const mapped = mapDuplicateReference(err, reference);
    if (mapped instanceof LedgerError && mapped.code === "DUPLICATE_REFERENCE") {
      return { status: "duplicate", accountId: "", orderId: r.orderId };
    }
    throw mapped;
  }
}

async function lockOrder(trx: Transaction<Database>, provider: PaymentProvider, orderId: string): Promise<PaymentOrder> {
  const order = /^ord_[0-9A-Za-z]{1,64}$/.test(orderId)
    ? await trx.selectFrom("payment_orders").selectAll().where("id", "=", orderId).where("provider", "=", provider)
      .forUpdate().executeTakeFirst()
    : undefined;
  if (!order) throw unknownOrder(provider, orderId);
  return order;
}

/** A concurrent first use lost the unique-index race (or met the 409 of a used reference): a replay. */
async function asDuplicate(err: unknown, reference: string | null, p: ConfirmedPayment): Promise<SettleOutcome> {
  const mapped = mapDuplicateReference(err, reference);
  if (mapped instanceof LedgerError && mapped.code === "DUPLICATE_REFERENCE") {
    return { status: "duplicate", accountId: "", orderId: p.orderId };
  }
  throw mapped;
}
