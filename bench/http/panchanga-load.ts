/**
 * docs/architecture.md §11 and issue 10: REST POST /panchanga with auth and debit against
 * PostgreSQL on 2 cores (targets in BUDGET), beside a bare node:http baseline.
 *
 * The service runs as a child process on a fresh PostgreSQL database; `accounts` anonymous
 * accounts are registered and funded through the API, and each connection sends
 * POST /panchanga (or another LOAD_ROUTES entry) with one of their keys (so every request is authenticated and debited) for a
 * date/place that cycles through a year × several cities (no repeated-input flattery).
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { panchangaPostRoute } from "../../src/rest-compat/routes/panchanga-route.js";
import { runLoad, type LoadRequest, type LoadStats } from "./load-generator.js";
import { postgresAvailable, processTree, processCpuSeconds, requestJson, startBaselineChild, startServiceChild, DEFAULT_ADMIN_URL } from "./service-child.js";

/**
 * Issue 10's targets: ≥ 2,000 req/s at 50 connections with WORKERS=2, p99 ≤ 20 ms at 10
 * connections, ≥ 0.67 of the bare baseline, ≤ 200 MB RSS per worker after the load.
 */
export const BUDGET = {
  requestsPerSecond: 2000, p99Ms: 20, p99Connections: 10, baselineRatio: 0.67, workerRssMb: 200, connections: 50, workers: 2,
} as const;

/**
 * What each connection asks. "panchanga" is the §11 budget's request; the others split its cost
 * when profiling: panchanga-fixed-tz (no IANA zone lookups), ephemeris (9 grahas),
 * ephemeris-sun (one graha: nearly no engine work, the REST + GraphQL + auth + debit path itself),
 * health (REST + GraphQL, no key, no debit). graphql-panchanga: POST /graphql with the document
 * POST /panchanga runs (every field, the same variables: the same work); graphql-tithi: POST
 * /graphql selecting three fields of the same day (issue 24: only what is selected is computed).
 */
export const LOAD_ROUTES = ["panchanga-post", "graphql-panchanga", "graphql-tithi", "panchanga", "panchanga-fixed-tz", "ephemeris", "ephemeris-sun", "health"] as const;
export type LoadRoute = (typeof LOAD_ROUTES)[number];

export interface PanchangaLoadOptions {
  readonly connections?: number;
  readonly warmupMs?: number;
  readonly durationMs?: number;
  /** Distinct funded accounts; connection i uses account i % accounts (default: one per connection). */
  readonly accounts?: number;
  readonly route?: LoadRoute;
  readonly adminDatabaseUrl?: string;
  /** Extra node flags for the service child, or for the baseline when it is the one loaded (e.g. --cpu-prof). */
  readonly childNodeFlags?: readonly string[];
  /** WORKERS of the service (and of the baseline). */
  readonly workers?: number;
  /** Extra environment of the service child (e.g. GRAPHQL_FAST_LANE=false). */
  readonly env?: Readonly<Record<string, string>>;
  /** The service child's stdout (service-child.ts `stdout`). */
  readonly childStdout?: (chunk: string) => void;
  /** Told when the measured phase starts and ends (e.g. to count the child's GC lines in between). */
  readonly onMeasure?: (phase: "start" | "end") => void;
  /** The service's main.js of another build (service-child.ts `mainJs`). */
  readonly mainJs?: string;
  /** Measure the service's idle CPU for this long before the load (idleCpuMsPerSecond); default 0: not measured. */
  readonly idleMs?: number;
  /** Load the bare node:http baseline (baseline-server.ts, POST /panchanga only) instead of the gateway. */
  readonly baseline?: boolean;
}

export interface PanchangaLoadResult {
  readonly skipped?: string;
  readonly target: "gateway" | "baseline";
  readonly workers?: number;
  readonly stats?: LoadStats;
  readonly route: LoadRoute;
  readonly connections: number;
  readonly accounts: number;
  /** Child's VmHWM (peak resident set since start) and the largest VmRSS sampled while measuring, MB. */
  readonly peakRssMb?: number;
  readonly maxSampledRssMb?: number;
  /** VmRSS after start-up and one request, before the load. */
  readonly startRssMb?: number;
  /** The largest VmRSS of one process (a worker) after the load. */
  readonly workerRssMb?: number;
  /**
   * CPU time per measured request, ms: the service child, its PostgreSQL backends, and this
   * generator. On a shared machine this, not wall time, says what an idle 2-core box could do:
   * one Node process serves at most 1000 / service requests/s.
   */
  readonly cpuMsPerRequest?: { service: number; serviceSystem: number; postgres: number; generator: number };
  /**
   * CPU the service used per second with no request (timers, sweeps, pools), measured for
   * `idleMs` before the load: at a low request rate (a loaded machine) it is a large share of
   * `cpuMsPerRequest.service`, which this lets one subtract.
   */
  readonly idleCpuMsPerSecond?: number;
  /** 1-minute load average before and after (the machine may be shared). */
  readonly loadAvgBefore: number;
  readonly loadAvgAfter?: number;
  /** Debit check: billable requests and credits charged in usage_daily vs 2xx responses seen. */
  readonly debit?: { responses2xx: number; billableRequests: number; chargedCredits: number; balanceDropCredits: number };
}

const CITIES = [
  { lat: 28.6139, lon: 77.209, tz: "Asia/Kolkata" },
  { lat: 19.076, lon: 72.8777, tz: "Asia/Kolkata" },
  { lat: 13.0827, lon: 80.2707, tz: "+05:30" },
  { lat: 51.5074, lon: -0.1278, tz: "Europe/London" },
  { lat: 40.7128, lon: -74.006, tz: "America/New_York" },
  { lat: -33.8688, lon: 151.2093, tz: "Australia/Sydney" },
] as const;
const DAY_MS = 86_400_000;
const YEAR_START_MS = Date.UTC(2025, 0, 1);
const CREDITS_PER_ACCOUNT = 1_000_000;

/** Three fields of the day: what a calendar cell shows. */
const TITHI_DOC = `query Cell($datetime: String!, $latitude: Float!, $longitude: Float!) {
  panchanga(datetime: $datetime, latitude: $latitude, longitude: $longitude) { tithi { name } nakshatra { name } vara { name } }
}`;

/** The request connection `worker` sends as its `seq`-th (ab.ts's paired mode sends the same ones). */
export function requestFor(route: LoadRoute, worker: number, seq: number): LoadRequest {
  if (route !== "panchanga-post" && !route.startsWith("graphql")) return { path: pathFor(route, worker, seq) };
  const n = worker * 7919 + seq * 31;
  const date = new Date(YEAR_START_MS + (n % 366) * DAY_MS).toISOString().slice(0, 10);
  const c = CITIES[(worker + seq) % CITIES.length]!;
  const variables = { datetime: `${date}T06:30:00+05:30`, latitude: c.lat, longitude: c.lon };
  if (route === "graphql-panchanga") {
    return { path: "/graphql", method: "POST", body: JSON.stringify({ query: panchangaPostRoute.document, variables: { ...variables, at: "MOMENT", tz: null } }) };
  }
  if (route === "graphql-tithi") return { path: "/graphql", method: "POST", body: JSON.stringify({ query: TITHI_DOC, variables }) };
  return { path: "/panchanga", method: "POST", body: JSON.stringify({ datetime: `${date}T06:30:00+05:30`, latitude: c.lat, longitude: c.lon }) };
}

function pathFor(route: LoadRoute, worker: number, seq: number): string {
  const n = worker * 7919 + seq * 31;
  const date = new Date(YEAR_START_MS + (n % 366) * DAY_MS).toISOString().slice(0, 10);
  const c = CITIES[(worker + seq) % CITIES.length]!;
  if (route === "ephemeris") return `/ephemeris?date=${date}T06:00:00Z`;
  if (route === "ephemeris-sun") return `/ephemeris?date=${date}T06:00:00Z&planets=sun`;
  if (route === "health") return "/health";
  if (route === "panchanga-fixed-tz") return `/panchanga?date=${date}&latitude=${c.lat}&longitude=${c.lon}&tz=%2B05%3A30`;
  return `/panchanga?date=${date}&latitude=${c.lat}&longitude=${c.lon}&tz=${encodeURIComponent(c.tz)}`;
}

export async function runPanchangaLoad(o: PanchangaLoadOptions = {}): Promise<PanchangaLoadResult> {
  const connections = o.connections ?? BUDGET.connections;
  const accountsWanted = o.accounts ?? connections;
  const route = o.route ?? "panchanga-post";
  const target = o.baseline ? "baseline" as const : "gateway" as const;
  if (o.baseline && route !== "panchanga-post") throw new Error("the baseline serves POST /panchanga only");
  const loadAvgBefore = os.loadavg()[0]!;
  const base = { route, connections, accounts: accountsWanted, loadAvgBefore, target, workers: o.workers };
  const adminUrl = o.adminDatabaseUrl ?? process.env.BENCH_ADMIN_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const unavailable = await postgresAvailable(adminUrl);
  if (unavailable) return { ...base, skipped: `PostgreSQL not reachable at ${adminUrl.replace(/\/\/[^@]*@/, "//…@")}: ${unavailable}` };

  // With the baseline under load, the flags and stdout are the baseline's (the service only keeps the accounts).
  const svc = await startServiceChild({
    adminDatabaseUrl: adminUrl, workers: o.workers, env: o.env, mainJs: o.mainJs,
    ...(o.baseline ? {} : { nodeFlags: o.childNodeFlags, stdout: o.childStdout }),
  });
  let baseline: Awaited<ReturnType<typeof startBaselineChild>> | undefined;
  try {
    // Rate limit far above what one minute of this load can send: the bench measures throughput, not the limiter.
    const accounts = await svc.createAccounts(accountsWanted, CREDITS_PER_ACCOUNT, 10_000_000);
    if (o.baseline) baseline = await startBaselineChild(svc.databaseUrl, o.workers ?? 1, { nodeFlags: o.childNodeFlags, stdout: o.childStdout });
    const port = baseline?.port ?? svc.port;
    const first = requestFor(route, 0, 0);
    const probe = await requestJson(port, first.method ?? "GET", first.path, first.body === undefined ? undefined : JSON.parse(first.body),
      { "x-api-key": accounts[0]!.apiKey });
    const valid = route.startsWith("graphql") ? probe.json?.data?.panchanga?.tithi?.name
      : route.startsWith("panchanga") ? (probe.json?.tithi?.name ?? probe.json?.tithi?.number)
      : route === "health" || Array.isArray(probe.json) || probe.json?.planets;
    if (probe.status !== 200 || !valid) throw new Error(`probe ${first.path} → ${probe.status} ${JSON.stringify(probe.json).slice(0, 300)}`);
    const memory = () => {
      if (!baseline) return svc.memory();
      let vmRssKb = 0, vmHwmKb = 0, maxProcessRssKb = 0;
      for (const pid of processTree(baseline.pid)) {
        try {
          const st = readFileSync(`/proc/${pid}/status`, "utf8");
          const rss = Number(/^VmRSS:\s+(\d+)/m.exec(st)?.[1] ?? 0);
          vmRssKb += rss;
          maxProcessRssKb = Math.max(maxProcessRssKb, rss);
          vmHwmKb += Number(/^VmHWM:\s+(\d+)/m.exec(st)?.[1] ?? 0);
        } catch { /* gone */ }
      }
      return { vmRssKb, vmHwmKb, maxProcessRssKb };
    };
    const cpuSeconds = async () => {
      const c = await svc.cpuSeconds();
      if (!baseline) return c;
      let service = 0, serviceSystem = 0;
      for (const pid of processTree(baseline.pid)) {
        const t = processCpuSeconds(pid);
        service += t.user + t.system;
        serviceSystem += t.system;
      }
      return { service, serviceSystem, postgres: c.postgres };
    };
    const startRssMb = memory().vmRssKb / 1024;
    let idleCpuMsPerSecond: number | undefined;
    if (o.idleMs) {
      const c0 = await cpuSeconds();
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, o.idleMs));
      idleCpuMsPerSecond = ((await cpuSeconds()).service - c0.service) * 1e6 / (performance.now() - t0);
    }

    let maxSampledRssKb = 0;
    let sampler: NodeJS.Timeout | undefined;
    let cpu0 = { service: 0, serviceSystem: 0, postgres: 0, generator: 0 };
    let cpu1 = cpu0;
    const generatorCpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    };
    const stats = await runLoad({
      host: svc.host, port, connections,
      warmupMs: o.warmupMs ?? 3000,
      durationMs: o.durationMs ?? 10_000,
      request: (w, seq) => ({ ...requestFor(route, w, seq + 1), headers: { "x-api-key": accounts[w % accounts.length]!.apiKey } }),
      onMeasureStart: async () => {
        cpu0 = { ...(await cpuSeconds()), generator: generatorCpu() };
        o.onMeasure?.("start");
        sampler = setInterval(() => {
          maxSampledRssKb = Math.max(maxSampledRssKb, memory().vmRssKb);
        }, 250);
      },
      onMeasureEnd: async () => {
        cpu1 = { ...(await cpuSeconds()), generator: generatorCpu() };
        o.onMeasure?.("end");
      },
    });
    clearInterval(sampler);
    const mem = memory();
    maxSampledRssKb = Math.max(maxSampledRssKb, mem.vmRssKb);
    const loadAvgAfter = os.loadavg()[0]!;
    const ids = accounts.map((a) => a.accountId);
    const totals = await svc.ledgerTotals(ids);
    return {
      ...base, stats, loadAvgAfter,
      peakRssMb: mem.vmHwmKb / 1024,
      workerRssMb: mem.maxProcessRssKb / 1024,
      startRssMb,
      cpuMsPerRequest: {
        service: ((cpu1.service - cpu0.service) * 1000) / stats.requests,
        serviceSystem: ((cpu1.serviceSystem - cpu0.serviceSystem) * 1000) / stats.requests,
        postgres: ((cpu1.postgres - cpu0.postgres) * 1000) / stats.requests,
        generator: ((cpu1.generator - cpu0.generator) * 1000) / stats.requests,
      },
      maxSampledRssMb: maxSampledRssKb / 1024,
      idleCpuMsPerSecond,
      debit: {
        responses2xx: stats.total2xx + 1, // + the probe
        billableRequests: totals.billableRequests,
        chargedCredits: totals.chargedCredits,
        balanceDropCredits: accounts.length * CREDITS_PER_ACCOUNT - totals.balanceCredits,
      },
    };
  } finally {
    await baseline?.stop();
    await svc.stop();
  }
}

/** One paragraph for humans. */
export function describe(r: PanchangaLoadResult): string {
  if (r.skipped) return `HTTP load (${r.route}): skipped — ${r.skipped}`;
  const s = r.stats!;
  const lines = [
    `HTTP load ${r.route} (${r.target}${r.workers ? `, WORKERS=${r.workers}` : ""}): ${r.connections} connections, ${r.accounts} accounts, ${(s.elapsedMs / 1000).toFixed(1)} s measured`,
    `  ${s.requests} requests, ${s.requestsPerSecond.toFixed(0)} req/s (target ≥ ${BUDGET.requestsPerSecond} at ${BUDGET.connections} connections)`,
    `  latency p50 ${s.p50Ms.toFixed(1)} ms, p90 ${s.p90Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms (target ≤ ${BUDGET.p99Ms} at ${BUDGET.p99Connections} connections), max ${s.maxMs.toFixed(1)} ms`,
    `  non-2xx ${s.non2xxCount} ${JSON.stringify(s.non2xx)}, transport errors ${s.transportErrors}`,
    ...s.sampleErrors.map((e) => `    e.g. ${e}`),
    `  child RSS after start ${r.startRssMb!.toFixed(0)} MB, peak (VmHWM) ${r.peakRssMb!.toFixed(0)} MB, max sampled VmRSS ${r.maxSampledRssMb!.toFixed(0)} MB; largest process after the load ${r.workerRssMb!.toFixed(0)} MB (budget ≤ ${BUDGET.workerRssMb} per worker)`,
    `  debit: ${r.debit!.responses2xx} 2xx responses, ${r.debit!.billableRequests} billable in usage_daily, ` +
      `${r.debit!.chargedCredits} credits charged, balances down ${r.debit!.balanceDropCredits}`,
    `  CPU per request: service ${r.cpuMsPerRequest!.service.toFixed(2)} ms (kernel ${r.cpuMsPerRequest!.serviceSystem.toFixed(2)}), PostgreSQL ${r.cpuMsPerRequest!.postgres.toFixed(2)} ms, ` +
      `generator ${r.cpuMsPerRequest!.generator.toFixed(2)} ms → one service process tops out near ` +
      `${(1000 / r.cpuMsPerRequest!.service).toFixed(0)} req/s; 2 cores near ` +
      `${(2000 / (r.cpuMsPerRequest!.service + r.cpuMsPerRequest!.postgres)).toFixed(0)} req/s without the generator`,
    `  load average (1 min) before ${r.loadAvgBefore.toFixed(2)}, after ${r.loadAvgAfter!.toFixed(2)} on ${os.cpus().length} cores`,
  ];
  return lines.join("\n");
}
