/**
 * What the account, registration and admin resolvers need from the server: the database, the
 * clock, the registration dependencies (mailer, bot), the operator's secrets, and the caller's
 * HTTP head. The server puts one `AccountServices` into every GraphQL context (`accounts`); a
 * context without it (a server started without accounts) answers these fields with 503.
 */
import { createAdminKeyGuard, type AdminKeyGuard } from "../../gates/admin-key-guard.js";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { HeaderMap } from "@apollo/server";
import { GraphQLError } from "graphql";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.js";
import { AccountsError, type Clock, type RegistrationDeps } from "../../accounts/index.js";
import type { WebhooksService } from "../../events/webhooks-service.js";
import type { PaymentsService } from "../../payments/payments-service.js";
import type { GraphQLContext } from "../context.js";
import { BAD_USER_INPUT } from "../common/input-errors.js";

export interface AccountServices {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly registration: RegistrationDeps;
  /** ADMIN_KEY; the admin fields are disabled (403) without it. */
  readonly adminKey: string | undefined;
  /** The admin key check with its per-address throttle (default: one made for `adminKey`). */
  readonly adminGuard?: AdminKeyGuard;
  /** MESSENGER_WEBHOOK_SECRET; bot updates are refused (403) without it. */
  readonly botWebhookSecret: string | undefined;
  readonly freeTierDaily: number;
  /** Checkouts, callbacks, top-ups, promo codes (src/payments); absent: payment fields answer 503. */
  readonly payments?: PaymentsService;
  /** Webhook subscriptions and event submission (src/events); absent: those fields answer 503. */
  readonly webhooks?: WebhooksService;
  /** For /admin/stats' "system" part. */
  readonly system: { startedAt: Date; databaseKind: string; ping(): Promise<boolean> };
}

/** The GraphQL context as the account resolvers read it (the server adds these two parts). */
export type AccountContext = GraphQLContext & {
  readonly accounts?: AccountServices;
  readonly requestHeaders?: IncomingHttpHeaders;
  /** The caller's network address (per-client registration and mail limits count by it). */
  readonly clientAddress?: string;
  /** The HTTP method of the request ("HEAD": a calendar feed's head, not counted as a poll). */
  readonly requestMethod?: string;
};

export function servicesOf(ctx: AccountContext): AccountServices {
  if (!ctx.accounts) {
    throw new GraphQLError("Accounts are not enabled on this server", {
      extensions: { code: "NOT_CONFIGURED", http: { status: 503 } },
    });
  }
  return ctx.accounts;
}

export function headerOf(ctx: AccountContext, name: string): string | undefined {
  const v = ctx.requestHeaders?.[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Constant-time comparison (hashing equalises the lengths, so length leaks nothing either). */
export function secretMatches(presented: string | undefined, expected: string | undefined): boolean {
  if (!presented || !expected) return false;
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

const forbidden = (message: string) =>
  new GraphQLError(message, { extensions: { code: "FORBIDDEN", http: { status: 403 } } });

const fallbackGuards: Record<string, AdminKeyGuard> = {};

/** The operator check of the admin fields: X-Admin-Key against ADMIN_KEY; disabled when unset. */
export function requireAdmin(ctx: AccountContext): AccountServices {
  const services = servicesOf(ctx);
  const guard = services.adminGuard ?? (fallbackGuards[services.adminKey ?? ""] ??= createAdminKeyGuard(services.adminKey));
  const verdict = guard.check(headerOf(ctx, "x-admin-key"), ctx.clientAddress);
  if (verdict.ok) return services;
  if (verdict.status === 403) throw forbidden(verdict.message);
  const extensions: Record<string, unknown> = {
    code: "RATE_LIMITED", retryAfterSeconds: verdict.retryAfterSeconds,
    http: { status: 429, headers: new HeaderMap([["retry-after", String(verdict.retryAfterSeconds)]]) },
  };
  throw new GraphQLError(verdict.message, { extensions });
}

/** The caller's account, or 401 saying how to get a key. */
export function requireAccount(ctx: AccountContext): { id: string } {
  if (!ctx.account) {
    throw new GraphQLError(
      "Missing or invalid API key: send it in the X-API-Key header. Get a free key instantly with POST /register.",
      { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } },
    );
  }
  return ctx.account;
}

/**
 * An account-service failure as the GraphQL error the REST layer maps: 422 → BAD_USER_INPUT with
 * the spec's field name (→ FastAPI `loc`), others → their status and code (tries left included).
 */
export function toGraphQLError(err: unknown): unknown {
  if (!(err instanceof AccountsError)) return err;
  if (err.status === 422) {
    // HTTP 400 on /graphql as prevalidation answers bad input; REST maps BAD_USER_INPUT to its 422.
    return new GraphQLError(err.message, {
      extensions: { code: BAD_USER_INPUT, ...(err.details.field ? { field: err.details.field } : {}), http: { status: 400 } },
    });
  }
  const retryAfter = err.details.retryAfterSeconds;
  // Apollo reads extensions.http.headers as a HeaderMap (see rate-limit.ts for the widening).
  const extensions: Record<string, unknown> = {
    code: err.code,
    ...(err.details.triesLeft !== undefined ? { triesLeft: err.details.triesLeft } : {}),
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
    http: { status: err.status, ...(retryAfter !== undefined ? { headers: new HeaderMap([["retry-after", String(retryAfter)]]) } : {}) },
  };
  return new GraphQLError(err.message, { extensions });
}

/** Runs an account-service call, translating its typed failures. */
export async function mapped<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toGraphQLError(err);
  }
}
