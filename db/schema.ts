/**
 * The Kysely `Database` type: one interface per table created by db/migrations.
 *
 * Units and conventions:
 * - Credits are exact integer milli-credits (`*_milli`, SQL bigint). Both drivers parse int8 to a
 *   JS number (db/database.ts refuses values beyond Number.MAX_SAFE_INTEGER, i.e. 9e12 credits),
 *   so 1 credit = 1000 milli and arithmetic in TypeScript stays exact.
 * - Timestamps are `timestamptz`, read as `Date`. Usage days are UTC calendar days (`date`, read
 *   as the string "YYYY-MM-DD" by both drivers — see db/database.ts).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** A timestamptz column: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a database default. */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** An int8 column with a database default, read as a JS number. */
type BigintDefault = ColumnType<number, number | undefined, number>;

/** pending: email/messenger registration awaiting verification; verified; anonymous: instant key. */
export type AccountStatus = "pending" | "verified" | "anonymous";

export interface AccountsTable {
  /** "acc_" + 24 base62 characters. */
  id: string;
  /** Commercial tier: free (default), paid (has bought credits), starter, pro. */
  tier: Generated<string>;
  status: AccountStatus;
  /** Lower-cased; not unique (each registration creates its own account). */
  email: string | null;
  /** The messaging platform's numeric user id. */
  messenger_id: number | null;
  name: string | null;
  /** Spendable purchased/granted credits, milli-credits; negative only after a refund or chargeback (migration 0006). */
  balance_milli: BigintDefault;
  /** Credits of the current monthly plan, milli-credits (informational; set by payments). */
  plan_credits_milli: BigintDefault;
  plan_type: string | null;
  plan_expires_at: Timestamp | null;
  /** Requests per minute allowed for this account. */
  rate_limit: number;
  created_at: TimestampDefault;
  verified_at: Timestamp | null;
}

export interface ApiKeysTable {
  id: Generated<number>;
  /** Lower-case hex SHA-256 of the full key; the key itself is never stored. */
  key_hash: string;
  /** The first characters of the key, for display ("vas_live_AbCd…"). */
  prefix: string;
  account_id: string;
  created_at: TimestampDefault;
  revoked_at: Timestamp | null;
}

export type RegistrationChannel = "email" | "messenger";

/** One verification attempt of a pending account (email or messenger). */
export interface RegistrationsTable {
  account_id: string;
  channel: RegistrationChannel;
  email: string | null;
  messenger_id: number | null;
  /** Hex SHA-256 of `${account_id}:${code}` (6-digit PIN for email, 4-digit code for messenger). */
  code_hash: string;
  /** Hex SHA-256 of the link token (email channel only). */
  token_hash: string | null;
  expires_at: Timestamp;
  tries_left: number;
  created_at: TimestampDefault;
  verified_at: Timestamp | null;
  /**
   * The key minted at verification, kept only so that status polling can reveal it until
   * `reveal_until` (15 min); cleared once the window has passed.
   */
  reveal_key: string | null;
  reveal_until: Timestamp | null;
  /** A re-verification of an email that already has an account: it gives that account a new key. */
  recovery: Generated<boolean>;
}

/** Append-only credit ledger: one row per credit or debit. */
export interface LedgerTable {
  id: Generated<number>;
  account_id: string;
  /** Positive for credits, negative for debits, milli-credits. */
  delta_milli: number;
  reason: string;
  /** External reference (payment proof, callback id); unique where not null. */
  reference: string | null;
  /** manual, usdc, promo, refund, card, crypto, lightning, stars …; null for request debits. */
  payment_type: string | null;
  /** Account balance right after this row, milli-credits. */
  balance_after_milli: number;
  created_at: TimestampDefault;
  /** The charge hold this row belongs to (its hold, capture or release; migration 0008), else null. */
  hold_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The stored first answer of an Idempotency-Key (migration 0009). */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 of method, path and body: a repeat with another body is refused (422). */
  request_hash: string;
  state: "running" | "done";
  status: number | null;
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A calendar feed token (migration 0010, docs/calendars.md §3): stored hashed, bound to one account and one definition. */
export interface CalendarFeedsTable {
  id: string;
  account_id: string;
  token_hash: string;
  token_prefix: string;
  definition: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  paid_until: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  poll_count: BigintDefault;
  last_polled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One admitted request's charge, held until its answer is written (migration 0008, docs/billing.md). */
export interface ChargeHoldsTable {
  id: Generated<number>;
  account_id: string;
  /** Credits taken from the balance, milli-credits (0 when the free tier covers the request). */
  amount_milli: number;
  /** Whether the request used a free-tier slot. */
  free: boolean;
  /** The client-address bucket whose free slot it used, if counted per address. */
  address: string | null;
  endpoint: string;
  day: ColumnType<string, string, string>;
  state: Generated<"held" | "captured" | "released">;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

/** Usage of one account on one UTC day; one upsert per request keeps the hot path one statement. */
export interface UsageDailyTable {
  account_id: string;
  /** UTC calendar day "YYYY-MM-DD". */
  day: ColumnType<string, string, string>;
  /** Requests counted (every accepted request, billable or not). */
  requests: Generated<number>;
  /** Requests with a price > 0. */
  billable: Generated<number>;
  /** Billable requests paid by the daily free tier. */
  free_used: Generated<number>;
  /** Milli-credits debited that day. */
  charged_milli: BigintDefault;
  /** Requests per endpoint/operation name: {"/kundali": 3, "query Chart": 1}. */
  endpoints: ColumnType<Record<string, number>, string | undefined, string>;
}

/** Requests of one account in one fixed minute (rate limiting shared across instances). */
export interface RateWindowsTable {
  account_id: string;
  /** Start of the UTC minute. */
  window_start: Timestamp;
  requests: number;
}

/** Count of one limited action (e.g. "mail:address:a@b.c") in one fixed window, shared by every instance. */
export interface ActionWindowsTable {
  bucket: string;
  window_start: Timestamp;
  count: number;
}

/** An order we created at a payment processor (migration 0006). */
export interface PaymentOrdersTable {
  /** "ord_" + 24 base62 characters; travels to the processor as its order/custom id. */
  id: string;
  account_id: string;
  /** merchant_a, merchant_b, crypto, lightning, stars. */
  provider: string;
  /** credits: a one-time purchase; plan: a monthly plan (each paid period credits the plan). */
  kind: "credits" | "plan";
  /** Credits the order (or one plan period) buys, milli-credits. */
  credits_milli: number;
  plan: string | null;
  /** Price in the currency's smallest unit: USD cents, satoshis (SAT), Stars (XTR). */
  amount_minor: number;
  currency: string;
  /** The processor's id of the checkout/invoice (for Lightning the payment_hash). */
  provider_ref: string | null;
  checkout_url: string | null;
  status: Generated<"pending" | "paid" | "expired" | "refunded">;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  paid_at: Timestamp | null;
}

/** A payment or refund a processor confirmed: revenue, one row per unique reference. */
export interface PaymentsTable {
  id: Generated<number>;
  order_id: string;
  account_id: string;
  provider: string;
  kind: "payment" | "refund";
  /** Same reference as the ledger row it produced. */
  reference: string;
  /** Smallest unit of `currency`; negative for refunds. */
  amount_minor: number;
  currency: string;
  /** Credits added (negative: debited), milli-credits. */
  credits_milli: number;
  created_at: Timestamp;
}

export interface PromoCodesTable {
  code: string;
  credits_milli: number;
  max_uses: number;
  uses: Generated<number>;
  expires_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PromoRedemptionsTable {
  code: string;
  account_id: string;
  created_at: Timestamp;
}

/** An event recorded once (migration 0007): detected ahead of time, or submitted by the operator. */
export interface EventsTable {
  id: Generated<number>;
  /** One of the ten event types (src/engine/events/event-types.ts). */
  type: string;
  source: "detected" | "submitted";
  /** The event's UT instant; null for a submitted event that named none. */
  instant: Timestamp | null;
  /** Unique key of a submitted event (detected ones are unique by type + instant). */
  submission_key: string | null;
  data: ColumnType<Record<string, unknown>, string, string>;
  /** When it is to be emitted (the instant, or the submission time). */
  due_at: Timestamp;
  /** Set once by the worker that emitted it (fan-out to the outbox and the EventBus). */
  emitted_at: Timestamp | null;
  created_at: Timestamp;
}

/** A webhook subscription of an account (migration 0007). */
export interface WebhookSubscriptionsTable {
  /** "sub_" + 24 hex characters; also the key of the X-Webhook-Signature HMAC (the spec's rule). */
  id: string;
  account_id: string;
  url: string;
  events: ColumnType<string[], string[], string[]>;
  latitude: number | null;
  longitude: number | null;
  /** Standard Webhooks signing secret, "whsec_" + base64; shown once at subscribe time. */
  secret: string;
  status: Generated<"active" | "disabled">;
  disabled_reason: string | null;
  delivered_count: Generated<number>;
  /** Attempts that failed (each retry counts). */
  failed_attempts: Generated<number>;
  /** Deliveries given up after the last retry. */
  dead_count: Generated<number>;
  last_error: string | null;
  last_error_at: Timestamp | null;
  last_delivered_at: Timestamp | null;
  created_at: Timestamp;
}

/** One delivery of one event to one subscription: the outbox (migration 0007). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  /** Standard Webhooks `webhook-id`, the same on every retry. */
  webhook_id: string;
  subscription_id: string;
  event_id: number;
  status: Generated<"pending" | "delivered" | "dead">;
  attempts: Generated<number>;
  /** Due time of the next attempt; while an attempt runs, the end of its claim lease. */
  next_attempt_at: Timestamp;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  registrations: RegistrationsTable;
  ledger: LedgerTable;
  charge_holds: ChargeHoldsTable;
  idempotency_keys: IdempotencyKeysTable;
  calendar_feeds: CalendarFeedsTable;
  usage_daily: UsageDailyTable;
  rate_windows: RateWindowsTable;
  action_windows: ActionWindowsTable;
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  events: EventsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type Registration = Selectable<RegistrationsTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type UsageDaily = Selectable<UsageDailyTable>;
export type PaymentOrder = Selectable<PaymentOrdersTable>;
