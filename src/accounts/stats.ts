/**
 * Figures for GET /admin/stats, computed from the ledger, the daily usage rows and the accounts
 * (the "system" part — uptime, memory, database — is the server's).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { utcDay } from "./clock.js";
import { milliToCredits } from "./credits.js";

/** Payment types that mean money came in (everything else credited is a grant). */
const SOLD_PAYMENT_TYPES = ["usdc", "card", "crypto", "lightning", "stars"];

export interface AccountStats {
  financials: {
    /** Credits bought (purchase payment types). */
    credits_sold: number;
    /** Credits given without payment (manual, promo, refund …). */
    credits_granted: number;
    /** Credits debited by requests. */
    credits_spent: number;
    /** Credits added per payment type. */
    by_payment_type: Record<string, number>;
    /** Sum of all balances now. */
    outstanding_balance: number;
  };
  usage: {
    requests_today: number;
    requests_total: number;
    /** Requests per endpoint, all days. */
    by_endpoint: Record<string, number>;
    /** Requests per endpoint, today (UTC). */
    by_endpoint_today: Record<string, number>;
  };
  clients: {
    accounts_total: number;
    /** Accounts per tier (free, paid, starter, pro …). */
    by_tier: Record<string, number>;
    /** Accounts per status (anonymous, pending, verified). */
    by_status: Record<string, number>;
    /** Accounts with at least one request today (UTC). */
    active_today: number;
  };
}

export async function accountStats(db: Kysely<Database>, now: Date): Promise<AccountStats> {
  const today = utcDay(now);
  const [credits, spent, usage, endpoints, tiers, statuses, balances] = await Promise.all([
    db.selectFrom("ledger")
      .select(["payment_type", sql<number>`sum(delta_milli)::bigint`.as("milli")])
      .where("delta_milli", ">", 0)
      .groupBy("payment_type")
      .execute(),
    // Request debits only (payment_type null): a refund's debit is not spending.
    db.selectFrom("ledger").select(sql<number>`coalesce(-sum(delta_milli), 0)::bigint`.as("milli"))
      .where("delta_milli", "<", 0).where("payment_type", "is", null).executeTakeFirstOrThrow(),
    db.selectFrom("usage_daily").select([
      sql<number>`coalesce(sum(requests), 0)::bigint`.as("total"),
      sql<number>`coalesce(sum(requests) filter (where day = ${today}::date), 0)::bigint`.as("today"),
      sql<number>`count(*) filter (where day = ${today}::date and requests > 0)`.as("active"),
    ]).executeTakeFirstOrThrow(),
    sql<{ endpoint: string; total: number; today: number }>`
      select e.key as endpoint, sum(e.value::bigint)::bigint as total,
             coalesce(sum(e.value::bigint) filter (where u.day = ${today}::date), 0)::bigint as today
      from usage_daily u, jsonb_each_text(u.endpoints) e
      group by e.key order by e.key`.execute(db),
    db.selectFrom("accounts").select(["tier", sql<number>`count(*)`.as("n")]).groupBy("tier").execute(),
    db.selectFrom("accounts").select(["status", sql<number>`count(*)`.as("n")]).groupBy("status").execute(),
    db.selectFrom("accounts").select([
      sql<number>`count(*)`.as("n"), sql<number>`coalesce(sum(balance_milli), 0)::bigint`.as("milli"),
    ]).executeTakeFirstOrThrow(),
  ]);

  const byPaymentType: Record<string, number> = {};
  let soldMilli = 0;
  let grantedMilli = 0;
  for (const row of credits) {
    const type = row.payment_type ?? "unspecified";
    byPaymentType[type] = milliToCredits(row.milli);
    if (SOLD_PAYMENT_TYPES.includes(type)) soldMilli += row.milli;
    else grantedMilli += row.milli;
  }
  const byEndpoint: Record<string, number> = {};
  const byEndpointToday: Record<string, number> = {};
  for (const row of endpoints.rows) {
    byEndpoint[row.endpoint] = row.total;
    if (row.today > 0) byEndpointToday[row.endpoint] = row.today;
  }
  return {
    financials: {
      credits_sold: milliToCredits(soldMilli),
      credits_granted: milliToCredits(grantedMilli),
      credits_spent: milliToCredits(spent.milli),
      by_payment_type: byPaymentType,
      outstanding_balance: milliToCredits(balances.milli),
    },
    usage: {
      requests_today: usage.today,
      requests_total: usage.total,
      by_endpoint: byEndpoint,
      by_endpoint_today: byEndpointToday,
    },
    clients: {
      accounts_total: balances.n,
      by_tier: Object.fromEntries(tiers.map((r) => [r.tier, r.n])),
      by_status: Object.fromEntries(statuses.map((r) => [r.status, r.n])),
      active_today: usage.active,
    },
  };
}
