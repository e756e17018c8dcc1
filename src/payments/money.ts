/**
 * Prices of credits in each currency's smallest unit, integer arithmetic only (no floating
 * dollars anywhere on the payment path). Figures are the spec's (Authentication 3 and 6,
 * Payment endpoints, Limits).
 */
import { MILLI_PER_CREDIT } from "../accounts/credits.js";
import { PLANS, type PlanName } from "../accounts/plans.js";

/** "1 credit = 0.03 USD" (Authentication 3). */
export const USD_CENTS_PER_CREDIT = 3;
/** "default 10000 sats = 100 credits" (POST /topup/lightning). */
export const SATS_PER_CREDIT = 100;
/** "1 Star is about 0.5 credits" (Authentication 6): 200 Stars buy 100 credits (3 USD). */
export const MILLI_CREDITS_PER_STAR = 500;

/** "Minimum 10 credits …, maximum 100000 credits" (GET /checkout/{api_key}/{credits}, Limits). */
export const CHECKOUT_MIN_CREDITS = 10;
export const CHECKOUT_MAX_CREDITS = 100_000;
/** Card packages (GET /checkout/card/{api_key}/{credits}). */
export const CARD_PACKAGES = [100, 500, 1000, 5000] as const;
/** Stars packages (Authentication 6). */
export const STARS_PACKAGES = [200, 1000, 2000, 10_000] as const;
/** Lightning: the default and the bounds we accept (10 to 100,000 credits, like a checkout). */
export const LIGHTNING_DEFAULT_SATS = 10_000;
export const LIGHTNING_MIN_SATS = CHECKOUT_MIN_CREDITS * SATS_PER_CREDIT;
export const LIGHTNING_MAX_SATS = CHECKOUT_MAX_CREDITS * SATS_PER_CREDIT;

export const creditsMilli = (credits: number): number => credits * MILLI_PER_CREDIT;

/** USD cents of `credits` whole credits. */
export const usdCentsForCredits = (credits: number): number => credits * USD_CENTS_PER_CREDIT;

export const planPriceCents = (plan: PlanName): number => PLANS[plan].priceUsdCents;

/** "12.34" from 1234 cents: the decimal string processors take, built from integers. */
export function centsToDecimal(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * Cents from a processor's decimal amount ("12.3", "12.30", 12.3), parsed as text so that no
 * binary fraction is involved; null for anything that is not a non-negative amount with at most
 * two decimals.
 */
export function decimalToCents(value: unknown): number | null {
  const s = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const m = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}
