/** The crypto processor: base URL, API key, IPN secret (CRYPTO_* in the configuration). */
export interface CryptoConfig {
  apiBase: string;
  apiKey: string;
  ipnSecret: string;
}

/**
 * The spec does not name the crypto callback's signature header (Authentication 10); ours is the
 * IPN convention of NOWPayments-style processors: `X-Nowpayments-Sig: <hex HMAC-SHA512 of the raw body>`.
 */
export const CRYPTO_SIGNATURE_HEADER = "x-nowpayments-sig";
