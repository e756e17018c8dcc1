/**
 * The messaging platform's bot API: outgoing messages via `${apiBase}/bot${token}/sendMessage`
 * (JSON {chat_id, text}), and the shared secret the platform sends with every webhook update.
 */
import { constantTimeEqual } from "./secrets.js";

/** Header carrying the webhook secret on inbound updates (the platform's name for it). */
export const MESSENGER_SECRET_HEADER = "x-telegram-bot-api-secret-token";

export interface MessengerBotConfig {
  /** e.g. "https://api.telegram.org" (no trailing slash needed). */
  apiBase: string;
  token: string;
  /** Per-call timeout, ms; default 10 s. */
  timeoutMs?: number;
}

export interface MessengerBot {
  sendMessage(chatId: number, text: string): Promise<void>;
}

export class MessengerDeliveryError extends Error {
  override name = "MessengerDeliveryError";
}

export function createMessengerBot(config: MessengerBotConfig): MessengerBot {
  const base = config.apiBase.replace(/\/+$/, "");
  const url = `${base}/bot${config.token}/sendMessage`;
  return {
    async sendMessage(chatId, text) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ chat_id: chatId, text }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (err) {
        // Never echo the URL: it contains the bot token.
        throw new MessengerDeliveryError(`bot API unreachable: ${(err as Error).name}`);
      }
      const body = (await res.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
      if (!res.ok || body?.ok === false) {
        throw new MessengerDeliveryError(`bot API answered ${res.status}${body?.description ? `: ${body.description}` : ""}`);
      }
    },
  };
}

/**
 * Whether an inbound update carries the configured secret. With no secret configured, updates
 * are refused (an unauthenticated webhook could verify accounts for anyone).
 */
export function isAuthenticBotUpdate(headerValue: string | undefined | null, secret: string | undefined): boolean {
  if (!secret || !headerValue) return false;
  return constantTimeEqual(headerValue, secret);
}

/** The parts of an update this service reads. */
export interface BotUpdate {
  update_id?: number;
  message?: {
    text?: string;
    chat?: { id?: number };
    from?: { id?: number };
  };
}
