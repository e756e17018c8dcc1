/**
 * Closed-loop HTTP load generator (node:http only): `connections` workers, each with its own
 * keep-alive socket, send one request, wait for the whole response, send the next. A warm-up
 * phase runs first and is not recorded; then requests started within `durationMs` are timed.
 * Latency is from write to the last body byte, in ms.
 */
import http from "node:http";

export interface LoadRequest {
  readonly path: string;
  readonly method?: "GET" | "POST";
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface LoadOptions {
  readonly host: string;
  readonly port: number;
  readonly connections: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** The request a worker sends next; `worker` is 0…connections-1, `seq` counts that worker's requests. */
  readonly request: (worker: number, seq: number) => LoadRequest;
  /** Called once when the measured phase starts (e.g. to reset an RSS sampler). */
  readonly onMeasureStart?: () => void | Promise<void>;
  /** Called once when the measured phase ends, before the workers' last responses are awaited. */
  readonly onMeasureEnd?: () => void | Promise<void>;
}

export interface LoadStats {
  readonly requests: number;
  readonly elapsedMs: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Responses with a status outside 200–299, by status. */
  readonly non2xx: Readonly<Record<number, number>>;
  readonly non2xxCount: number;
  /** Socket/transport errors (no response). */
  readonly transportErrors: number;
  /** First few non-2xx bodies, to say why. */
  readonly sampleErrors: readonly string[];
  /** 2xx responses over warm-up and measurement (what the service should have debited). */
  readonly total2xx: number;
}

interface Outcome {
  status: number;
  ms: number;
  body?: string;
}

function send(agent: http.Agent, host: string, port: number, r: LoadRequest): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const headers: Record<string, string> = { ...(r.headers ?? {}) };
    if (r.body !== undefined) {
      headers["content-type"] ??= "application/json";
      headers["content-length"] = String(Buffer.byteLength(r.body));
    }
    const req = http.request({ host, port, path: r.path, method: r.method ?? "GET", headers, agent }, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      const ok = status >= 200 && status < 300;
      res.on("data", (c: Buffer) => {
        if (!ok) chunks.push(c);
      });
      res.on("end", () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        resolve(ok ? { status, ms } : { status, ms, body: Buffer.concat(chunks).toString("utf8").slice(0, 300) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(r.body);
  });
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sortedAsc: readonly number[], p: number): number {
  if (sortedAsc.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sortedAsc.length);
  return sortedAsc[Math.min(sortedAsc.length - 1, Math.max(0, rank - 1))]!;
}

export async function runLoad(o: LoadOptions): Promise<LoadStats> {
  // One socket per worker: maxSockets = connections, and each worker awaits its response before sending again.
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections, maxFreeSockets: o.connections });
  const latencies: number[] = [];
  const non2xx: Record<number, number> = {};
  const sampleErrors: string[] = [];
  let transportErrors = 0;
  let total2xx = 0;
  let measuring = false;
  let stopAt = Infinity;
  let measureStart = 0n;

  const worker = async (w: number): Promise<void> => {
    let seq = 0;
    for (;;) {
      const now = performance.now();
      if (now >= stopAt) return;
      const recording = measuring;
      try {
        const out = await send(agent, o.host, o.port, o.request(w, seq++));
        if (out.status >= 200 && out.status < 300) total2xx++;
        if (!recording) continue;
        latencies.push(out.ms);
        if (out.status < 200 || out.status >= 300) {
          non2xx[out.status] = (non2xx[out.status] ?? 0) + 1;
          if (sampleErrors.length < 5) sampleErrors.push(`${out.status} ${out.body ?? ""}`);
        }
      } catch (err) {
        if (recording) {
          transportErrors++;
          if (sampleErrors.length < 5) sampleErrors.push(`transport: ${(err as Error).message}`);
        }
      }
    }
  };

  const workers = Array.from({ length: o.connections }, (_, w) => worker(w));
  await new Promise((r) => setTimeout(r, o.warmupMs));
  await o.onMeasureStart?.();
  measuring = true;
  measureStart = process.hrtime.bigint();
  stopAt = performance.now() + o.durationMs;
  await new Promise((r) => setTimeout(r, o.durationMs));
  await o.onMeasureEnd?.();
  await Promise.all(workers);
  const elapsedMs = Number(process.hrtime.bigint() - measureStart) / 1e6;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const non2xxCount = Object.values(non2xx).reduce((a, b) => a + b, 0);
  return {
    requests: latencies.length,
    elapsedMs,
    requestsPerSecond: latencies.length / (elapsedMs / 1000),
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    non2xx,
    non2xxCount,
    transportErrors,
    sampleErrors,
    total2xx,
  };
}
