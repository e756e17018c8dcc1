/**
 * Feed tokens (docs/calendars.md §3): "vaf_" + 32 base62 characters, shown once at creation and
 * stored only as their SHA-256 hash (as API keys are, src/accounts/api-keys.ts). A token is bound to
 * one account and one feed definition; it reads that feed and nothing else, and is revoked for good.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { randomBase62, sha256Hex } from "../accounts/secrets.js";
import type { FeedDefinition } from "./feed-events.js";

export const FEED_TOKEN_PREFIX = "vaf_";

/** A feed's id as createFeed makes it: `feed_` and 16 base-62 characters. */
export const FEED_ID_PATTERN = /^feed_[0-9A-Za-z]{16}$/;
const FEED_TOKEN_PATTERN = /^vaf_[0-9A-Za-z]{32}$/;
/** What one payment covers: polls are free for this long after creation or renewal. */
export const FEED_PERIOD_DAYS = 365;
/** The price of creating a feed, and of renewing one for another period (credits). */
export const FEED_PERIOD_CREDITS = 10;
/** Most live (unrevoked) feeds one account may hold. */
export const MAX_FEEDS_PER_ACCOUNT = 25;

/**
 * A webhook subscription's feed (docs/events.md, "The feed of a subscription"): the same tokens,
 * periods and routes as a calendar feed; the definition names the subscription, whose events it
 * shows. Deleting the subscription revokes it.
 */
export interface SubscriptionFeedDefinition {
  readonly kind: "subscription";
  readonly subscriptionId: string;
}

/** What a feed row holds: a calendar definition (rows before subscription feeds have no kind) or a subscription's. */
export type StoredFeedDefinition = FeedDefinition | SubscriptionFeedDefinition;

export function isSubscriptionFeed(d: StoredFeedDefinition): d is SubscriptionFeedDefinition {
  return (d as { kind?: unknown }).kind === "subscription";
}

export interface FeedRow {
  readonly feedId: string;
  readonly accountId: string;
  readonly tokenPrefix: string;
  readonly definition: StoredFeedDefinition;
  readonly createdAt: Date;
  readonly paidUntil: Date;
  readonly revokedAt: Date | null;
  readonly pollCount: number;
  readonly lastPolledAt: Date | null;
}

export const looksLikeFeedToken = (t: string) => FEED_TOKEN_PATTERN.test(t);

const DAY_MS = 86_400_000;

function rowOf(r: Record<string, unknown>): FeedRow {
  const def = typeof r.definition === "string" ? JSON.parse(r.definition) : r.definition;
  return {
    feedId: r.id as string, accountId: r.account_id as string, tokenPrefix: r.token_prefix as string, definition: def as StoredFeedDefinition,
    createdAt: new Date(r.created_at as Date), paidUntil: new Date(r.paid_until as Date),
    revokedAt: r.revoked_at ? new Date(r.revoked_at as Date) : null, pollCount: Number(r.poll_count ?? 0),
    lastPolledAt: r.last_polled_at ? new Date(r.last_polled_at as Date) : null,
  };
}

export class FeedLimitError extends Error {}
export class FeedNotFoundError extends Error {}

/** Creates a feed for the account; answers its row and the token (the only time the token exists in clear). */
export async function createFeed(db: Kysely<Database>, accountId: string, definition: StoredFeedDefinition, now: Date): Promise<{ row: FeedRow; token: string }> {
  const live = await db.selectFrom("calendar_feeds").select(sql<number>`count(*)::int`.as("n"))
    .where("account_id", "=", accountId).where("revoked_at", "is", null).executeTakeFirst();
  if ((live?.n ?? 0) >= MAX_FEEDS_PER_ACCOUNT) throw new FeedLimitError(`an account may hold at most ${MAX_FEEDS_PER_ACCOUNT} live feeds; revoke one first`);
  const token = FEED_TOKEN_PREFIX + randomBase62(32);
  const id = `feed_${randomBase62(16)}`;
  const row = await db.insertInto("calendar_feeds").values({
    id, account_id: accountId, token_hash: sha256Hex(token), token_prefix: token.slice(0, FEED_TOKEN_PREFIX.length + 4),
    definition: JSON.stringify(definition), created_at: now, paid_until: new Date(now.getTime() + FEED_PERIOD_DAYS * DAY_MS),
  }).returningAll().executeTakeFirstOrThrow();
  return { row: rowOf(row as unknown as Record<string, unknown>), token };
}

export async function listFeeds(db: Kysely<Database>, accountId: string): Promise<FeedRow[]> {
  const rows = await db.selectFrom("calendar_feeds").selectAll().where("account_id", "=", accountId).orderBy("created_at").orderBy("id").execute();
  return rows.map((r) => rowOf(r as unknown as Record<string, unknown>));
}

/** Revokes the account's feed (idempotent); another account's or an unknown id → FeedNotFoundError. */
export async function revokeFeed(db: Kysely<Database>, accountId: string, feedId: string, now: Date): Promise<FeedRow> {
  const r = await db.updateTable("calendar_feeds").set({ revoked_at: sql`coalesce(revoked_at, ${now})` })
    .where("id", "=", feedId).where("account_id", "=", accountId).returningAll().executeTakeFirst();
  if (!r) throw new FeedNotFoundError("no feed with this feed_id");
  return rowOf(r as unknown as Record<string, unknown>);
}

/** Revokes the feeds of a webhook subscription (when it is deleted): their tokens answer 404 from then on. */
export async function revokeSubscriptionFeeds(db: Kysely<Database>, accountId: string, subscriptionId: string, now: Date): Promise<number> {
  const r = await db.updateTable("calendar_feeds").set({ revoked_at: now })
    .where("account_id", "=", accountId).where("revoked_at", "is", null)
    .where(sql<boolean>`definition->>'kind' = 'subscription' AND definition->>'subscriptionId' = ${subscriptionId}`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Extends a live feed's paid period by FEED_PERIOD_DAYS from the later of now and its current end. */
export async function renewFeed(db: Kysely<Database>, accountId: string, feedId: string, now: Date): Promise<FeedRow> {
  const r = await db.updateTable("calendar_feeds")
    .set({ paid_until: sql`greatest(paid_until, ${now}::timestamptz) + make_interval(days => ${FEED_PERIOD_DAYS})` })
    .where("id", "=", feedId).where("account_id", "=", accountId).where("revoked_at", "is", null).returningAll().executeTakeFirst();
  if (!r) throw new FeedNotFoundError("no live feed with this feed_id");
  return rowOf(r as unknown as Record<string, unknown>);
}

/** The feed a token reads, counting the poll; undefined for an unknown or malformed token. */
export async function feedOfToken(db: Kysely<Database>, token: string, now: Date, countPoll = true): Promise<FeedRow | undefined> {
  if (!looksLikeFeedToken(token)) return undefined;
  // A HEAD reads the feed without counting a poll.
  const r = countPoll
    ? await db.updateTable("calendar_feeds").set({ poll_count: sql`poll_count + 1`, last_polled_at: now })
      .where("token_hash", "=", sha256Hex(token)).returningAll().executeTakeFirst()
    : await db.selectFrom("calendar_feeds").selectAll().where("token_hash", "=", sha256Hex(token)).executeTakeFirst();
  return r ? rowOf(r as unknown as Record<string, unknown>) : undefined;
}
