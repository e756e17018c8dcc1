/** Account rows: creation with tier defaults, lookup. */
import type { Kysely } from "kysely";
import type { Account, AccountStatus, Database } from "../../db/schema.js";
import { randomBase62 } from "./secrets.js";

/** Spec: "a free tier gives 2 requests per day" (per account, per UTC day, billable requests). */
export const FREE_TIER_DAILY = 2;

/**
 * Requests per minute by tier (the spec leaves the number open; these are our documented
 * defaults, stored per account in `rate_limit` so an admin can raise one account's limit).
 */
export const TIER_RATE_LIMITS: Readonly<Record<string, number>> = {
  free: 60,
  paid: 300,
  starter: 300,
  pro: 1000,
};

export function defaultRateLimit(tier: string): number {
  return TIER_RATE_LIMITS[tier] ?? TIER_RATE_LIMITS.free!;
}

/** "acc_" + 24 base62 characters (≈143 bits: account ids are not guessable). */
export function newAccountId(): string {
  return "acc_" + randomBase62(24);
}

export interface CreateAccountInput {
  status: AccountStatus;
  email?: string | null;
  messengerId?: number | null;
  name?: string | null;
  tier?: string;
  now: Date;
}

export async function createAccount(db: Kysely<Database>, input: CreateAccountInput): Promise<Account> {
  const tier = input.tier ?? "free";
  return db
    .insertInto("accounts")
    .values({
      id: newAccountId(),
      tier,
      status: input.status,
      email: input.email ?? null,
      messenger_id: input.messengerId ?? null,
      name: input.name ?? null,
      plan_type: null,
      plan_expires_at: null,
      rate_limit: defaultRateLimit(tier),
      created_at: input.now,
      verified_at: input.status === "verified" ? input.now : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getAccount(db: Kysely<Database>, accountId: string): Promise<Account | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", accountId).executeTakeFirst();
}
