/**
 * An account's webhook subscriptions: create (URL checked against SSRF, cap per account), list
 * with delivery counts and dead deliveries, delete. Only the owner sees or deletes a
 * subscription; another account's id answers exactly as an unknown one (404).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { AccountsError } from "../accounts/errors.js";
import { randomBase62 } from "../accounts/secrets.js";
import { ALL_EVENT_TYPES, isAnyEventType, isPersonalEventType, type AnyEventType } from "../engine/events/event-types.js";
import { PERSONAL_DASHA_SYSTEMS, isPersonalDashaSystem, personalTypesFor, type PersonalDashaSystem, type PersonalEventType } from "../engine/events/personal-event-types.js";
import { subscriberPlace } from "../engine/events/subscriber-place.js";
import { hostOf, resolveAllowedTarget, SsrfRefusal, type LookupAll } from "./ssrf-guard.js";
import { newSigningSecret } from "./webhook-signing.js";
import { revokeSubscriptionFeeds } from "../feeds/feed-store.js";
import { storedBirthOf, type StoredBirth } from "./personal-birth.js";

export interface SubscribeInput {
  readonly url: string;
  readonly events: readonly string[];
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  /** A birth, resolved at the input boundary (the resolver): the subscription also gets that person's events. */
  readonly birth?: StoredBirth | null;
  /** The dasha systems whose maha and antar changes the birth gets (default vimshottari): docs/events.md. */
  readonly dashaSystems?: readonly string[] | null;
}

/**
 * `dasha_systems` (GraphQL `dashaSystems`): known systems only, at least one, and only with a
 * birth; a refusal names the field. Null when not given.
 */
export function dashaSystemsOf(given: readonly string[] | null | undefined, hasBirth: boolean): PersonalDashaSystem[] | null {
  if (given === null || given === undefined) return null;
  const list = `vimshottari or any system /dasha serves: ${PERSONAL_DASHA_SYSTEMS.join(", ")}`;
  if (!hasBirth) throw invalid("dashaSystems", "dasha_systems needs a birth (birth_datetime, birth_latitude, birth_longitude)");
  if (given.length === 0) throw invalid("dashaSystems", `dasha_systems must name at least one system: ${list}`);
  // GraphQL callers may spell them as enum values (YOGINI); REST's schema takes the lower-case names.
  const names = given.map((s) => String(s).toLowerCase());
  const unknown = names.find((s) => !isPersonalDashaSystem(s));
  if (unknown !== undefined) throw invalid("dashaSystems", `unknown dasha system ${JSON.stringify(unknown)}; dasha_systems must be among ${list}`);
  return [...new Set(names as PersonalDashaSystem[])];
}

export interface ValidSubscribeInput {
  readonly url: string;
  readonly events: AnyEventType[];
  readonly location: { latitude: number; longitude: number } | null;
  readonly birth: StoredBirth | null;
}

const invalid = (field: string, message: string) => new AccountsError(422, "VALIDATION", message, { field });

/**
 * The rules that need no network: HTTPS URL without credentials, the ten event names (the
 * message lists them), latitude and longitude in range and given together. Runs before the
 * call is priced (prevalidate.ts), so a refused subscription is not charged.
 */
export function validateSubscribeInput(input: SubscribeInput): ValidSubscribeInput {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw invalid("url", "url must be an absolute HTTPS URL");
  }
  if (url.protocol !== "https:") throw invalid("url", "url must use HTTPS (https://…)");
  if (url.username || url.password) throw invalid("url", "url must not carry a user name or password");
  if (input.url.length > 2048) throw invalid("url", "url must be at most 2048 characters");
  if (input.events.length === 0) throw invalid("events", `events must name at least one of: ${ALL_EVENT_TYPES.join(", ")}`);
  const unknown = input.events.filter((e) => !isAnyEventType(e));
  if (unknown.length > 0) {
    throw invalid("events", `unknown event type ${JSON.stringify(unknown[0])}; events must be among: ${ALL_EVENT_TYPES.join(", ")}`);
  }
  const birth = input.birth ?? null;
  const personal = input.events.filter((e) => isPersonalEventType(e));
  if (personal.length > 0 && !birth) {
    throw invalid("events", `${personal[0]} is a personal event type: give the birth too (birth_datetime, birth_latitude, birth_longitude)`);
  }
  const systems = dashaSystemsOf(input.dashaSystems, birth !== null);
  const where = subscriberPlace(input.latitude, input.longitude);
  if ("field" in where) throw invalid(where.field, where.message);
  // A birth with no personal type named receives the default ones (the dasha changes of dasha_systems among them).
  const events = [...new Set([
    ...(input.events as AnyEventType[]),
    ...(birth ? personalTypesFor(personal as PersonalEventType[], systems) : []),
  ])];
  return {
    url: url.toString(), events, birth,
    location: where.place ? { latitude: where.place.latDeg, longitude: where.place.lonDeg } : null,
  };
}

/** What every answer about a subscription says of it (subscribe and list). */
interface SubscriptionBase {
  readonly subscriptionId: string;
  readonly url: string;
  readonly events: string[];
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly status: string;
  readonly createdAt: Date;
  /** The birth of a birth-keyed subscription, else null. */
  readonly birth: StoredBirth | null;
  /** How far ahead its personal events are recorded (null: not yet, or no birth). */
  readonly personalUntil: Date | null;
}

export interface CreatedSubscription extends SubscriptionBase {
  /** Shown once: the Standard Webhooks signing secret. */
  readonly signingSecret: string;
}

/** The URL's host resolved and judged by the SSRF rule; a refusal is a 422 on url. */
export async function checkTarget(url: string, opts: { allowPrivate: boolean; lookupAll?: LookupAll }): Promise<void> {
  try {
    await resolveAllowedTarget(hostOf(new URL(url)), opts);
  } catch (err) {
    if (err instanceof SsrfRefusal) throw invalid("url", `url refused: ${err.message}`);
    throw err;
  }
}

/** The cap as a refusal (409), counted outside a transaction: the early check before pricing. */
export async function checkCap(db: Kysely<Database>, accountId: string, maxPerAccount: number): Promise<void> {
  const { n } = await db.selectFrom("webhook_subscriptions").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId).executeTakeFirstOrThrow();
  if (Number(n) >= maxPerAccount) throw capError(Number(n), maxPerAccount);
}

const capError = (n: number, max: number) => new AccountsError(409, "LIMIT_REACHED",
  `This account already has ${n} webhook subscriptions, the most allowed (${max}); delete one with DELETE /webhooks/{subscription_id} first`);

export async function createSubscription(
  db: Kysely<Database>,
  args: { accountId: string; input: SubscribeInput; now: Date; maxPerAccount: number; allowPrivate: boolean; lookupAll?: LookupAll },
): Promise<CreatedSubscription> {
  const v = validateSubscribeInput(args.input);
  await checkTarget(v.url, { allowPrivate: args.allowPrivate, lookupAll: args.lookupAll });
  const id = "sub_" + randomBase62(24);
  const secret = newSigningSecret();
  const row = await db.transaction().execute(async (trx) => {
    // The account row lock serialises concurrent subscribes of one account, so the cap holds.
    await trx.selectFrom("accounts").select("id").where("id", "=", args.accountId).forUpdate().executeTakeFirst();
    const { n } = await trx.selectFrom("webhook_subscriptions").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("account_id", "=", args.accountId).executeTakeFirstOrThrow();
    if (Number(n) >= args.maxPerAccount) throw capError(Number(n), args.maxPerAccount);
    return trx.insertInto("webhook_subscriptions").values({
      id, account_id: args.accountId, url: v.url, events: v.events, latitude: v.location?.latitude ?? null,
      longitude: v.location?.longitude ?? null, secret, disabled_reason: null, last_error: null, last_error_at: null,
      last_delivered_at: null, created_at: args.now, birth: v.birth ? JSON.stringify(v.birth) : null, personal_until: null,
    }).returningAll().executeTakeFirstOrThrow();
  });
  return {
    subscriptionId: row.id, url: row.url, events: row.events, latitude: row.latitude, longitude: row.longitude,
    status: row.status, signingSecret: secret, createdAt: row.created_at, birth: storedBirthOf(row.birth), personalUntil: row.personal_until,
  };
}

export interface DeadDelivery {
  readonly webhookId: string;
  readonly event: string;
  readonly attempts: number;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
}

export interface SubscriptionView extends SubscriptionBase {
  readonly disabledReason: string | null;
  readonly deliveredCount: number;
  readonly failedAttempts: number;
  readonly deadCount: number;
  readonly pendingCount: number;
  readonly lastError: string | null;
  readonly lastErrorAt: Date | null;
  readonly lastDeliveredAt: Date | null;
  /** The most recent deliveries given up on (at most 20). */
  readonly deadDeliveries: DeadDelivery[];
}

const DEAD_SHOWN = 20;

/** The caller's own subscriptions, oldest first. The signing secret is never shown again. */
export async function listSubscriptions(db: Kysely<Database>, accountId: string): Promise<SubscriptionView[]> {
  const subs = await db.selectFrom("webhook_subscriptions").selectAll().where("account_id", "=", accountId)
    .orderBy("created_at").orderBy("id").execute();
  if (subs.length === 0) return [];
  const ids = subs.map((s) => s.id);
  const pending = await db.selectFrom("webhook_deliveries").select(["subscription_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("subscription_id", "in", ids).where("status", "=", "pending").groupBy("subscription_id").execute();
  const dead = await db.selectFrom("webhook_deliveries as d").innerJoin("events as e", "e.id", "d.event_id")
    .select(["d.subscription_id", "d.webhook_id", "e.type", "d.attempts", "d.last_status", "d.last_error"])
    .where("d.subscription_id", "in", ids).where("d.status", "=", "dead").orderBy("d.id", "desc").execute();
  const pendingOf = new Map(pending.map((p) => [p.subscription_id, Number(p.n)]));
  return subs.map((s) => ({
    subscriptionId: s.id, url: s.url, events: s.events, latitude: s.latitude, longitude: s.longitude, status: s.status,
    disabledReason: s.disabled_reason, createdAt: s.created_at, birth: storedBirthOf(s.birth), personalUntil: s.personal_until,
    deliveredCount: s.delivered_count,
    failedAttempts: s.failed_attempts, deadCount: s.dead_count, pendingCount: pendingOf.get(s.id) ?? 0,
    lastError: s.last_error, lastErrorAt: s.last_error_at, lastDeliveredAt: s.last_delivered_at,
    deadDeliveries: dead.filter((d) => d.subscription_id === s.id).slice(0, DEAD_SHOWN).map((d) => ({
      webhookId: d.webhook_id, event: d.type, attempts: d.attempts, lastStatus: d.last_status, lastError: d.last_error,
    })),
  }));
}

/**
 * Deletes the caller's subscription and its queued deliveries, and revokes its iCalendar feeds
 * (their tokens answer 404, as a revoked feed's), in one transaction; another account's id → 404
 * like an unknown one.
 */
export async function deleteSubscription(db: Kysely<Database>, accountId: string, subscriptionId: string, now: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx.deleteFrom("webhook_subscriptions").where("id", "=", subscriptionId).where("account_id", "=", accountId)
      .executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) {
      throw new AccountsError(404, "NOT_FOUND", "No webhook subscription of this account has this subscription_id");
    }
    await revokeSubscriptionFeeds(trx, accountId, subscriptionId, now);
  });
}

/** One of the account's subscriptions as its feed needs it (null: none with this id, or another account's). */
export async function subscriptionOf(db: Kysely<Database>, accountId: string, subscriptionId: string): Promise<{
  subscriptionId: string; events: string[]; latitude: number | null; longitude: number | null; status: string; birth: StoredBirth | null;
} | null> {
  const s = await db.selectFrom("webhook_subscriptions").select(["id", "events", "latitude", "longitude", "status", "birth"])
    .where("id", "=", subscriptionId).where("account_id", "=", accountId).executeTakeFirst();
  return s ? { subscriptionId: s.id, events: s.events, latitude: s.latitude, longitude: s.longitude, status: s.status, birth: storedBirthOf(s.birth) } : null;
}
