import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * CORS for web frontends on other origins (the GraphQL gateway's main users). Keys travel in the
 * X-API-Key header, never in cookies, so any origin may call by default (CORS_ORIGINS=*) and no
 * credentials mode is offered; an operator may narrow it to a list of origins. Rules: the Fetch
 * standard's CORS protocol (https://fetch.spec.whatwg.org/#http-cors-protocol).
 */
export type CorsOrigins = "*" | readonly string[];

/** Request headers a browser may send cross-origin beyond the CORS-safelisted ones. */
export const CORS_ALLOW_HEADERS = ["Content-Type", "X-API-Key", "Idempotency-Key", "X-Dry-Run", "X-Request-Id", "Accept-Language"];
/** Response headers a cross-origin script may read (the credit and rate-limit headers, and why a field was ignored). */
export const CORS_EXPOSE_HEADERS = [
  "X-Credits-Charged", "X-Credits-Remaining", "X-Free-Requests-Remaining",
  "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "X-Ignored-Fields", "X-Request-Id",
];
const ALLOW_METHODS = "GET, POST, DELETE, HEAD, OPTIONS";
/** How long a browser may cache a preflight, seconds (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 7200;

/** CORS_ORIGINS: `*`, or a comma-separated list of origins (scheme://host[:port]). */
export function parseCorsOrigins(raw: string, name: string): CorsOrigins {
  if (raw.trim() === "*") return "*";
  const list = raw.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
  for (const o of list) {
    let u: URL | undefined;
    try {
      u = new URL(o);
    } catch {
      u = undefined;
    }
    if (!u || (u.protocol !== "http:" && u.protocol !== "https:") || u.origin !== o.replace(/\/$/, "")) {
      throw new CorsConfigError(`${name} must be * or a comma-separated list of origins like https://app.example.com, got ${JSON.stringify(o)}`);
    }
  }
  if (list.length === 0) throw new CorsConfigError(`${name} must be * or a comma-separated list of origins`);
  return list.map((o) => o.replace(/\/$/, ""));
}

export class CorsConfigError extends Error {}

/**
 * Adds the CORS headers to a response; answers a preflight (OPTIONS with
 * Access-Control-Request-Method) itself with 204 and returns true. Requests without an Origin
 * header, and origins not in the list, get no CORS headers (the browser then refuses the answer).
 */
export function handleCors(req: IncomingMessage, res: ServerResponse, origins: CorsOrigins): boolean {
  const origin = req.headers.origin;
  const preflight = req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined;
  if (origins !== "*") res.setHeader("Vary", "Origin");
  const allowed = origin !== undefined && (origins === "*" || origins.includes(origin));
  if (allowed) {
    res.setHeader("Access-Control-Allow-Origin", origins === "*" ? "*" : origin);
    if (!preflight) res.setHeader("Access-Control-Expose-Headers", CORS_EXPOSE_HEADERS.join(", "));
  }
  if (!preflight) return false;
  if (allowed) {
    res.setHeader("Access-Control-Allow-Methods", ALLOW_METHODS);
    res.setHeader("Access-Control-Allow-Headers", CORS_ALLOW_HEADERS.join(", "));
    res.setHeader("Access-Control-Max-Age", String(CORS_MAX_AGE_SECONDS));
  }
  res.statusCode = 204;
  res.setHeader("Content-Length", "0");
  res.end();
  return true;
}
