/** Card processor A: base URL, API key, webhook secret (MERCHANT_A_* in the configuration). */
export interface MerchantAConfig {
  apiBase: string;
  apiKey: string;
  webhookSecret: string;
}

/** The signature header of POST /webhook/merchant_a (spec: "HMAC-SHA256 signature in header X-Signature"). */
export const MERCHANT_A_SIGNATURE_HEADER = "x-signature";
