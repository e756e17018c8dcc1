/**
 * Promo codes: created by the operator (POST /admin/promo-codes), redeemed with POST /topup
 * {payment_type: "promo", payment_hash: <code>}. A code has a credit amount, a number of uses
 * (1 = single-use) and an optional expiry; each account redeems a given code once. Redemption
 * locks the code row, so concurrent redemptions never exceed max_uses, and credits through the
 * ledger with the unique reference promo:<code>:<account>.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { creditsToMilli, milliToCredits } from "../accounts/credits.js";
import { LedgerError } from "../accounts/errors.js";
import { creditInTransaction, mapDuplicateReference, MAX_GRANT_CREDITS } from "../accounts/ledger.js";
import { invalid, PaymentError } from "./payment-errors.js";

/** Letters, digits, - and _; stored upper-cased so codes are case-insensitive. */
const CODE = /^[A-Za-z0-9_-]{3,64}$/;

export interface PromoCodeInput {
  code: string;
  credits: number;
  /** Default 1 (single-use). */
  maxUses?: number | null;
  expiresAt?: Date | null;
  now: Date;
}

export interface PromoCodeView {
  code: string;
  credits: number;
  max_uses: number;
  uses: number;
  expires_at: string | null;
}

export async function createPromoCode(db: Kysely<Database>, input: PromoCodeInput): Promise<PromoCodeView> {
  if (!CODE.test(input.code)) throw invalid("code", "code must be 3 to 64 letters, digits, - or _", input.code);
  if (!(input.credits > 0) || input.credits > MAX_GRANT_CREDITS) {
    throw invalid("credits", `credits must be greater than 0 and at most ${MAX_GRANT_CREDITS}`, input.credits);
  }
  let creditsMilli: number;
  try {
    creditsMilli = creditsToMilli(input.credits);
  } catch (e) {
    throw invalid("credits", (e as Error).message, input.credits);
  }
  const maxUses = input.maxUses ?? 1;
  if (!Number.isSafeInteger(maxUses) || maxUses < 1 || maxUses > 1_000_000) {
    throw invalid("max_uses", "max_uses must be an integer from 1 to 1000000", maxUses);
  }
  if (input.expiresAt && input.expiresAt <= input.now) throw invalid("expires_at", "expires_at must be in the future");
  const code = input.code.toUpperCase();
  const row = await db.insertInto("promo_codes")
    .values({ code, credits_milli: creditsMilli, max_uses: maxUses, expires_at: input.expiresAt ?? null, created_at: input.now })
    .onConflict((oc) => oc.column("code").doNothing())
    .returningAll().executeTakeFirst();
  if (!row) throw new PaymentError(409, "DUPLICATE_REFERENCE", `promo code ${code} already exists`, { field: "code" });
  return view(row);
}

export interface RedeemResult {
  code: string;
  credits_added: number;
  new_balance: number;
}

export async function redeemPromoCode(db: Kysely<Database>, accountId: string, rawCode: string, now: Date): Promise<RedeemResult> {
  const code = rawCode.trim().toUpperCase();
  const unknown = new PaymentError(404, "NOT_FOUND", "unknown promo code", { field: "payment_hash" });
  if (!CODE.test(code)) throw unknown;
  const reference = `promo:${code}:${accountId}`;
  try {
    return await db.transaction().execute(async (trx) => {
      const promo = await trx.selectFrom("promo_codes").selectAll().where("code", "=", code).forUpdate().executeTakeFirst();
      if (!promo) throw unknown;
      const used = await trx.selectFrom("promo_redemptions").select("code")
        .where("code", "=", code).where("account_id", "=", accountId).executeTakeFirst();
      if (used) throw alreadyRedeemed(code);
      if (promo.expires_at && promo.expires_at <= now) {
        throw new PaymentError(410, "EXPIRED", `promo code ${code} expired at ${promo.expires_at.toISOString()}`, { field: "payment_hash" });
      }
      if (promo.uses >= promo.max_uses) {
        throw new PaymentError(410, "EXPIRED", `promo code ${code} has been used up`, { field: "payment_hash" });
      }
      await trx.insertInto("promo_redemptions").values({ code, account_id: accountId, created_at: now }).execute();
      await trx.updateTable("promo_codes").set((eb) => ({ uses: eb("uses", "+", 1) })).where("code", "=", code).execute();
      const r = await creditInTransaction(trx, {
        accountId, deltaMilli: promo.credits_milli, reason: `promo code ${code}`, reference, paymentType: "promo", now,
      });
      return { code, credits_added: milliToCredits(r.deltaMilli), new_balance: milliToCredits(r.balanceMilli) };
    });
  } catch (err) {
    const mapped = mapDuplicateReference(err, reference);
    if (mapped instanceof LedgerError && mapped.code === "DUPLICATE_REFERENCE") throw alreadyRedeemed(code);
    throw mapped;
  }
}

const alreadyRedeemed = (code: string) =>
  new PaymentError(409, "ALREADY_REDEEMED", `this account has already redeemed promo code ${code}`, { field: "payment_hash" });

function view(row: { code: string; credits_milli: number; max_uses: number; uses: number; expires_at: Date | null }): PromoCodeView {
  return {
    code: row.code, credits: milliToCredits(row.credits_milli), max_uses: row.max_uses, uses: row.uses,
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
  };
}
