/**
 * Issue 10's HTTP targets in `npm run bench` (docs/architecture.md §11): REST POST /panchanga with
 * API-key auth and ledger debit against PostgreSQL, WORKERS=2, the service in a child process
 * (bench/http/): throughput at 50 keep-alive connections, latency at 10, and a bare node:http
 * baseline (same engine function, one debit statement per request) in the same run, with the
 * gateway/baseline ratio. Notes carry errors, debits, RSS per worker and the load average (the
 * machine may be shared). Without PostgreSQL the suite reports one skipped row instead of failing.
 */
import { BUDGET, runPanchangaLoad, type PanchangaLoadResult } from "./http/panchanga-load.js";
import type { BenchResult } from "./run.js";

const la = (r: PanchangaLoadResult) => `load avg ${r.loadAvgBefore.toFixed(1)}→${r.loadAvgAfter!.toFixed(1)}`;

function problems(r: PanchangaLoadResult): string {
  const s = r.stats!;
  const d = r.debit!;
  const errors = s.non2xxCount + s.transportErrors;
  return [errors > 0 ? `${errors} ERRORS ${JSON.stringify(s.non2xx)}` : "", d.billableRequests !== d.responses2xx ? "DEBITS ≠ 2xx" : ""]
    .filter(Boolean).join(", ");
}

export async function run(): Promise<BenchResult[]> {
  const workers = BUDGET.workers;
  const gateway = await runPanchangaLoad({ workers });
  if (gateway.skipped) return [{ name: "POST /panchanga under load: skipped", microseconds: 0, note: gateway.skipped }];
  const latency = await runPanchangaLoad({ workers, connections: BUDGET.p99Connections });
  const baseline = await runPanchangaLoad({ workers, baseline: true });
  const g = gateway.stats!, l = latency.stats!, b = baseline.stats!;
  const ratio = g.requestsPerSecond / b.requestsPerSecond;
  const cpu = gateway.cpuMsPerRequest!;
  const name = `POST /panchanga, WORKERS=${workers}`;
  return [
    {
      name: `${name}, ${gateway.connections} conn: time per request (1/throughput)`,
      microseconds: 1e6 / g.requestsPerSecond, budgetMicroseconds: 1e6 / BUDGET.requestsPerSecond,
      note: `${g.requestsPerSecond.toFixed(0)} req/s (≥ ${BUDGET.requestsPerSecond}), p99 ${g.p99Ms.toFixed(1)} ms, ` +
        `debited ${gateway.debit!.billableRequests}/${gateway.debit!.responses2xx}, CPU/req service ${cpu.service.toFixed(2)} ms + ` +
        `PostgreSQL ${cpu.postgres.toFixed(2)} ms, ${la(gateway)} ${problems(gateway)}`,
    },
    {
      name: `${name}, ${latency.connections} conn: p99 latency`,
      microseconds: l.p99Ms * 1000, budgetMicroseconds: BUDGET.p99Ms * 1000,
      note: `p50 ${l.p50Ms.toFixed(1)} ms, ${l.requestsPerSecond.toFixed(0)} req/s, ${la(latency)} ${problems(latency)}`,
    },
    {
      name: `bare node:http baseline, ${baseline.connections} conn: time per request`,
      microseconds: 1e6 / b.requestsPerSecond,
      note: `${b.requestsPerSecond.toFixed(0)} req/s, p99 ${b.p99Ms.toFixed(1)} ms, ${la(baseline)} ${problems(baseline)}`,
    },
    {
      // A missed ratio must read OVER like a missed time: this is baseline ÷ gateway, budget 1 / 0.67.
      name: `baseline ÷ gateway throughput (gateway = ${ratio.toFixed(2)} × baseline; target ≥ ${BUDGET.baselineRatio})`,
      microseconds: 1 / ratio, budgetMicroseconds: 1 / BUDGET.baselineRatio, unit: "ratio",
    },
    {
      name: "largest worker RSS after the 50-connection load",
      microseconds: gateway.workerRssMb!, budgetMicroseconds: BUDGET.workerRssMb, unit: "MB",
    },
  ];
}
