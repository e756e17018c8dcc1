/**
 * A local HTTP server playing the messaging platform's bot API: it accepts
 * POST /bot<token>/sendMessage with JSON {chat_id, text}, records it and answers like the
 * platform ({ok: true, result: {...}}). A wrong token gets 401 {ok: false}, as the platform does.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface SentBotMessage {
  chat_id: number;
  text: string;
}

export interface TestBotApi {
  /** Base URL to configure as the bot API base. */
  baseUrl: string;
  token: string;
  messages: SentBotMessage[];
  waitForMessage(chatId: number, timeoutMs?: number): Promise<SentBotMessage>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startBotApi(token = "123456:test-bot-token"): Promise<TestBotApi> {
  const messages: SentBotMessage[] = [];
  let nextId = 1;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    res.setHeader("content-type", "application/json");
    if (req.method !== "POST" || req.url !== `/bot${token}/sendMessage`) {
      res.statusCode = req.url?.startsWith("/bot") ? 401 : 404;
      res.end(JSON.stringify({ ok: false, error_code: res.statusCode, description: "Unauthorized" }));
      return;
    }
    let parsed: { chat_id?: unknown; text?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      res.statusCode = 400;
      res.end(JSON.stringify({ ok: false, error_code: 400, description: "Bad Request: invalid JSON" }));
      return;
    }
    if (typeof parsed.chat_id !== "number" || typeof parsed.text !== "string") {
      res.statusCode = 400;
      res.end(JSON.stringify({ ok: false, error_code: 400, description: "Bad Request: chat_id and text required" }));
      return;
    }
    messages.push({ chat_id: parsed.chat_id, text: parsed.text });
    res.end(JSON.stringify({ ok: true, result: { message_id: nextId++, chat: { id: parsed.chat_id }, text: parsed.text } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    messages,
    async waitForMessage(chatId, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.chat_id === chatId);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no bot message to chat ${chatId} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
