/** Messenger Stars: the bot's deep link and API (MESSENGER_BOT_LINK, MESSENGER_BOT_API_BASE, MESSENGER_BOT_TOKEN). */
export interface StarsConfig {
  botLink: string;
  apiBase: string;
  token: string;
}

/** The platform's currency code of Stars (Telegram Bot API, "Payments in Telegram Stars"). */
export const STARS_CURRENCY = "XTR";
