/**
 * Which payment adapters this deployment has, from the configuration (MERCHANT_A_*, MERCHANT_B_*,
 * CRYPTO_*, LIGHTNING_*, and the messenger bot for Stars). An adapter without its variables is
 * absent: its method answers 503 "not configured" and is left out of the 402 body.
 */
import type { Config } from "../server/config.js";
import type { CryptoConfig } from "./crypto/crypto-config.js";
import type { LightningConfig } from "./lightning/lightning-config.js";
import type { MerchantAConfig } from "./merchant-a/merchant-a-config.js";
import type { MerchantBConfig } from "./merchant-b/merchant-b-config.js";
import type { StarsConfig } from "./stars/stars-config.js";

export interface PaymentsConfig {
  merchantA?: MerchantAConfig;
  merchantB?: MerchantBConfig;
  crypto?: CryptoConfig;
  lightning?: LightningConfig;
  stars?: StarsConfig;
}

export function paymentsConfigFrom(c: Config): PaymentsConfig {
  return {
    ...(c.merchantAApiBase && c.merchantAApiKey && c.merchantAWebhookSecret
      ? { merchantA: { apiBase: c.merchantAApiBase, apiKey: c.merchantAApiKey, webhookSecret: c.merchantAWebhookSecret } } : {}),
    ...(c.merchantBApiBase && c.merchantBApiKey && c.merchantBWebhookSecret
      ? { merchantB: { apiBase: c.merchantBApiBase, apiKey: c.merchantBApiKey, webhookSecret: c.merchantBWebhookSecret } } : {}),
    ...(c.cryptoApiBase && c.cryptoApiKey && c.cryptoIpnSecret
      ? { crypto: { apiBase: c.cryptoApiBase, apiKey: c.cryptoApiKey, ipnSecret: c.cryptoIpnSecret } } : {}),
    ...(c.lightningApiBase && c.lightningApiKey
      ? { lightning: { apiBase: c.lightningApiBase, apiKey: c.lightningApiKey, invoiceExpirySeconds: c.lightningInvoiceExpirySeconds } } : {}),
    // Stars need the bot to send invoices and the webhook to receive the payment.
    ...(c.messengerBotLink && c.messengerBotToken && c.messengerBotApiBase && c.messengerWebhookSecret
      ? { stars: { botLink: c.messengerBotLink, apiBase: c.messengerBotApiBase, token: c.messengerBotToken } } : {}),
  };
}
