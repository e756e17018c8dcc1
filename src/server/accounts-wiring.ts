/**
 * Accounts, credits and limits wired into the gateway (docs/architecture.md §5–§7, §9): the X-API-Key
 * authenticator, the cost plugin (document limits → unknown key → rate limit → price → debit,
 * in that order inside one plugin hook, because Apollo runs different plugins' hooks at once),
 * and the services the account/registration/admin resolvers read from the context.
 */
import type { EngineTaskRunner } from "../engine-pool/engine-pool.js";
import type { IncomingMessage } from "node:http";
import type { ApolloServerPlugin } from "@apollo/server";
import type { DatabaseHandle } from "../../db/database.js";
import {
  addressBucket, createBillingRounds, createMailer, createMessengerBot, expirePlans, findAccountByApiKey, FREE_TIER_DAILY, hashApiKey, looksLikeApiKey,
  startRegistrationPurge, systemClock, type Clock, type Mailer, type MessengerBot, type RegistrationDeps,
} from "../accounts/index.js";
import { createMemoryEventBus, type EventBus } from "../events/event-bus.js";
import type { EventDetector } from "../events/event-scheduler.js";
import type { LookupAll } from "../events/ssrf-guard.js";
import { WebhooksService } from "../events/webhooks-service.js";
import type { WebhookSettings } from "../events/webhook-settings.js";
import { createCostGates, createCostPlugin, type CostGate } from "../costing/cost-plugin.js";
import { startStaleHoldSweep } from "../costing/stale-holds.js";
import { createWorkGate } from "../costing/work-gate.js";
import { createAdminKeyGuard } from "../gates/admin-key-guard.js";
import { paymentsConfigFrom, type PaymentsConfig } from "../payments/payments-config.js";
import { PaymentsService } from "../payments/payments-service.js";
import { prevalidationGate } from "../resolvers/prevalidate.js";
import { placeLoadingGate } from "../resolvers/places/place-loading-gate.js";
import { webhookSubscribeGate } from "../resolvers/webhooks/webhook-subscribe-gate.js";
import type { AccountServices } from "../resolvers/account/account-services.js";
import type { ContextAccount, GraphQLContext } from "../resolvers/context.js";
import type { Config } from "./config.js";
import { documentLimitsGate } from "../gates/document-limits.js";
import type { Logger } from "./logger.js";
import { metrics } from "./metrics/service-metrics.js";

export interface AccountsOptions {
  /** The clock of the free tier's UTC day, code expiry, the reveal window and the rate-limit window. */
  readonly clock?: Clock;
  /** Default: SMTP from the configuration, or the log when SMTP_HOST is unset. */
  readonly mailer?: Mailer;
  /** Default: the bot API of the configuration (when MESSENGER_BOT_TOKEN is set). */
  readonly bot?: MessengerBot;
  /**
   * How long a key → account lookup is reused, ms (default 5000; 0 disables). Keeps the hot path
   * near one database round trip (the debit); a revoked key or a changed rate limit takes effect
   * within this time. Balances are never cached: the debit reads them under a row lock.
   */
  readonly keyCacheMs?: number;
  /** How often clear-text keys past their reveal window and old limit windows are purged, ms (default 60000; 0: never). */
  readonly purgeIntervalMs?: number;
  /** Default: the payment adapters of the configuration (MERCHANT_A_*, CRYPTO_*, LIGHTNING_* …). */
  readonly payments?: PaymentsConfig;
  /**
   * How often plans whose period is over are ended without waiting for a request of their
   * account (which ends its own at authentication), ms; default 60000, 0 disables.
   */
  readonly planExpirySweepMs?: number;
  /**
   * The engine's event detector for the scheduler, `(fromMs, toMs) => DetectedEvent[]`
   * (src/engine/events/detect.ts `detectEvents`). Unset: only events submitted through
   * POST /admin/check-events are emitted.
   */
  readonly eventDetector?: EventDetector;
  /** Where emitted events are published: createApp passes the app's bus (GraphQL subscriptions listen there); default: in-process. */
  readonly eventBus?: EventBus;
  /** The app's engine threads, for the scheduler's long engine calls; default the calling thread. */
  readonly engineTasks?: EngineTaskRunner;
  /** Overrides of the webhook settings from the configuration (tests: runWorkers, pollMs …). */
  readonly webhooks?: Partial<WebhookSettings>;
  /** DNS for the webhook SSRF checks (tests); default: the system resolver. */
  readonly webhookLookup?: LookupAll;
}

export interface AccountsWiring {
  readonly services: AccountServices;
  /** X-API-Key → the account (null when absent or unknown; the cost plugin answers 401 for an unknown key). */
  authenticate(req: IncomingMessage): Promise<ContextAccount | null>;
  readonly plugin: ApolloServerPlugin<GraphQLContext>;
  /** The plugin's gates (limits, prevalidation, key, rate limit, price, debit) for the REST direct path. */
  readonly gate: CostGate<GraphQLContext>;
  /** Resolves when every capture and release asked so far has been written (shutdown waits for it). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type Db = Pick<DatabaseHandle, "ping"> & Partial<Pick<DatabaseHandle, "db" | "kind">>;

const KEY_CACHE_MAX = 10_000;

export function wireAccounts(args: { config: Config; database: Db; logger: Logger; options: AccountsOptions }): AccountsWiring {
  const { config, database, logger, options } = args;
  const db = database.db;
  if (!db) throw new Error("accounts need a database handle with `db` (Kysely)");
  const clock = options.clock ?? systemClock;

  const mailer =
    options.mailer ??
    createMailer(
      config.smtpHost
        ? { host: config.smtpHost, port: config.smtpPort, user: config.smtpUser, pass: config.smtpPass, from: config.smtpFrom }
        : undefined,
      (message, fields) => logger.info(fields, message),
    );
  const bot =
    options.bot ??
    (config.messengerBotToken && config.messengerBotApiBase
      ? createMessengerBot({ apiBase: config.messengerBotApiBase, token: config.messengerBotToken })
      : undefined);
  const registration: RegistrationDeps = {
    db, clock, mailer, bot, publicBaseUrl: config.baseUrl, messengerBotLink: config.messengerBotLink,
    log: (message, fields) => logger.warn(fields, message),
    limits: {
      registrationsPerClient: config.registerLimitPerHour,
      mailsPerAddress: config.mailLimitPerAddressPerHour,
      mailsPerClient: config.mailLimitPerClientPerHour,
    },
    onEvent: (e) => {
      if (e.kind === "registered") metrics.registrations.inc({ channel: e.channel, recovery: String(e.recovery) });
      else metrics.registrationsRefused.inc({ reason: e.reason });
    },
  };
  const purgeMs = options.purgeIntervalMs ?? 60_000;
  const stopPurge = purgeMs > 0
    ? startRegistrationPurge({ db, clock, intervalMs: purgeMs, log: (message, fields) => logger.warn(fields, message) })
    : () => {};
  const payments = new PaymentsService({
    db, clock, config: options.payments ?? paymentsConfigFrom(config), publicBaseUrl: config.baseUrl,
  });
  const eventBus = options.eventBus ?? createMemoryEventBus();
  const webhooks = new WebhooksService({
    db, clock, bus: eventBus, eventDetector: options.eventDetector, lookupAll: options.webhookLookup, engineTasks: options.engineTasks,
    log: (message, fields) => logger.warn(fields, message),
    onDelivery: (outcome) => metrics.webhookDeliveries.inc({ outcome }),
    settings: {
      maxSubscriptionsPerAccount: config.webhookMaxSubscriptionsPerAccount,
      timeoutMs: config.webhookTimeoutMs,
      retryBackoffMs: config.webhookRetryBackoffMs,
      concurrency: config.webhookDeliveryConcurrency,
      pollMs: config.webhookPollMs,
      schedulerMs: config.eventSchedulerMs,
      horizonMs: config.eventHorizonDays * 86_400_000,
      retentionMs: config.webhookRetentionDays * 86_400_000,
      allowPrivateTargets: config.webhookAllowPrivateTargetsForTests,
      runWorkers: true,
      ...options.webhooks,
    },
  });
  if (config.webhookAllowPrivateTargetsForTests) {
    logger.warn("WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS is on: webhook URLs may reach loopback and private networks (tests only)");
  }
  webhooks.start();
  const services: AccountServices = {
    db, clock, registration, adminKey: config.adminKey, adminGuard: createAdminKeyGuard(config.adminKey), botWebhookSecret: config.messengerWebhookSecret,
    freeTierDaily: FREE_TIER_DAILY, payments, webhooks,
    system: { startedAt: new Date(), databaseKind: database.kind ?? "unknown", ping: () => database.ping() },
  };

  const cacheMs = options.keyCacheMs ?? 5000;
  const cache = new Map<string, { account: ContextAccount; until: number }>();
  const authenticate = async (req: IncomingMessage): Promise<ContextAccount | null> => {
    const raw = req.headers["x-api-key"];
    const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!key || !looksLikeApiKey(key)) return null;
    const hash = hashApiKey(key);
    const nowMs = Date.now();
    const hit = cache.get(hash);
    if (hit && hit.until > nowMs) return hit.account;
    let row = await findAccountByApiKey(db, key);
    if (!row) return null;
    // A plan whose period is over falls back (tier, rate limit) before this request is limited.
    if (row.plan_expires_at && row.plan_expires_at <= clock()) {
      await expirePlans(db, clock());
      row = (await findAccountByApiKey(db, key)) ?? row;
    }
    const account: ContextAccount = { id: row.id, tier: row.tier, rateLimit: row.rate_limit, freeTierDaily: FREE_TIER_DAILY };
    if (cacheMs > 0) {
      if (cache.size >= KEY_CACHE_MAX) cache.clear();
      cache.set(hash, { account, until: nowMs + cacheMs });
    }
    return account;
  };

  // Holds, captures and releases arriving together share one statement (docs/billing.md).
  const rounds = createBillingRounds(db, { windowMs: config.debitBatchMs });
  const stopStaleSweep = startStaleHoldSweep({
    db, clock, olderThanMs: config.holdReleaseAfterMs, intervalMs: 60_000,
    log: (level, message, fields) => logger[level](fields ?? {}, message),
  });
  const costOptions = {
    // The round's statement also takes each caller's per-minute rate window (shared by every
    // worker and instance on the database).
    charge: rounds.charge,
    settle: rounds.settle,
    onSettleError: (err: unknown) => logger.warn({ err }, "settling a charge hold failed; the stale-hold sweep releases it"),
    ...(config.freeRequestsPerAddressDaily > 0 ? {
      freePerAddressDaily: config.freeRequestsPerAddressDaily,
      addressBucketOf: (context: GraphQLContext) => {
        const address = (context as GraphQLContext & { clientAddress?: string }).clientAddress;
        return address ? `free:${addressBucket(address)}` : undefined;
      },
    } : {}),
    rateLimitInCharge: true,
    now: clock,
    beforePricing: ((limits, places, args, subscribe) => async (rc: Parameters<typeof args>[0] & Parameters<typeof subscribe>[0]) => {
      limits(rc);
      await places(rc);
      args(rc);
      await subscribe(rc);
    })(documentLimitsGate(), placeLoadingGate(), prevalidationGate(), webhookSubscribeGate(() => webhooks)),
    baseUrl: config.baseUrl,
    purchaseMethods: (buyer?: { apiKey: string; shortfallCredits: number }) => payments.offeredMethods(config.baseUrl, buyer),
    maxPriceMilli: config.maxRequestCredits * 1000,
    work: createWorkGate({ budget: config.requestWorkBudget, maxResponseBytes: config.maxResponseBytes }),
    maxResponseBytes: config.maxResponseBytes,
  };
  const gate = createCostGates<GraphQLContext>(costOptions);
  const plugin = createCostPlugin<GraphQLContext>(costOptions, gate);

  const sweepMs = options.planExpirySweepMs ?? 60_000;
  const sweep = sweepMs > 0
    ? setInterval(() => {
      expirePlans(db, clock()).catch((err: unknown) => logger.warn({ err }, "plan expiry sweep failed"));
    }, sweepMs).unref()
    : undefined;
  const close = async (): Promise<void> => {
    clearInterval(sweep);
    stopStaleSweep();
    await rounds.idle();
    stopPurge();
    // In-flight deliveries end within their time limit; unfinished ones stay claimable.
    await webhooks.stop();
    if (!options.eventBus) await eventBus.close();
    await mailer.close();
  };
  return { services, authenticate, plugin, gate, settled: () => rounds.idle(), close };
}
