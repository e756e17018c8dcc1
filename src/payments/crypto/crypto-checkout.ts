/**
 * The crypto processor's invoice (NOWPayments-style IPN processors): POST {apiBase}/v1/invoice
 * with x-api-key, the price as a decimal USD string built from integer cents, our order id,
 * our IPN callback and success/cancel pages; the answer carries the invoice id and invoice_url.
 */
import type { CheckoutAdapter, CheckoutArgs, CheckoutSession } from "../adapter.js";
import { centsToDecimal } from "../money.js";
import { upstreamFailed } from "../payment-errors.js";
import { idText } from "../adapter.js";
import { providerJson } from "../provider-http.js";
import type { CryptoConfig } from "./crypto-config.js";

export function cryptoCheckout(config: CryptoConfig): CheckoutAdapter {
  return {
    provider: "crypto",
    async createCheckout(a: CheckoutArgs): Promise<CheckoutSession> {
      const answer = await providerJson({
        provider: "crypto", method: "POST", url: `${config.apiBase}/v1/invoice`,
        headers: { "x-api-key": config.apiKey },
        body: {
          price_amount: centsToDecimal(a.order.amount_minor),
          price_currency: a.order.currency.toLowerCase(),
          order_id: a.order.id,
          order_description: a.description,
          ipn_callback_url: a.callbackUrl,
          success_url: a.successUrl,
          cancel_url: a.cancelUrl,
        },
      });
      const id = idText(answer.id);
      const url = answer.invoice_url;
      if (!id || typeof url !== "string") throw upstreamFailed("crypto", "no invoice id or invoice_url");
      return { providerRef: id, url };
    },
  };
}
