/**
 * The debit contract between the cost plugin and the ledger (src/accounts/ledger.ts
 * `chargeRequest(db, args)`): one database transaction that applies the daily free tier, checks
 * the balance and appends the ledger row together, so concurrent calls never overspend.
 * The plugin receives it as a function, `(args) => chargeRequest(db, args)`, and never touches
 * the database itself.
 */
export interface ChargeArgs {
  accountId: string;
  /** Price of the operation, integer milli-credits; 0 = not billable, only counted in usage. */
  priceMilli: number;
  /** Billable requests per UTC day that cost nothing (the account's free_tier_daily). */
  freeTierDaily: number;
  now: Date;
  /** Operation or route name for the per-endpoint usage counters. */
  endpoint?: string;
}

export type ChargeResult =
  | { ok: true; chargedMilli: number; balanceMilli: number; freeRemaining: number }
  | { ok: false; reason: "insufficient_credits"; priceMilli: number; balanceMilli: number; freeRemaining: number };

export type ChargeFn = (args: ChargeArgs) => Promise<ChargeResult>;

/** Spec: "a free tier gives 2 requests per day". */
export const DEFAULT_FREE_TIER_DAILY = 2;
