import { randomUUID } from "node:crypto";
import { languagePlugin } from "./language-plugin.js";
import http, { type IncomingMessage } from "node:http";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { expressMiddleware } from "@as-integrations/express5";
import express, { type RequestHandler } from "express";
import type { GraphQLSchema } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import type { DatabaseHandle } from "../../db/database.js";
import { createEventBus } from "../events/create-event-bus.js";
import type { EventBus } from "../events/event-bus.js";
import { createGraphQLContext, type ContextAccount, type GraphQLContext } from "../resolvers/context.js";
import { buildAppSchema } from "../resolvers/schema.js";
import { docsRouter } from "../rest-compat/docs-page.js";
import { createFastLane } from "../rest-compat/fast-lane.js";
import { sendJson } from "../rest-compat/rest-exchange.js";
import { errorHandler, laneErrorHandler, notFound } from "../rest-compat/http-errors.js";
import { buildOpenApi } from "../rest-compat/openapi.js";
import type { RouteEntry } from "../rest-compat/route-entry.js";
import { ROUTES } from "../rest-compat/route-table.js";
import { createDirectExecutor } from "../rest-compat/direct-executor.js";
import { createRestHandler, createRestRouter } from "../rest-compat/router.js";
import { subscriptionsOverWebSocketOnly } from "../subscriptions/subscriptions-over-ws-only.js";
import { graphqlWsOptions } from "../subscriptions/ws-subscriptions.js";
import { wireAccounts, type AccountsOptions } from "./accounts-wiring.js";
import { mailboxAddress, type Config } from "./config.js";
import { discoveryRouter } from "./discovery/discovery-router.js";
import { createFormatError } from "./format-error.js";
import { landingRouter } from "./landing/landing-page.js";
import { internalClientAddress } from "./mcp/internal-forward.js";
import { mcpRouter } from "./mcp/mcp-router.js";
import { graphiqlPage } from "./graphiql-page.js";
import { bodySizeLimit } from "../gates/body-limit.js";
import { documentParseOptions } from "../gates/document-limits.js";
import { documentSizeBody, documentSizeCheck, documentSizeMiddleware } from "../gates/document-size.js";
import { feedPollLimit, keylessLimit } from "../gates/keyless-limit.js";
import { createInFlight, responseOf } from "./in-flight.js";
import { claimIdempotencyKey, requestHash } from "./idempotency.js";
import { createLogger, type Logger } from "./logger.js";
import { metricsHandler } from "./metrics/metrics-route.js";
import { handleCors } from "./cors.js";
import { favicon } from "./favicon.js";
import { redactSecrets } from "./redact-secrets.js";
import { metrics } from "./metrics/service-metrics.js";
import { createEnginePool } from "../engine-pool/engine-pool.js";
import { createCompression, precompressedAsset } from "./compression.js";
import { createDocumentCache } from "../graphql-lane/document-cache.js";
import { createGraphQLLane } from "../graphql-lane/graphql-lane.js";
import { createPersistedQueries } from "../graphql-lane/persisted-queries.js";

/**
 * Finds the caller of a request (HTTP or the WebSocket upgrade request). Returns the account,
 * or null for an anonymous caller. To refuse the request outright (bad key, rate limit) throw a
 * GraphQLError with `extensions.http.status`: GraphQL answers it as such, REST as {"detail"}.
 */
export type AuthenticateHook = (req: IncomingMessage) => Promise<ContextAccount | null>;

export interface AppOptions {
  readonly config: Config;
  /** `db` (and `kind`) are needed when `accounts` is given. */
  readonly database: Pick<DatabaseHandle, "ping"> & Partial<Pick<DatabaseHandle, "db" | "kind" | "url">>;
  readonly logger?: Logger;
  /** Extra Apollo plugins (costing: price before execution, debit, extensions.cost, headers). */
  readonly plugins?: readonly ApolloServerPlugin<GraphQLContext>[];
  /** Puts `account` into the context; without it every caller is anonymous and api_key routes are open. */
  readonly authenticate?: AuthenticateHook;
  /**
   * Accounts, credits and limits (X-API-Key auth, pricing and debit, free tier, 402/429, the
   * account/registration/admin fields). runService always turns them on; without this option
   * every caller is anonymous and nothing is charged (unit tests of the bare gateway).
   */
  readonly accounts?: AccountsOptions;
  /** The REST route table (default: ROUTES). */
  readonly routes?: readonly RouteEntry[];
  /**
   * The event bus GraphQL subscribers listen on. Default: one made for the database by
   * createEventBus (LISTEN/NOTIFY on PostgreSQL, in process on PGlite), closed by app.close();
   * a bus passed here belongs to the caller, who closes it.
   */
  readonly eventBus?: EventBus;
}

export interface App {
  /** Not yet listening: the caller chooses host and port. */
  readonly httpServer: http.Server;
  readonly apollo: ApolloServer<GraphQLContext>;
  readonly schema: GraphQLSchema;
  /**
   * Where emitted events go: the emitter calls `eventBus.publish(event)` once per event and
   * every instance's GraphQL `astroEvents` subscribers receive it (docs/architecture.md §8).
   */
  readonly eventBus: EventBus;
  /**
   * Stop accepting connections, let in-flight requests finish (up to SHUTDOWN_GRACE_MS), close
   * WebSocket clients. Does not close the database: its owner does, after this resolves.
   */
  close(): Promise<void>;
}

/** One finished request in the access log (express middleware and REST fast lane alike). */
interface AccessEntry {
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly status: number;
  readonly ms: number;
}

/**
 * 2xx at debug, 4xx at info, 503 at warn (a deliberate answer: a part not configured, draining),
 * other 5xx at error: an access log that costs nothing at LOG_LEVEL=info under load.
 */
function logAccess(logger: Logger, raw: AccessEntry): void {
  // The common answer at the usual level is not logged: nothing to copy or redact.
  if (raw.status < 400 && !logger.isLevelEnabled("debug")) return;
  // A key may be part of a path (/checkout/card/{api_key}/7): logged as prefix + last 4 only.
  const entry = raw.path ? { ...raw, path: redactSecrets(raw.path) } : raw;
  const status = entry.status;
  if (status === 503) logger.warn(entry, "service unavailable");
  else if (status >= 500) logger.error(entry, "request failed");
  else if (status >= 400) logger.info(entry, "request refused");
  else logger.debug(entry, "request");
}

const msSince = (startedNs: bigint): number => Math.round(Number(process.hrtime.bigint() - startedNs) / 1e4) / 100;

function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      // originalUrl: under app.use("/graphql", …) req.path is "/" by the time the response finishes.
      logAccess(logger, { method: req.method, path: req.originalUrl.split("?")[0], status: res.statusCode, ms: msSince(started) });
    });
    next();
  };
}

/**
 * The caller's network address: express's req.ip (honours TRUST_PROXY_HOPS) for HTTP requests,
 * the TCP peer for the WebSocket upgrade request.
 */
function clientAddressOf(req: IncomingMessage): string | undefined {
  const ip = (req as IncomingMessage & { ip?: unknown }).ip;
  return typeof ip === "string" && ip !== "" ? ip : req.socket?.remoteAddress;
}

/**
/**
 * Browsers asking for /graphql get GraphiQL (local assets; ≈9 MB, so compressed once with an
 * ETag, revalidated rather than sent again); API clients fall through to Apollo. The page is
 * keyless work like any /graphql request: `count` takes it from the per-address limit (throws the
 * 429 GraphQLError past it).
 */
function graphiql(count: (req: IncomingMessage) => void): RequestHandler {
  const page = precompressedAsset(graphiqlPage, "text/html; charset=utf-8", "no-cache");
  return (req, res, next) => {
    const wantsHtml = req.accepts(["application/json", "application/graphql-response+json", "text/html"]) === "text/html";
    if (req.method === "GET" && wantsHtml && req.query.query === undefined) {
      try {
        count(req);
      } catch (err) {
        const ext = (err as { extensions?: { http?: { headers?: Iterable<[string, string]> } } }).extensions;
        for (const [k, v] of ext?.http?.headers ?? []) res.setHeader(k, v);
        res.status(429).type("text/plain").send((err as Error).message);
        return;
      }
      page(req, res, next);
      return;
    }
    // A GET with a query string that Apollo's CSRF guard would block (no preflight-forcing header):
    // say what works instead of the guard's message about cross-site request forgery.
    const preflighted = req.headers["apollo-require-preflight"] !== undefined || req.headers["x-apollo-operation-name"] !== undefined;
    if (req.method === "GET" && req.query.query !== undefined && !preflighted) {
      res.status(400).json({
        errors: [{
          message:
            'Send GraphQL operations with POST /graphql (Content-Type: application/json, body {"query": "…", "variables": {…}}). ' +
            "A GET is served only with the header apollo-require-preflight: true (protection against cross-site requests).",
          extensions: { code: "BAD_REQUEST" },
        }],
      });
      return;
    }
    next();
  };
}

/**
 * The HTTP server: express 5 with Apollo Server 5 (/graphql, POST and GET), graphql-ws on the
 * same server and path, the REST routes of the route table, /openapi.json and /docs.
 */
export async function createApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const routes = opts.routes ?? ROUTES;
  const schema = await buildAppSchema();
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  // No ETag: answers are computed per call and every call is charged, so a 304 saves the caller
  // nothing; the default ETag hashes each JSON body (SHA-1) on the hot path.
  app.set("etag", false);
  // With proxies in front, req.ip is the client X-Forwarded-For names (as many hops as trusted).
  app.set("trust proxy", config.trustProxyHops);
  // MCP tool calls come back over loopback naming their caller (mcp/internal-forward.ts).
  app.use(internalClientAddress());
  // Requests go to express until the REST fast lane is built below (when REST_FAST_LANE is on).
  let listener: http.RequestListener = app;
  // Every request is tracked until its response closes: bills capture once the body is written,
  // and SIGTERM drains what is in flight (in-flight.ts). CORS first, for every path and both lanes:
  // a preflight is answered there and goes no further.
  const inFlight = createInFlight();
  const corsThenListener: http.RequestListener = (req, res) => {
    if (!handleCors(req, res, config.corsOrigins)) listener(req, res);
  };
  const httpServer = http.createServer(inFlight.wrap(() => corsThenListener));
  // The long engine calls run on these threads (ENGINE_THREADS), off this event loop; closed after the drain.
  const enginePool = createEnginePool({
    threads: config.engineThreads,
    onThreadError: (err) => logger.error({ err }, "an engine thread died; its requests failed and it was replaced"),
  });
  metrics.registerEnginePool(enginePool.stats);
  const ownBus = opts.eventBus === undefined;
  const eventBus = opts.eventBus ?? await createEventBus(opts.database, {
    log: (level, message, fields) => logger[level](fields ?? {}, message),
  });
  // The webhook scheduler publishes what it emits on the same bus the GraphQL subscribers read.
  const accounts = opts.accounts
    ? wireAccounts({ config, database: opts.database, logger, options: { ...opts.accounts, eventBus, engineTasks: enginePool } })
    : undefined;
  const authenticate = opts.authenticate ?? accounts?.authenticate;

  const keyless = keylessLimit({ perMinute: config.keylessRateLimit, addressOf: (req) => clientAddressOf(req) ?? "unknown" });
  const feedPolls = feedPollLimit({ perMinute: config.feedPollRateLimit, addressOf: (req) => clientAddressOf(req) ?? "unknown" });
  // `known`: a graphql-ws connection already authenticated by the key in its connection params.
  const contextFor = async (req: IncomingMessage, known?: { account: ContextAccount }): Promise<GraphQLContext> => {
    const header = req.headers["x-request-id"];
    const requestId = typeof header === "string" && header.length <= 128 ? header : randomUUID();
    const account = known ? known.account : authenticate ? await authenticate(req) : null;
    // Work without a (valid) key is bounded per client address (throws a 429 GraphQLError); so are feed polls, key or not.
    if (authenticate) feedPolls(req);
    if (!account && authenticate) keyless(req);
    // The account resolvers read their services and the caller's headers (X-Admin-Key, the bot secret) from here.
    const context = createGraphQLContext({ account, database: opts.database, requestId, engineTasks: enginePool });
    return Object.assign(context, {
      accounts: accounts?.services, requestHeaders: req.headers, clientAddress: clientAddressOf(req), requestMethod: req.method,
      maxDocumentFields: config.graphqlMaxFields,
      httpResponse: known ? undefined : responseOf(req),
    });
  };

  // noServer: attached to `server`, ws re-emits the http server's listen errors (EADDRINUSE …) and
  // graphql-ws prints them as a stack trace naming neither HOST nor PORT; runService reports those.
  // maxPayload: a subscribe message is a GraphQL document, bounded like a /graphql body.
  const wsServer = new WebSocketServer({ noServer: true, path: "/graphql", maxPayload: config.bodyLimitKb * 1024 });
  httpServer.on("upgrade", (req, socket, head) => {
    wsServer.handleUpgrade(req, socket, head, (ws) => wsServer.emit("connection", ws, req));
  });
  // Apollo's plugins (pricing, debit, limits) do not run on graphql-ws: with accounts on, the socket
  // is authenticated by the key in its connection params, carries subscriptions only, and each
  // subscription passes the cost gates (src/subscriptions/ws-subscriptions.ts).
  const wsCleanup = useServer(
    graphqlWsOptions({
      schema, contextFor, eventBus, parseOptions: documentParseOptions(), baseUrl: config.baseUrl,
      accounts: accounts && authenticate ? { authenticate, gate: accounts.gate, keyless } : undefined,
      log: (err, message) => logger.error({ err }, message),
    }),
    wsServer,
  );

  const formatError = createFormatError(logger);
  // Automatic persisted queries: Apollo's protocol, one bounded store shared with the GraphQL lane.
  const persisted = createPersistedQueries(config.persistedQueryCache);
  metrics.registerCache("graphql_persisted_queries", () => persisted.stats());
  const compression = createCompression(config.compressMinBytes);
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // The service's own SIGTERM handler drains and closes the database; Apollo's would re-raise the signal first.
    stopOnTerminationSignals: false,
    formatError,
    // Token limit while parsing; depth/alias/root-field limits run in the cost plugin's beforePricing.
    parseOptions: documentParseOptions(),
    validationRules: [subscriptionsOverWebSocketOnly],
    persistedQueries: { cache: persisted.cache },
    logger,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.shutdownGraceMs }),
      ApolloServerPluginLandingPageDisabled(),
      // Nothing sets cache hints, and the default cache-control plugin walks every resolved field (~0.45 ms a request).
      ApolloServerPluginCacheControlDisabled(),
      { async serverWillStart() { return { async drainServer() { await wsCleanup.dispose(); } }; } },
      metrics.apolloPlugin<GraphQLContext>(),
      languagePlugin(),
      ...(accounts ? [accounts.plugin] : []),
      ...(opts.plugins ?? []),
    ],
  });
  await apollo.start();

  const openApi = buildOpenApi(routes, { baseUrl: config.baseUrl });
  app.use(metrics.httpMiddleware());
  app.use(compression.middleware());
  app.use(accessLog(logger));
  // 413 by Content-Length before reading REST bodies; /graphql keeps its GraphQL-shaped 413 (express.json + errorHandler).
  const restBodyLimit = bodySizeLimit(config.bodyLimitKb * 1024);
  app.use((req, res, next) => (req.path === "/graphql" ? next() : restBodyLimit(req, res, next)));
  // JSON by default, Prometheus text for a scraper (src/server/metrics/metrics-route.ts).
  app.get("/metrics", metricsHandler(metrics));
  app.get("/favicon.ico", favicon);
  app.get("/logo.svg", favicon);
  app.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });
  app.use(docsRouter("/openapi.json"));
  app.use(discoveryRouter(config.baseUrl, routes, config.contactEmail ?? mailboxAddress(config.smtpFrom)));
  app.use(mcpRouter(routes, config.bodyLimitKb));
  app.use(landingRouter(config.baseUrl, routes));
  app.get("/graphql", graphiql((req) => { if (authenticate) keyless(req); }));
  // Idempotency-Key on POST /graphql (docs/billing.md): claimed for the caller's account before Apollo runs anything.
  const graphqlIdempotency: RequestHandler = (req, res, next) => {
    const key = req.get("idempotency-key");
    const db = accounts ? opts.database.db : undefined;
    if (req.method !== "POST" || key === undefined || !db || !authenticate) return next();
    (async () => {
      const account = await authenticate(req);
      if (!account) return next();
      const decision = await claimIdempotencyKey(db, {
        accountId: account.id, key, hash: requestHash("POST", "/graphql", req.body), now: (opts.accounts?.clock ?? (() => new Date()))(), res,
        errorBody: (message, code) => ({ errors: [{ message, extensions: { code } }] }),
      });
      if (decision.kind === "first") {
        decision.record(res);
        next();
      }
    })().catch(next);
  };
  app.use(
    "/graphql",
    express.json({ limit: `${config.bodyLimitKb}kb` }),
    documentSizeMiddleware(config.graphqlMaxFields, documentParseOptions()),
    graphqlIdempotency,
    expressMiddleware(apollo, { context: async ({ req }) => contextFor(req) }),
  );
  // REST routes skip Apollo's per-request pipeline and pass the cost plugin's own gates; extra
  // Apollo plugins (tests) must see every operation, so with any of them REST keeps executeOperation.
  const direct = accounts && !opts.plugins?.length
    ? createDirectExecutor({
      schema, gate: accounts.gate, formatError, parseOptions: documentParseOptions(), maxResponseBytes: config.maxResponseBytes,
      onAnswer: (answer, operation, durationSeconds) => metrics.observeOperation({
        operation: operation.name?.value ?? "anonymous", type: operation.operation, durationSeconds,
        errorCodes: (answer.errors ?? []).map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")),
        creditsCharged: (answer.extensions?.cost as { credits?: number } | undefined)?.credits,
      }),
    })
    : undefined;
  const idempotencyDb = accounts ? opts.database.db : undefined;
  const now = opts.accounts?.clock ?? (() => new Date());
  const restHandle = createRestHandler({
    apollo, createContext: contextFor, enforceApiKey: authenticate !== undefined, adminKey: config.adminKey, logger, direct,
    ...(idempotencyDb ? { idempotency: { db: idempotencyDb, now } } : {}),
    adminGuard: accounts?.services.adminGuard, addressOf: clientAddressOf,
  });
  app.use(createRestRouter(routes, restHandle, config.bodyLimitKb));
  if (config.restFastLane) {
    listener = createFastLane({
      routes, handle: restHandle, fallback: app, bodyLimitBytes: config.bodyLimitKb * 1024,
      trust: app.get("trust proxy fn") as (address: string, hop: number) => boolean,
      parseQuery: app.get("query parser fn") as (search: string) => Record<string, unknown>,
      json: (res, status, value) => {
        if (status === 204 || status === 304) return sendJson(res, status, value);
        const type = res.getHeader("content-type");
        compression.sendText(res.req, res, status, typeof type === "string" ? type : "application/json; charset=utf-8", JSON.stringify(value) ?? "");
      },
      onFinish: (req, res, route, startedNs) => {
        const ms = msSince(startedNs);
        metrics.observeHttp({ method: req.method ?? "", route, status: res.statusCode, durationSeconds: ms / 1000 });
        logAccess(logger, { method: req.method, path: (req.url ?? "").split("?")[0], status: res.statusCode, ms });
      },
      onError: laneErrorHandler(logger, config.bodyLimitKb),
    });
  }
  // /graphql's common request skips express and Apollo (docs/graphql.md); like REST's direct path,
  // only without extra Apollo plugins (tests that observe every operation keep Apollo's pipeline).
  if (config.graphqlFastLane && direct) {
    const documents = createDocumentCache({
      schema, parseOptions: documentParseOptions(), validationRules: [subscriptionsOverWebSocketOnly],
      maxEntries: config.graphqlDocumentCache, jit: config.graphqlJit,
    });
    metrics.registerCache("graphql_documents", () => documents.stats());
    listener = createGraphQLLane({
      schema, apollo, direct, documents, persisted, contextFor: (req) => contextFor(req),
      tooBig: documentSizeCheck(config.graphqlMaxFields, documentParseOptions()),
      tooBigBody: documentSizeBody(config.graphqlMaxFields),
      fallback: listener, bodyLimitBytes: config.bodyLimitKb * 1024,
      trust: app.get("trust proxy fn") as (address: string, hop: number) => boolean,
      send: compression.sendText,
      onFinish: (req, res, startedNs) => {
        const ms = msSince(startedNs);
        metrics.observeHttp({ method: req.method ?? "", route: "/graphql", status: res.statusCode, durationSeconds: ms / 1000 });
        logAccess(logger, { method: req.method, path: "/graphql", status: res.statusCode, ms });
      },
      onError: laneErrorHandler(logger, config.bodyLimitKb, true),
      onContext: (context) => {
        const engine = (context as unknown as { engine?: { stats?: Record<string, unknown>; derivedBuilds?: Record<string, unknown> } }).engine;
        if (engine?.stats) metrics.recordEngineStats(engine.stats, engine.derivedBuilds);
      },
    });
  }
  app.use(notFound);
  app.use(errorHandler(logger, config.bodyLimitKb));

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      // Stop accepting; in-flight answers finish writing within the grace period; what is cut
      // releases its hold (RequestBill on 'close'), and those releases are written before the
      // database closes.
      const cut = await inFlight.drain(httpServer, config.shutdownGraceMs);
      if (cut > 0) logger.warn({ cut, graceMs: config.shutdownGraceMs }, "shutdown: requests still running after the grace period were cut; their holds are released");
      await accounts?.settled();
      // The drain plugin closes the http server (a never-started one too) after in-flight requests end.
      await apollo.stop();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
      await accounts?.close();
      if (ownBus) await eventBus.close();
      await enginePool.close();
    })();
    return closing;
  };
  return { httpServer, apollo, schema, eventBus, close };
}
