/**
 * The bot API calls of a Stars payment (Telegram Bot API, "Payments in Telegram Stars"):
 * sendInvoice (currency XTR, empty provider token), answerPreCheckoutQuery, sendMessage.
 */
import { upstreamFailed } from "../payment-errors.js";
import { providerJson } from "../provider-http.js";
import type { StarsConfig } from "./stars-config.js";

export interface StarsBotApi {
  sendInvoice(chatId: number, args: { title: string; description: string; payload: string; stars: number }): Promise<void>;
  answerPreCheckoutQuery(queryId: string, ok: boolean, errorMessage?: string): Promise<void>;
  sendMessage(chatId: number, text: string): Promise<void>;
}

export function starsBotApi(config: StarsConfig): StarsBotApi {
  const call = async (method: string, body: Record<string, unknown>): Promise<void> => {
    const answer = await providerJson({ provider: "stars", method: "POST", url: `${config.apiBase}/bot${config.token}/${method}`, body });
    if (answer.ok !== true) throw upstreamFailed("stars", `${method} not ok`);
  };
  return {
    sendInvoice: (chatId, a) => call("sendInvoice", {
      chat_id: chatId, title: a.title, description: a.description, payload: a.payload, provider_token: "", currency: "XTR",
      prices: [{ label: a.title, amount: a.stars }],
    }),
    answerPreCheckoutQuery: (queryId, ok, errorMessage) => call("answerPreCheckoutQuery", {
      pre_checkout_query_id: queryId, ok, ...(errorMessage ? { error_message: errorMessage } : {}),
    }),
    sendMessage: (chatId, text) => call("sendMessage", { chat_id: chatId, text }),
  };
}
