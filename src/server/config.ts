/**
 * Configuration from the environment, validated once at start. Every variable is one row of
 * CONFIG_VARIABLES (name, default, parser, description): docs/configuration.md's table is this table, and a
 * later issue adds a variable by adding a row. A wrong value stops the service with ONE line
 * naming the variable (ConfigError).
 */
import { parseCorsOrigins, type CorsOrigins } from "./cors.js";

/** A value the service cannot start with; the message is the one line an operator reads. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

type Parser<T> = (raw: string, name: string) => T;

interface VariableSpec<T> {
  readonly env: string;
  /** Used when the variable is unset or empty; `undefined` means "optional, no value". */
  readonly defaultValue: T;
  /** Human description of the default for the README (e.g. "embedded PGlite in DATA_DIR"). */
  readonly defaultText: string;
  readonly description: string;
  readonly parse: Parser<T>;
}

function variable<T>(env: string, parse: Parser<T>, defaultValue: T, defaultText: string, description: string): VariableSpec<T> {
  return { env, parse, defaultValue, defaultText, description };
}

const fail = (name: string, expected: string, raw: string): never => {
  throw new ConfigError(`${name} must be ${expected}, got ${JSON.stringify(raw)}`);
};

function integer(min: number, max: number): Parser<number> {
  return (raw, name) => {
    const n = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) fail(name, `an integer ${min}–${max}`, raw);
    return n;
  };
}

const text: Parser<string> = (raw) => raw;

function textMin(minLength: number): Parser<string | undefined> {
  return (raw, name) => (raw.length < minLength ? fail(name, `at least ${minLength} characters long`, "…") : raw);
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

const email: Parser<string | undefined> = (raw, name) => (EMAIL.test(raw) ? raw : fail(name, "an email address (name@example.com)", raw));

/** The bare address of a mailbox ("Vedic Astro API <help@example.com>" → "help@example.com"). */
export function mailboxAddress(mailbox: string): string {
  return (/<([^<>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
}

function oneOf<T extends string>(values: readonly T[]): Parser<T> {
  return (raw, name) => {
    const v = raw.trim().toLowerCase() as T;
    return values.includes(v) ? v : fail(name, `one of ${values.join(", ")}`, raw);
  };
}

function url(protocols: readonly string[]): Parser<string | undefined> {
  return (raw, name) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(raw);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !protocols.includes(parsed.protocol)) {
      // Never echo a database URL: it may carry a password.
      fail(name, `a URL starting with ${protocols.map((p) => p + "//").join(" or ")}`, name === "DATABASE_URL" ? "…" : raw);
    }
    return raw.replace(/\/+$/, "");
  };
}

function msList(min: number, max: number): Parser<readonly number[]> {
  return (raw, name) => {
    const parts = raw.split(",").map((p) => p.trim());
    const values = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
    if (parts.length < 1 || parts.length > 20 || values.some((v) => !Number.isSafeInteger(v) || v < min || v > max)) {
      fail(name, `a comma-separated list of 1–20 integers ${min}–${max}`, raw);
    }
    return values;
  };
}

const corsOrigins: Parser<CorsOrigins> = (raw, name) => {
  try {
    return parseCorsOrigins(raw, name);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
};

const flag: Parser<boolean> = (raw, name) => {
  const v = raw.toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  return fail(name, "true or false", raw);
};

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The configuration table. Keys are the Config field names. */
export const CONFIG_VARIABLES = {
  port: variable("PORT", integer(1, 65535), 8000, "8000", "TCP port the HTTP server listens on"),
  host: variable("HOST", text, "0.0.0.0", "0.0.0.0", "interface to listen on"),
  databaseUrl: variable<string | undefined>(
    "DATABASE_URL", url(["postgres:", "postgresql:"]), undefined, "unset: embedded PGlite in DATA_DIR",
    "PostgreSQL connection URL; when unset the embedded PGlite database is used",
  ),
  dataDir: variable("DATA_DIR", text, "./data", "./data", "directory of the embedded PGlite database"),
  logLevel: variable("LOG_LEVEL", oneOf(LOG_LEVELS), "info", "info", `pino log level: ${LOG_LEVELS.join(", ")}`),
  adminKey: variable<string | undefined>(
    "ADMIN_KEY", textMin(32), undefined, "unset: admin endpoints disabled",
    "secret expected in the X-Admin-Key header of /admin/* (at least 32 characters, e.g. `openssl rand -base64 32`); wrong keys are throttled per client address (429)",
  ),
  publicBaseUrl: variable<string | undefined>(
    "PUBLIC_BASE_URL", url(["http:", "https:"]), undefined, "unset: http://localhost:PORT",
    "external base URL of the service, used in links it sends out (verification mail, OpenAPI servers)",
  ),
  corsOrigins: variable<CorsOrigins>(
    "CORS_ORIGINS", corsOrigins, "*", "*: any origin",
    "origins whose web pages may call the API (CORS), comma-separated (https://app.example.com), or * for any; keys travel in X-API-Key, never in cookies",
  ),
  bodyLimitKb: variable("BODY_LIMIT_KB", integer(1, 10_240), 100, "100", "largest accepted JSON request body, KiB (larger → 413)"),
  smtpHost: variable<string | undefined>(
    "SMTP_HOST", text, undefined, "unset: mail is written to the log",
    "SMTP server for verification mail; without it each mail (link and PIN) is logged instead",
  ),
  smtpPort: variable("SMTP_PORT", integer(1, 65535), 587, "587", "SMTP port (465: TLS from the start; otherwise STARTTLS when offered)"),
  smtpUser: variable<string | undefined>("SMTP_USER", text, undefined, "unset: no SMTP authentication", "SMTP user name"),
  smtpPass: variable<string | undefined>("SMTP_PASS", text, undefined, "unset", "SMTP password"),
  smtpFrom: variable(
    "SMTP_FROM", text, "Vedic Astro API <no-reply@localhost>", "Vedic Astro API <no-reply@localhost>",
    "sender address of verification mail",
  ),
  contactEmail: variable<string | undefined>(
    "CONTACT_EMAIL", email, undefined, "unset: the address of SMTP_FROM",
    "where people reach the operator: contact_email of /.well-known/ai-plugin.json",
  ),
  messengerBotLink: variable<string | undefined>(
    "MESSENGER_BOT_LINK", url(["https:", "http:"]), undefined, "unset: messenger registration disabled",
    "deep link of the messaging bot, e.g. https://t.me/VedicAstroBot (verify_url = LINK?start=verify_…)",
  ),
  messengerBotApiBase: variable<string | undefined>(
    "MESSENGER_BOT_API_BASE", url(["https:", "http:"]), "https://api.telegram.org", "https://api.telegram.org",
    "base URL of the bot API used to send the key to the chat",
  ),
  messengerBotToken: variable<string | undefined>(
    "MESSENGER_BOT_TOKEN", text, undefined, "unset: keys are not sent to the chat (polling still reveals them)",
    "bot API token",
  ),
  messengerWebhookSecret: variable<string | undefined>(
    "MESSENGER_WEBHOOK_SECRET", textMin(8), undefined, "unset: POST /webhook/messaging refuses every update",
    "secret the bot platform sends in X-Telegram-Bot-Api-Secret-Token with each update (at least 8 characters)",
  ),
  registerLimitPerHour: variable(
    "REGISTER_LIMIT_PER_HOUR", integer(0, 1_000_000), 20, "20",
    "registrations (POST /register, the register mutation) per client address per hour, any kind; over it → 429 with Retry-After. 0: no limit",
  ),
  mailLimitPerAddressPerHour: variable(
    "MAIL_LIMIT_PER_ADDRESS_PER_HOUR", integer(0, 1_000_000), 5, "5",
    "verification mails to one email address per hour (and never two within a minute); over it → 429. 0: no hourly limit",
  ),
  mailLimitPerClientPerHour: variable(
    "MAIL_LIMIT_PER_CLIENT_PER_HOUR", integer(0, 1_000_000), 10, "10",
    "verification mails requested from one client address per hour; over it → 429. 0: no limit",
  ),
  trustProxyHops: variable(
    "TRUST_PROXY_HOPS", integer(0, 10), 0, "0: the TCP peer is the client",
    "reverse proxies in front of the service whose X-Forwarded-For is trusted to name the client address (the per-client limits count by it)",
  ),
  merchantAApiBase: variable<string | undefined>(
    "MERCHANT_A_API_BASE", url(["https:", "http:"]), undefined, "unset: card checkout through merchant_a answers 503",
    "base URL of card processor A's API (POST /v1/checkouts); needs MERCHANT_A_API_KEY and MERCHANT_A_WEBHOOK_SECRET",
  ),
  merchantAApiKey: variable<string | undefined>("MERCHANT_A_API_KEY", text, undefined, "unset", "API key of card processor A (Bearer)"),
  merchantAWebhookSecret: variable<string | undefined>(
    "MERCHANT_A_WEBHOOK_SECRET", textMin(8), undefined, "unset",
    "HMAC-SHA256 key of POST /webhook/merchant_a (hex signature in X-Signature)",
  ),
  merchantBApiBase: variable<string | undefined>(
    "MERCHANT_B_API_BASE", url(["https:", "http:"]), undefined, "unset: card checkout through merchant_b answers 503",
    "base URL of card processor B's API (POST /v1/transactions); needs MERCHANT_B_API_KEY and MERCHANT_B_WEBHOOK_SECRET",
  ),
  merchantBApiKey: variable<string | undefined>("MERCHANT_B_API_KEY", text, undefined, "unset", "API key of card processor B (Bearer)"),
  merchantBWebhookSecret: variable<string | undefined>(
    "MERCHANT_B_WEBHOOK_SECRET", textMin(8), undefined, "unset",
    "HMAC-SHA256 key of POST /webhook/merchant_b (header Merchant-B-Signature: sha256=<hex>)",
  ),
  cryptoApiBase: variable<string | undefined>(
    "CRYPTO_API_BASE", url(["https:", "http:"]), undefined, "unset: crypto checkout answers 503",
    "base URL of the crypto processor's API (POST /v1/invoice, IPN style); needs CRYPTO_API_KEY and CRYPTO_IPN_SECRET",
  ),
  cryptoApiKey: variable<string | undefined>("CRYPTO_API_KEY", text, undefined, "unset", "API key of the crypto processor (x-api-key)"),
  cryptoIpnSecret: variable<string | undefined>(
    "CRYPTO_IPN_SECRET", textMin(8), undefined, "unset",
    "HMAC-SHA512 key of POST /webhook/crypto (hex signature in X-Nowpayments-Sig)",
  ),
  lightningApiBase: variable<string | undefined>(
    "LIGHTNING_API_BASE", url(["https:", "http:"]), undefined, "unset: POST /topup/lightning answers 503",
    "base URL of the Lightning node's wallet API (LNbits style: POST/GET /api/v1/payments); needs LIGHTNING_API_KEY",
  ),
  lightningApiKey: variable<string | undefined>(
    "LIGHTNING_API_KEY", text, undefined, "unset", "invoice key of the Lightning wallet (X-Api-Key)",
  ),
  lightningInvoiceExpirySeconds: variable(
    "LIGHTNING_INVOICE_EXPIRY_SECONDS", integer(60, 86_400), 3600, "3600", "lifetime of a Lightning invoice, seconds",
  ),
  shutdownGraceMs: variable(
    "SHUTDOWN_GRACE_MS", integer(0, 600_000), 10_000, "10000",
    "on SIGTERM/SIGINT, how long in-flight requests may run before connections are cut",
  ),
  workers: variable<number | undefined>(
    "WORKERS", integer(1, 64), undefined, "unset: 1 with PGlite; the number of CPUs with DATABASE_URL",
    "service processes (node:cluster workers on one port); more than 1 needs DATABASE_URL. Rate limits are counted in the database, so they hold across workers and instances",
  ),
  maxRequestCredits: variable(
    "MAX_REQUEST_CREDITS", integer(1, 1_000_000), 100, "100",
    "price ceiling of one request, credits: a dearer GraphQL operation is refused with 422 before anything runs (dry runs show the ceiling)",
  ),
  requestWorkBudget: variable(
    "REQUEST_WORK_BUDGET", integer(1_000, 100_000_000), 250_000, "250000",
    "most work units one request may need (≈ µs of CPU: answer values, dasha levels, days of a range, scan steps, aliases; docs/limits.md); above it → 422 WORK_ABOVE_BUDGET before anything runs or is charged",
  ),
  maxResponseBytes: variable(
    "MAX_RESPONSE_BYTES", integer(65_536, 1_073_741_824), 8_388_608, "8388608 (8 MiB)",
    "largest answer of one request, bytes of JSON; a larger estimated answer → 422 RESPONSE_TOO_LARGE before anything runs or is charged (docs/limits.md)",
  ),
  engineThreads: variable(
    "ENGINE_THREADS", integer(0, 16), 1, "1",
    "engine threads per service process (worker_threads) that run the long engine calls — a year of festivals or vratas, a year's panchanga search, KP sub-lord and ingress scans — so the event loop keeps answering meanwhile (docs/limits.md); each thread starts with its process's first such call and holds its own engine tables (≈ 60–80 MB resident under load). 0: those calls run on the event loop",
  ),
  debitBatchMs: variable(
    "DEBIT_BATCH_MS", integer(0, 50), 0, "0",
    "how long a billing round gathers holds (with the captures and releases waiting) into one database statement, ms; 0 = those arriving in the same event-loop turn (docs/billing.md)",
  ),
  holdReleaseAfterMs: variable(
    "HOLD_RELEASE_AFTER_MS", integer(1000, 86_400_000), 300_000, "300000 (5 minutes)",
    "a charge hold not captured or released within this time (its process died) is released, credits back, by whichever instance sweeps first: at every start and every minute (docs/billing.md)",
  ),
  freeRequestsPerAddressDaily: variable(
    "FREE_REQUESTS_PER_ADDRESS_DAILY", integer(0, 1_000_000), 10, "10",
    "free-tier requests per client address (IPv4 /32, IPv6 /64) per UTC day across all its keys; past it a request is paid from the balance (or 402). 0: no per-address count (docs/billing.md)",
  ),
  restFastLane: variable(
    "REST_FAST_LANE", flag, true, "true",
    "serve plain REST requests (JSON or no body, API clients) through node:http directly instead of express; the same handler and gates either way (docs/architecture.md §6)",
  ),
  graphqlFastLane: variable(
    "GRAPHQL_FAST_LANE", flag, true, "true",
    "serve plain POST /graphql requests (a JSON body, one operation) through node:http and the REST routes' gates and executor instead of express and Apollo; the same answers either way (docs/graphql.md)",
  ),
  graphqlDocumentCache: variable(
    "GRAPHQL_DOCUMENT_CACHE", integer(0, 100_000), 1000, "1000",
    "parsed and validated GraphQL documents kept by the fast lane (LRU, also bounded to 64 MB); 0 turns the cache off",
  ),
  graphqlJit: variable(
    "GRAPHQL_JIT", flag, true, "true",
    "compile a /graphql document with graphql-jit from its second use on the fast lane (else graphql-js runs it)",
  ),
  persistedQueryCache: variable(
    "PERSISTED_QUERY_CACHE", integer(0, 1_000_000), 10_000, "10000",
    "automatic persisted queries kept (hash → query text, LRU, also bounded to 32 MB) per process",
  ),
  compressMinBytes: variable(
    "COMPRESS_MIN_BYTES", integer(0, 10_000_000), 1400, "1400",
    "smallest answer compressed (br or gzip, as Accept-Encoding allows); smaller ones are sent as they are",
  ),
  graphqlMaxFields: variable(
    "GRAPHQL_MAX_FIELDS", integer(10, 100_000), 500, "500",
    "most field selections in one GraphQL document (a request's own, and each price(query) document; the price fields of one request share it); larger → 400 before validation or pricing",
  ),
  placesPreload: variable(
    "PLACES_PRELOAD", flag, false, "false",
    "true: read the place gazetteer (GET /places, place ids in inputs) in the background as soon as the service listens, so the first lookup does not wait for it (about 2 s of CPU, 44 MB of heap, about 120 MB resident in every process); /health answers meanwhile. false: on first use, so a worker that never looks up a place stays within its 200 MB",
  ),
  keylessRateLimit: variable(
    "KEYLESS_RATE_LIMIT", integer(0, 1_000_000), 60, "60",
    "requests per minute per client address without a valid API key: every /graphql request (price query and X-Dry-Run included) and REST dry runs; past it → 429. 0 turns it off. Counted per process (in memory): with N workers an address may get up to N× this",
  ),
  feedPollRateLimit: variable(
    "FEED_POLL_RATE_LIMIT", integer(0, 1_000_000), 600, "600",
    "polls of calendar feeds (GET or HEAD /feeds/{token}.ics, which need no API key) per minute per client address, every token together; past it → 429 with Retry-After. Higher than KEYLESS_RATE_LIMIT because a calendar service (Google, Outlook) fetches its users' feeds from few addresses. 0 turns it off. Counted per process (in memory)",
  ),
  webhookMaxSubscriptionsPerAccount: variable(
    "WEBHOOK_MAX_SUBSCRIPTIONS_PER_ACCOUNT", integer(1, 10_000), 25, "25",
    "most webhook subscriptions one account may hold; POST /webhooks/subscribe beyond it → 409 (delete one first)",
  ),
  webhookTimeoutMs: variable(
    "WEBHOOK_TIMEOUT_MS", integer(100, 60_000), 10_000, "10000",
    "time limit of one webhook delivery attempt, ms; no answer by then counts as a failed attempt",
  ),
  webhookRetryBackoffMs: variable<readonly number[]>(
    "WEBHOOK_RETRY_BACKOFF_MS", msList(0, 7 * 86_400_000), [5_000, 60_000, 600_000, 3_600_000, 21_600_000, 86_400_000],
    "5000,60000,600000,3600000,21600000,86400000",
    "waits after the 1st, 2nd … failed delivery attempt, ms (5 s, 1 min, 10 min, 1 h, 6 h, 24 h); one more failure after the last → dead",
  ),
  webhookDeliveryConcurrency: variable(
    "WEBHOOK_DELIVERY_CONCURRENCY", integer(1, 1_000), 32, "32", "webhook delivery attempts in flight at once, per process",
  ),
  webhookPollMs: variable(
    "WEBHOOK_POLL_MS", integer(10, 60_000), 1_000, "1000",
    "how often an idle delivery worker looks for due deliveries (retries, other instances' events), ms",
  ),
  eventSchedulerMs: variable(
    "EVENT_SCHEDULER_MS", integer(10, 3_600_000), 60_000, "60000",
    "how often the event scheduler records upcoming events and emits the due ones, ms (an event is emitted up to this late)",
  ),
  eventHorizonDays: variable(
    "EVENT_HORIZON_DAYS", integer(1, 366), 40, "40", "how far ahead detected events are recorded, days",
  ),
  webhookRetentionDays: variable(
    "WEBHOOK_RETENTION_DAYS", integer(1, 3650), 30, "30",
    "days after which delivered webhook deliveries, and emitted events with nothing left to deliver, are deleted (dead ones stay, counted)",
  ),
  webhookAllowPrivateTargetsForTests: variable(
    "WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS", flag, false, "false",
    "TEST ONLY, never in production: lets webhook URLs resolve to loopback/private addresses (the SSRF rule is off)",
  ),
} as const;

type Table = typeof CONFIG_VARIABLES;
export type Config = { readonly [K in keyof Table]: Table[K]["defaultValue"] } & {
  /** PUBLIC_BASE_URL, or http://localhost:PORT when unset. */
  readonly baseUrl: string;
};

/**
 * Read and validate the configuration. Throws ConfigError (one line naming the variable) on the
 * first wrong value. `env` defaults to process.env; tests pass their own.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(CONFIG_VARIABLES) as [string, VariableSpec<unknown>][]) {
    const raw = env[spec.env];
    out[key] = raw === undefined || raw.trim() === "" ? spec.defaultValue : spec.parse(raw.trim(), spec.env);
  }
  const config = out as Omit<Config, "baseUrl">;
  // The embedded PGlite lives in one process: it cannot be shared by cluster workers.
  if (config.workers !== undefined && config.workers > 1 && config.databaseUrl === undefined) {
    throw new ConfigError(`WORKERS must be 1 without DATABASE_URL (the embedded PGlite serves one process), got ${config.workers}`);
  }
  requireTogether(config.merchantAApiBase, config.merchantAApiKey, config.merchantAWebhookSecret, "MERCHANT_A_API_BASE, MERCHANT_A_API_KEY and MERCHANT_A_WEBHOOK_SECRET");
  requireTogether(config.merchantBApiBase, config.merchantBApiKey, config.merchantBWebhookSecret, "MERCHANT_B_API_BASE, MERCHANT_B_API_KEY and MERCHANT_B_WEBHOOK_SECRET");
  requireTogether(config.cryptoApiBase, config.cryptoApiKey, config.cryptoIpnSecret, "CRYPTO_API_BASE, CRYPTO_API_KEY and CRYPTO_IPN_SECRET");
  requireTogether(config.lightningApiBase, config.lightningApiKey, "LIGHTNING_API_BASE and LIGHTNING_API_KEY");
  return { ...config, baseUrl: config.publicBaseUrl ?? `http://localhost:${config.port}` };
}

/** A payment adapter is configured by all of its variables or none: half a configuration is a mistake. */
function requireTogether(...args: (string | undefined)[]): void {
  const names = args.pop()!;
  const set = args.filter((v) => v !== undefined).length;
  if (set > 0 && set < args.length) throw new ConfigError(`${names} must be set together (a payment adapter needs all of them)`);
}

/** Rows for documentation: variable, default, description. */
export function configDocRows(): { env: string; defaultText: string; description: string }[] {
  return Object.values(CONFIG_VARIABLES).map(({ env, defaultText, description }) => ({ env, defaultText, description }));
}
