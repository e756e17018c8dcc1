/**
 * Idempotency-Key on paid POSTs (REST routes and /graphql; docs/billing.md), with Stripe's
 * semantics: the first answer of a key is stored per account for 24 h in the database (every
 * instance sees it); a repeat with the same key and body gets it back with
 * `Idempotent-Replayed: true` and is not run or charged again; the same key with another body is
 * refused (422); a repeat while the first is still running gets 409 with Retry-After. The claim is
 * one INSERT … ON CONFLICT, so any number of concurrent repeats run the request once.
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { sendUncompressed } from "./compression.js";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a stored answer is replayed (Stripe: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const MAX_KEY_LENGTH = 255;
/** The headers of the first answer a replay repeats (the body carries the rest). */
const REPLAYED_HEADERS = ["content-type", "x-credits-charged", "x-credits-remaining", "x-free-requests-remaining"];

export type IdempotencyDecision =
  /** First use: run the request; `settle(res)` stores its answer once written. */
  | { kind: "first"; record(res: ServerResponse): void }
  | { kind: "answered" };

/** A key the caller sent that cannot be used: 400 with the reason. */
export function idempotencyKeyProblem(key: string): string | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`;
  if (!/^[\x21-\x7e]+$/.test(key)) return "Idempotency-Key must be printable ASCII without spaces";
  return undefined;
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n`).update(JSON.stringify(body ?? null)).digest("hex");
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

/**
 * Claims `key` for this request or answers it from the store. `detail` shapes an error body the
 * way the face answers errors (REST: {"detail"}; GraphQL: {"errors"}).
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  args: { accountId: string; key: string; hash: string; now: Date; res: ServerResponse; errorBody: (message: string, code: string) => unknown },
): Promise<IdempotencyDecision> {
  const { accountId, key, hash, now, res } = args;
  const problem = idempotencyKeyProblem(key);
  if (problem) {
    answer(res, 400, args.errorBody(problem, "BAD_IDEMPOTENCY_KEY"));
    return { kind: "answered" };
  }
  const expires = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  // One statement decides: a new key (or one whose 24 h are over) is ours; otherwise read it.
  const claimed = await sql<{ key: string }>`
    insert into idempotency_keys (account_id, key, request_hash, state, created_at, expires_at)
    values (${accountId}, ${key}, ${hash}, 'running', ${now.toISOString()}::timestamptz, ${expires.toISOString()}::timestamptz)
    on conflict (account_id, key) do update
      set request_hash = excluded.request_hash, state = 'running', status = null, headers = null, body = null,
          created_at = excluded.created_at, expires_at = excluded.expires_at
      where idempotency_keys.expires_at <= excluded.created_at
    returning key`.execute(db);
  if (claimed.rows.length === 1) {
    return {
      kind: "first",
      record: (r) => recordAnswer(db, accountId, key, r),
    };
  }
  const row = await db.selectFrom("idempotency_keys").selectAll()
    .where("account_id", "=", accountId).where("key", "=", key).executeTakeFirst();
  if (!row) {
    // Deleted between the two statements (the first request failed without an answer): ask again.
    answer(res, 409, args.errorBody("A request with this Idempotency-Key has just ended without an answer; retry it.", "IDEMPOTENCY_CONFLICT"),
      { "Retry-After": "1" });
    return { kind: "answered" };
  }
  if (row.request_hash !== hash) {
    answer(res, 422, args.errorBody(
      "This Idempotency-Key was used with another request (method, path or body); use a new key for a new request.",
      "IDEMPOTENCY_KEY_REUSED"));
    return { kind: "answered" };
  }
  if (row.state === "running") {
    answer(res, 409, args.errorBody("A request with this Idempotency-Key is still being answered; retry after a moment.", "IDEMPOTENCY_CONFLICT"),
      { "Retry-After": "1" });
    return { kind: "answered" };
  }
  for (const [k, v] of Object.entries(row.headers ?? {})) res.setHeader(k, v);
  res.setHeader(REPLAYED_HEADER, "true");
  res.statusCode = row.status ?? 200;
  res.setHeader("Content-Length", Buffer.byteLength(row.body ?? ""));
  res.end(row.body ?? "");
  return { kind: "answered" };
}

/**
 * Stores the answer `res` is about to write (status, replayed headers, body) before its last bytes
 * go out, so a repeat that arrives once the caller has the answer finds it stored. A 5xx, or an
 * answer that never got written (the request failed, the client left before), frees the key for
 * a retry.
 */
function recordAnswer(db: Kysely<Database>, accountId: string, key: string, res: ServerResponse): void {
  // Stored as text and replayed to callers that may accept other encodings: written uncompressed.
  sendUncompressed(res);
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? encoding as BufferEncoding : "utf8"));
  };
  const where = () => db.updateTable("idempotency_keys").where("account_id", "=", accountId).where("key", "=", key).where("state", "=", "running");
  const forget = () => db.deleteFrom("idempotency_keys").where("account_id", "=", accountId).where("key", "=", key)
    .where("state", "=", "running").execute().catch(() => undefined);
  let ended = false;
  (res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  };
  (res as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
    if (ended) return end(chunk, ...rest);
    ended = true;
    keep(chunk, rest[0]);
    if (res.statusCode >= 500) {
      void forget().finally(() => end(chunk, ...rest));
      return res;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const v = res.getHeader(name);
      if (v !== undefined) headers[name] = String(v);
    }
    where().set({ state: "done", status: res.statusCode, headers: JSON.stringify(headers), body: Buffer.concat(chunks).toString("utf8") })
      .execute().catch(() => forget()).finally(() => end(chunk, ...rest));
    return res;
  };
  res.once("close", () => {
    if (!ended) void forget();
  });
}

/** Deletes answers whose 24 h are over (the stale-hold sweep calls it). */
export async function purgeIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const r = await db.deleteFrom("idempotency_keys").where("expires_at", "<", now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
