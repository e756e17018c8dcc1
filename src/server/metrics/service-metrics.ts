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
import type { EnginePoolStats } from "../../engine-pool/engine-pool.js";
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
const finite = (n: number | null): number | null => (n === null || !Number.isFinite(n) ? null : n);

export interface CacheSummary { hits: number; misses: number; hit_rate: number | null; entries: number | null; bytes: number | null }
type LatencySummary = { mean: number; p50: number | null; p95: number | null; p99: number | null } | null;

/** GET /metrics as JSON. */
export interface MetricsSummary {
  uptime_seconds: number;
  requests: {
    total: number; errors: number; error_rate: number;
    by_route: Array<{
      method: string; route: string; requests: number; errors: number; error_rate: number; by_status: Record<string, number>;
      latency_seconds: LatencySummary;
    }>;
  };
  operations: Array<{ operation: string; type: string; count: number; errors: number; error_rate: number; latency_seconds: LatencySummary }>;
  credits_charged: number;
  caches: Record<string, CacheSummary>;
  memory: { rss_bytes: number; heap_used_bytes: number };
}

export class ServiceMetrics {
  readonly registry = new MetricsRegistry();
  private readonly startedMs = Date.now();
  private readonly operationNames = new Set<string>();
  private readonly cacheSources = new Map<string, () => CacheStats>();
  private enginePool: (() => EnginePoolStats) | undefined;

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
    const threads = r.gauge("engine_threads", "Engine threads running the long engine calls (ENGINE_THREADS; 0: on the event loop).");
    const threadsStarted = r.gauge("engine_threads_started", "Engine threads alive now (they start with the first engine task of the process).");
    const threadTasksRunning = r.gauge("engine_thread_tasks_running", "Engine tasks sent to an engine thread and not yet answered.");
    const threadTasksDone = r.gauge("engine_thread_tasks_completed", "Engine tasks answered by the engine threads since start (monotonic).");
    const uptime = r.gauge("process_uptime_seconds", "Seconds since the metrics were created (process start).");
    const rss = r.gauge("process_resident_memory_bytes", "Resident set size, bytes.");
    const heap = r.gauge("nodejs_heap_used_bytes", "V8 heap used, bytes.");
    r.onCollect(() => {
      uptime.set({}, (Date.now() - this.startedMs) / 1000);
      const mem = process.memoryUsage();
      rss.set({}, mem.rss);
      heap.set({}, mem.heapUsed);
      const pool = this.enginePool?.();
      threads.set({}, pool?.threads ?? 0);
      threadsStarted.set({}, pool?.started ?? 0);
      threadTasksRunning.set({}, pool?.running ?? 0);
      threadTasksDone.set({}, pool?.completed ?? 0);
      for (const [cache, read] of this.cacheSources) {
        const s = read();
        this.cacheHits.set({ cache }, s.hits);
        this.cacheMisses.set({ cache }, s.misses);
        if (s.entries !== undefined) this.cacheEntries.set({ cache }, s.entries);
        if (s.bytes !== undefined) this.cacheBytes.set({ cache }, s.bytes);
      }
    });
  }

  /** The engine threads of this process (src/engine-pool), read at each scrape. */
  registerEnginePool(read: () => EnginePoolStats): void {
    this.enginePool = read;
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

  /**
   * The JSON form of GET /metrics (the spec's default): request counts, latencies and error rates
   * per route and per GraphQL operation, credits charged and cache statistics. Latency quantiles
   * are the upper bounds of their histogram buckets, seconds.
   */
  summary(): MetricsSummary {
    this.registry.collect();
    const routes = new Map<string, { method: string; route: string; requests: number; errors: number; by_status: Record<string, number> }>();
    for (const { labels, value } of this.httpRequests.entries()) {
      const key = `${labels.method} ${labels.route}`;
      let r = routes.get(key);
      if (!r) routes.set(key, (r = { method: labels.method!, route: labels.route!, requests: 0, errors: 0, by_status: {} }));
      r.requests += value;
      if (Number(labels.status) >= 400) r.errors += value;
      r.by_status[labels.status!] = (r.by_status[labels.status!] ?? 0) + value;
    }
    const latency = new Map(this.httpDuration.entries().map((e) => [`${e.labels.method} ${e.labels.route}`, e]));
    const lat = (h: Histogram, e: ReturnType<Histogram["entries"]>[number] | undefined) =>
      e && e.count > 0
        ? { mean: e.sum / e.count, p50: finite(h.quantileBound(e, 0.5)), p95: finite(h.quantileBound(e, 0.95)), p99: finite(h.quantileBound(e, 0.99)) }
        : null;
    const byRoute = [...routes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, r]) => ({
      ...r, error_rate: r.requests > 0 ? r.errors / r.requests : 0, latency_seconds: lat(this.httpDuration, latency.get(key)),
    }));
    const total = byRoute.reduce((n, r) => n + r.requests, 0);
    const errors = byRoute.reduce((n, r) => n + r.errors, 0);

    const ops = new Map<string, { operation: string; type: string; count: number; errors: number }>();
    for (const { labels, value } of this.operations.entries()) {
      const key = `${labels.operation} ${labels.type}`;
      let o = ops.get(key);
      if (!o) ops.set(key, (o = { operation: labels.operation!, type: labels.type!, count: 0, errors: 0 }));
      o.count += value;
      if (labels.outcome === "error") o.errors += value;
    }
    const opLatency = new Map(this.operationDuration.entries().map((e) => [`${e.labels.operation} ${e.labels.type}`, e]));
    const operations = [...ops.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, o]) => ({
      ...o, error_rate: o.count > 0 ? o.errors / o.count : 0, latency_seconds: lat(this.operationDuration, opLatency.get(key)),
    }));

    const caches: Record<string, CacheSummary> = {};
    for (const [name, read] of this.cacheSources) {
      const c = read();
      const lookups = c.hits + c.misses;
      caches[name] = { hits: c.hits, misses: c.misses, hit_rate: lookups > 0 ? c.hits / lookups : null, entries: c.entries ?? null, bytes: c.bytes ?? null };
    }
    const mem = process.memoryUsage();
    return {
      uptime_seconds: (Date.now() - this.startedMs) / 1000,
      requests: { total, errors, error_rate: total > 0 ? errors / total : 0, by_route: byRoute },
      operations,
      credits_charged: this.creditsCharged.entries().reduce((n, e) => n + e.value, 0),
      caches,
      memory: { rss_bytes: mem.rss, heap_used_bytes: mem.heapUsed },
    };
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
