/** Card processor B: base URL, API key, webhook secret (MERCHANT_B_* in the configuration). */
export interface MerchantBConfig {
  apiBase: string;
  apiKey: string;
  webhookSecret: string;
}

/**
 * The spec does not name merchant_b's signature header (Authentication 10); ours is
 * `Merchant-B-Signature: sha256=<hex HMAC-SHA256 of the raw body>`.
 */
export const MERCHANT_B_SIGNATURE_HEADER = "merchant-b-signature";
