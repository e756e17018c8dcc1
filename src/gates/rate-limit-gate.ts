/**
 * The rate limit as the cost plugin's `beforeCharge` hook: counted per account before the
 * operation is priced or charged, so a 429 never costs credits. Sets the RateLimit-* headers on
 * every answer (Retry-After too on a 429).
 */
import type { HeaderMap } from "@apollo/server";
import { RateLimiter, rateLimitError, rateLimitFor, rateLimitHeaders } from "./rate-limit.js";

export interface RateLimitGateOptions {
  limiter?: RateLimiter;
  /** Clock in ms since epoch (injectable for tests). */
  nowMs?: () => number;
}

export function rateLimitGate(options: RateLimitGateOptions = {}) {
  const limiter = options.limiter ?? new RateLimiter();
  const nowMs = options.nowMs ?? Date.now;
  return (account: { id: string } & Record<string, unknown>, rc: { response: { http: { headers: HeaderMap } } }): void => {
    const decision = limiter.take(account.id, rateLimitFor(account), nowMs());
    for (const [k, v] of Object.entries(rateLimitHeaders(decision))) rc.response.http.headers.set(k, v);
    if (!decision.ok) throw rateLimitError(decision);
  };
}
