/**
 * The service under load as a child process (node dist/src/server/main.js) on a fresh PostgreSQL
 * database that is created here and dropped on stop, with accounts registered and funded through
 * the public API (POST /register, POST /admin/grant-credits), and the child's memory sampled
 * from /proc/<pid>/status.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SERVICE_NODE_FLAGS } from "../../src/server/node-flags.js";

const here = path.dirname(fileURLToPath(import.meta.url));
/** dist/bench/http → dist/src/server/main.js (the bench always runs compiled, like run.ts). */
const MAIN_JS = path.resolve(here, "../../src/server/main.js");

export const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchAccount {
  readonly accountId: string;
  readonly apiKey: string;
}

export interface ServiceChildOptions {
  /** Extra environment of the service (e.g. GRAPHQL_FAST_LANE=false). */
  readonly env?: Readonly<Record<string, string>>;
  /** A maintenance database URL on the server where the bench database is created (trust auth). */
  readonly adminDatabaseUrl?: string;
  /** Extra node flags for the child, e.g. ["--cpu-prof", "--cpu-prof-dir=…"], after those `npm start` passes (or BENCH_NODE_FLAGS). */
  readonly nodeFlags?: readonly string[];
  readonly logLevel?: string;
  /** WORKERS of the service (cluster workers); default: the service's own default. */
  readonly workers?: number;
  /** Another build's dist/src/server/main.js (an A/B against an earlier build, bench/http/ab.ts); default this build's. */
  readonly mainJs?: string;
  /** Receives the child's stdout (e.g. --trace-gc-nvp lines); default: ignored, or inherited with BENCH_CHILD_STDOUT. */
  readonly stdout?: (chunk: string) => void;
}

export interface ServiceChild {
  readonly host: string;
  readonly port: number;
  readonly pid: number;
  readonly databaseName: string;
  readonly databaseUrl: string;
  readonly adminKey: string;
  /** Register `n` anonymous accounts and grant each `credits`; raise their per-minute rate limit to `rateLimitPerMinute`. */
  createAccounts(n: number, credits: number, rateLimitPerMinute: number): Promise<BenchAccount[]>;
  /** Balances and daily usage of these accounts, read straight from the database (to check the debits). */
  ledgerTotals(accountIds: readonly string[]): Promise<{ balanceCredits: number; billableRequests: number; chargedCredits: number }>;
  /** Resident memory of the service: the child and its cluster workers, summed. */
  memory(): { vmRssKb: number; vmHwmKb: number; maxProcessRssKb: number };
  /** CPU seconds (user + system) used so far by the child and by the PostgreSQL backends serving its database. */
  cpuSeconds(): Promise<{ service: number; serviceSystem: number; postgres: number }>;
  /** SIGTERM, wait for exit (a --cpu-prof profile is written then), drop the database. */
  stop(): Promise<void>;
}

/** Returns null (with the reason) when PostgreSQL cannot be reached: the bench then skips. */
export async function postgresAvailable(adminUrl = DEFAULT_ADMIN_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(adminUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function requestJson(
  port: number, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {},
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1", port, method, path: pathname,
        headers: { ...headers, ...(payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON: keep the text for the error message */
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

function readMemory(pid: number): { vmRssKb: number; vmHwmKb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { vmRssKb: kb("VmRSS"), vmHwmKb: kb("VmHWM") };
}

/** The process and all its descendants (cluster workers), found through the ppid in /proc/<pid>/stat. */
export function processTree(rootPid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** Memory of the whole service (primary + workers): RSS summed; peak = sum of each process's own peak (an upper bound). */
function readTreeMemory(rootPid: number): { vmRssKb: number; vmHwmKb: number; processes: number; maxProcessRssKb: number } {
  let vmRssKb = 0, vmHwmKb = 0, processes = 0, maxProcessRssKb = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const m = readMemory(pid);
      vmRssKb += m.vmRssKb;
      vmHwmKb += m.vmHwmKb;
      maxProcessRssKb = Math.max(maxProcessRssKb, m.vmRssKb);
      processes++;
    } catch {
      // gone meanwhile
    }
  }
  return { vmRssKb, vmHwmKb, processes, maxProcessRssKb };
}

/** utime and stime of a process, seconds (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
export function processCpuSeconds(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields from 3 on
    return { user: Number(fields[11]) / CLOCK_TICKS_PER_SECOND, system: Number(fields[12]) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return { user: 0, system: 0 }; // gone (a backend that closed): its time is lost, which only understates PostgreSQL's share
  }
}
/** sysconf(_SC_CLK_TCK): 100 on Linux for every architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function startServiceChild(opts: ServiceChildOptions = {}): Promise<ServiceChild> {
  const adminUrl = opts.adminDatabaseUrl ?? DEFAULT_ADMIN_URL;
  const databaseName = `bench_http_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${databaseName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${databaseName}`;
  const databaseUrl = dbUrl.toString();
  const adminKey = randomBytes(32).toString("base64url"); // ADMIN_KEY needs ≥ 32 characters
  const port = await freePort();
  const host = "127.0.0.1";

  let stderrTail = "";
  const child = spawn(process.execPath, [...benchNodeFlags(), ...(opts.nodeFlags ?? []), opts.mainJs ?? MAIN_JS], {
    env: {
      ...process.env, PORT: String(port), HOST: host, DATABASE_URL: databaseUrl, ADMIN_KEY: adminKey,
      LOG_LEVEL: opts.logLevel ?? "info", NODE_ENV: "production",
      // The bench registers its accounts from one address.
      REGISTER_LIMIT_PER_HOUR: "1000000",
      ...(opts.workers !== undefined ? { WORKERS: String(opts.workers) } : {}),
      ...opts.env,
    },
    stdio: ["ignore", opts.stdout ? "pipe" : process.env.BENCH_CHILD_STDOUT ? "inherit" : "ignore", "pipe"],
  });
  child.stderr!.on("data", (c: Buffer) => {
    stderrTail = (stderrTail + c.toString("utf8")).slice(-2000);
  });
  if (opts.stdout) child.stdout!.on("data", (c: Buffer) => opts.stdout!(c.toString("utf8")));

  const dropDatabase = () =>
    adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`).then(() => undefined);

  // Ready when /health answers (migrations run before listening).
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await dropDatabase();
      throw new Error(`service exited with ${child.exitCode} before listening: ${stderrTail.trim()}`);
    }
    const ok = await requestJson(port, "GET", "/health").then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await dropDatabase();
      throw new Error(`service not ready within 60 s: ${stderrTail.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    host, port, pid: child.pid!, databaseName, databaseUrl, adminKey,
    async createAccounts(n, credits, rateLimitPerMinute) {
      const accounts: BenchAccount[] = [];
      for (let i = 0; i < n; i++) {
        const reg = await requestJson(port, "POST", "/register", {});
        if (reg.status !== 200 && reg.status !== 201) throw new Error(`POST /register → ${reg.status} ${JSON.stringify(reg.json)}`);
        const accountId = reg.json.account_id as string;
        const apiKey = reg.json.api_key as string;
        const grant = await requestJson(
          port, "POST", "/admin/grant-credits",
          { account_id: accountId, credits, reason: "http load bench", payment_type: "promo" },
          { "x-admin-key": adminKey },
        );
        if (grant.status !== 200) throw new Error(`POST /admin/grant-credits → ${grant.status} ${JSON.stringify(grant.json)}`);
        accounts.push({ accountId, apiKey });
      }
      // No API raises one account's per-minute limit; the operator does it in the database (the
      // accounts.rate_limit column is that per-account setting). Done before any authenticated
      // request, so the service's key cache has not seen the old value.
      await adminQuery(databaseUrl, "update accounts set rate_limit = $1 where id = any($2)", [
        rateLimitPerMinute, accounts.map((a) => a.accountId),
      ]);
      return accounts;
    },
    async ledgerTotals(accountIds) {
      const b = await adminQuery(databaseUrl, "select coalesce(sum(balance_milli), 0)::bigint as m from accounts where id = any($1)", [accountIds]);
      const u = await adminQuery(
        databaseUrl,
        "select coalesce(sum(billable), 0)::bigint as n, coalesce(sum(charged_milli), 0)::bigint as m from usage_daily where account_id = any($1)",
        [accountIds],
      );
      return { balanceCredits: Number(b.rows[0].m) / 1000, billableRequests: Number(u.rows[0].n), chargedCredits: Number(u.rows[0].m) / 1000 };
    },
    memory: () => readTreeMemory(child.pid!),
    async cpuSeconds() {
      const backends = await adminQuery(adminUrl, "select pid from pg_stat_activity where datname = $1", [databaseName]);
      const postgres = backends.rows.reduce((sum: number, r: { pid: number }) => {
        const c = processCpuSeconds(r.pid);
        return sum + c.user + c.system;
      }, 0);
      // The service is the child and its cluster workers.
      let service = 0, serviceSystem = 0;
      for (const pid of processTree(child.pid!)) {
        const c = processCpuSeconds(pid);
        service += c.user + c.system;
        serviceSystem += c.system;
      }
      return { service, serviceSystem, postgres };
    },
    async stop() {
      child.kill("SIGTERM");
      await waitForExit(child, 30_000);
      await dropDatabase();
    },
  };
}

const BASELINE_JS = path.resolve(here, "baseline-server.js");

/** The bare node:http baseline (baseline-server.ts) on an existing database; resolves when it answers. */
export async function startBaselineChild(
  databaseUrl: string, workers: number, opts: Pick<ServiceChildOptions, "nodeFlags" | "stdout"> = {},
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  let stderrTail = "";
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), BASELINE_JS], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, WORKERS: String(workers) },
    stdio: ["ignore", opts.stdout ? "pipe" : process.env.BENCH_CHILD_STDOUT ? "inherit" : "ignore", "pipe"],
  });
  child.stderr!.on("data", (c: Buffer) => {
    stderrTail = (stderrTail + c.toString("utf8")).slice(-2000);
  });
  if (opts.stdout) child.stdout!.on("data", (c: Buffer) => opts.stdout!(c.toString("utf8")));
  const deadline = Date.now() + 30_000;
  while (!(await requestJson(port, "GET", "/health").then((r) => r.status === 200, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`baseline not ready: ${stderrTail.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port, pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await waitForExit(child, 10_000);
    },
  };
}

/**
 * The node flags of every service child: those `npm start` passes
 * (SERVICE_NODE_FLAGS), or BENCH_NODE_FLAGS (space-separated; empty for none) for an A/B of V8 flags.
 */
function benchNodeFlags(): readonly string[] {
  const env = process.env.BENCH_NODE_FLAGS;
  return env === undefined ? SERVICE_NODE_FLAGS : env.split(" ").filter(Boolean);
}
