/**
 * The service's metrics (GET /metrics): request counts, latency histograms and error counts per
 * HTTP route and per GraphQL operation, credits charged, engine-context work per request and
 * registered cache statistics, process memory and uptime.
 *
 * Label values are bounded: routes are route patterns (`/festivals/:year`), never raw URLs
 * (unmatched paths count as "unmatched"), and at most MAX_OPERATION_NAMES distinct GraphQL
 * operation names get their own series; the rest count as "other".
 *
 * Wiring: `app.use(metrics.httpMiddleware())` first, `plugins: [metrics.apolloPlugin()]`, and
 * serve `metrics.render()` with PROMETHEUS_CONTENT_TYPE.
 */
import type { ApolloServerPlugin } from "@apollo/server";
import type { Request, RequestHandler } from "express";
import { lunisolarCacheStats } from "../../engine/panchanga/lunisolar-chunks.js";
import { MetricsRegistry, type Counter, type Gauge, type Histogram } from "./registry.js";

export const MAX_OPERATION_NAMES = 200;

/** Hits, misses and current entries of one cache (cumulative since start). */
export interface CacheStats {
  hits: number;
  misses: number;
  entries?: number;
  /** Approximate memory held, bytes. */
  bytes?: number;
}

export interface HttpObservation {
  method: string;
  /** The route pattern, e.g. "/festivals/:year" (not the raw URL). */
  route: string;
  status: number;
  durationSeconds: number;
}

export interface OperationObservation {
  operation: string;
  type: string;
  durationSeconds: number;
  /** Error codes of the response (extensions.code), empty on success. */
  errorCodes: readonly string[];
  creditsCharged?: number;
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export class ServiceMetrics {
  readonly registry = new MetricsRegistry();
  private readonly startedMs = Date.now();
  private readonly operationNames = new Set<string>();
  private readonly cacheSources = new Map<string, () => CacheStats>();

  readonly httpRequests: Counter;
  readonly httpErrors: Counter;
  readonly httpDuration: Histogram;
  readonly operations: Counter;
  readonly operationErrors: Counter;
  readonly operationDuration: Histogram;
  readonly creditsCharged: Counter;
  readonly engineWork: Counter;
  readonly registrations: Counter;
  readonly registrationsRefused: Counter;
  readonly webhookDeliveries: Counter;
  private readonly engineMemoHits: Counter;
  private readonly cacheHits: Gauge;
  private readonly cacheMisses: Gauge;
  private readonly cacheEntries: Gauge;
  private readonly cacheBytes: Gauge;

  constructor() {
    const r = this.registry;
    this.httpRequests = r.counter("http_requests_total", "HTTP requests answered, by route pattern and status.", ["method", "route", "status"]);
    this.httpErrors = r.counter("http_request_errors_total", "HTTP requests answered with 4xx or 5xx, by route and status class.", ["method", "route", "class"]);
    this.httpDuration = r.histogram("http_request_duration_seconds", "HTTP request latency, seconds, by route.", ["method", "route"]);
    this.operations = r.counter("graphql_operations_total", "GraphQL operations (including REST routes, which run one), by outcome.", ["operation", "type", "outcome"]);
    this.operationErrors = r.counter("graphql_operation_errors_total", "Errors in GraphQL responses, by operation and error code.", ["operation", "code"]);
    this.operationDuration = r.histogram("graphql_operation_duration_seconds", "GraphQL operation latency (parse to response), seconds.", ["operation", "type"]);
    this.creditsCharged = r.counter("credits_charged_total", "Credits debited from accounts, by operation.", ["operation"]);
    this.engineWork = r.counter("engine_context_computations_total", "Engine computations run by request contexts (memo misses), by kind.", ["kind"]);
    this.registrations = r.counter("registrations_total", "Registrations accepted, by channel (anonymous, email, messenger) and whether it recovered an account.", ["channel", "recovery"]);
    this.registrationsRefused = r.counter(
      "registrations_refused_total", "Registrations and verification mails refused by a limit, by limit.", ["reason"],
    );
    this.webhookDeliveries = r.counter(
      "webhook_delivery_attempts_total", "Webhook delivery attempts by this process, by outcome (delivered, retry, dead, disabled by a 410).", ["outcome"],
    );
    this.engineMemoHits = r.counter(
      "engine_context_memo_hits_total", "Engine answers served from a request context's memo instead of being computed again.", [],
    );
    this.cacheHits = r.gauge("engine_cache_hits", "Cache hits since start, by cache (monotonic; gauge because it is read from the cache).", ["cache"]);
    this.cacheMisses = r.gauge("engine_cache_misses", "Cache misses since start, by cache.", ["cache"]);
    this.cacheEntries = r.gauge("engine_cache_entries", "Entries currently held, by cache.", ["cache"]);
    this.cacheBytes = r.gauge("engine_cache_bytes", "Approximate memory held, bytes, by cache.", ["cache"]);
    const uptime = r.gauge("process_uptime_seconds", "Seconds since the metrics were created (process start).");
    const rss = r.gauge("process_resident_memory_bytes", "Resident set size, bytes.");
    const heap = r.gauge("nodejs_heap_used_bytes", "V8 heap used, bytes.");
    r.onCollect(() => {
      uptime.set({}, (Date.now() - this.startedMs) / 1000);
      const mem = process.memoryUsage();
      rss.set({}, mem.rss);
      heap.set({}, mem.heapUsed);
      for (const [cache, read] of this.cacheSources) {
        const s = read();
        this.cacheHits.set({ cache }, s.hits);
        this.cacheMisses.set({ cache }, s.misses);
        if (s.entries !== undefined) this.cacheEntries.set({ cache }, s.entries);
        if (s.bytes !== undefined) this.cacheBytes.set({ cache }, s.bytes);
      }
    });
  }

  /** Registers a cache whose statistics are read at each scrape (e.g. a process-wide engine cache). */
  registerCache(name: string, read: () => CacheStats): void {
    this.cacheSources.set(name, read);
  }

  /** Adds one request context's engine counters (e.g. EngineContext.stats: positionCalls, houseCalls …). */
  recordEngineStats(stats: Readonly<Record<string, unknown>>, derivedBuilds: Readonly<Record<string, unknown>> = {}): void {
    for (const [kind, v] of Object.entries(stats)) {
      if (typeof v !== "number" || v <= 0) continue;
      if (kind === "memoHits") this.engineMemoHits.inc({}, v);
      else this.engineWork.inc({ kind }, v);
    }
    for (const [kind, v] of Object.entries(derivedBuilds)) {
      if (typeof v === "number" && v > 0) this.engineWork.inc({ kind: `derived:${kind}` }, v);
    }
  }

  observeHttp(o: HttpObservation): void {
    const method = o.method.toUpperCase();
    this.httpRequests.inc({ method, route: o.route, status: String(o.status) });
    if (o.status >= 400) this.httpErrors.inc({ method, route: o.route, class: statusClass(o.status) });
    this.httpDuration.observe({ method, route: o.route }, o.durationSeconds);
  }

  observeOperation(o: OperationObservation): void {
    const operation = this.boundedOperation(o.operation);
    this.operations.inc({ operation, type: o.type, outcome: o.errorCodes.length ? "error" : "ok" });
    for (const code of o.errorCodes) this.operationErrors.inc({ operation, code });
    this.operationDuration.observe({ operation, type: o.type }, o.durationSeconds);
    if (o.creditsCharged) this.creditsCharged.inc({ operation }, o.creditsCharged);
  }

  render(): string {
    return this.registry.render();
  }

  /** Express middleware timing every request; put it before the routes. */
  httpMiddleware(routeOf: (req: Request) => string = defaultRouteOf): RequestHandler {
    return (req, res, next) => {
      const start = process.hrtime.bigint();
      res.once("finish", () => {
        const durationSeconds = Number(process.hrtime.bigint() - start) / 1e9;
        this.observeHttp({ method: req.method, route: routeOf(req), status: res.statusCode, durationSeconds });
      });
      next();
    };
  }

  /** Apollo plugin observing every operation (REST routes' executeOperation included). */
  apolloPlugin<TContext extends object>(): ApolloServerPlugin<TContext> {
    return {
      requestDidStart: async () => {
        const start = process.hrtime.bigint();
        return {
          willSendResponse: async (rc) => {
            const durationSeconds = Number(process.hrtime.bigint() - start) / 1e9;
            const body = rc.response.body;
            const single = body.kind === "single" ? body.singleResult : body.initialResult;
            const errorCodes = (single.errors ?? []).map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR"));
            const cost = single.extensions?.cost as { credits?: unknown } | undefined;
            this.observeOperation({
              operation: rc.operationName ?? (rc.operation ? "anonymous" : "unparsed"),
              type: rc.operation?.operation ?? "unknown",
              durationSeconds,
              errorCodes,
              creditsCharged: typeof cost?.credits === "number" ? cost.credits : undefined,
            });
            const engine = (rc.contextValue as { engine?: { stats?: Record<string, unknown>; derivedBuilds?: Record<string, unknown> } })
              .engine;
            if (engine?.stats) this.recordEngineStats(engine.stats, engine.derivedBuilds);
          },
        };
      },
    };
  }

  private boundedOperation(name: string): string {
    if (this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_NAMES) return "other";
    this.operationNames.add(name);
    return name;
  }
}

/** `/base/route/:pattern` when express matched a route; the mount path for mounted apps (/graphql); else "unmatched". */
export function defaultRouteOf(req: Request): string {
  const routePath = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routePath === "string") return `${req.baseUrl}${routePath}` || "/";
  if (req.baseUrl) return req.baseUrl;
  return "unmatched";
}

/** The process-wide metrics the server exposes at GET /metrics. */
export const metrics = new ServiceMetrics();
// The engine's process-wide Sun/Moon chunks (shared by every place and day; bounded LRU).
metrics.registerCache("lunisolar_chunks", lunisolarCacheStats);

/** Prometheus text of the process-wide metrics. */
export function render(): string {
  return metrics.render();
}
