/**
 * docs/architecture.md §11's service budget in `npm run bench`: REST GET /panchanga with API-key auth and
 * ledger debit against PostgreSQL, 50 keep-alive connections, 10 s after a 3 s warm-up, the
 * service in a child process (bench/http/). Rows are latency percentiles in µs; the notes carry
 * requests/s, errors, the child's peak RSS and the load average (the machine may be shared).
 * Without PostgreSQL the suite reports one skipped row instead of failing.
 */
import { BUDGET, runPanchangaLoad } from "./http/panchanga-load.js";
import type { BenchResult } from "./run.js";

export async function run(): Promise<BenchResult[]> {
  const r = await runPanchangaLoad();
  if (r.skipped) return [{ name: "GET /panchanga under load: skipped", microseconds: 0, note: r.skipped }];
  const s = r.stats!;
  const rps = s.requestsPerSecond;
  const rss = r.peakRssMb!;
  const d = r.debit!;
  const errors = s.non2xxCount + s.transportErrors;
  const flags = [
    rps < BUDGET.requestsPerSecond ? `BELOW ${BUDGET.requestsPerSecond} req/s` : "",
    rss > BUDGET.rssMb ? `RSS OVER ${BUDGET.rssMb} MB` : "",
    errors > 0 ? `${errors} ERRORS` : "",
    d.billableRequests !== d.responses2xx ? "DEBITS ≠ 2xx" : "",
  ].filter(Boolean).join(", ");
  const common =
    `${rps.toFixed(0)} req/s (≥ ${BUDGET.requestsPerSecond}), ${s.requests} req in ${(s.elapsedMs / 1000).toFixed(1)} s, ` +
    `${r.connections} conn/${r.accounts} keys, non-2xx ${s.non2xxCount}, peak RSS ${rss.toFixed(0)} MB (≤ ${BUDGET.rssMb}), ` +
    `debited ${d.billableRequests}/${d.responses2xx}, CPU/req service ${r.cpuMsPerRequest!.service.toFixed(2)} ms + ` +
    `PostgreSQL ${r.cpuMsPerRequest!.postgres.toFixed(2)} ms, load avg ${r.loadAvgBefore.toFixed(1)}→${r.loadAvgAfter!.toFixed(1)}` +
    (flags ? ` — ${flags}` : "");
  return [
    { name: "GET /panchanga under load: p50 latency", microseconds: s.p50Ms * 1000, note: common },
    { name: "GET /panchanga under load: p90 latency", microseconds: s.p90Ms * 1000 },
    { name: "GET /panchanga under load: p99 latency", microseconds: s.p99Ms * 1000, budgetMicroseconds: BUDGET.p99Ms * 1000 },
    { name: "GET /panchanga under load: time per request (1/throughput)", microseconds: 1e6 / rps, budgetMicroseconds: 1e6 / BUDGET.requestsPerSecond },
  ];
}
