/**
 * The bare baseline of the HTTP bench (issue 10): what this machine can do for POST /panchanga
 * with nothing but node:http, the same engine function the resolver calls (panchangaAtMoment),
 * one JSON body of the day, and one debit statement per request (charge_request, migrations
 * 0001/0003) on the same PostgreSQL database — no express, GraphQL, pricing walk or batching.
 * The gateway's throughput is printed as a fraction of this one.
 *
 *   DATABASE_URL=… PORT=… WORKERS=2 node dist/bench/http/baseline-server.js
 * Answers GET /health when ready. Keys are looked up once (sha-256 → account id) and cached.
 */
import cluster from "node:cluster";
import http from "node:http";
import pg from "pg";
import { hashApiKey } from "../../src/accounts/api-keys.js";
import { panchangaAtMoment } from "../../src/engine/panchanga/panchanga-day.js";
import { jdFromUnixMs } from "../../src/engine/time/julian.js";
import { DEFAULT_CONVENTIONS } from "../../src/engine/types.js";

const workers = Number(process.env.WORKERS ?? 1);
const JD_UNIX_EPOCH = 2440587.5;
/** JD (UT) fields of the engine's day as ISO strings, as the gateway's answer carries them. */
const iso = (_key: string, v: unknown): unknown =>
  typeof v === "number" && /JdUt$/.test(_key) ? new Date((v - JD_UNIX_EPOCH) * 86_400_000).toISOString() : v;

function serve(): void {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const accounts = new Map<string, string | null>();
  const accountOf = async (key: string): Promise<string | null> => {
    const hash = hashApiKey(key);
    if (accounts.has(hash)) return accounts.get(hash)!;
    const r = await pool.query("select account_id from api_keys where key_hash = $1 and revoked_at is null", [hash]);
    const id = (r.rows[0]?.account_id as string | undefined) ?? null;
    accounts.set(hash, id);
    return id;
  };
  const send = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  };

  http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/health") return send(res, 200, '{"status":"ok"}');
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const key = req.headers["x-api-key"];
        const accountId = typeof key === "string" ? await accountOf(key) : null;
        if (!accountId) return send(res, 401, '{"detail":"api key"}');
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { datetime: string; latitude: number; longitude: number };
        const now = new Date();
        const debit = await pool.query(
          "select ok from charge_request($1, $2::date, 1000, 2, 'panchanga', 'request panchanga', $3)",
          [accountId, now.toISOString().slice(0, 10), now],
        );
        if (!debit.rows[0]?.ok) return send(res, 402, '{"detail":"insufficient credits"}');
        const day = panchangaAtMoment(jdFromUnixMs(Date.parse(body.datetime)), { latDeg: body.latitude, lonDeg: body.longitude },
          DEFAULT_CONVENTIONS);
        send(res, 200, JSON.stringify(day, iso));
      })().catch((err: Error) => send(res, 500, JSON.stringify({ detail: err.message })));
    });
  }).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
}

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    process.exit(0);
  });
} else {
  serve();
  process.on("SIGTERM", () => process.exit(0));
}
