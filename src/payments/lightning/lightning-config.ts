/** The Lightning node's wallet API: base URL, invoice key, invoice lifetime (LIGHTNING_* in the configuration). */
export interface LightningConfig {
  apiBase: string;
  apiKey: string;
  invoiceExpirySeconds: number;
}
