/**
 * Issue 22 item 3 in `npm run bench` (docs/limits.md): while 3 of the heaviest requests the limits
 * allow run at once, again and again, GET /health is polled; its p99 latency and the service's
 * resident memory are the figures (targets: p99 ≤ 50 ms, RSS ≤ 400 MB). The service runs as a child
 * process (WORKERS=1, PostgreSQL); the heavy requests are each just under REQUEST_WORK_BUDGET
 * (checked with a dry run first). Without PostgreSQL the suite reports one skipped row.
 *
 * The scenario runs once per ENGINE_THREADS value (src/engine-pool): 0 (the long engine calls on
 * the event loop), 1 (the default) and 2, A/B on the same machine in the same run. RSS is the
 * process's VmRSS, which counts its engine threads (they share the process's memory).
 */
import http from "node:http";
import os from "node:os";
import { postgresAvailable, startServiceChild } from "./http/service-child.js";
import type { BenchResult } from "./run.js";

const BIRTH = `{ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6, longitude: 77.2 }`;
const DASHA4 = "mahaDashas { planet start end subPeriods { planet start end subPeriods { planet start end subPeriods { planet start end } } } }";
/** The heaviest shapes the default budget allows: big answers (dasha trees) and long computations (festival years). */
const HEAVY = [
  `{ ${[0, 1, 2].map((i) => `d${i}: dasha(birth: ${BIRTH}) { ${DASHA4} }`).join(" ")} }`,
  `{ a: calendar(year: 2024) { festivals { name date } vratas { name date } } b: calendar(year: 2025) { festivals { name date } } }`,
  `{ s: panchangaSearch(after: "2024-01-01T00:00:00Z", latitude: 28.6, longitude: 77.2, criteria: { tithi: "Ekadashi" }, maxDays: 365, maxResults: 20) { count matches { datetime tithi { name } } }
     k: kpSubLordChanges(planet: SUN, start: "2024-01-01T00:00:00Z", end: "2024-12-31T00:00:00Z") { subLordChanges { datetime fromSubLord } } }`,
];
const RUN_MS = Number(process.env.STALL_RUN_MS ?? 30_000);
const POLL_MS = 20;

function request(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}):
  Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: "127.0.0.1", port, method, path, agent: false, headers: {
      ...(data ? { "content-type": "application/json", "content-length": Buffer.byteLength(data) } : {}), ...headers,
    } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(data);
  });
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** ENGINE_THREADS values run; STALL_THREADS=1 (a comma list) runs fewer. The service's node flags are npm start's (BENCH_NODE_FLAGS for an A/B). */
const ENGINE_THREADS = (process.env.STALL_THREADS ?? "0,1,2").split(",");
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean);

export async function run(): Promise<BenchResult[]> {
  const unavailable = await postgresAvailable();
  if (unavailable) return [{ name: "heavy requests vs /health: skipped", microseconds: 0, note: `PostgreSQL unavailable: ${unavailable}` }];
  const out: BenchResult[] = [];
  for (const threads of ENGINE_THREADS) out.push(...await scenario(threads));
  return out;
}

async function scenario(engineThreads: string): Promise<BenchResult[]> {
  const label = `ENGINE_THREADS=${engineThreads}${NODE_FLAGS ? ` (BENCH_NODE_FLAGS="${NODE_FLAGS.join(" ")}")` : ""}`;
  const child = await startServiceChild({ workers: 1, logLevel: "warn", env: { ENGINE_THREADS: engineThreads } });
  try {
    const [account] = await child.createAccounts(1, 1_000_000, 1_000_000);
    const key = { "x-api-key": account!.apiKey };
    for (const query of HEAVY) {
      const dry = await request(child.port, "POST", "/graphql", { query }, { ...key, "x-dry-run": "price" });
      const work = (JSON.parse(dry.text) as { extensions?: { cost?: { work?: number } } }).extensions?.cost?.work;
      const real = await request(child.port, "POST", "/graphql", { query }, key);
      if (real.status !== 200 || real.text.includes('"errors":')) throw new Error(`a heavy request is refused (${real.status}, work ${work}, ${query.slice(0, 40)}): ${real.text.slice(0, 300)}`);
    }
    // The same polling with nothing else running: what the loaded machine gives /health alone.
    const idle: number[] = [];
    for (const stop = Date.now() + 3_000; Date.now() < stop;) {
      const t0 = performance.now();
      await request(child.port, "GET", "/health");
      idle.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    idle.sort((a, b) => a - b);
    const loadBefore = os.loadavg()[0]!;
    const until = Date.now() + RUN_MS;
    let heavyDone = 0;
    let heavyBytes = 0;
    const heavyLoop = async (i: number) => {
      while (Date.now() < until) {
        const r = await request(child.port, "POST", "/graphql", { query: HEAVY[i % HEAVY.length] }, key);
        // A GraphQL error is a 200 too (a dead engine thread fails its fields): the run is void then.
        if (r.status !== 200 || r.text.includes('"errors":')) throw new Error(`heavy request → ${r.status}: ${r.text.slice(0, 300)}`);
        heavyDone += 1;
        heavyBytes = Math.max(heavyBytes, r.text.length);
      }
    };
    const latencies: number[] = [];
    let maxRssKb = 0;
    const healthLoop = async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await request(child.port, "GET", "/health");
        latencies.push(performance.now() - t0);
        maxRssKb = Math.max(maxRssKb, child.memory().maxProcessRssKb);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    await Promise.all([heavyLoop(0), heavyLoop(1), heavyLoop(2), healthLoop()]);
    latencies.sort((a, b) => a - b);
    const note = `${latencies.length} polls, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(0)} ms; ` +
      `${heavyDone} heavy requests (largest answer ${(heavyBytes / 1e6).toFixed(1)} MB); load avg ${loadBefore.toFixed(1)}→${os.loadavg()[0]!.toFixed(1)}`;
    return [
      { name: `GET /health p99 while 3 heaviest allowed requests run, ${label}`, microseconds: quantile(latencies, 0.99) * 1000, budgetMicroseconds: 50_000, note },
      { name: `GET /health p99 with nothing else running (same machine, same run), ${label}`, microseconds: quantile(idle, 0.99) * 1000,
        note: `${idle.length} polls, p50 ${quantile(idle, 0.5).toFixed(1)} ms` },
      { name: `service RSS during that run (threads included), ${label}`, microseconds: maxRssKb / 1024, budgetMicroseconds: 400, unit: "MB" },
    ];
  } finally {
    await child.stop();
  }
}
