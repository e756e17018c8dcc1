/**
 * Callback signatures (spec, Authentication 8; docs/architecture.md §9): an HMAC over the raw
 * body bytes exactly as received, compared in constant time, checked before the body is parsed.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type HmacAlgorithm = "sha256" | "sha512";

export function hmacHex(algorithm: HmacAlgorithm, secret: string, rawBody: string | Buffer): string {
  return createHmac(algorithm, secret).update(rawBody).digest("hex");
}

/**
 * Whether `presented` (hex, any case, optionally "sha256="-prefixed) is the HMAC of `rawBody`.
 * Both sides are compared as bytes of equal length (timingSafeEqual); a malformed or absent
 * signature is simply false.
 */
export function signatureValid(
  algorithm: HmacAlgorithm, secret: string, rawBody: string | Buffer, presented: string | undefined,
): boolean {
  if (!presented) return false;
  const hex = presented.trim().replace(/^sha(256|512)=/i, "").toLowerCase();
  const expected = Buffer.from(hmacHex(algorithm, secret, rawBody), "hex");
  if (!/^[0-9a-f]+$/.test(hex) || hex.length !== expected.length * 2) return false;
  return timingSafeEqual(Buffer.from(hex, "hex"), expected);
}
