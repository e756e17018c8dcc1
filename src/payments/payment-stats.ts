/**
 * The financial part of GET /admin/stats that payments add: revenue per purchase method and per
 * UTC day (net of refunds, in each currency's smallest unit: USD cents, satoshis, Stars), and
 * credits sold against credits consumed by requests.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { addMs, utcDay } from "../accounts/clock.js";
import { milliToCredits } from "../accounts/credits.js";
import { LEDGER_PAYMENT_TYPE, type PaymentProvider } from "./orders.js";

/** Days of per-day revenue reported (today included). */
export const REVENUE_DAYS = 90;

interface Money { gross_minor: number; refunded_minor: number; net_minor: number; payments: number; refunds: number }

export interface PaymentFinancials {
  revenue: {
    /** method (card, crypto, lightning, stars) → currency (USD, SAT, XTR) → amounts in minor units. */
    by_method: Record<string, Record<string, Money>>;
    /** The last REVENUE_DAYS UTC days with any payment or refund, oldest first. */
    by_day: { day: string; method: string; currency: string; net_minor: number; payments: number }[];
  };
  /** Credits added by confirmed payments (card, crypto, Lightning, Stars; plan periods included), net of refunds. */
  credits_sold_net: number;
  /** Credits debited by requests (refund debits excluded). */
  credits_consumed: number;
  orders: Record<string, number>;
}

const methodOf = (provider: string): string => LEDGER_PAYMENT_TYPE[provider as PaymentProvider] ?? provider;

export async function paymentFinancials(db: Kysely<Database>, now: Date): Promise<PaymentFinancials> {
  const since = utcDay(addMs(now, -(REVENUE_DAYS - 1) * 86_400_000));
  const [totals, days, consumed, orders] = await Promise.all([
    db.selectFrom("payments").select([
      "provider", "currency",
      sql<number>`coalesce(sum(amount_minor) filter (where kind = 'payment'), 0)::bigint`.as("gross"),
      sql<number>`coalesce(-sum(amount_minor) filter (where kind = 'refund'), 0)::bigint`.as("refunded"),
      sql<number>`count(*) filter (where kind = 'payment')::int`.as("payments"),
      sql<number>`count(*) filter (where kind = 'refund')::int`.as("refunds"),
      sql<number>`coalesce(sum(credits_milli), 0)::bigint`.as("credits"),
    ]).groupBy(["provider", "currency"]).execute(),
    sql<{ day: string; provider: string; currency: string; net: number; payments: number }>`
      select (created_at at time zone 'UTC')::date as day, provider, currency,
             sum(amount_minor)::bigint as net, (count(*) filter (where kind = 'payment'))::int as payments
      from payments where created_at >= ${since}::date
      group by 1, 2, 3 order by 1, 2, 3`.execute(db),
    db.selectFrom("ledger").select(sql<number>`coalesce(-sum(delta_milli), 0)::bigint`.as("milli"))
      .where("delta_milli", "<", 0).where("payment_type", "is", null).executeTakeFirstOrThrow(),
    db.selectFrom("payment_orders").select(["status", sql<number>`count(*)::int`.as("n")]).groupBy("status").execute(),
  ]);

  const byMethod: PaymentFinancials["revenue"]["by_method"] = {};
  let soldMilli = 0;
  for (const t of totals) {
    const method = methodOf(t.provider);
    const cur = (byMethod[method] ??= {});
    const m = (cur[t.currency] ??= { gross_minor: 0, refunded_minor: 0, net_minor: 0, payments: 0, refunds: 0 });
    m.gross_minor += t.gross;
    m.refunded_minor += t.refunded;
    m.net_minor += t.gross - t.refunded;
    m.payments += t.payments;
    m.refunds += t.refunds;
    soldMilli += t.credits;
  }
  const byDay = new Map<string, PaymentFinancials["revenue"]["by_day"][number]>();
  for (const d of days.rows) {
    const method = methodOf(d.provider);
    const key = `${d.day}|${method}|${d.currency}`;
    const row = byDay.get(key) ?? { day: d.day, method, currency: d.currency, net_minor: 0, payments: 0 };
    row.net_minor += d.net;
    row.payments += d.payments;
    byDay.set(key, row);
  }
  return {
    revenue: { by_method: byMethod, by_day: [...byDay.values()] },
    credits_sold_net: milliToCredits(soldMilli),
    credits_consumed: milliToCredits(consumed.milli),
    orders: Object.fromEntries(orders.map((o) => [o.status, o.n])),
  };
}
