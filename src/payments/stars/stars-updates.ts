/**
 * Stars payments inside the messaging webhook (spec, Authentication 6: the deep link
 * {messenger_link}?start=pay_{api_key}_{stars}; "credits are added instantly"). The webhook's
 * secret header has been checked by the caller. Three updates matter:
 * - "/start pay_<api_key>_<stars>": an order for a Stars package, and an XTR invoice sent to that chat;
 * - pre_checkout_query: answered ok only for a pending order of exactly that amount;
 * - message.successful_payment: settles the order (once per telegram_payment_charge_id; the
 *   credits are the order's: 0.5 credit a Star); message.refunded_payment debits it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.js";
import { findAccountByApiKey, looksLikeApiKey } from "../../accounts/api-keys.js";
import type { Clock } from "../../accounts/clock.js";
import { idText, minorUnits } from "../adapter.js";
import { MILLI_CREDITS_PER_STAR, STARS_PACKAGES } from "../money.js";
import { createOrder, refundPayment, settlePayment } from "../orders.js";
import { pick } from "../provider-http.js";
import type { StarsBotApi } from "./stars-bot-api.js";
import { STARS_CURRENCY } from "./stars-config.js";
import { creditsText } from "../../accounts/credits.js";

/** "/start pay_<api_key>_<stars>"; the key's own characters never include "_" after its prefix. */
const START_PAY = /^\/start(?:@\w+)?\s+pay_(vas_live_[0-9A-Za-z]+)_(\d{1,6})$/;

export interface StarsOutcome {
  handled: boolean;
  /** What happened, for the webhook's answer and the logs. */
  action?: "invoice_sent" | "refused" | "pre_checkout_ok" | "pre_checkout_refused" | "credited" | "duplicate" | "debited";
}

export async function handleStarsUpdate(
  deps: { db: Kysely<Database>; clock: Clock; bot: StarsBotApi }, update: Record<string, unknown>,
): Promise<StarsOutcome> {
  const { db, bot } = deps;
  const query = update.pre_checkout_query;
  if (query && typeof query === "object") {
    const id = idText(pick(query, "id"));
    if (!id) return { handled: false };
    const orderId = String(pick(query, "invoice_payload") ?? "");
    const amount = minorUnits(pick(query, "total_amount"));
    const order = /^ord_[0-9A-Za-z]{1,64}$/.test(orderId)
      ? await db.selectFrom("payment_orders").selectAll().where("id", "=", orderId).where("provider", "=", "stars").executeTakeFirst()
      : undefined;
    const ok = !!order && order.status === "pending" && amount === order.amount_minor && pick(query, "currency") === STARS_CURRENCY;
    await bot.answerPreCheckoutQuery(id, ok, ok ? undefined : "This invoice is no longer valid; open the payment link again.");
    return { handled: true, action: ok ? "pre_checkout_ok" : "pre_checkout_refused" };
  }

  const message = update.message;
  if (!message || typeof message !== "object") return { handled: false };
  const chatId = pick(message, "chat", "id");
  const paid = pick(message, "successful_payment");
  if (paid && typeof paid === "object") {
    const r = await settlePayment(db, {
      provider: "stars", orderId: String(pick(paid, "invoice_payload") ?? ""),
      paymentId: String(pick(paid, "telegram_payment_charge_id") ?? ""), amountMinor: minorUnits(pick(paid, "total_amount")) ?? 0,
      currency: String(pick(paid, "currency") ?? ""), now: deps.clock(),
    });
    if (r.status === "credited" && typeof chatId === "number") {
      await bot.sendMessage(chatId, `Payment received: ${creditsText(r.creditsAdded)} added. Your balance is ${creditsText(r.newBalance)}.`).catch(() => undefined);
    }
    return { handled: true, action: r.status === "credited" ? "credited" : "duplicate" };
  }
  const refunded = pick(message, "refunded_payment");
  if (refunded && typeof refunded === "object") {
    const r = await refundPayment(db, {
      provider: "stars", orderId: String(pick(refunded, "invoice_payload") ?? ""),
      refundId: String(pick(refunded, "telegram_payment_charge_id") ?? ""), now: deps.clock(),
    });
    return { handled: true, action: r.status === "debited" ? "debited" : "duplicate" };
  }

  const text = pick(message, "text");
  const m = typeof text === "string" ? START_PAY.exec(text.trim()) : null;
  if (!m || typeof chatId !== "number") return { handled: false };
  const [, apiKey, starsText] = m as unknown as [string, string, string];
  const stars = Number(starsText);
  const account = looksLikeApiKey(apiKey) ? await findAccountByApiKey(db, apiKey) : undefined;
  if (!account || !(STARS_PACKAGES as readonly number[]).includes(stars)) {
    await bot.sendMessage(chatId, account
      ? `Stars packages are ${STARS_PACKAGES.join(", ")} Stars; open a link with one of them.`
      : "This payment link names no known API key. Get a key with POST /register.");
    return { handled: true, action: "refused" };
  }
  const credits = (stars * MILLI_CREDITS_PER_STAR) / 1000;
  const order = await createOrder(db, {
    accountId: account.id, provider: "stars", kind: "credits", creditsMilli: stars * MILLI_CREDITS_PER_STAR, plan: null,
    amountMinor: stars, currency: STARS_CURRENCY, now: deps.clock(),
  });
  await bot.sendInvoice(chatId, { title: creditsText(credits), description: `${credits} API ${credits === 1 ? "credit" : "credits"} for ${stars} Stars`, payload: order.id, stars });
  return { handled: true, action: "invoice_sent" };
}
