/**
 * Keyless work (issue 8): a caller without a valid API key pays nothing, so what it may make the
 * service do is bounded per client address instead — every /graphql request (the free `price`
 * query and X-Dry-Run pricing included, and a request with an unknown key, which is refused only
 * after parsing and validation) and every REST dry run. Fixed one-minute windows in process
 * memory, as the per-key limiter (rate-limit.ts): with N workers an address may get up to N×.
 */
import type { IncomingMessage } from "node:http";
import { HeaderMap } from "@apollo/server";
import { GraphQLError } from "graphql";
import { RateLimiter, rateLimitHeaders, type RateLimitDecision } from "./rate-limit.js";

export interface KeylessLimitOptions {
  /** Requests per minute per client address; 0 turns the limit off. */
  readonly perMinute: number;
  /** The caller's address (the app's: the TCP peer, or X-Forwarded-For's per TRUST_PROXY_HOPS). */
  readonly addressOf: (req: IncomingMessage) => string;
  readonly nowMs?: () => number;
  readonly limiter?: RateLimiter;
}

/** Whether the request is keyless work this limit covers: any /graphql request, the place search, or a REST dry run. */
export function isKeylessWork(req: IncomingMessage): boolean {
  // express rewrites req.url below a mount point ("/graphql" → "/"); originalUrl keeps it.
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").split("?")[0]!;
  if (path === "/graphql" || path.startsWith("/graphql/")) return true;
  // The free gazetteer routes (GET /places …): free to call, so bounded per address without a key.
  if (path === "/places" || path.startsWith("/places/")) return true;
  const dryRun = req.headers["x-dry-run"];
  return typeof dryRun === "string" && dryRun.trim().toLowerCase() === "price";
}

export function keylessLimitError(d: RateLimitDecision): GraphQLError {
  const extensions: Record<string, unknown> = {
    code: "RATE_LIMITED",
    limit: d.limit,
    retryAfterSeconds: d.resetSeconds,
    http: { status: 429, headers: new HeaderMap(Object.entries(rateLimitHeaders(d))) },
  };
  return new GraphQLError(
    `Rate limit exceeded: ${d.limit} requests per minute from one address without an API key. Retry after ` +
      `${d.resetSeconds} s, or send an X-API-Key (POST /register gives one instantly).`,
    { extensions },
  );
}

/** Whether the request polls a calendar feed (REST GET or HEAD /feeds/{token}.ics: the token is its only credential). */
export function isFeedPoll(req: IncomingMessage): boolean {
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").split("?")[0]!;
  return /^\/feeds\/[^/]+\.ics$/.test(path);
}

export function feedPollLimitError(d: RateLimitDecision): GraphQLError {
  const extensions: Record<string, unknown> = {
    code: "RATE_LIMITED", limit: d.limit, retryAfterSeconds: d.resetSeconds,
    http: { status: 429, headers: new HeaderMap(Object.entries(rateLimitHeaders(d))) },
  };
  return new GraphQLError(`Rate limit exceeded: ${d.limit} calendar feed polls per minute from one address. Retry after ${d.resetSeconds} s.`, { extensions });
}

/**
 * Feed polls (docs/calendars.md §3): free and keyless, so bounded per client address like keyless work, with
 * their own figure (FEED_POLL_RATE_LIMIT) and windows, whether or not a key is sent. A no-op when perMinute is 0.
 */
export function feedPollLimit(options: KeylessLimitOptions): (req: IncomingMessage) => void {
  return perAddressLimit(options, isFeedPoll, feedPollLimitError);
}

/** Counts a keyless request of `req`; throws keylessLimitError (HTTP 429) past the limit. A no-op when perMinute is 0. */
export function keylessLimit(options: KeylessLimitOptions): (req: IncomingMessage) => void {
  return perAddressLimit(options, isKeylessWork, keylessLimitError);
}

/** Counts the requests `counted` picks per client address and minute; throws `refusal` past the limit. */
function perAddressLimit(
  options: KeylessLimitOptions, counted: (req: IncomingMessage) => boolean, refusal: (d: RateLimitDecision) => Error,
): (req: IncomingMessage) => void {
  const limiter = options.limiter ?? new RateLimiter();
  const now = options.nowMs ?? Date.now;
  return (req) => {
    if (options.perMinute <= 0 || !counted(req)) return;
    const d = limiter.take(options.addressOf(req), options.perMinute, now());
    if (!d.ok) throw refusal(d);
  };
}
