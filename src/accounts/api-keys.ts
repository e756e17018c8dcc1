/**
 * API keys: "vas_live_" + 32 base62 characters (≈190 bits), shown to the caller once and stored
 * only as their SHA-256 hash; a lookup hashes the presented key and finds the row by the hash, so
 * no stored secret is ever compared character by character.
 */
import type { Kysely } from "kysely";
import type { Account, Database } from "../../db/schema.js";
import { randomBase62, sha256Hex } from "./secrets.js";

export const API_KEY_PREFIX = "vas_live_";
const API_KEY_RANDOM_CHARS = 32;
const API_KEY_PATTERN = /^vas_live_[0-9A-Za-z]{32}$/;
/** Characters of a key kept for display ("vas_live_AbCd"). */
const DISPLAY_PREFIX_CHARS = API_KEY_PREFIX.length + 4;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(API_KEY_RANDOM_CHARS);
}

/** The stored form of a key; also a safe cache key for the gateway's short-lived lookup cache. */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** Whether a string has the shape of one of our keys (cheap pre-check before any query). */
export function looksLikeApiKey(key: string): boolean {
  return API_KEY_PATTERN.test(key);
}

/** Mints a key for an account, stores its hash, returns the key (the only time it exists in clear). */
export async function issueApiKey(db: Kysely<Database>, accountId: string, now: Date): Promise<string> {
  const key = generateApiKey();
  await db
    .insertInto("api_keys")
    .values({ key_hash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_CHARS), account_id: accountId, created_at: now })
    .execute();
  return key;
}

/** The account owning an unrevoked key, or undefined (unknown, malformed or revoked key). */
export async function findAccountByApiKey(db: Kysely<Database>, key: string): Promise<Account | undefined> {
  if (!looksLikeApiKey(key)) return undefined;
  return db
    .selectFrom("api_keys as k")
    .innerJoin("accounts as a", "a.id", "k.account_id")
    .selectAll("a")
    .where("k.key_hash", "=", hashApiKey(key))
    .where("k.revoked_at", "is", null)
    .executeTakeFirst();
}

/** Revokes every key of an account (e.g. before issuing a replacement); returns how many. */
export async function revokeApiKeys(db: Kysely<Database>, accountId: string, now: Date): Promise<number> {
  const r = await db
    .updateTable("api_keys")
    .set({ revoked_at: now })
    .where("account_id", "=", accountId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
