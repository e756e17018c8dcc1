/**
 * The debit contract between the cost plugin and the ledger (src/accounts/ledger.ts
 * `chargeRequest(db, args)`): one database transaction that applies the daily free tier, checks
 * the balance and appends the ledger row together, so concurrent calls never overspend.
 * The plugin receives it as a function, `(args) => chargeRequest(db, args)`, and never touches
 * the database itself. The argument and result types, and the free-tier figure, are the ledger's
 * own (one definition), re-exported under the plugin's names.
 */
import type { ChargeRequestArgs, ChargeRequestResult } from "../accounts/ledger.js";

export type ChargeArgs = ChargeRequestArgs;
export type ChargeResult = ChargeRequestResult;
export type ChargeFn = (args: ChargeArgs) => Promise<ChargeResult>;

/** Spec: "a free tier gives 2 requests per day". */
export { FREE_TIER_DAILY as DEFAULT_FREE_TIER_DAILY } from "../accounts/accounts-repo.js";
/** A free request covers at most the dearest spec route's price. */
export { FREE_REQUEST_MAX_MILLI as DEFAULT_FREE_MAX_MILLI } from "../accounts/ledger.js";
