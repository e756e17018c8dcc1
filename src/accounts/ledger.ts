/**
 * The credit ledger. Balances live on the account row; every change appends a ledger row with
 * the balance after it, in the same transaction, so the ledger of an account always sums to its
 * balance. External credits carry a unique `reference` (payment proof, callback id), so a replayed
 * proof or callback credits once and the second attempt gets a 409 LedgerError.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.js";
import { findAccountByApiKey, looksLikeApiKey } from "./api-keys.js";
import { utcDay } from "./clock.js";
import { creditsToMilli, milliToCredits } from "./credits.js";
import { LedgerError } from "./errors.js";
import { refuseNul } from "./text-input.js";

/** Payment types POST /admin/grant-credits accepts (spec: "values in use"). */
export const GRANT_PAYMENT_TYPES = ["manual", "usdc", "promo", "refund"] as const;
/** Payment types that are purchases: they move a free account to the "paid" tier. */
const PURCHASE_PAYMENT_TYPES = new Set(["usdc", "card", "crypto", "lightning", "stars"]);
/** Spec limit of one grant. */
export const MAX_GRANT_CREDITS = 1_000_000;

const UNIQUE_VIOLATION = "23505";

export interface CreditAccountArgs {
  accountId: string;
  /** Credits to add, milli-credits, > 0. */
  deltaMilli: number;
  reason: string;
  /** External reference; a second credit with the same reference is refused (409). */
  reference?: string | null;
  paymentType: string;
  now: Date;
}

export interface CreditResult {
  accountId: string;
  ledgerId: number;
  deltaMilli: number;
  balanceMilli: number;
}

/**
 * Adds credits to an account: balance and ledger row in one transaction (row lock on the
 * account). For payment adapters and the admin grant. Throws LedgerError 404 for an unknown
 * account and 409 for a reference already used.
 */
export async function creditAccount(db: Kysely<Database>, args: CreditAccountArgs): Promise<CreditResult> {
  try {
    return await db.transaction().execute((trx) => creditInTransaction(trx, args));
  } catch (err) {
    throw mapDuplicateReference(err, args.reference ?? null);
  }
}

/**
 * creditAccount's body inside a caller's transaction (e.g. a plan purchase that also sets plan
 * fields). The caller should pass errors through `mapDuplicateReference` after rollback.
 */
export async function creditInTransaction(trx: Transaction<Database>, args: CreditAccountArgs): Promise<CreditResult> {
  if (!Number.isSafeInteger(args.deltaMilli) || args.deltaMilli <= 0) {
    throw new LedgerError(422, "VALIDATION", "credits must be greater than 0", { field: "credits" });
  }
  const reference = args.reference ?? null;
  const upgradeTier = PURCHASE_PAYMENT_TYPES.has(args.paymentType);
  if (reference !== null) await refuseUsedReference(trx, reference);
  const updated = await trx
    .updateTable("accounts")
    .set((eb) => ({
      balance_milli: eb("balance_milli", "+", args.deltaMilli),
      ...(upgradeTier ? { tier: sql<string>`case when tier = 'free' then 'paid' else tier end` } : {}),
    }))
    .where("id", "=", args.accountId)
    .returning(["balance_milli"])
    .executeTakeFirst();
  if (!updated) {
    throw new LedgerError(404, "NOT_FOUND", `account ${args.accountId} not found`, { field: "account_id" });
  }
  const row = await trx
    .insertInto("ledger")
    .values({
      account_id: args.accountId,
      delta_milli: args.deltaMilli,
      reason: args.reason,
      reference,
      payment_type: args.paymentType,
      balance_after_milli: updated.balance_milli,
      created_at: args.now,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return { accountId: args.accountId, ledgerId: row.id, deltaMilli: args.deltaMilli, balanceMilli: updated.balance_milli };
}

/**
 * Two concurrent first uses of one reference: the unique index decides and the loser's insert
 * fails with a unique violation; this turns that into the same 409 as a sequential replay.
 */
export function mapDuplicateReference(err: unknown, reference: string | null): unknown {
  return pgCode(err) === UNIQUE_VIOLATION && reference !== null ? duplicateReference(reference) : err;
}

async function refuseUsedReference(trx: Transaction<Database>, reference: string): Promise<void> {
  const used = await trx.selectFrom("ledger").select("id").where("reference", "=", reference).executeTakeFirst();
  if (used) throw duplicateReference(reference);
}

function duplicateReference(reference: string): LedgerError {
  return new LedgerError(409, "DUPLICATE_REFERENCE",
    `payment proof ${JSON.stringify(reference)} has already been credited; nothing was added`,
    { field: "payment_proof" });
}

export interface GrantCreditsArgs {
  accountId?: string | null;
  apiKey?: string | null;
  /** Credits (not milli), 0 < credits ≤ 1,000,000, at most three decimals. */
  credits: number;
  reason: string;
  paymentType?: string;
  paymentProof?: string | null;
  now: Date;
}

/** CreditGrantResponse of the spec. */
export interface CreditGrantResponse {
  account_id: string;
  credits_added: number;
  new_balance: number;
  reason: string;
}

/**
 * POST /admin/grant-credits: validates a CreditGrantRequest exactly as the spec says and credits
 * the account. payment_proof is the grant's unique reference (the same transaction hash never
 * credits twice).
 */
export async function grantCredits(db: Kysely<Database>, args: GrantCreditsArgs): Promise<CreditGrantResponse> {
  const paymentType = args.paymentType ?? "manual";
  if (!(GRANT_PAYMENT_TYPES as readonly string[]).includes(paymentType)) {
    throw new LedgerError(422, "VALIDATION", `payment_type must be one of ${GRANT_PAYMENT_TYPES.join(", ")}`,
      { field: "payment_type", input: paymentType });
  }
  if (typeof args.credits !== "number" || !(args.credits > 0) || args.credits > MAX_GRANT_CREDITS) {
    throw new LedgerError(422, "VALIDATION", `credits must be greater than 0 and at most ${MAX_GRANT_CREDITS}`,
      { field: "credits", input: args.credits });
  }
  let deltaMilli: number;
  try {
    deltaMilli = creditsToMilli(args.credits);
  } catch (e) {
    throw new LedgerError(422, "VALIDATION", (e as Error).message, { field: "credits", input: args.credits });
  }
  const nul = (message: string, field: string) => new LedgerError(422, "VALIDATION", message, { field });
  refuseNul("reason", args.reason, nul);
  refuseNul("payment_proof", args.paymentProof, nul);
  refuseNul("account_id", args.accountId, nul);
  if (typeof args.reason !== "string" || args.reason.length < 1 || args.reason.length > 500) {
    throw new LedgerError(422, "VALIDATION", "reason must be 1 to 500 characters", { field: "reason" });
  }
  const proof = args.paymentProof ?? null;
  if (proof !== null && (proof.trim() === "" || proof.length > 500)) {
    throw new LedgerError(422, "VALIDATION", "payment_proof must be 1 to 500 characters when given",
      { field: "payment_proof" });
  }
  const accountId = await resolveAccount(db, args.accountId ?? null, args.apiKey ?? null);
  const r = await creditAccount(db, { accountId, deltaMilli, reason: args.reason, reference: proof, paymentType, now: args.now });
  return {
    account_id: r.accountId,
    credits_added: milliToCredits(r.deltaMilli),
    new_balance: milliToCredits(r.balanceMilli),
    reason: args.reason,
  };
}

async function resolveAccount(db: Kysely<Database>, accountId: string | null, apiKey: string | null): Promise<string> {
  if (accountId === null && apiKey === null) {
    throw new LedgerError(422, "VALIDATION", "give one of account_id or api_key", { field: "account_id" });
  }
  let byKey: string | undefined;
  if (apiKey !== null) {
    byKey = looksLikeApiKey(apiKey) ? (await findAccountByApiKey(db, apiKey))?.id : undefined;
    if (!byKey) throw new LedgerError(404, "NOT_FOUND", "no account has this api_key", { field: "api_key" });
  }
  if (accountId !== null) {
    if (byKey !== undefined && byKey !== accountId) {
      throw new LedgerError(422, "VALIDATION", "account_id and api_key name different accounts; give one",
        { field: "account_id" });
    }
    return accountId; // existence is checked under the row lock in creditAccount
  }
  return byKey!;
}

/**
 * The most a free request covers, milli-credits: the price of the dearest spec route (spec, REST
 * endpoints table: GET /festivals/{year}, 10 credits). A dearer request is paid from the balance
 * even while free requests are left, so free keys cannot buy unbounded work.
 */
export const FREE_REQUEST_MAX_MILLI = 10_000;

export interface ChargeRequestArgs {
  accountId: string;
  /** Price of the request, integer milli-credits (0 = not billable: only counted). */
  priceMilli: number;
  /** Billable requests per UTC day that cost nothing. */
  freeTierDaily: number;
  now: Date;
  /** Route or operation name for the per-endpoint usage counters; default "graphql". */
  endpoint?: string;
  /** The dearest price a free request covers; default FREE_REQUEST_MAX_MILLI. */
  freeMaxMilli?: number;
  /**
   * Take the account's per-minute rate window (its `rate_limit`, shared by every instance on the
   * database) in the same statement, before anything is charged. Default false.
   */
  rateLimit?: boolean;
  /** Take the rate window only: nothing is counted or charged (a dry run). Needs `rateLimit`. */
  rateOnly?: boolean;
  /**
   * The caller's address bucket (src/accounts/address-bucket.ts) and how many free requests one
   * address may have per UTC day across all its keys; a request past it is paid (or refused with
   * 402) like one past the account's own free tier. Both unset: no per-address count.
   */
  addressBucket?: string;
  freePerAddressDaily?: number;
}

/** The rate window as the statement left it (present when `rateLimit` was asked for). */
export interface RateWindowState {
  limit: number;
  /** Requests left in this minute after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window resets (≥ 1). */
  resetSeconds: number;
}

export type ChargeRequestResult =
  | { ok: true; chargedMilli: number; balanceMilli: number; freeRemaining: number; rate?: RateWindowState;
      /** The hold to capture or release (docs/billing.md); null when nothing was held (price 0, dry run). */
      holdId?: number | null }
  | { ok: false; reason: "insufficient_credits"; priceMilli: number; balanceMilli: number; freeRemaining: number;
      rate?: RateWindowState }
  | { ok: false; reason: "rate_limited"; balanceMilli: number; freeRemaining: number; rate: RateWindowState };

const RATE_WINDOW_MS = 60_000;

/**
 * The per-request debit (a hold since migration 0008), one SQL call (`bill_round`, migration 0014)
 * and so one implicit transaction: lock the account row; the first `freeTierDaily` billable requests of
 * the account's UTC day (of `now`) are free; later ones are debited if the balance covers the
 * price, with a ledger row; usage counters (requests, billable, free used, per endpoint) are
 * bumped. A refused request (insufficient credits) changes nothing. Unknown account → LedgerError 404.
 * Since migration 0003 that one transaction commits with synchronous_commit = off (set inside the
 * function, for it alone): a crash can lose the last few milliseconds of debits (a few calls go
 * unbilled) but never overspend a balance or lose a grant/payment, which keep synchronous commit.
 * Keep it an autocommit call: inside a caller's transaction the setting would cover that too.
 * It is `chargeRequests` with one request.
 */
export async function chargeRequest(db: Kysely<Database>, args: ChargeRequestArgs): Promise<ChargeRequestResult> {
  const [outcome] = await chargeRequests(db, [args]);
  if (outcome instanceof Error) throw outcome;
  return outcome!;
}

/**
 * Many debits in one statement and one transaction, each decided in turn exactly as
 * `chargeRequest` would decide it in arrival order: a billing round with nothing to settle.
 * Returns one outcome per request, in order: its result, or a LedgerError 404 for an unknown
 * account (the others are unaffected). Argument errors throw before anything is sent.
 */
export async function chargeRequests(
  db: Kysely<Database>, requests: readonly ChargeRequestArgs[],
): Promise<Array<ChargeRequestResult | LedgerError>> {
  return requests.length === 0 ? [] : (await billRound(db, [], requests)).charges;
}

/** What one billing round answers: per request and per settle item, in the order given. */
export interface BillRoundResult {
  charges: Array<ChargeRequestResult | LedgerError>;
  /** Each settle item's hold: its new state, or "unchanged" (already settled, unknown, or named twice). */
  settled: Array<"captured" | "released" | "unchanged">;
}

/**
 * One billing round (`bill_round`, migration 0014): the given holds are captured or released,
 * then the requests are held, in one statement and one transaction (docs/billing.md). A hold
 * changes state once: settling one already captured or released changes nothing.
 */
export async function billRound(
  db: Kysely<Database>, settles: readonly SettleArgs[], requests: readonly ChargeRequestArgs[],
): Promise<BillRoundResult> {
  if (settles.length === 0 && requests.length === 0) return { charges: [], settled: [] };
  const payload = requests.map(chargePayload);
  const settlePayload = settles.map((i) => ({ h: i.holdId, s: i.capture ? "c" : "r", t: i.now.toISOString(), ...(i.undo ? { u: true } : {}) }));
  type Row = {
    idx: number | null; outcome: "ok" | "insufficient" | "rate_limited" | "unknown" | "captured" | "released";
    charged_milli: number; balance_milli: number; free_remaining: number; rate_limit: number | null; rate_used: number | null;
    hold_id: number | string | null;
  };
  const r = await sql<Row>`select * from bill_round(${JSON.stringify(settlePayload)}::jsonb, ${JSON.stringify(payload)}::jsonb)`.execute(db);
  const changed = new Map<number, "captured" | "released">();
  const chargeRows: Row[] = [];
  for (const row of r.rows) {
    if (row.idx === null) changed.set(Number(row.hold_id), row.outcome as "captured" | "released");
    else chargeRows.push(row);
  }
  if (chargeRows.length !== requests.length) throw new Error(`bill_round returned ${chargeRows.length} rows for ${requests.length} requests`);
  // One hold named twice in a round changes once: the first caller learns the new state.
  const settled = settles.map((i) => {
    const state = changed.get(i.holdId);
    changed.delete(i.holdId);
    return state ?? "unchanged";
  });
  const charges = chargeRows.map((row, i): ChargeRequestResult | LedgerError => {
    const args = requests[i]!;
    if (row.outcome === "unknown") return new LedgerError(404, "NOT_FOUND", `account ${args.accountId} not found`);
    const rate = args.rateLimit === true && row.rate_limit !== null ? rateState(row.rate_limit, row.rate_used ?? 0, row.outcome, args.now) : undefined;
    const withRate = rate ? { rate } : {};
    if (row.outcome === "rate_limited") {
      return { ok: false, reason: "rate_limited", balanceMilli: row.balance_milli, freeRemaining: row.free_remaining, rate: rate! };
    }
    if (row.outcome === "insufficient") {
      return { ok: false, reason: "insufficient_credits", priceMilli: args.priceMilli, balanceMilli: row.balance_milli,
        freeRemaining: row.free_remaining, ...withRate };
    }
    return {
      ok: true, chargedMilli: row.charged_milli, balanceMilli: row.balance_milli, freeRemaining: row.free_remaining, ...withRate,
      holdId: row.hold_id === null ? null : Number(row.hold_id),
    };
  });
  return { charges, settled };
}

/** One request as `bill_round` reads it; throws RangeError for arguments no debit may carry. */
export function chargePayload(a: ChargeRequestArgs) {
  if (!Number.isSafeInteger(a.priceMilli) || a.priceMilli < 0) {
    throw new RangeError(`priceMilli must be a non-negative integer, got ${a.priceMilli}`);
  }
  if (!Number.isSafeInteger(a.freeTierDaily) || a.freeTierDaily < 0) {
    throw new RangeError(`freeTierDaily must be a non-negative integer, got ${a.freeTierDaily}`);
  }
  const m = a.freeMaxMilli ?? FREE_REQUEST_MAX_MILLI;
  if (!Number.isSafeInteger(m) || m < 0) throw new RangeError(`freeMaxMilli must be a non-negative integer, got ${m}`);
  const fa = a.freePerAddressDaily;
  if (fa !== undefined && (!Number.isSafeInteger(fa) || fa < 0)) {
    throw new RangeError(`freePerAddressDaily must be a non-negative integer, got ${fa}`);
  }
  return {
    a: a.accountId, p: a.priceMilli, f: a.freeTierDaily, m, e: a.endpoint ?? "graphql",
    t: a.now.toISOString(), r: a.rateLimit === true, c: !(a.rateLimit === true && a.rateOnly === true),
    ...(a.addressBucket !== undefined && fa !== undefined ? { b: a.addressBucket, fa } : {}),
  };
}

/** What to do with a hold: capture (the answer was written) or release (it was not). */
export interface SettleArgs {
  holdId: number;
  capture: boolean;
  now: Date;
  /** Release a hold already captured: its answer was captured but never reached the client. */
  undo?: boolean;
}

/**
 * Captures or releases holds in one statement: a billing round with no requests. A hold changes
 * state once: settling one already captured or released changes nothing. Returns the new state of
 * each hold, or "unchanged".
 */
export async function settleHolds(
  db: Kysely<Database>, items: readonly SettleArgs[],
): Promise<Array<"captured" | "released" | "unchanged">> {
  return items.length === 0 ? [] : (await billRound(db, items, [])).settled;
}

/**
 * Releases the holds created before `before` that are still held (their process died, or their
 * answer never finished): credits, free slots and usage go back, a release row joins the ledger.
 * Safe on any number of instances at once: each hold is released exactly once. Returns how many.
 */
export async function releaseStaleHolds(db: Kysely<Database>, before: Date, now: Date, max = 10_000): Promise<number> {
  const r = await sql<{ hold_id: number }>`
    select * from release_stale_holds(${before.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${max}::int)`.execute(db);
  return r.rows.length;
}

function rateState(limit: number, used: number, outcome: string, now: Date): RateWindowState {
  const nowMs = now.getTime();
  const startMs = nowMs - (((nowMs % RATE_WINDOW_MS) + RATE_WINDOW_MS) % RATE_WINDOW_MS);
  return {
    limit,
    remaining: outcome === "rate_limited" ? 0 : Math.max(0, limit - used),
    resetSeconds: Math.max(1, Math.ceil((startMs + RATE_WINDOW_MS - nowMs) / 1000)),
  };
}

function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
