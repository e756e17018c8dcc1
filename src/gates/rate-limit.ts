/**
 * Per-key rate limit: an account may make `rate_limit` requests per minute (the AccountResponse
 * field). Fixed one-minute windows aligned to the clock (…:00 to …:59 UTC): simple to explain,
 * exact `RateLimit-Reset`, and the same window on every instance, so a later shared store
 * (docs/architecture.md §12: windows in PostgreSQL) can use the same key (account, minute).
 *
 * The limit is the account row's `rate_limit`, which accounts set at creation from the tier
 * table `TIER_RATE_LIMITS` (src/accounts/accounts-repo.ts: free 60 · paid 300 · starter 300 ·
 * pro 1000 requests per minute) and an operator may change per account. That table is the one
 * source of the tier defaults; it is used here only for a context account without `rate_limit`.
 *
 * The store here is in process memory: correct for one instance (PGlite mode). With N instances
 * each enforces its own window, so the effective limit is up to N×; a PostgreSQL-backed window
 * (docs/architecture.md §12) would implement the same `take(key, limit, nowMs)`.
 */
import { GraphQLError } from "graphql";
import { HeaderMap } from "@apollo/server";
import { TIER_RATE_LIMITS } from "../accounts/accounts-repo.js";

/** Requests per minute by tier (the accounts' table, re-exported for the limits' readers). */
export const RATE_LIMIT_DEFAULTS: Readonly<Record<string, number>> = TIER_RATE_LIMITS;

export const WINDOW_MS = 60_000;

/** The limit for an account: its own `rate_limit` when positive, else its tier's default (free's when unknown). */
export function rateLimitFor(account: Readonly<Record<string, unknown>>): number {
  const own = account.rateLimit ?? account.rate_limit;
  if (typeof own === "number" && Number.isInteger(own) && own > 0) return own;
  const tier = typeof account.tier === "string" ? account.tier : "free";
  return RATE_LIMIT_DEFAULTS[tier] ?? RATE_LIMIT_DEFAULTS.free!;
}

export interface RateLimitDecision {
  ok: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the window resets (≥ 1). */
  resetSeconds: number;
}

interface Window {
  start: number;
  count: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly maxTrackedKeys = 100_000) {}

  /** Counts one request of `key` at `nowMs` (ms since epoch) against `limit` per minute. */
  take(key: string, limit: number, nowMs: number): RateLimitDecision {
    const start = nowMs - (nowMs % WINDOW_MS);
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      if (!w && this.windows.size >= this.maxTrackedKeys) this.sweep(start);
      w = { start, count: 0 };
      this.windows.set(key, w);
    }
    const resetSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - nowMs) / 1000));
    if (w.count >= limit) return { ok: false, limit, remaining: 0, resetSeconds };
    w.count += 1;
    return { ok: true, limit, remaining: limit - w.count, resetSeconds };
  }

  /** Number of keys with a window in memory (for tests and metrics). */
  get trackedKeys(): number {
    return this.windows.size;
  }

  private sweep(currentStart: number): void {
    for (const [k, w] of this.windows) if (w.start !== currentStart) this.windows.delete(k);
  }
}

/** The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), plus Retry-After when refused. */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  const h: Record<string, string> = {
    "ratelimit-limit": String(d.limit),
    "ratelimit-remaining": String(d.remaining),
    "ratelimit-reset": String(d.resetSeconds),
  };
  if (!d.ok) h["retry-after"] = String(d.resetSeconds);
  return h;
}

/** The GraphQL error for a refused request: HTTP 429, code RATE_LIMITED, with the headers. */
export function rateLimitError(d: RateLimitDecision): GraphQLError {
  // Apollo reads extensions.http.headers as a Map (HeaderMap); graphql-yoga's type augmentation
  // of GraphQLErrorExtensions (loaded with GraphiQL) declares a plain record, hence the widening.
  const extensions: Record<string, unknown> = {
    code: "RATE_LIMITED",
    limit: d.limit,
    retryAfterSeconds: d.resetSeconds,
    http: { status: 429, headers: new HeaderMap(Object.entries(rateLimitHeaders(d))) },
  };
  return new GraphQLError(
    `Rate limit exceeded: ${d.limit} requests per minute for this API key. Retry after ${d.resetSeconds} s.`,
    { extensions },
  );
}
