/**
 * Monthly plans (spec: starter 20 USD for 5000 credits, pro 100 USD for 50000 credits).
 *
 * Model (the spec does not show one): a paid plan period adds the plan's credits to the
 * account's balance through the ledger (with the payment's unique reference, so a replayed
 * payment adds nothing), sets tier = plan, plan_type, plan_credits (the monthly allotment, for
 * display) and plan_expires_at = one month after the later of now and the current expiry, and
 * raises rate_limit to the plan's default. Requests then spend the balance as usual, so the
 * ledger still sums to the balance. Unspent credits stay after the plan ends; only tier and
 * rate limit fall back (see `expirePlans`).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.js";
import { defaultRateLimit } from "./accounts-repo.js";
import { milliToCredits } from "./credits.js";
import { LedgerError } from "./errors.js";
import { creditInTransaction, mapDuplicateReference } from "./ledger.js";

export interface PlanDefinition {
  creditsMilli: number;
  priceUsdCents: number;
}

/** Spec, Payment endpoints: "starter costs 20 USD for 5000 credits; pro costs 100 USD for 50000 credits". */
export const PLANS: Readonly<Record<"starter" | "pro", PlanDefinition>> = {
  starter: { creditsMilli: 5_000_000, priceUsdCents: 2000 },
  pro: { creditsMilli: 50_000_000, priceUsdCents: 10_000 },
};

export type PlanName = keyof typeof PLANS;

export function isPlanName(name: string): name is PlanName {
  return Object.prototype.hasOwnProperty.call(PLANS, name);
}

/** Calendar month after `from` (UTC), clamped to the month's last day (Jan 31 → Feb 28/29). */
export function addOneMonthUtc(from: Date): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export interface ActivatePlanArgs {
  accountId: string;
  plan: string;
  /** The payment's unique reference (order id, invoice id); a replay is a 409 and changes nothing. */
  reference: string;
  paymentType: string;
  now: Date;
}

export interface ActivatePlanResult {
  account_id: string;
  plan_type: PlanName;
  credits_added: number;
  new_balance: number;
  plan_expires_at: string;
}

/** One paid plan period (first purchase or renewal). */
export async function activatePlan(db: Kysely<Database>, args: ActivatePlanArgs): Promise<ActivatePlanResult> {
  if (!isPlanName(args.plan)) {
    throw new LedgerError(422, "VALIDATION", `plan must be one of ${Object.keys(PLANS).join(", ")}`,
      { field: "plan", input: args.plan });
  }
  // The credit (with its unique reference) and the plan fields commit together.
  return db.transaction().execute((trx) => activatePlanInTransaction(trx, args)).catch((err: unknown) => {
    throw mapDuplicateReference(err, args.reference);
  });
}

/** activatePlan's body inside a caller's transaction (a payment that also records its order). */
export async function activatePlanInTransaction(trx: Transaction<Database>, args: ActivatePlanArgs): Promise<ActivatePlanResult> {
  if (!isPlanName(args.plan)) {
    throw new LedgerError(422, "VALIDATION", `plan must be one of ${Object.keys(PLANS).join(", ")}`,
      { field: "plan", input: args.plan });
  }
  const planName: PlanName = args.plan;
  const plan = PLANS[planName];
  const credited = await creditInTransaction(trx, {
    accountId: args.accountId, deltaMilli: plan.creditsMilli, reason: `plan ${planName}`,
    reference: args.reference, paymentType: args.paymentType, now: args.now,
  });
  const current = await trx.selectFrom("accounts").select("plan_expires_at")
    .where("id", "=", args.accountId).executeTakeFirstOrThrow();
  const from = current.plan_expires_at && current.plan_expires_at > args.now ? current.plan_expires_at : args.now;
  const expiresAt = addOneMonthUtc(from);
  await trx.updateTable("accounts")
    .set({
      tier: planName, plan_type: planName, plan_credits_milli: plan.creditsMilli, plan_expires_at: expiresAt,
      rate_limit: sql<number>`greatest(rate_limit, ${defaultRateLimit(planName)})`,
    })
    .where("id", "=", args.accountId)
    .execute();
  return {
    account_id: args.accountId, plan_type: planName, credits_added: milliToCredits(plan.creditsMilli),
    new_balance: milliToCredits(credited.balanceMilli), plan_expires_at: expiresAt.toISOString(),
  };
}

/**
 * Ends plans whose period is over: tier back to paid, plan fields cleared, rate limit back to the
 * paid default (an admin-raised limit above the plan's is kept). Returns how many ended.
 */
export async function expirePlans(db: Kysely<Database>, now: Date): Promise<number> {
  const r = await db.updateTable("accounts")
    .set({
      tier: "paid", plan_type: null, plan_credits_milli: 0, plan_expires_at: null,
      rate_limit: sql<number>`case when rate_limit = ${defaultRateLimit("starter")} or rate_limit = ${defaultRateLimit("pro")}
        then ${defaultRateLimit("paid")} else rate_limit end`,
    })
    .where("plan_expires_at", "<=", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
