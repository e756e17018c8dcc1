/** GET /account: the spec's AccountResponse for one account. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { FREE_TIER_DAILY } from "./accounts-repo.js";
import { utcDay } from "./clock.js";
import { milliToCredits } from "./credits.js";
import { LedgerError } from "./errors.js";

/** AccountResponse, field for field as the spec lists it. */
export interface AccountResponse {
  /** "acc_…" */
  account_id: string;
  tier: string;
  /** Credit balance (credits, exact to 0.001). */
  balance: number;
  plan_credits: number;
  plan_type: string | null;
  /** ISO 8601 UTC, or null. */
  plan_expires_at: string | null;
  /** Requests counted today (UTC day of `now`), billable or not. */
  usage_today: number;
  usage_total: number;
  /** Requests per minute. */
  rate_limit: number;
  free_tier_daily: number;
}

export async function accountView(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  freeTierDaily: number = FREE_TIER_DAILY,
): Promise<AccountResponse> {
  const today = utcDay(now);
  const row = await db
    .selectFrom("accounts as a")
    .select([
      "a.id", "a.tier", "a.balance_milli", "a.plan_credits_milli", "a.plan_type", "a.plan_expires_at", "a.rate_limit",
      (eb) =>
        eb.selectFrom("usage_daily as u").select("u.requests")
          .whereRef("u.account_id", "=", "a.id").where("u.day", "=", today).as("usage_today"),
      (eb) =>
        eb.selectFrom("usage_daily as u").select(sql<number>`coalesce(sum(u.requests), 0)::bigint`.as("n"))
          .whereRef("u.account_id", "=", "a.id").as("usage_total"),
    ])
    .where("a.id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw new LedgerError(404, "NOT_FOUND", `account ${accountId} not found`);
  return {
    account_id: row.id,
    tier: row.tier,
    balance: milliToCredits(row.balance_milli),
    plan_credits: milliToCredits(row.plan_credits_milli),
    plan_type: row.plan_type,
    plan_expires_at: row.plan_expires_at ? row.plan_expires_at.toISOString() : null,
    usage_today: row.usage_today ?? 0,
    usage_total: Number(row.usage_total ?? 0),
    rate_limit: row.rate_limit,
    free_tier_daily: freeTierDaily,
  };
}
