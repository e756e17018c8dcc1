/**
 * Card processor A's checkout (a JSON:API style "checkouts" resource, as Lemon Squeezy-like
 * processors expose): POST {apiBase}/v1/checkouts with a Bearer key, our order id in the custom
 * data (echoed by every callback), the price in cents, monthly recurrence for plans; the answer
 * carries the checkout id and its page.
 */
import type { CheckoutAdapter, CheckoutArgs, CheckoutSession } from "../adapter.js";
import { upstreamFailed } from "../payment-errors.js";
import { pick, providerJson } from "../provider-http.js";
import type { MerchantAConfig } from "./merchant-a-config.js";

export function merchantACheckout(config: MerchantAConfig): CheckoutAdapter {
  return {
    provider: "merchant_a",
    async createCheckout(a: CheckoutArgs): Promise<CheckoutSession> {
      const answer = await providerJson({
        provider: "merchant_a", method: "POST", url: `${config.apiBase}/v1/checkouts`,
        headers: { authorization: `Bearer ${config.apiKey}` },
        body: {
          data: {
            type: "checkouts",
            attributes: {
              custom_price: a.order.amount_minor,
              currency: a.order.currency,
              product_options: { name: a.description, redirect_url: a.successUrl },
              checkout_data: { custom: { order_id: a.order.id } },
              ...(a.order.kind === "plan" ? { recurring: { interval: "month" } } : {}),
            },
          },
        },
      });
      const id = pick(answer, "data", "id");
      const url = pick(answer, "data", "attributes", "url");
      if (typeof id !== "string" || typeof url !== "string") throw upstreamFailed("merchant_a", "no checkout id or url");
      return { providerRef: id, url };
    },
  };
}
