/**
 * The operator's key check, shared by the REST admin routes and the GraphQL admin fields: X-Admin-Key
 * against ADMIN_KEY in constant time, and guessing throttled (issue 22 item 6, docs/limits.md): an
 * address that sent ADMIN_FAILURES_PER_MINUTE wrong keys within a minute is answered 429 with
 * Retry-After — whatever key it sends — until its minute is over. Counted in process memory.
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** Wrong admin keys one client address may send per minute. */
export const ADMIN_FAILURES_PER_MINUTE = 10;
const WINDOW_MS = 60_000;
const MAX_TRACKED = 10_000;

export type AdminCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: 403 | 429; readonly message: string; readonly retryAfterSeconds?: number };

export interface AdminKeyGuard {
  check(presented: string | undefined, address: string | undefined, nowMs?: number): AdminCheck;
}

function secretsEqual(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function createAdminKeyGuard(adminKey: string | undefined, failuresPerMinute = ADMIN_FAILURES_PER_MINUTE): AdminKeyGuard {
  const failures = new Map<string, { start: number; count: number }>();
  return {
    check(presented, address = "unknown", nowMs = Date.now()) {
      if (!adminKey) return { ok: false, status: 403, message: "Admin endpoints are disabled: the service has no ADMIN_KEY configured" };
      let w = failures.get(address);
      if (w && nowMs - w.start >= WINDOW_MS) {
        failures.delete(address);
        w = undefined;
      }
      const throttled = (win: { start: number }): AdminCheck => ({
        ok: false, status: 429, retryAfterSeconds: Math.max(1, Math.ceil((win.start + WINDOW_MS - nowMs) / 1000)),
        message: `Too many wrong admin keys from this address (at most ${failuresPerMinute} a minute); retry later.`,
      });
      if (w && w.count >= failuresPerMinute) return throttled(w);
      if (presented && secretsEqual(presented, adminKey)) return { ok: true };
      if (!w) {
        if (failures.size >= MAX_TRACKED) failures.clear();
        failures.set(address, (w = { start: nowMs, count: 0 }));
      }
      w.count += 1;
      return { ok: false, status: 403, message: "Missing or invalid admin key: send the operator's key in the X-Admin-Key header" };
    },
  };
}
