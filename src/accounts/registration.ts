/**
 * Registration and verification, per the spec's state table:
 *
 *   (none) ─POST /register (no email, no messenger_id)─► anonymous (key at once, free tier)
 *   (none) ─POST /register (email | messenger_id)─► pending ─ token | PIN | code | bot link ─► verified
 *
 * Decisions where the spec is silent (kept here so the gateway only maps results):
 * - Every registration creates its own account, except an email that already has a verified
 *   account: verifying it again (recovery) gives THAT account a new key; its old keys keep working.
 *   A recovery key is shown only to whoever proves the mailbox (link page or PIN), never by polling.
 * - Codes: 6-digit PIN (email), 4-digit code (messenger); both and the links expire 30 minutes
 *   after registration. Five wrong codes lock the code path only: the mailed link and the bot
 *   link stay valid, and the owner gets a new code (a new registration of the address, or /start
 *   in the bot chat), so a stranger guessing cannot destroy someone else's registration. A
 *   malformed code (wrong length) is a 422 and costs no try.
 * - Messenger: verify_url carries an unguessable token that only the bot webhook redeems, and only
 *   from the registered messenger account; the 4-digit code for POST /verify reaches the person
 *   only through the chat (the bot sends it after /start).
 * - Limits (per hour, configurable; 0 = none): registrations per client address, verification
 *   mails per address and per client address; a mail to the same address at most once a minute.
 * - The key is minted at verification. Status polling reveals it for 15 minutes after that; the
 *   clear key is kept only for that window (in `registrations.reveal_key`), cleared on read and by
 *   a periodic purge after. Repeating a successful verification inside the window answers the
 *   same key again (a browser reload of the link page); later it is a 409.
 * - email and messenger_id together are refused (422 naming both): each is its own channel, and
 *   silently choosing one would leave the caller waiting on the other.
 * - Caller-given text is screened for NUL before any query (PostgreSQL text cannot hold it).
 */
import { addressBucket } from "./address-bucket.js";
import type { Kysely, Transaction } from "kysely";
import type { Database, Registration } from "../../db/schema.js";
import { createAccount, FREE_TIER_DAILY, getAccount } from "./accounts-repo.js";
import { issueApiKey } from "./api-keys.js";
import { addMs, type Clock } from "./clock.js";
import { actionLimited, HOUR_MS, purgeActionWindows, takeAction } from "./action-limits.js";
import { RegistrationError } from "./errors.js";
import type { Mailer } from "./mailer.js";
import { verificationMail } from "./mailer.js";
import type { BotUpdate, MessengerBot } from "./messenger-bot.js";
import { constantTimeEqual, randomBase62, randomDigits, randomToken, sha256Hex } from "./secrets.js";
import { refuseNul } from "./text-input.js";

export const CODE_VALID_MS = 30 * 60_000;
export const MAX_CODE_TRIES = 5;
export const KEY_REVEAL_MS = 15 * 60_000;
export const POLL_INTERVAL_SECONDS = 5;
export const POLL_TIMEOUT_SECONDS = 300;
/** A new verification mail to the same address at most this often. */
export const MAIL_RESEND_INTERVAL_MS = 60_000;
const EMAIL_PIN_DIGITS = 6;
const MESSENGER_CODE_DIGITS = 4;
/** base62 characters of the bot link token (≈190 bits; the platform allows 64 characters of start payload). */
const BOT_TOKEN_LENGTH = 32;

/** Per-hour limits (0 = unlimited); the server takes them from the configuration. */
export interface RegistrationLimits {
  /** Registrations (any kind) per client address. */
  readonly registrationsPerClient: number;
  /** Verification mails to one email address. */
  readonly mailsPerAddress: number;
  /** Verification mails requested from one client address. */
  readonly mailsPerClient: number;
}

export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = { registrationsPerClient: 20, mailsPerAddress: 5, mailsPerClient: 10 };

/** What the server counts in /metrics. */
export type RegistrationEvent =
  | { kind: "registered"; channel: "anonymous" | "email" | "messenger"; recovery: boolean }
  | { kind: "refused"; reason: "registrations_per_client" | "mail_interval" | "mails_per_address" | "mails_per_client" };

export interface RegistrationDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  /** Absolute base URL of this service, e.g. "https://astro.example.com" (links in mails). */
  publicBaseUrl: string;
  /** Bot deep link, e.g. "https://t.me/VedicAstroBot"; messenger registration is off without it. */
  messengerBotLink?: string;
  /** Bot API client; needed to send the key to the chat after a bot-link verification. */
  bot?: MessengerBot;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** Default DEFAULT_REGISTRATION_LIMITS. */
  limits?: RegistrationLimits;
  onEvent?: (event: RegistrationEvent) => void;
}

export interface RegisterInput {
  email?: string | null;
  name?: string | null;
  messenger_id?: number | null;
}

export interface PollInfo {
  url: string;
  interval_seconds: number;
  timeout_seconds: number;
}

export type RegisterResponse =
  | { status: "anonymous"; account_id: string; api_key: string; tier: string; free_tier_daily: number; message: string }
  | { status: "pending"; account_id: string; channel: "email"; poll: PollInfo; expires_at: string; message: string }
  | {
      status: "pending"; account_id: string; channel: "messenger"; verify_url: string; poll: PollInfo;
      expires_at: string; message: string;
    };

export interface VerifiedResponse {
  status: "verified";
  account_id: string;
  api_key: string;
  tier: string;
  free_tier_daily: number;
}

export type StatusResponse =
  | { status: "pending"; account_id: string; poll: PollInfo; expires_at: string }
  | { status: "verified"; account_id: string; api_key?: string; message?: string }
  | { status: "expired"; account_id: string; message: string }
  | { status: "anonymous"; account_id: string; message: string };

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

function validateInput(input: RegisterInput): { email: string | null; name: string | null; messengerId: number | null } {
  refuseNul("email", input.email, invalidText);
  refuseNul("name", input.name, invalidText);
  let email: string | null = null;
  if (input.email !== undefined && input.email !== null) {
    if (typeof input.email !== "string") throw invalid("email", "email must be a string", input.email);
    email = input.email.trim().toLowerCase();
    if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
      throw invalid("email", "email is not a valid address", input.email);
    }
  }
  let name: string | null = null;
  if (input.name !== undefined && input.name !== null) {
    if (typeof input.name !== "string") throw invalid("name", "name must be a string", input.name);
    name = input.name.trim() || null;
    if (name !== null && name.length > 100) throw invalid("name", "name must be at most 100 characters", input.name);
  }
  let messengerId: number | null = null;
  if (input.messenger_id !== undefined && input.messenger_id !== null) {
    if (!Number.isSafeInteger(input.messenger_id) || input.messenger_id <= 0) {
      throw invalid("messenger_id", "messenger_id must be a positive integer", input.messenger_id);
    }
    messengerId = input.messenger_id;
  }
  if (email !== null && messengerId !== null) throw bothChannels(input.messenger_id);
  return { email, name, messengerId };
}

function invalid(field: string, message: string, input: unknown): RegistrationError {
  return new RegistrationError(422, "VALIDATION", message, { field, input });
}

/** email and messenger_id are two channels: a registration or a code names one of them. */
const bothChannels = (input: unknown): RegistrationError =>
  invalid("messenger_id", "give either email or messenger_id, not both: each is its own verification channel", input);

const invalidText = (message: string, field: string): RegistrationError => new RegistrationError(422, "VALIDATION", message, { field });

const codeHash = (accountId: string, code: string): string => sha256Hex(`${accountId}:${code}`);

function pollInfo(deps: RegistrationDeps, accountId: string): PollInfo {
  return {
    url: `${deps.publicBaseUrl.replace(/\/+$/, "")}/register/status/${accountId}`,
    interval_seconds: POLL_INTERVAL_SECONDS,
    timeout_seconds: POLL_TIMEOUT_SECONDS,
  };
}

/** Refuses with 429 (and counts it) when a limited action is over its window's limit. */
async function limit(
  deps: RegistrationDeps, bucket: string, perWindow: number, now: Date,
  reason: Extract<RegistrationEvent, { kind: "refused" }>["reason"], message: string, windowMs = HOUR_MS,
): Promise<void> {
  const decision = await takeAction(deps.db, bucket, perWindow, windowMs, now);
  if (decision.allowed) return;
  deps.onEvent?.({ kind: "refused", reason });
  throw actionLimited(message, decision);
}

/** The mail limits: at most once a minute per address, then per address and per client address per hour. */
async function mailAllowed(deps: RegistrationDeps, email: string, clientAddress: string | undefined, now: Date): Promise<void> {
  const limits = deps.limits ?? DEFAULT_REGISTRATION_LIMITS;
  const recent = await deps.db.selectFrom("registrations").select("created_at")
    .where("channel", "=", "email").where("email", "=", email)
    .where("created_at", ">", new Date(now.getTime() - MAIL_RESEND_INTERVAL_MS))
    .orderBy("created_at", "desc").limit(1).executeTakeFirst();
  if (recent) {
    deps.onEvent?.({ kind: "refused", reason: "mail_interval" });
    const wait = Math.max(1, Math.ceil((recent.created_at.getTime() + MAIL_RESEND_INTERVAL_MS - now.getTime()) / 1000));
    throw new RegistrationError(429, "RATE_LIMITED",
      `a verification mail was sent to this address less than a minute ago; check the inbox, or retry after ${wait} s`,
      { retryAfterSeconds: wait });
  }
  // The check above reads rows, so simultaneous registrations of one address all pass it; this
  // atomic per-minute counter lets only one of them send.
  await limit(deps, `mail:address-minute:${email}`, 1, now, "mail_interval",
    "a verification mail to this address is already on its way; check the inbox", MAIL_RESEND_INTERVAL_MS);
  await limit(deps, `mail:address:${email}`, limits.mailsPerAddress, now, "mails_per_address",
    `too many verification mails to this address (${limits.mailsPerAddress} per hour)`);
  if (clientAddress) {
    await limit(deps, `mail:client:${clientAddress}`, limits.mailsPerClient, now, "mails_per_client",
      `too many verification mails requested from your address (${limits.mailsPerClient} per hour)`);
  }
}

/**
 * POST /register. `clientAddress` is the caller's network address (the per-client limits count
 * by it; without one, e.g. in-process callers, only the per-address mail limits apply).
 */
export async function register(deps: RegistrationDeps, input: RegisterInput, clientAddress?: string): Promise<RegisterResponse> {
  const { email, name, messengerId } = validateInput(input);
  const now = deps.clock();
  const limits = deps.limits ?? DEFAULT_REGISTRATION_LIMITS;

  if (email === null && messengerId !== null && !deps.messengerBotLink) {
    throw new RegistrationError(503, "NOT_CONFIGURED", "messenger registration is not configured on this server; register with an email or without any field");
  }
  if (clientAddress) {
    // Counted per address bucket: an IPv6 /64 is one client however many addresses it rotates through.
    await limit(deps, `register:client:${addressBucket(clientAddress)}`, limits.registrationsPerClient, now, "registrations_per_client",
      `too many registrations from your address (${limits.registrationsPerClient} per hour)`);
  }

  if (email === null && messengerId === null) {
    const { accountId, apiKey, tier } = await deps.db.transaction().execute(async (trx) => {
      const account = await createAccount(trx, { status: "anonymous", name, now });
      return { accountId: account.id, apiKey: await issueApiKey(trx, account.id, now), tier: account.tier };
    });
    deps.onEvent?.({ kind: "registered", channel: "anonymous", recovery: false });
    return {
      status: "anonymous", account_id: accountId, api_key: apiKey, tier, free_tier_daily: FREE_TIER_DAILY,
      message: "Keep this key: it is shown once. It includes the free tier; buy credits for more.",
    };
  }

  const validMinutes = CODE_VALID_MS / 60_000;
  const expiresAt = addMs(now, CODE_VALID_MS);
  if (email === null) {
    // Messenger: the code is not handed out here; the person gets one from the bot after /start.
    const linkToken = randomBase62(BOT_TOKEN_LENGTH);
    const accountId = await deps.db.transaction().execute(async (trx) => {
      const account = await createAccount(trx, { status: "pending", email, messengerId, name, now });
      await trx.insertInto("registrations").values({
        account_id: account.id, channel: "messenger", email: null, messenger_id: messengerId,
        code_hash: codeHash(account.id, randomToken()), token_hash: sha256Hex(linkToken),
        expires_at: expiresAt, tries_left: MAX_CODE_TRIES, created_at: now, verified_at: null, reveal_key: null, reveal_until: null,
      }).execute();
      return account.id;
    });
    deps.onEvent?.({ kind: "registered", channel: "messenger", recovery: false });
    return {
      status: "pending", account_id: accountId, channel: "messenger", verify_url: `${deps.messengerBotLink}?start=verify_${linkToken}`,
      poll: pollInfo(deps, accountId), expires_at: expiresAt.toISOString(),
      message: `Open verify_url in the messenger: the bot sends your key to the chat. Or send /start to the bot to get a ` +
        `4-digit code there for POST /verify {"messenger_id","code"}. Valid ${validMinutes} minutes.`,
    };
  }

  await mailAllowed(deps, email, clientAddress, now);
  const code = randomDigits(EMAIL_PIN_DIGITS);
  const token = randomToken();
  // Recovery: an email with a verified account gets that account a new key, not a second account.
  const existing = await deps.db.selectFrom("accounts").select("id")
    .where("email", "=", email).where("status", "=", "verified")
    .orderBy("verified_at", "desc").limit(1).executeTakeFirst();
  const recovery = existing !== undefined;
  const accountId = await deps.db.transaction().execute(async (trx) => {
    const id = existing?.id ?? (await createAccount(trx, { status: "pending", email, messengerId, name, now })).id;
    const row = {
      channel: "email" as const, email, messenger_id: messengerId, code_hash: codeHash(id, code), token_hash: sha256Hex(token),
      expires_at: expiresAt, tries_left: MAX_CODE_TRIES, created_at: now, verified_at: null, reveal_key: null, reveal_until: null,
      recovery,
    };
    await trx.insertInto("registrations").values({ account_id: id, ...row })
      .onConflict((oc) => oc.column("account_id").doUpdateSet(row)).execute();
    return id;
  });
  const poll = pollInfo(deps, accountId);
  const base = deps.publicBaseUrl.replace(/\/+$/, "");
  const mail = verificationMail({
    to: email, name, pin: code, verifyUrl: `${base}/verify?token=${encodeURIComponent(token)}`, validMinutes, recovery,
  });
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.log?.("verification mail failed", { account_id: accountId, error: (err as Error).message });
    // Nothing can verify this registration now: remove it rather than leave a dead pending account
    // (a recovery only loses its unusable codes; the account and its keys stay).
    if (recovery) await deps.db.updateTable("registrations").set({ expires_at: now }).where("account_id", "=", accountId).execute();
    else await deps.db.deleteFrom("accounts").where("id", "=", accountId).execute();
    throw new RegistrationError(502, "DELIVERY_FAILED", "the verification mail could not be sent; try again later");
  }
  deps.onEvent?.({ kind: "registered", channel: "email", recovery });
  return {
    status: "pending", account_id: accountId, channel: "email", poll, expires_at: expiresAt.toISOString(),
    message: recovery
      ? `This address already has an account: a mail with a link and a 6-digit PIN was sent to ${email}. Verifying gives ` +
        `that account a new key (its other keys keep working); the key is shown on the link's page or returned by POST /verify, not by polling.`
      : `A mail with a verification link and a 6-digit PIN was sent to ${email}. Open the link, or POST /verify {"email","code"}, or poll ${poll.url}.`,
  };
}

type Attempt =
  | { kind: "ok"; accountId: string; apiKey: string; tier: string }
  | { kind: "fail"; error: RegistrationError };

const PIN_LOCKED_HINT =
  "open the link from the mail (or the bot link), or get a new code: register the address again, or send /start to the bot";

/**
 * Checks a verification against a locked registration row and completes it. Wrong codes are
 * counted (and committed) before the error is thrown, outside the transaction. Only code paths
 * (`countsTries`) count and honour the lock; links carry unguessable tokens and stay valid.
 */
async function attempt(
  deps: RegistrationDeps,
  find: (trx: Transaction<Database>) => Promise<Registration | undefined>,
  check: (reg: Registration) => boolean,
  notFound: string,
  countsTries: boolean,
): Promise<VerifiedResponse> {
  const now = deps.clock();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Attempt> => {
    const reg = await find(trx);
    if (!reg) return { kind: "fail", error: new RegistrationError(404, "NOT_FOUND", notFound) };

    if (reg.verified_at !== null) {
      if (reg.reveal_key && reg.reveal_until && now < reg.reveal_until && check(reg)) {
        const account = await getAccount(trx, reg.account_id);
        return { kind: "ok", accountId: reg.account_id, apiKey: reg.reveal_key, tier: account?.tier ?? "free" };
      }
      if (reg.reveal_key) await trx.updateTable("registrations").set({ reveal_key: null }).where("account_id", "=", reg.account_id).execute();
      return { kind: "fail", error: new RegistrationError(409, "ALREADY_VERIFIED",
        "this registration is already verified and its key was delivered; register again for a new key") };
    }
    if (now >= reg.expires_at) {
      return { kind: "fail", error: new RegistrationError(410, "CODE_EXPIRED",
        `the code expired (valid ${CODE_VALID_MS / 60_000} minutes); register again` ) };
    }
    if (countsTries && reg.tries_left <= 0) {
      return { kind: "fail", error: new RegistrationError(403, "PIN_LOCKED",
        `the code is locked after ${MAX_CODE_TRIES} wrong tries; ${PIN_LOCKED_HINT}`, { triesLeft: 0 }) };
    }
    if (!check(reg)) {
      if (!countsTries) return { kind: "fail", error: new RegistrationError(404, "NOT_FOUND", notFound) };
      const left = reg.tries_left - 1;
      await trx.updateTable("registrations").set({ tries_left: left }).where("account_id", "=", reg.account_id).execute();
      return { kind: "fail", error: left > 0
        ? new RegistrationError(400, "INVALID_CODE", `wrong code; ${left} ${left === 1 ? "try" : "tries"} left`, { triesLeft: left })
        : new RegistrationError(403, "PIN_LOCKED", `wrong code; the code is now locked; ${PIN_LOCKED_HINT}`, { triesLeft: 0 }) };
    }

    const apiKey = await issueApiKey(trx, reg.account_id, now);
    // A recovery adds a key to an account that is verified already; its other keys keep working.
    const account = reg.recovery
      ? await trx.selectFrom("accounts").select("tier").where("id", "=", reg.account_id).executeTakeFirstOrThrow()
      : await trx.updateTable("accounts").set({ status: "verified", verified_at: now })
        .where("id", "=", reg.account_id).returning(["tier"]).executeTakeFirstOrThrow();
    await trx
      .updateTable("registrations")
      .set({ verified_at: now, reveal_key: apiKey, reveal_until: addMs(now, KEY_REVEAL_MS) })
      .where("account_id", "=", reg.account_id)
      .execute();
    return { kind: "ok", accountId: reg.account_id, apiKey, tier: account.tier };
  });
  if (outcome.kind === "fail") throw outcome.error;
  return { status: "verified", account_id: outcome.accountId, api_key: outcome.apiKey, tier: outcome.tier, free_tier_daily: FREE_TIER_DAILY };
}

/** GET /verify?token=… (the button in the mail). */
export async function verifyByToken(deps: RegistrationDeps, token: string): Promise<VerifiedResponse> {
  if (typeof token !== "string" || token.length < 16 || token.length > 200) {
    throw invalid("token", "token is missing or malformed", token);
  }
  const tokenHash = sha256Hex(token);
  return attempt(
    deps,
    // Email links only: a bot link's token is redeemed by the bot webhook alone.
    (trx) => trx.selectFrom("registrations").selectAll().where("token_hash", "=", tokenHash).where("channel", "=", "email")
      .forUpdate().executeTakeFirst(),
    (reg) => reg.token_hash !== null && constantTimeEqual(reg.token_hash, tokenHash),
    "unknown verification token",
    false,
  );
}

export type VerifyCodeInput = { email: string; code: string } | { messenger_id: number; code: string };

/** POST /verify {email, code} or {messenger_id, code}: checks the latest registration of that address. */
export async function verifyByCode(deps: RegistrationDeps, input: VerifyCodeInput): Promise<VerifiedResponse> {
  const byEmail = "email" in input && input.email !== undefined && input.email !== null;
  const byMessenger = "messenger_id" in input && input.messenger_id !== undefined && input.messenger_id !== null;
  if (byEmail && byMessenger) throw bothChannels((input as { messenger_id: unknown }).messenger_id);
  const digits = byEmail ? EMAIL_PIN_DIGITS : MESSENGER_CODE_DIGITS;
  const code = typeof input.code === "string" ? input.code.trim() : String(input.code ?? "");
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) {
    throw invalid("code", `code must be the ${digits}-digit code ${byEmail ? "from the mail" : "the bot sent to the chat"}`, input.code);
  }
  if (byEmail) {
    const raw = (input as { email: unknown }).email;
    refuseNul("email", raw, invalidText);
    const email = String(raw).trim().toLowerCase();
    return attempt(
      deps,
      (trx) => trx.selectFrom("registrations").selectAll()
        .where("channel", "=", "email").where("email", "=", email)
        .orderBy("created_at", "desc").limit(1).forUpdate().executeTakeFirst(),
      (reg) => constantTimeEqual(reg.code_hash, codeHash(reg.account_id, code)),
      "no registration for this email; POST /register first",
      true,
    );
  }
  const messengerId = (input as { messenger_id: number }).messenger_id;
  if (!Number.isSafeInteger(messengerId) || messengerId <= 0) {
    throw invalid("messenger_id", "give email or messenger_id (a positive integer) with the code", messengerId);
  }
  return attempt(
    deps,
    (trx) => trx.selectFrom("registrations").selectAll()
      .where("channel", "=", "messenger").where("messenger_id", "=", messengerId)
      .orderBy("created_at", "desc").limit(1).forUpdate().executeTakeFirst(),
    (reg) => constantTimeEqual(reg.code_hash, codeHash(reg.account_id, code)),
    "no registration for this messenger_id; POST /register first",
    true,
  );
}

const START_VERIFY = new RegExp(`^/start(?:@\\w+)?\\s+verify_([0-9A-Za-z]{${BOT_TOKEN_LENGTH}})\\s*$`);
const START_PLAIN = /^\/start(?:@\w+)?\s*$/;

export type BotUpdateOutcome =
  | { handled: false }
  | { handled: true; verified: true; account_id: string; delivered: boolean }
  | { handled: true; verified: false; error: RegistrationError; delivered: boolean }
  /** A plain /start from someone with a pending registration: a fresh code went to the chat. */
  | { handled: true; verified: null; code_sent: true; delivered: boolean };

async function reply(deps: RegistrationDeps, chatId: number, text: string, accountId: string): Promise<boolean> {
  if (!deps.bot) return false;
  try {
    await deps.bot.sendMessage(chatId, text);
    return true;
  } catch (err) {
    deps.log?.("bot reply failed", { account_id: accountId, error: (err as Error).message });
    return false;
  }
}

/**
 * A plain /start from a messenger account with a pending registration: a fresh 4-digit code
 * (the tries start again) goes to that chat, the only place the code is ever shown.
 */
async function sendCode(deps: RegistrationDeps, chatId: number, fromId: number): Promise<BotUpdateOutcome> {
  const now = deps.clock();
  const reg = await deps.db.selectFrom("registrations").select(["account_id", "expires_at"])
    .where("channel", "=", "messenger").where("messenger_id", "=", fromId)
    .where("verified_at", "is", null).where("expires_at", ">", now)
    .orderBy("created_at", "desc").limit(1).executeTakeFirst();
  if (!reg) return { handled: false };
  const code = randomDigits(MESSENGER_CODE_DIGITS);
  await deps.db.updateTable("registrations").set({ code_hash: codeHash(reg.account_id, code), tries_left: MAX_CODE_TRIES })
    .where("account_id", "=", reg.account_id).execute();
  const delivered = await reply(deps, chatId,
    `Your Vedic Astro API verification code: ${code}\n\nSend it with POST /verify {"messenger_id": ${fromId}, "code": "${code}"} ` +
    `before ${reg.expires_at.toISOString()}. Or open the link you got at registration to receive the key here.`, reg.account_id);
  return { handled: true, verified: null, code_sent: true, delivered };
}

/**
 * One update from the bot webhook (already authenticated by the secret header). A
 * `/start verify_{token}` message from the registered messenger account verifies it and the key
 * goes to that chat; a failure is explained in the chat. A plain `/start` from someone with a
 * pending registration sends a code. Anything else answers `{handled: false}` so other handlers
 * (e.g. stars payments) can take it.
 */
export async function handleBotUpdate(deps: RegistrationDeps, update: BotUpdate): Promise<BotUpdateOutcome> {
  const text = update.message?.text;
  const chatId = update.message?.chat?.id;
  const fromId = update.message?.from?.id;
  if (typeof text !== "string" || typeof chatId !== "number" || typeof fromId !== "number") return { handled: false };
  if (START_PLAIN.test(text.trim())) return sendCode(deps, chatId, fromId);
  const m = START_VERIFY.exec(text.trim());
  if (!m) return { handled: false };
  const tokenHash = sha256Hex(m[1]!);

  let verified: VerifiedResponse | undefined;
  let error: RegistrationError | undefined;
  try {
    verified = await attempt(
      deps,
      (trx) => trx.selectFrom("registrations").selectAll()
        .where("token_hash", "=", tokenHash).where("channel", "=", "messenger").forUpdate().executeTakeFirst(),
      // Only the messenger account given at registration may redeem its link; others cost nothing.
      (reg) => reg.messenger_id === fromId && reg.token_hash !== null && constantTimeEqual(reg.token_hash, tokenHash),
      "this verification link is unknown or belongs to another messenger account; register again",
      false,
    );
  } catch (err) {
    if (!(err instanceof RegistrationError)) throw err;
    error = err;
  }
  const accountId = verified?.account_id ?? "";
  const delivered = await reply(deps, chatId, verified
    ? `Your Vedic Astro API key:\n${verified.api_key}\n\nSend it in the X-API-Key header. Keep it secret: it is not shown again after 15 minutes.`
    : `Verification failed: ${error!.message}`, accountId);
  return verified
    ? { handled: true, verified: true, account_id: verified.account_id, delivered }
    : { handled: true, verified: false, error: error!, delivered };
}

/** GET /register/status/{account_id}. */
export async function registrationStatus(deps: RegistrationDeps, accountId: string): Promise<StatusResponse> {
  refuseNul("account_id", accountId, invalidText);
  const now = deps.clock();
  const account = typeof accountId === "string" && accountId.startsWith("acc_") ? await getAccount(deps.db, accountId) : undefined;
  if (!account) throw new RegistrationError(404, "NOT_FOUND", "unknown account_id");
  if (account.status === "anonymous") {
    return { status: "anonymous", account_id: account.id, message: "anonymous accounts get their key at registration" };
  }
  const reg = await deps.db.selectFrom("registrations").selectAll().where("account_id", "=", account.id).executeTakeFirst();
  const revealable = reg?.reveal_key && reg.reveal_until && now < reg.reveal_until;
  if (reg?.reveal_key && !revealable) {
    // Purge on read: a clear key past its window never leaves the database again.
    await deps.db.updateTable("registrations").set({ reveal_key: null }).where("account_id", "=", account.id).execute();
  }
  if (account.status === "verified") {
    if (reg?.recovery) {
      return { status: "verified", account_id: account.id,
        message: "verified; a recovered key is shown only to whoever verifies (link page or POST /verify), never by polling" };
    }
    if (revealable) return { status: "verified", account_id: account.id, api_key: reg!.reveal_key! };
    return { status: "verified", account_id: account.id,
      message: `verified; the key is revealed here only for ${KEY_REVEAL_MS / 60_000} minutes after verification` };
  }
  if (!reg || now >= reg.expires_at) {
    return { status: "expired", account_id: account.id, message: "this registration can no longer be verified; register again" };
  }
  return { status: "pending", account_id: account.id, poll: pollInfo(deps, account.id), expires_at: reg.expires_at.toISOString() };
}

/** Clears clear-text keys whose reveal window has passed; returns how many. */
export async function purgeRevealedKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const r = await db
    .updateTable("registrations")
    .set({ reveal_key: null })
    .where("reveal_key", "is not", null)
    .where("reveal_until", "<=", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * The periodic purge: every `intervalMs`, clear-text keys past their window and action-limit
 * windows older than a day. Returns stop(). The timer does not keep the process alive.
 */
export function startRegistrationPurge(args: {
  db: Kysely<Database>; clock: Clock; intervalMs: number; log?: (message: string, fields: Record<string, unknown>) => void;
}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const now = args.clock();
      await purgeRevealedKeys(args.db, now);
      await purgeActionWindows(args.db, new Date(now.getTime() - 24 * HOUR_MS));
    } catch (err) {
      args.log?.("registration purge failed; retried at the next interval", { error: (err as Error).message });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), args.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
