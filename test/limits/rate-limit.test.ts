import { describe, expect, it } from "vitest";
import { RATE_LIMIT_DEFAULTS, RateLimiter, rateLimitError, rateLimitFor, rateLimitHeaders } from "../../src/gates/rate-limit.js";

const MINUTE = 60_000;
const t0 = Date.UTC(2026, 0, 1, 12, 0, 0); // a window boundary

describe("per-key rate limit", () => {
  it("allows `limit` requests per clock minute, then refuses until the next minute", () => {
    const rl = new RateLimiter();
    const seen = [0, 1, 2].map((i) => rl.take("acc_a", 3, t0 + i * 1000));
    expect(seen.map((d) => [d.ok, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0]]);
    const refused = rl.take("acc_a", 3, t0 + 45_500);
    expect(refused).toEqual({ ok: false, limit: 3, remaining: 0, resetSeconds: 15 });
    expect(rl.take("acc_a", 3, t0 + MINUTE).ok).toBe(true);
  });

  it("counts each key separately", () => {
    const rl = new RateLimiter();
    expect(rl.take("acc_a", 1, t0).ok).toBe(true);
    expect(rl.take("acc_a", 1, t0).ok).toBe(false);
    expect(rl.take("acc_b", 1, t0).ok).toBe(true);
  });

  it("a refused request does not use up the next window", () => {
    const rl = new RateLimiter();
    rl.take("k", 1, t0);
    for (let i = 0; i < 5; i++) rl.take("k", 1, t0 + 1000);
    expect(rl.take("k", 2, t0 + MINUTE)).toMatchObject({ ok: true, remaining: 1, resetSeconds: 60 });
  });

  it("forgets stale windows when it tracks too many keys", () => {
    const rl = new RateLimiter(3);
    ["a", "b", "c"].forEach((k) => rl.take(k, 5, t0));
    rl.take("d", 5, t0 + MINUTE);
    expect(rl.trackedKeys).toBe(1);
  });

  it("uses the account's rate_limit, else its tier's default", () => {
    expect(rateLimitFor({ rate_limit: 25, tier: "free" })).toBe(25);
    expect(rateLimitFor({ rateLimit: 7 })).toBe(7);
    expect(rateLimitFor({ tier: "pro" })).toBe(RATE_LIMIT_DEFAULTS.pro);
    expect(rateLimitFor({ tier: "paid", rate_limit: 0 })).toBe(RATE_LIMIT_DEFAULTS.paid);
    expect(rateLimitFor({ tier: "mystery" })).toBe(RATE_LIMIT_DEFAULTS.free);
    expect(rateLimitFor({})).toBe(60);
  });

  it("a refusal is a 429 with Retry-After and the RateLimit headers", () => {
    const d = { ok: false, limit: 10, remaining: 0, resetSeconds: 42 };
    expect(rateLimitHeaders(d)).toEqual({ "ratelimit-limit": "10", "ratelimit-remaining": "0", "ratelimit-reset": "42", "retry-after": "42" });
    expect(rateLimitHeaders({ ...d, ok: true, remaining: 3 })).not.toHaveProperty("retry-after");
    const err = rateLimitError(d);
    expect(err.message).toMatch(/10 requests per minute.*42 s/);
    const http = err.extensions.http as unknown as { status: number; headers: Map<string, string> };
    expect(http.status).toBe(429);
    expect(http.headers.get("retry-after")).toBe("42");
    expect(err.extensions.code).toBe("RATE_LIMITED");
  });
});
