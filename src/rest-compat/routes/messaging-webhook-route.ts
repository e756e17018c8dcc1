import type { FieldSpec } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";

/**
 * The top-level members of the messaging platform's Update object (Telegram Bot API "Update"):
 * the router refuses unknown body keys, so each is declared here as an open object.
 */
const UPDATE_MEMBERS = [
  "message", "edited_message", "channel_post", "edited_channel_post", "business_connection", "business_message",
  "edited_business_message", "deleted_business_messages", "message_reaction", "message_reaction_count", "inline_query",
  "chosen_inline_result", "callback_query", "shipping_query", "pre_checkout_query", "purchased_paid_media", "poll",
  "poll_answer", "my_chat_member", "chat_member", "chat_join_request", "chat_boost", "removed_chat_boost",
] as const;

const body: Record<string, FieldSpec> = { update_id: { type: "integer", description: "the platform's update id" } };
for (const name of UPDATE_MEMBERS) body[name] = { type: "object" };

interface UpdateData { messagingUpdate: { ok: boolean; handled: boolean; verified: boolean | null; delivered: boolean | null } }

export const messagingWebhookRoute: RouteEntry = {
  method: "post",
  path: "/webhook/messaging",
  operationId: "messagingWebhook",
  summary: "Messaging bot updates",
  description:
    "Receives the bot's update objects. Authenticated by the secret header the platform sends " +
    "(X-Telegram-Bot-Api-Secret-Token = MESSENGER_WEBHOOK_SECRET; 403 otherwise). A `/start verify_{token}` message " +
    "(the registration's verify_url) from the registered messenger account verifies it and sends the API key to the chat; " +
    "a plain `/start` from someone with a pending registration sends a fresh 4-digit code for POST /verify to the chat.",
  tags: ["account"],
  credits: 0,
  auth: "none",
  input: { body },
  document: /* GraphQL */ `
    mutation MessagingWebhook($update: JSONObject!) { messagingUpdate(update: $update) { ok handled verified delivered } }
  `,
  variables: ({ body: b }) => ({ update: b }),
  result: (data) => {
    const r = (data as unknown as UpdateData).messagingUpdate;
    return { body: { ok: r.ok, handled: r.handled, ...(r.verified !== null ? { verified: r.verified } : {}) } };
  },
  errors: { 403: "Missing or wrong X-Telegram-Bot-Api-Secret-Token, or no MESSENGER_WEBHOOK_SECRET configured" },
  exampleInput: { body: { update_id: 1, message: { text: "/start" } } },
  responseSchema: {
    type: "object",
    properties: { ok: { type: "boolean" }, handled: { type: "boolean" }, verified: { type: "boolean" } },
  },
};
