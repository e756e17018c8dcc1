/**
 * Issue 24's targets in `npm run bench` (docs/graphql.md): POST /graphql beside REST POST
 * /panchanga for the same work (the route's own document, every field, the same variables),
 * WORKERS=2 on PostgreSQL, paid and debited, in the same run:
 * - /graphql ≥ 0.9 × REST throughput at 50 connections; p99 ≤ 15 ms at 10;
 * - a three-field panchanga query ≥ 1.5 × the full document's throughput (only what is selected
 *   is computed), and the service CPU per request of each;
 * - /graphql with the lane off (GRAPHQL_FAST_LANE=false: express + Apollo), for the before;
 * - compressed answers: bytes and CPU per answer for a festival year and a kundali, and where
 *   compressing stops paying (the COMPRESS_MIN_BYTES threshold);
 * - the largest worker RSS after the load (≤ 200 MB).
 * The machine may be shared: notes carry the load average of each run.
 */
import "reflect-metadata";
import http from "node:http";
import { execute, parse } from "graphql";
import { createGraphQLContext } from "../src/resolvers/context.js";
import { buildAppSchema } from "../src/resolvers/schema.js";
import { panchangaPostRoute } from "../src/rest-compat/routes/panchanga-route.js";
import zlib from "node:zlib";
import { runPanchangaLoad, type PanchangaLoadResult } from "./http/panchanga-load.js";
import { postgresAvailable, startServiceChild, DEFAULT_ADMIN_URL } from "./http/service-child.js";
import type { BenchResult } from "./run.js";

const WORKERS = 2;
const la = (r: PanchangaLoadResult) => `load avg ${r.loadAvgBefore.toFixed(1)}→${r.loadAvgAfter!.toFixed(1)}`;
const errs = (r: PanchangaLoadResult) => {
  const n = r.stats!.non2xxCount + r.stats!.transportErrors;
  return n > 0 ? ` ${n} ERRORS ${JSON.stringify(r.stats!.non2xx)}` : "";
};
const rps = (r: PanchangaLoadResult) => r.stats!.requestsPerSecond;

function get(port: number, path: string, headers: Record<string, string>, body?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: body ? "POST" : "GET",
      headers: { ...headers, ...(body ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${path} → ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`))));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** CPU µs per call (process.cpuUsage: on a shared machine CPU time, not wall time, is what a call costs). */
function microsPer(fn: () => unknown, minMs = 300): number {
  for (let i = 0; i < 5; i++) fn();
  let n = 0;
  const c0 = process.cpuUsage();
  const t0 = Date.now();
  while (Date.now() - t0 < minMs) {
    fn();
    n++;
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}

const br = (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
const gz = (b: Buffer) => zlib.gzipSync(b, { level: 6 });

/** Bytes and CPU of the service's own compression (brotli 4, gzip 6) for the answers a frontend asks most of. */
async function compression(): Promise<BenchResult[]> {
  const svc = await startServiceChild({ workers: 1 });
  try {
    const [acct] = await svc.createAccounts(1, 100_000, 10_000);
    const key = { "x-api-key": acct!.apiKey, "accept-encoding": "identity" };
    const samples = {
      "festival year (GET /festivals/2025)": await get(svc.port, "/festivals/2025?latitude=28.6139&longitude=77.209&tz=Asia%2FKolkata", key),
      "31-day range (POST /panchanga/range)": await get(svc.port, "/panchanga/range", key,
        JSON.stringify({ start_datetime: "2025-01-01T00:00:00+05:30", end_datetime: "2025-01-31T00:00:00+05:30", latitude: 28.6139, longitude: 77.209 })).catch(() => undefined),
      "kundali (POST /kundali)": await get(svc.port, "/kundali", key,
        JSON.stringify({ datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 })),
    };
    const rows: BenchResult[] = [];
    for (const [what, body] of Object.entries(samples)) {
      if (!body) continue;
      const b = br(body), g = gz(body);
      rows.push({
        name: `${what}: brotli-4 CPU per answer`, microseconds: microsPer(() => br(body)),
        note: `${body.length} B → br ${b.length} B (${(body.length / b.length).toFixed(1)}×), gzip ${g.length} B (${(body.length / g.length).toFixed(1)}×, ` +
          `${microsPer(() => gz(body)).toFixed(0)} µs); sending identity costs 0 µs here but ${body.length} B on the wire`,
      });
    }
    // Where compressing pays: CPU per answer against bytes saved, for growing slices of the kundali's JSON.
    const kundali = samples["kundali (POST /kundali)"];
    const points = [256, 512, 1024, 1400, 2048, 4096].map((n) => {
      const slice = kundali.subarray(0, n);
      return `${n} B: br ${br(slice).length} B in ${microsPer(() => br(slice), 100).toFixed(0)} µs`;
    });
    rows.push({ name: "compression threshold: brotli-4 of the first N bytes of a kundali", microseconds: microsPer(() => br(kundali.subarray(0, 1400)), 100),
      note: points.join("; ") });
    return rows;
  } finally {
    await svc.stop();
  }
}

/**
 * Only what is selected is computed: CPU per execution (graphql-js, in-process, no HTTP) of the full
 * panchanga document and of `panchanga { tithi { name } }`, each over the same 366 new days.
 */
async function selectiveCpu(): Promise<BenchResult[]> {
  const schema = await buildAppSchema();
  const full = parse(panchangaPostRoute.document);
  const tithi = parse(`query T($datetime: String!, $latitude: Float!, $longitude: Float!) {
    panchanga(datetime: $datetime, latitude: $latitude, longitude: $longitude) { tithi { name } } }`);
  const cpuMs = async (document: typeof full, offsetDays: number): Promise<number> => {
    const c0 = process.cpuUsage();
    for (let i = 0; i < 366; i++) {
      const d = new Date(Date.UTC(2030 + offsetDays, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const r = await execute({ schema, document, contextValue: createGraphQLContext({ requestId: "bench" }),
        variableValues: { datetime: `${d}T06:30:00+05:30`, latitude: 28.6139, longitude: 77.209, at: "MOMENT", tz: null } });
      if (r.errors) throw r.errors[0];
    }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / 366;
  };
  await cpuMs(full, 0); // warm-up: code and the Sun/Moon chunks of that year
  await cpuMs(tithi, 0);
  // New years for each, so neither finds the other's days memoized; each year's chunks warmed by a first pass.
  await cpuMs(tithi, 1);
  const t = await cpuMs(tithi, 1);
  await cpuMs(full, 2);
  const f = await cpuMs(full, 2);
  return [
    { name: "panchanga { tithi { name } }, in-process execute: CPU per day", microseconds: t * 1000 },
    { name: "full POST /panchanga document, in-process execute: CPU per day", microseconds: f * 1000,
      note: `${(f / t).toFixed(1)}× the CPU of the one-field query` },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const inProcess = await selectiveCpu();
  const unavailable = await postgresAvailable(process.env.BENCH_ADMIN_DATABASE_URL ?? DEFAULT_ADMIN_URL);
  if (unavailable) return [...inProcess, { name: "GraphQL lane under load: skipped", microseconds: 0, note: `PostgreSQL not reachable: ${unavailable}` }];
  const rest = await runPanchangaLoad({ workers: WORKERS, route: "panchanga-post" });
  const gql = await runPanchangaLoad({ workers: WORKERS, route: "graphql-panchanga" });
  const gql10 = await runPanchangaLoad({ workers: WORKERS, route: "graphql-panchanga", connections: 10 });
  const rest10 = await runPanchangaLoad({ workers: WORKERS, route: "panchanga-post", connections: 10 });
  const tithi = await runPanchangaLoad({ workers: WORKERS, route: "graphql-tithi" });
  const off = await runPanchangaLoad({ workers: WORKERS, route: "graphql-panchanga", env: { GRAPHQL_FAST_LANE: "false" } });
  const cpu = (r: PanchangaLoadResult) => r.cpuMsPerRequest!.service;
  const ratio = rps(gql) / rps(rest);
  const selective = rps(tithi) / rps(gql);
  return [
    { name: "REST POST /panchanga, 50 conn: time per request", microseconds: 1e6 / rps(rest),
      note: `${rps(rest).toFixed(0)} req/s, p99 ${rest.stats!.p99Ms.toFixed(1)} ms, CPU/req ${cpu(rest).toFixed(2)} ms, ${la(rest)}${errs(rest)}` },
    { name: "POST /graphql (same document and work), 50 conn: time per request", microseconds: 1e6 / rps(gql),
      note: `${rps(gql).toFixed(0)} req/s, p99 ${gql.stats!.p99Ms.toFixed(1)} ms, CPU/req ${cpu(gql).toFixed(2)} ms, debited ${gql.debit!.billableRequests}/${gql.debit!.responses2xx}, ${la(gql)}${errs(gql)}` },
    { name: `REST ÷ GraphQL throughput (GraphQL = ${ratio.toFixed(2)} × REST; target ≥ 0.9)`, microseconds: 1 / ratio, budgetMicroseconds: 1 / 0.9, unit: "ratio" },
    { name: "POST /graphql, 10 conn: p99 latency", microseconds: gql10.stats!.p99Ms * 1000, budgetMicroseconds: 15_000,
      note: `p50 ${gql10.stats!.p50Ms.toFixed(1)} ms, ${rps(gql10).toFixed(0)} req/s; REST at 10 conn in the same run: p99 ${rest10.stats!.p99Ms.toFixed(1)} ms, ${la(gql10)}${errs(gql10)}` },
    { name: "POST /graphql with the lane off (express + Apollo), 50 conn: time per request", microseconds: 1e6 / rps(off),
      note: `${rps(off).toFixed(0)} req/s, p99 ${off.stats!.p99Ms.toFixed(1)} ms, CPU/req ${cpu(off).toFixed(2)} ms, ${la(off)}${errs(off)}` },
    { name: "POST /graphql, three panchanga fields (tithi, nakshatra, vara names), 50 conn: time per request", microseconds: 1e6 / rps(tithi),
      note: `${rps(tithi).toFixed(0)} req/s, p99 ${tithi.stats!.p99Ms.toFixed(1)} ms, CPU/req ${cpu(tithi).toFixed(2)} ms (full document ${cpu(gql).toFixed(2)} ms: ${(cpu(gql) / cpu(tithi)).toFixed(2)}× the CPU), ${la(tithi)}${errs(tithi)}` },
    { name: `full document ÷ three fields throughput (three fields = ${selective.toFixed(2)} × full; target ≥ 1.5)`, microseconds: 1 / selective, budgetMicroseconds: 1 / 1.5, unit: "ratio" },
    { name: "largest worker RSS after the /graphql 50-connection load", microseconds: gql.workerRssMb!, budgetMicroseconds: 200, unit: "MB" },
    ...inProcess,
    ...(await compression()),
  ];
}
