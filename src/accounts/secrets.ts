/** Random identifiers and secrets, their hashes, and constant-time comparison. */
import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` characters of [0-9A-Za-z], uniformly random (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62]; // 248 = 4 × 62
      if (out.length === length) break;
    }
  }
  return out;
}

/** A zero-padded string of `digits` uniformly random decimal digits (PINs and codes). */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

/** A URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * Lower-case hex SHA-256 of a UTF-8 string. The one-shot `hash` (Node ≥ 20.12): every keyed
 * request hashes its key, and a Hash object per call cost ≈ 4× the digest (measured 5.1 vs 1.4 µs).
 */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}

/**
 * Equality of two secrets in time independent of where they differ. Both sides are hashed first
 * so that differing lengths do not leak through timingSafeEqual's length check either.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a, "utf8").digest();
  const hb = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(ha, hb);
}
