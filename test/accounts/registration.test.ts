import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMailer, createMessengerBot, findAccountByApiKey, handleBotUpdate, isAuthenticBotUpdate, KEY_REVEAL_MS,
  purgeRevealedKeys, register, registrationStatus, RegistrationError, startRegistrationPurge, verifyByCode, verifyByToken,
  type Clock, type Mailer, type RegistrationDeps, type RegistrationEvent,
} from "../../src/accounts/index.js";
import { startBotApi, type TestBotApi } from "../helpers/bot-api.js";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const DB_KIND = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const BASE_URL = "https://astro.example.test";
const BOT_LINK = "https://t.me/VedicAstroTestBot";

/** A clock tests move by hand. */
function manualClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  const clock = (() => new Date(now)) as Clock & { advance(ms: number): void };
  clock.advance = (ms) => { now += ms; };
  return clock;
}

const pinOf = (mailText: string) => /PIN[^\d]*(\d{6})/.exec(mailText)?.[1];
const tokenOf = (mailText: string) => /\/verify\?token=([A-Za-z0-9_-]+)/.exec(mailText)?.[1];
const minutes = (n: number) => n * 60_000;

describe(`registration and verification (${DB_KIND})`, () => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let botApi: TestBotApi;
  let mailer: Mailer;
  const logged: Array<{ message: string; fields: Record<string, unknown> }> = [];

  beforeAll(async () => {
    [t, smtp, botApi] = await Promise.all([
      openTestDatabase(), startSmtpServer({ user: "mailer", pass: "s3cret" }), startBotApi(),
    ]);
    mailer = createMailer(
      { host: smtp.host, port: smtp.port, user: "mailer", pass: "s3cret", from: "Vedic Astro <no-reply@astro.example.test>" },
      () => {},
    );
  });
  afterAll(async () => {
    await mailer?.close();
    await Promise.all([t?.dispose(), smtp?.close(), botApi?.close()]);
  });

  function deps(clock: Clock, overrides: Partial<RegistrationDeps> = {}): RegistrationDeps {
    return {
      db: t.db, clock, mailer, publicBaseUrl: BASE_URL, messengerBotLink: BOT_LINK,
      bot: createMessengerBot({ apiBase: botApi.baseUrl, token: botApi.token }),
      log: (message, fields) => logged.push({ message, fields }), ...overrides,
    };
  }

  it("anonymous registration returns a free-tier key at once; only its hash is stored", async () => {
    const d = deps(manualClock("2026-03-10T08:00:00Z"));
    const r = await register(d, {});
    expect(r).toMatchObject({ status: "anonymous", tier: "free", free_tier_daily: 2 });
    if (r.status !== "anonymous") throw new Error("unreachable");
    expect(r.account_id).toMatch(/^acc_[0-9A-Za-z]{24}$/);
    expect(r.api_key).toMatch(/^vas_live_[0-9A-Za-z]{32}$/);
    expect((await findAccountByApiKey(t.db, r.api_key))?.id).toBe(r.account_id);
    const rows = await t.db.selectFrom("api_keys").selectAll().where("account_id", "=", r.account_id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(r.api_key);
    expect(rows[0]!.prefix).toBe(r.api_key.slice(0, 13));
    expect(await findAccountByApiKey(t.db, r.api_key.slice(0, -1) + (r.api_key.endsWith("a") ? "b" : "a"))).toBeUndefined();
    expect(await findAccountByApiKey(t.db, "not a key")).toBeUndefined();
  });

  it("email: pending with polling info; the mail arrives over SMTP; the PIN verifies and returns the key", async () => {
    const clock = manualClock("2026-03-10T09:00:00Z");
    const d = deps(clock);
    const r = await register(d, { email: "Pin.User@Example.test", name: "Pin User" });
    expect(r).toMatchObject({
      status: "pending", channel: "email",
      poll: { url: `${BASE_URL}/register/status/${r.account_id}`, interval_seconds: 5, timeout_seconds: 300 },
      expires_at: "2026-03-10T09:30:00.000Z",
    });
    const mail = await smtp.waitForMail("pin.user@example.test");
    expect(mail.user).toBe("mailer");
    expect(mail.decoded).toContain(`href="${BASE_URL}/verify?token=`);
    const pin = pinOf(mail.decoded);
    expect(pin).toMatch(/^\d{6}$/);
    expect(await registrationStatus(d, r.account_id)).toMatchObject({ status: "pending" });

    clock.advance(minutes(2));
    const v = await verifyByCode(d, { email: "pin.user@example.test", code: pin! });
    expect(v).toMatchObject({ status: "verified", account_id: r.account_id, tier: "free" });
    const account = await findAccountByApiKey(t.db, v.api_key);
    expect(account).toMatchObject({ id: r.account_id, status: "verified", email: "pin.user@example.test", name: "Pin User" });
  });

  it("email: the link token verifies; a reload within the reveal window shows the same key", async () => {
    const clock = manualClock("2026-03-10T10:00:00Z");
    const d = deps(clock);
    const r = await register(d, { email: "link.user@example.test" });
    const token = tokenOf((await smtp.waitForMail("link.user@example.test")).decoded);
    expect(token).toBeDefined();
    const v = await verifyByToken(d, token!);
    expect(v.account_id).toBe(r.account_id);
    clock.advance(minutes(1));
    expect((await verifyByToken(d, token!)).api_key).toBe(v.api_key);
    clock.advance(KEY_REVEAL_MS);
    await expect(verifyByToken(d, token!)).rejects.toMatchObject({ status: 409, code: "ALREADY_VERIFIED" });
    await expect(verifyByToken(d, "x".repeat(43))).rejects.toMatchObject({ status: 404 });
  });

  it("status polling reveals the key only within 15 minutes after verification", async () => {
    const clock = manualClock("2026-03-10T11:00:00Z");
    const d = deps(clock);
    const r = await register(d, { email: "poll.user@example.test" });
    const pin = pinOf((await smtp.waitForMail("poll.user@example.test")).decoded)!;
    clock.advance(minutes(3));
    const v = await verifyByCode(d, { email: "poll.user@example.test", code: pin });
    clock.advance(KEY_REVEAL_MS - 1000);
    expect(await registrationStatus(d, r.account_id)).toEqual({ status: "verified", account_id: r.account_id, api_key: v.api_key });
    clock.advance(1000);
    const later = await registrationStatus(d, r.account_id);
    expect(later).toMatchObject({ status: "verified", account_id: r.account_id });
    expect(later).not.toHaveProperty("api_key");
    const reg = await t.db.selectFrom("registrations").select("reveal_key").where("account_id", "=", r.account_id).executeTakeFirstOrThrow();
    expect(reg.reveal_key).toBeNull();
    await expect(registrationStatus(d, "acc_unknown")).rejects.toMatchObject({ status: 404 });
  });

  it("codes expire after 30 minutes", async () => {
    const clock = manualClock("2026-03-10T12:00:00Z");
    const d = deps(clock);
    const r = await register(d, { email: "late.user@example.test" });
    const pin = pinOf((await smtp.waitForMail("late.user@example.test")).decoded)!;
    clock.advance(minutes(30));
    await expect(verifyByCode(d, { email: "late.user@example.test", code: pin }))
      .rejects.toMatchObject({ status: 410, code: "CODE_EXPIRED" });
    expect(await registrationStatus(d, r.account_id)).toMatchObject({ status: "expired" });
  });

  it("five wrong codes lock the PIN only: the mailed link still verifies, so a stranger cannot destroy the registration", async () => {
    const clock = manualClock("2026-03-10T13:00:00Z");
    const d = deps(clock);
    const r = await register(d, { email: "guess.user@example.test" });
    const mail = (await smtp.waitForMail("guess.user@example.test")).decoded;
    const pin = pinOf(mail)!;
    const wrong = pin === "000000" ? "111111" : "000000";
    for (const left of [4, 3, 2, 1]) {
      const e = await verifyByCode(d, { email: "guess.user@example.test", code: wrong }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(RegistrationError);
      expect(e).toMatchObject({ status: 400, code: "INVALID_CODE", details: { triesLeft: left } });
      expect((e as Error).message).toContain(`${left} ${left === 1 ? "try" : "tries"} left`);
    }
    await expect(verifyByCode(d, { email: "guess.user@example.test", code: wrong }))
      .rejects.toMatchObject({ status: 403, code: "PIN_LOCKED", details: { triesLeft: 0 } });
    // The PIN path is locked, even for the right PIN …
    await expect(verifyByCode(d, { email: "guess.user@example.test", code: pin }))
      .rejects.toMatchObject({ status: 403, code: "PIN_LOCKED", message: expect.stringMatching(/link.*register the address again/) });
    // … but the registration lives on and the owner's link still verifies it.
    expect(await registrationStatus(d, r.account_id)).toMatchObject({ status: "pending" });
    expect(await verifyByToken(d, tokenOf(mail)!)).toMatchObject({ status: "verified", account_id: r.account_id });
    // A malformed code is refused as input and costs nothing.
    await expect(verifyByCode(d, { email: "guess.user@example.test", code: "12" })).rejects.toMatchObject({ status: 422 });
  });

  it("after a locked PIN the owner gets a new PIN by registering the address again", async () => {
    const clock = manualClock("2026-03-10T13:10:00Z");
    const d = deps(clock);
    smtp.mails.length = 0;
    await register(d, { email: "relock.user@example.test" });
    const pin = pinOf((await smtp.waitForMail("relock.user@example.test")).decoded)!;
    const wrong = pin === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await verifyByCode(d, { email: "relock.user@example.test", code: wrong }).catch(() => undefined);
    await expect(verifyByCode(d, { email: "relock.user@example.test", code: pin })).rejects.toMatchObject({ code: "PIN_LOCKED" });
    clock.advance(minutes(1));
    smtp.mails.length = 0;
    await register(d, { email: "relock.user@example.test" });
    const fresh = pinOf((await smtp.waitForMail("relock.user@example.test")).decoded)!;
    expect(await verifyByCode(d, { email: "relock.user@example.test", code: fresh })).toMatchObject({ status: "verified" });
  });

  it("a new registration after exhausted tries can be verified", async () => {
    const d = deps(manualClock("2026-03-10T13:30:00Z"));
    smtp.mails.length = 0;
    await register(d, { email: "guess.user@example.test" });
    const pin = pinOf((await smtp.waitForMail("guess.user@example.test")).decoded)!;
    expect(await verifyByCode(d, { email: "guess.user@example.test", code: pin })).toMatchObject({ status: "verified" });
  });

  it("messenger: verify_url carries an unguessable token; only the registered account's chat redeems it and gets the key", async () => {
    const d = deps(manualClock("2026-03-10T14:00:00Z"));
    const messengerId = 777001;
    const r = await register(d, { messenger_id: messengerId });
    if (r.status !== "pending" || r.channel !== "messenger") throw new Error(`unexpected ${JSON.stringify(r)}`);
    const start = new URL(r.verify_url).searchParams.get("start")!;
    expect(start).toMatch(/^verify_[0-9A-Za-z]{32}$/);
    expect(r.verify_url).not.toContain(r.account_id);

    // Someone else opening the link is refused, and it costs the owner nothing.
    const stranger = await handleBotUpdate(d, { message: { text: `/start ${start}`, chat: { id: 555 }, from: { id: 555 } } });
    expect(stranger).toMatchObject({ handled: true, verified: false, delivered: true });
    expect((await botApi.waitForMessage(555)).text).toMatch(/another messenger account/);
    const reg = await t.db.selectFrom("registrations").select("tries_left").where("account_id", "=", r.account_id).executeTakeFirstOrThrow();
    expect(reg.tries_left).toBe(5);
    // The link's token is the bot's alone: the mail-link endpoint does not take it.
    await expect(verifyByToken(d, start.slice("verify_".length))).rejects.toMatchObject({ status: 404 });

    const out = await handleBotUpdate(d, { update_id: 1, message: { text: `/start ${start}`, chat: { id: messengerId }, from: { id: messengerId } } });
    expect(out).toEqual({ handled: true, verified: true, account_id: r.account_id, delivered: true });
    const sent = await botApi.waitForMessage(messengerId);
    const key = /vas_live_[0-9A-Za-z]{32}/.exec(sent.text)?.[0];
    expect(key).toBeDefined();
    expect((await findAccountByApiKey(t.db, key!))?.id).toBe(r.account_id);
    expect(await registrationStatus(d, r.account_id)).toMatchObject({ status: "verified", api_key: key });
  });

  it("messenger: the 4-digit code reaches the person only in the chat, after /start; POST /verify with it returns the key", async () => {
    const d = deps(manualClock("2026-03-10T15:00:00Z"));
    const messengerId = 777002;
    const r = await register(d, { messenger_id: messengerId, name: "Chat User" });
    if (r.status !== "pending" || r.channel !== "messenger") throw new Error("unexpected");
    expect(r.verify_url).not.toMatch(/_\d{4}$/);
    expect(JSON.stringify(r)).not.toMatch(/"\d{4}"/);
    // Nobody has a code yet: guesses fail.
    await expect(verifyByCode(d, { messenger_id: messengerId, code: "1234" })).rejects.toMatchObject({ status: 400, code: "INVALID_CODE" });

    const out = await handleBotUpdate(d, { message: { text: "/start", chat: { id: messengerId }, from: { id: messengerId } } });
    expect(out).toMatchObject({ handled: true, code_sent: true, delivered: true });
    const code = /code: (\d{4})/.exec((await botApi.waitForMessage(messengerId)).text)![1]!;
    const v = await verifyByCode(d, { messenger_id: messengerId, code });
    expect(v).toMatchObject({ status: "verified", account_id: r.account_id });
    // A plain /start from someone with nothing pending is left to other handlers.
    expect(await handleBotUpdate(d, { message: { text: "/start", chat: { id: 4242 }, from: { id: 4242 } } })).toEqual({ handled: false });
  });

  it("other bot updates are left to other handlers", async () => {
    const d = deps(manualClock("2026-03-10T15:00:00Z"));
    expect(await handleBotUpdate(d, { message: { text: "/start pay_x_200", chat: { id: 1 }, from: { id: 1 } } }))
      .toEqual({ handled: false });
    expect(await handleBotUpdate(d, {})).toEqual({ handled: false });
  });

  it("inbound bot updates are authenticated by the secret header", () => {
    expect(isAuthenticBotUpdate("hook-secret", "hook-secret")).toBe(true);
    expect(isAuthenticBotUpdate("hook-secreT", "hook-secret")).toBe(false);
    expect(isAuthenticBotUpdate(undefined, "hook-secret")).toBe(false);
    expect(isAuthenticBotUpdate("anything", undefined)).toBe(false);
  });

  it("input is validated with the offending field named", async () => {
    const d = deps(manualClock("2026-03-10T16:00:00Z"));
    await expect(register(d, { email: "not-an-address" })).rejects.toMatchObject({ status: 422, details: { field: "email" } });
    await expect(register(d, { messenger_id: -3 })).rejects.toMatchObject({ status: 422, details: { field: "messenger_id" } });
    await expect(register(d, { name: "n".repeat(101) })).rejects.toMatchObject({ status: 422, details: { field: "name" } });
    await expect(register(deps(manualClock("2026-03-10T16:00:00Z"), { messengerBotLink: undefined }), { messenger_id: 5 }))
      .rejects.toMatchObject({ status: 503, code: "NOT_CONFIGURED" });
  });

  it("without SMTP the mail goes to the log, so a local user can still verify", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const d = deps(manualClock("2026-03-10T17:00:00Z"), { mailer: createMailer(undefined, (_m, f) => lines.push(f)) });
    await register(d, { email: "local.user@example.test" });
    expect(lines).toHaveLength(1);
    const pin = pinOf(String(lines[0]!.text))!;
    expect(await verifyByCode(d, { email: "local.user@example.test", code: pin })).toMatchObject({ status: "verified" });
  });

  it("a mail that cannot be sent leaves no pending account behind", async () => {
    const dead = createMailer({ host: "127.0.0.1", port: 1, from: "x@example.test" }, () => {});
    const d = deps(manualClock("2026-03-10T18:00:00Z"), { mailer: dead });
    await expect(register(d, { email: "bounce@example.test" })).rejects.toMatchObject({ status: 502, code: "DELIVERY_FAILED" });
    const left = await t.db.selectFrom("accounts").select("id").where("email", "=", "bounce@example.test").execute();
    expect(left).toEqual([]);
  });

  it("purgeRevealedKeys clears clear-text keys after the window", async () => {
    const clock = manualClock("2026-03-10T19:00:00Z");
    const d = deps(clock);
    const r = await register(d, { email: "purge.user@example.test" });
    const pin = pinOf((await smtp.waitForMail("purge.user@example.test")).decoded)!;
    await verifyByCode(d, { email: "purge.user@example.test", code: pin });
    const revealKey = async () => (await t.db.selectFrom("registrations").select("reveal_key")
      .where("account_id", "=", r.account_id).executeTakeFirstOrThrow()).reveal_key;
    await purgeRevealedKeys(t.db, clock()); // clears earlier tests' expired windows, not this one
    expect(await revealKey()).toMatch(/^vas_live_/);
    clock.advance(KEY_REVEAL_MS);
    expect(await purgeRevealedKeys(t.db, clock())).toBe(1);
    expect(await revealKey()).toBeNull();
  });
  it("a new registration of an address re-sends the mail at most once a minute, and at most 5 an hour", async () => {
    const clock = manualClock("2026-03-11T08:00:00Z");
    const events: RegistrationEvent[] = [];
    const d = deps(clock, { onEvent: (e) => events.push(e) });
    smtp.mails.length = 0;
    const addr = "spam.target@example.test";
    await register(d, { email: addr });
    await smtp.waitForMail(addr);
    const again = await register(d, { email: addr }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 429, code: "RATE_LIMITED", details: { retryAfterSeconds: 60 } });
    for (let i = 2; i <= 5; i++) {
      clock.advance(61_000);
      await register(d, { email: addr });
    }
    clock.advance(61_000);
    await expect(register(d, { email: addr })).rejects.toMatchObject({ status: 429, code: "RATE_LIMITED" });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.filter((m) => m.to.includes(addr))).toHaveLength(5);
    expect(events.filter((e) => e.kind === "refused").map((e) => (e as { reason: string }).reason))
      .toEqual(["mail_interval", "mails_per_address"]);
    // The next hour opens a new window.
    clock.advance(minutes(60));
    expect(await register(d, { email: addr })).toMatchObject({ status: "pending" });
  });

  it("registrations and mails are limited per client address", async () => {
    const clock = manualClock("2026-03-11T09:00:00Z");
    const d = deps(clock, { limits: { registrationsPerClient: 3, mailsPerAddress: 5, mailsPerClient: 2 } });
    for (let i = 0; i < 3; i++) expect(await register(d, {}, "203.0.113.7")).toMatchObject({ status: "anonymous" });
    const refused = await register(d, {}, "203.0.113.7").catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED", details: { retryAfterSeconds: 3600 } });
    expect((refused as Error).message).toMatch(/3 per hour/);
    expect(await register(d, {}, "203.0.113.8")).toMatchObject({ status: "anonymous" });

    await register(d, { email: "one.client@example.test" }, "198.51.100.1");
    await register(d, { email: "two.client@example.test" }, "198.51.100.1");
    await expect(register(d, { email: "three.client@example.test" }, "198.51.100.1"))
      .rejects.toMatchObject({ status: 429, message: expect.stringMatching(/mails requested from your address/) });
    clock.advance(minutes(60));
    expect(await register(d, {}, "203.0.113.7")).toMatchObject({ status: "anonymous" });
  });

  it("verifying an email that already has an account gives that account a new key; old keys keep working; no second account", async () => {
    const clock = manualClock("2026-03-11T10:00:00Z");
    const d = deps(clock);
    const addr = "lost.key@example.test";
    smtp.mails.length = 0;
    const first = await register(d, { email: addr });
    const k1 = (await verifyByCode(d, { email: addr, code: pinOf((await smtp.waitForMail(addr)).decoded)! })).api_key;

    clock.advance(minutes(20));
    smtp.mails.length = 0;
    const again = await register(d, { email: addr });
    expect(again).toMatchObject({ status: "pending", account_id: first.account_id });
    const mail = (await smtp.waitForMail(addr)).decoded;
    expect(mail).toContain("new API key");
    // Polling never shows a recovered key (whoever registered need not own the mailbox).
    const k2 = (await verifyByCode(d, { email: addr, code: pinOf(mail)! })).api_key;
    expect(k2).not.toBe(k1);
    expect(await registrationStatus(d, first.account_id)).not.toHaveProperty("api_key");
    expect((await findAccountByApiKey(t.db, k1))?.id).toBe(first.account_id);
    expect((await findAccountByApiKey(t.db, k2))?.id).toBe(first.account_id);
    const accounts = await t.db.selectFrom("accounts").select("id").where("email", "=", addr).execute();
    expect(accounts).toHaveLength(1);
    // The link of a recovery mail verifies too, and a reload of its page shows the same key.
    clock.advance(minutes(2));
    smtp.mails.length = 0;
    await register(d, { email: addr });
    const token = tokenOf((await smtp.waitForMail(addr)).decoded)!;
    const k3 = (await verifyByToken(d, token)).api_key;
    expect((await verifyByToken(d, token)).api_key).toBe(k3);
    expect((await findAccountByApiKey(t.db, k3))?.id).toBe(first.account_id);
  });

  it("the periodic purge clears clear-text keys after their window without anyone reading them", async () => {
    const clock = manualClock("2026-03-11T11:00:00Z");
    const d = deps(clock);
    smtp.mails.length = 0;
    const r = await register(d, { email: "sched.purge@example.test" });
    await verifyByCode(d, { email: "sched.purge@example.test", code: pinOf((await smtp.waitForMail("sched.purge@example.test")).decoded)! });
    const revealKey = async () => (await t.db.selectFrom("registrations").select("reveal_key")
      .where("account_id", "=", r.account_id).executeTakeFirstOrThrow()).reveal_key;
    const stop = startRegistrationPurge({ db: t.db, clock, intervalMs: 20 });
    try {
      await new Promise((res) => setTimeout(res, 100));
      expect(await revealKey()).toMatch(/^vas_live_/);
      clock.advance(KEY_REVEAL_MS);
      const deadline = Date.now() + 3000;
      while ((await revealKey()) !== null && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
      expect(await revealKey()).toBeNull();
    } finally {
      stop();
    }
  });

  it("text with NUL characters is refused as input naming the field, before any query", async () => {
    const d = deps(manualClock("2026-03-11T12:00:00Z"));
    await expect(register(d, { name: "a\u0000b" })).rejects.toMatchObject({ status: 422, details: { field: "name" } });
    await expect(register(d, { email: "x\u0000@example.test" })).rejects.toMatchObject({ status: 422, details: { field: "email" } });
    await expect(verifyByCode(d, { email: "x\u0000@example.test", code: "123456" }))
      .rejects.toMatchObject({ status: 422, details: { field: "email" } });
    await expect(registrationStatus(d, "acc_\u0000")).rejects.toMatchObject({ status: 422, details: { field: "account_id" } });
  });
});
