/**
 * Registration and verification, per the spec's state table:
 *
 *   (none) ─POST /register (no email, no messenger_id)─► anonymous (key at once, free tier)
 *   (none) ─POST /register (email | messenger_id)─► pending ─ token | PIN | code | bot link ─► verified
 *
 * Decisions where the spec is silent (kept here so the gateway only maps results):
 * - Every registration creates its own account; email addresses are not unique.
 * - Codes: 6-digit PIN (email), 4-digit code (messenger); both and the email link token expire
 *   30 minutes after registration. Five wrong codes end the registration (a new one is needed);
 *   each failure says how many tries are left. A malformed code (wrong length) is a 422 and
 *   costs no try.
 * - The key is minted at verification. Status polling reveals it for 15 minutes after that; the
 *   clear key is kept only for that window (in `registrations.reveal_key`) and cleared after.
 *   Repeating a successful verification inside the window answers the same key again (a
 *   browser reload of the link page); later it is a 409.
 * - The bot link is honoured only from the messenger account given at registration.
 * - When email and messenger_id are both given, the email flow is used (messenger_id is kept).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, Registration } from "../../db/schema.js";
import { createAccount, FREE_TIER_DAILY, getAccount } from "./accounts-repo.js";
import { issueApiKey } from "./api-keys.js";
import { addMs, type Clock } from "./clock.js";
import { RegistrationError } from "./errors.js";
import type { Mailer } from "./mailer.js";
import { verificationMail } from "./mailer.js";
import type { BotUpdate, MessengerBot } from "./messenger-bot.js";
import { constantTimeEqual, randomDigits, randomToken, sha256Hex } from "./secrets.js";

export const CODE_VALID_MS = 30 * 60_000;
export const MAX_CODE_TRIES = 5;
export const KEY_REVEAL_MS = 15 * 60_000;
export const POLL_INTERVAL_SECONDS = 5;
export const POLL_TIMEOUT_SECONDS = 300;
const EMAIL_PIN_DIGITS = 6;
const MESSENGER_CODE_DIGITS = 4;

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
  return { email, name, messengerId };
}

function invalid(field: string, message: string, input: unknown): RegistrationError {
  return new RegistrationError(422, "VALIDATION", message, { field, input });
}

const codeHash = (accountId: string, code: string): string => sha256Hex(`${accountId}:${code}`);

function pollInfo(deps: RegistrationDeps, accountId: string): PollInfo {
  return {
    url: `${deps.publicBaseUrl.replace(/\/+$/, "")}/register/status/${accountId}`,
    interval_seconds: POLL_INTERVAL_SECONDS,
    timeout_seconds: POLL_TIMEOUT_SECONDS,
  };
}

/** POST /register. */
export async function register(deps: RegistrationDeps, input: RegisterInput): Promise<RegisterResponse> {
  const { email, name, messengerId } = validateInput(input);
  const now = deps.clock();

  if (email === null && messengerId === null) {
    const { accountId, apiKey, tier } = await deps.db.transaction().execute(async (trx) => {
      const account = await createAccount(trx, { status: "anonymous", name, now });
      return { accountId: account.id, apiKey: await issueApiKey(trx, account.id, now), tier: account.tier };
    });
    return {
      status: "anonymous", account_id: accountId, api_key: apiKey, tier, free_tier_daily: FREE_TIER_DAILY,
      message: "Keep this key: it is shown once. It includes the free tier; buy credits for more.",
    };
  }

  if (email === null && !deps.messengerBotLink) {
    throw new RegistrationError(503, "NOT_CONFIGURED", "messenger registration is not configured on this server; register with an email or without any field");
  }

  const channel = email !== null ? "email" : "messenger";
  const code = randomDigits(channel === "email" ? EMAIL_PIN_DIGITS : MESSENGER_CODE_DIGITS);
  const token = channel === "email" ? randomToken() : null;
  const expiresAt = addMs(now, CODE_VALID_MS);
  const accountId = await deps.db.transaction().execute(async (trx) => {
    const account = await createAccount(trx, { status: "pending", email, messengerId, name, now });
    await trx
      .insertInto("registrations")
      .values({
        account_id: account.id, channel, email, messenger_id: messengerId,
        code_hash: codeHash(account.id, code), token_hash: token ? sha256Hex(token) : null,
        expires_at: expiresAt, tries_left: MAX_CODE_TRIES, created_at: now,
        verified_at: null, reveal_key: null, reveal_until: null,
      })
      .execute();
    return account.id;
  });
  const poll = pollInfo(deps, accountId);
  const validMinutes = CODE_VALID_MS / 60_000;

  if (channel === "email") {
    const base = deps.publicBaseUrl.replace(/\/+$/, "");
    const mail = verificationMail({
      to: email!, name, pin: code, verifyUrl: `${base}/verify?token=${encodeURIComponent(token!)}`, validMinutes,
    });
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      // Nothing can verify this account now: remove it rather than leave a dead pending account.
      await deps.db.deleteFrom("accounts").where("id", "=", accountId).execute();
      deps.log?.("verification mail failed", { account_id: accountId, error: (err as Error).message });
      throw new RegistrationError(502, "DELIVERY_FAILED", "the verification mail could not be sent; try again later");
    }
    return {
      status: "pending", account_id: accountId, channel: "email", poll, expires_at: expiresAt.toISOString(),
      message: `A mail with a verification link and a 6-digit PIN was sent to ${email}. Open the link, or POST /verify {"email","code"}, or poll ${poll.url}.`,
    };
  }
  const verifyUrl = `${deps.messengerBotLink}?start=verify_${accountId}_${code}`;
  return {
    status: "pending", account_id: accountId, channel: "messenger", verify_url: verifyUrl, poll,
    expires_at: expiresAt.toISOString(),
    message: "Open verify_url in the messenger to receive your key in the chat, or POST /verify {\"messenger_id\",\"code\"} with the 4-digit code at the end of the link.",
  };
}

type Attempt =
  | { kind: "ok"; accountId: string; apiKey: string; tier: string }
  | { kind: "fail"; error: RegistrationError };

/**
 * Checks a verification against a locked registration row and completes it. Wrong codes are
 * counted (and committed) before the error is thrown, outside the transaction.
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
      return { kind: "fail", error: new RegistrationError(409, "ALREADY_VERIFIED",
        "this registration is already verified and its key was delivered; register again for a new key") };
    }
    if (reg.tries_left <= 0) {
      return { kind: "fail", error: new RegistrationError(410, "TOO_MANY_TRIES",
        `too many wrong codes (${MAX_CODE_TRIES}); register again`, { triesLeft: 0 }) };
    }
    if (now >= reg.expires_at) {
      return { kind: "fail", error: new RegistrationError(410, "CODE_EXPIRED",
        `the code expired (valid ${CODE_VALID_MS / 60_000} minutes); register again` ) };
    }
    if (!check(reg)) {
      if (!countsTries) return { kind: "fail", error: new RegistrationError(404, "NOT_FOUND", notFound) };
      const left = reg.tries_left - 1;
      await trx.updateTable("registrations").set({ tries_left: left }).where("account_id", "=", reg.account_id).execute();
      const message = left > 0
        ? `wrong code; ${left} ${left === 1 ? "try" : "tries"} left`
        : "wrong code; no tries left, register again";
      return { kind: "fail", error: new RegistrationError(left > 0 ? 400 : 410, left > 0 ? "INVALID_CODE" : "TOO_MANY_TRIES",
        message, { triesLeft: left }) };
    }

    const apiKey = await issueApiKey(trx, reg.account_id, now);
    const account = await trx
      .updateTable("accounts")
      .set({ status: "verified", verified_at: now })
      .where("id", "=", reg.account_id)
      .returning(["tier"])
      .executeTakeFirstOrThrow();
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
    (trx) => trx.selectFrom("registrations").selectAll().where("token_hash", "=", tokenHash).forUpdate().executeTakeFirst(),
    (reg) => reg.token_hash !== null && constantTimeEqual(reg.token_hash, tokenHash),
    "unknown verification token",
    false,
  );
}

export type VerifyCodeInput = { email: string; code: string } | { messenger_id: number; code: string };

/** POST /verify {email, code} or {messenger_id, code}: checks the latest registration of that address. */
export async function verifyByCode(deps: RegistrationDeps, input: VerifyCodeInput): Promise<VerifiedResponse> {
  const byEmail = "email" in input && input.email !== undefined && input.email !== null;
  const digits = byEmail ? EMAIL_PIN_DIGITS : MESSENGER_CODE_DIGITS;
  const code = typeof input.code === "string" ? input.code.trim() : String(input.code ?? "");
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) {
    throw invalid("code", `code must be the ${digits}-digit code ${byEmail ? "from the mail" : "from the verify link"}`, input.code);
  }
  if (byEmail) {
    const email = String((input as { email: string }).email).trim().toLowerCase();
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

const START_VERIFY = /^\/start(?:@\w+)?\s+verify_(acc_[0-9A-Za-z]+)_(\d{4})\s*$/;

export type BotUpdateOutcome =
  | { handled: false }
  | { handled: true; verified: true; account_id: string; delivered: boolean }
  | { handled: true; verified: false; error: RegistrationError; delivered: boolean };

/**
 * One update from the bot webhook (already authenticated by the secret header). A
 * `/start verify_{account_id}_{code}` message from the registered messenger account verifies it
 * and the key goes to that chat; a failure is explained in the chat. Anything else answers
 * `{handled: false}` so other handlers (e.g. stars payments) can take it.
 */
export async function handleBotUpdate(deps: RegistrationDeps, update: BotUpdate): Promise<BotUpdateOutcome> {
  const text = update.message?.text;
  const chatId = update.message?.chat?.id;
  const fromId = update.message?.from?.id;
  const m = typeof text === "string" ? START_VERIFY.exec(text.trim()) : null;
  if (!m || typeof chatId !== "number" || typeof fromId !== "number") return { handled: false };
  const [, accountId, code] = m as unknown as [string, string, string];

  let verified: VerifiedResponse | undefined;
  let error: RegistrationError | undefined;
  try {
    verified = await attempt(
      deps,
      (trx) => trx.selectFrom("registrations").selectAll()
        .where("account_id", "=", accountId).where("channel", "=", "messenger").forUpdate().executeTakeFirst(),
      (reg) => reg.messenger_id === fromId && constantTimeEqual(reg.code_hash, codeHash(reg.account_id, code)),
      "unknown verification link; register again",
      true,
    );
  } catch (err) {
    if (!(err instanceof RegistrationError)) throw err;
    error = err;
  }
  const reply = verified
    ? `Your Vedic Astro API key:\n${verified.api_key}\n\nSend it in the X-API-Key header. Keep it secret: it is not shown again after 15 minutes.`
    : `Verification failed: ${error!.message}`;
  let delivered = false;
  if (deps.bot) {
    try {
      await deps.bot.sendMessage(chatId, reply);
      delivered = true;
    } catch (err) {
      // Verified anyway: the key stays available through status polling for the reveal window.
      deps.log?.("bot reply failed", { account_id: accountId, error: (err as Error).message });
    }
  }
  return verified
    ? { handled: true, verified: true, account_id: verified.account_id, delivered }
    : { handled: true, verified: false, error: error!, delivered };
}

/** GET /register/status/{account_id}. */
export async function registrationStatus(deps: RegistrationDeps, accountId: string): Promise<StatusResponse> {
  const now = deps.clock();
  const account = typeof accountId === "string" && accountId.startsWith("acc_") ? await getAccount(deps.db, accountId) : undefined;
  if (!account) throw new RegistrationError(404, "NOT_FOUND", "unknown account_id");
  if (account.status === "anonymous") {
    return { status: "anonymous", account_id: account.id, message: "anonymous accounts get their key at registration" };
  }
  const reg = await deps.db.selectFrom("registrations").selectAll().where("account_id", "=", account.id).executeTakeFirst();
  if (account.status === "verified") {
    if (reg?.reveal_key && reg.reveal_until && now < reg.reveal_until) {
      return { status: "verified", account_id: account.id, api_key: reg.reveal_key };
    }
    if (reg?.reveal_key) {
      await deps.db.updateTable("registrations").set({ reveal_key: null }).where("account_id", "=", account.id).execute();
    }
    return { status: "verified", account_id: account.id,
      message: `verified; the key is revealed here only for ${KEY_REVEAL_MS / 60_000} minutes after verification` };
  }
  if (!reg || reg.tries_left <= 0 || now >= reg.expires_at) {
    return { status: "expired", account_id: account.id, message: "this registration can no longer be verified; register again" };
  }
  return { status: "pending", account_id: account.id, poll: pollInfo(deps, account.id), expires_at: reg.expires_at.toISOString() };
}

/** Clears clear-text keys whose reveal window has passed; returns how many (for a periodic job). */
export async function purgeRevealedKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const r = await db
    .updateTable("registrations")
    .set({ reveal_key: null })
    .where("reveal_key", "is not", null)
    .where("reveal_until", "<=", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
