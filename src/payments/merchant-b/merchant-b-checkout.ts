/**
 * Card processor B's checkout (a "transactions" resource, Paddle Billing style): POST
 * {apiBase}/v1/transactions with a Bearer key, one item priced in cents, our order id in
 * custom_data, a monthly billing cycle for plans; the answer carries data.id and data.checkout.url.
 */
import type { CheckoutAdapter, CheckoutArgs, CheckoutSession } from "../adapter.js";
import { upstreamFailed } from "../payment-errors.js";
import { pick, providerJson } from "../provider-http.js";
import type { MerchantBConfig } from "./merchant-b-config.js";

export function merchantBCheckout(config: MerchantBConfig): CheckoutAdapter {
  return {
    provider: "merchant_b",
    async createCheckout(a: CheckoutArgs): Promise<CheckoutSession> {
      const answer = await providerJson({
        provider: "merchant_b", method: "POST", url: `${config.apiBase}/v1/transactions`,
        headers: { authorization: `Bearer ${config.apiKey}` },
        body: {
          items: [{ name: a.description, quantity: 1, unit_price: { amount: String(a.order.amount_minor), currency_code: a.order.currency } }],
          currency_code: a.order.currency,
          custom_data: { order_id: a.order.id },
          checkout: { success_url: a.successUrl },
          ...(a.order.kind === "plan" ? { billing_cycle: { interval: "month", frequency: 1 } } : {}),
        },
      });
      const id = pick(answer, "data", "id");
      const url = pick(answer, "data", "checkout", "url");
      if (typeof id !== "string" || typeof url !== "string") throw upstreamFailed("merchant_b", "no transaction id or checkout url");
      return { providerRef: id, url };
    },
  };
}
