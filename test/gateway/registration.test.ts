import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBotApi, type TestBotApi } from "../helpers/bot-api.js";
import { graphql, startTestServer, type TestServer } from "../helpers/server.js";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp.js";

/**
 * The registration state table end to end over HTTP: a real SMTP server on loopback receives the
 * mail, a local HTTP server plays the bot API, and the service runs with its real account services.
 */
const BOT_SECRET = "bot-webhook-secret-for-tests";
const BOT_LINK = "https://t.me/VedicAstroTestBot";

let server: TestServer;
let smtp: TestSmtpServer;
let bot: TestBotApi;
let nowMs = Date.parse("2026-03-01T10:00:00Z");

const pinOf = (mail: string) => /PIN[^\d]*(\d{6})/.exec(mail)?.[1];
const tokenOf = (mail: string) => /\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

const accountStatus = async (key: string) => (await call("GET", "/account", undefined, { "x-api-key": key })).status;

beforeAll(async () => {
  [smtp, bot] = await Promise.all([startSmtpServer(), startBotApi()]);
  server = await startTestServer({
    env: {
      SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port), SMTP_FROM: "Vedic Astro <no-reply@example.test>",
      MESSENGER_BOT_LINK: BOT_LINK, MESSENGER_BOT_API_BASE: bot.baseUrl, MESSENGER_BOT_TOKEN: bot.token,
      MESSENGER_WEBHOOK_SECRET: BOT_SECRET,
    },
    appOptions: { accounts: { clock: () => new Date(nowMs) } },
  });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([smtp?.close(), bot?.close()]);
});

describe("POST /register", () => {
  it("without email or messenger_id gives an anonymous key with the free tier at once", async () => {
    const r = await call("POST", "/register", {});
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: "anonymous", tier: "free", free_tier_daily: 2 });
    expect(r.json.account_id).toMatch(/^acc_/);
    expect(r.json.api_key).toMatch(/^vas_live_/);
    expect(await accountStatus(r.json.api_key)).toBe(200);
  });

  it("with no body at all is anonymous too", async () => {
    const r = await call("POST", "/register");
    expect(r.status).toBe(200);
    expect(r.json.status).toBe("anonymous");
  });

  it("refuses a malformed email with 422 pointing at body.email", async () => {
    const r = await call("POST", "/register", { email: "not-an-address" });
    expect(r.status).toBe(422);
    expect(r.json.detail[0].loc).toEqual(["body", "email"]);
  });
});

describe("email registration", () => {
  it("pending with polling info; the PIN from the mail verifies; polling reveals the key for 15 minutes", async () => {
    const r = await call("POST", "/register", { email: "pin.user@example.test", name: "Pin" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: "pending", channel: "email" });
    expect(r.json.poll).toEqual({
      url: expect.stringMatching(new RegExp(`/register/status/${r.json.account_id}$`)), interval_seconds: 5, timeout_seconds: 300,
    });
    expect(r.json.api_key).toBeUndefined();

    const status1 = await call("GET", `/register/status/${r.json.account_id}`);
    expect(status1.json).toMatchObject({ status: "pending", account_id: r.json.account_id });
    expect(status1.json.api_key).toBeUndefined();

    const mail = await smtp.waitForMail("pin.user@example.test");
    const pin = pinOf(mail.decoded)!;
    expect(pin).toMatch(/^\d{6}$/);

    const wrong = pin === "000000" ? "111111" : "000000";
    const bad = await call("POST", "/verify", { email: "pin.user@example.test", code: wrong });
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toMatch(/4 tries left|4 .*left/);

    const ok = await call("POST", "/verify", { email: "pin.user@example.test", code: pin });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "verified", account_id: r.json.account_id });
    expect(await accountStatus(ok.json.api_key)).toBe(200);

    nowMs += 14 * 60_000;
    const within = await call("GET", `/register/status/${r.json.account_id}`);
    expect(within.json).toMatchObject({ status: "verified", api_key: ok.json.api_key });
    nowMs += 2 * 60_000;
    const after = await call("GET", `/register/status/${r.json.account_id}`);
    expect(after.json.status).toBe("verified");
    expect(after.json.api_key).toBeUndefined();
  });

  it("the mail's link shows the key on an HTML page to browsers", async () => {
    const r = await call("POST", "/register", { email: "link.user@example.test" });
    const token = tokenOf((await smtp.waitForMail("link.user@example.test")).decoded)!;
    expect(token).toBeTruthy();
    const page = await call("GET", `/verify?token=${token}`, undefined, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const key = /vas_live_[0-9A-Za-z]{32}/.exec(page.text)?.[0];
    expect(key).toBeTruthy();
    expect(page.text).toContain(r.json.account_id);
    expect(await accountStatus(key!)).toBe(200);
  });

  it("the mail's link answers JSON to JSON clients", async () => {
    const r = await call("POST", "/register", { email: "json.user@example.test" });
    const token = tokenOf((await smtp.waitForMail("json.user@example.test")).decoded)!;
    const res = await call("GET", `/verify?token=${token}`, undefined, { accept: "application/json" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "verified", account_id: r.json.account_id, api_key: expect.stringMatching(/^vas_live_/) });
  });

  it("an unknown token is refused and verifies nothing", async () => {
    const res = await call("GET", `/verify?token=${"z".repeat(40)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.json.detail).toBe("string");
  });
});

describe("email recovery", () => {
  it("registering a verified email again gives the same account a new key through the mail; the old key keeps working", async () => {
    const addr = "recover.me@example.test";
    const first = await call("POST", "/register", { email: addr });
    const pin = pinOf((await smtp.waitForMail(addr)).decoded)!;
    const k1 = (await call("POST", "/verify", { email: addr, code: pin })).json.api_key;
    smtp.mails.length = 0;
    nowMs += 20 * 60_000;

    const again = await call("POST", "/register", { email: addr });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: "pending", account_id: first.json.account_id });
    const token = tokenOf((await smtp.waitForMail(addr)).decoded)!;
    const page = await call("GET", `/verify?token=${token}`, undefined, { accept: "application/json" });
    expect(page.json).toMatchObject({ status: "verified", account_id: first.json.account_id });
    const k2 = page.json.api_key;
    expect(k2).not.toBe(k1);
    expect((await call("GET", `/register/status/${first.json.account_id}`)).json.api_key).toBeUndefined();
    for (const key of [k1, k2]) {
      const acc = await call("GET", "/account", undefined, { "x-api-key": key });
      expect(acc.status).toBe(200);
      expect(JSON.stringify(acc.json)).toContain(first.json.account_id);
    }
  });

  it("a second registration of the same address within a minute sends no second mail (429 with Retry-After)", async () => {
    const addr = "twice.quick@example.test";
    expect((await call("POST", "/register", { email: addr })).status).toBe(200);
    const again = await call("POST", "/register", { email: addr });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    // The service answers only after the SMTP server has accepted its mail (and the test server
    // records a mail before accepting it), so by the 429 every mail either request sent is here.
    expect(smtp.mails.filter((m) => m.to.includes(addr))).toHaveLength(1);
  });
});

describe("messenger registration", () => {
  it("pending with verify_url; the bot link sent through the webhook delivers the key to the chat", async () => {
    const messengerId = 700_000_001;
    const r = await call("POST", "/register", { messenger_id: messengerId });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: "pending", channel: "messenger" });
    const m = new RegExp(`^${BOT_LINK}\\?start=(verify_[0-9A-Za-z]{32})$`).exec(r.json.verify_url);
    expect(m).not.toBeNull();
    const update = { update_id: 1, message: { message_id: 5, text: `/start ${m![1]}`, chat: { id: messengerId }, from: { id: messengerId } } };

    const forged = await call("POST", "/webhook/messaging", update, { "x-telegram-bot-api-secret-token": "wrong-secret" });
    expect(forged.status).toBe(403);
    expect((await call("GET", `/register/status/${r.json.account_id}`)).json.status).toBe("pending");

    const res = await call("POST", "/webhook/messaging", update, { "x-telegram-bot-api-secret-token": BOT_SECRET });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, handled: true, verified: true });
    const sent = await bot.waitForMessage(messengerId);
    const key = /vas_live_[0-9A-Za-z]{32}/.exec(sent.text)?.[0];
    expect(key).toBeTruthy();
    expect(await accountStatus(key!)).toBe(200);
    expect((await call("GET", `/register/status/${r.json.account_id}`)).json).toMatchObject({ status: "verified", api_key: key });
  });

  it("POST /verify {messenger_id, code} takes the code the bot sends to the chat after /start; nothing in the response proves the chat", async () => {
    const messengerId = 700_000_002;
    const r = await call("POST", "/register", { messenger_id: messengerId });
    expect(r.json.verify_url).not.toMatch(/_\d{4}$/);
    const guess = await call("POST", "/verify", { messenger_id: messengerId, code: "0000" });
    expect(guess.status).toBe(400);
    const start = await call("POST", "/webhook/messaging",
      { update_id: 2, message: { text: "/start", chat: { id: messengerId }, from: { id: messengerId } } },
      { "x-telegram-bot-api-secret-token": BOT_SECRET });
    expect(start.json).toEqual({ ok: true, handled: true });
    const code = /code: (\d{4})/.exec((await bot.waitForMessage(messengerId)).text)![1];
    const res = await call("POST", "/verify", { messenger_id: messengerId, code });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "verified", account_id: r.json.account_id });
  });

  it("updates that are not verification links are accepted and left alone", async () => {
    const res = await call("POST", "/webhook/messaging", { update_id: 9, message: { text: "hello", chat: { id: 1 }, from: { id: 1 } } },
      { "x-telegram-bot-api-secret-token": BOT_SECRET });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, handled: false });
  });
});

describe("over GraphQL", () => {
  it("the register mutation gives an anonymous key", async () => {
    const { status, body } = await graphql(server.baseUrl, "mutation { register { status accountId apiKey } }");
    expect(status).toBe(200);
    expect(body.data.register.status).toBe("anonymous");
    expect(body.data.register.apiKey).toMatch(/^vas_live_/);
  });
});
