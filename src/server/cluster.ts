/**
 * Cluster mode (docs/architecture.md §11: one Node process uses one core). The primary applies the
 * migrations once, then forks `workerCount(config)` workers that each run the whole service on
 * the same port (node:cluster shares the listening socket). A worker that dies after it was
 * serving is replaced; one that dies before it ever listened stops the cluster (a bad port or an
 * unreachable database would otherwise restart forever). SIGTERM/SIGINT: every worker drains its
 * in-flight requests and closes its pool, then the primary exits 0 (1 if a worker failed to).
 *
 * Rate limits hold for the whole deployment: the per-minute window is taken in the debit statement
 * itself (charge_requests, migration 0004), so it costs no second database round trip.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { openDatabase } from "../../db/database.js";
import { migrateToLatest } from "../../db/migrate.js";
import type { Config } from "./config.js";
import { checkDatabaseReachable } from "./startup-checks.js";
import { internalForwardToken } from "./mcp/internal-forward.js";
import type { Logger } from "./logger.js";
import { workerExecArgv } from "./node-flags.js";

/** WORKERS, or by default 1 with the embedded PGlite (one process only) and the CPU count with PostgreSQL. */
export function workerCount(config: Pick<Config, "workers" | "databaseUrl">): number {
  if (config.workers !== undefined) return config.workers;
  return config.databaseUrl === undefined ? 1 : Math.max(1, os.availableParallelism());
}

/** A worker that dies this soon after it started serving is not restarted at once (crash loop damping). */
const RESTART_DELAY_MS = 1000;

/**
 * Run as the cluster primary until a signal (or a worker that cannot start) ends it; resolves
 * with the exit code. The workers run this same entry point (`cluster.isPrimary` is false there).
 */
export async function runPrimary(config: Config, logger: Logger, signals: NodeJS.EventEmitter = process): Promise<number> {
  const count = workerCount(config);
  if (config.databaseUrl !== undefined) await checkDatabaseReachable(config.databaseUrl);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let migrationsApplied: string[];
  try {
    migrationsApplied = await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  logger.info({ workers: count, migrationsApplied }, `cluster primary ${process.pid}: starting ${count} workers`);

  let stopping = false;
  let failed = false;
  const listening = new WeakSet<Worker>();
  const startedAt = new WeakMap<Worker, number>();
  let resolveDone!: (code: number) => void;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const finishIfEmpty = () => {
    if (stopping && liveWorkers().length === 0) resolveDone(failed ? 1 : 0);
  };

  const stopAll = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "cluster: stopping workers (each drains its in-flight requests)");
    const workers = liveWorkers();
    for (const w of workers) w.process.kill("SIGTERM");
    // A worker that outlives its own grace period (plus closing the pool) is killed.
    const timer = setTimeout(() => {
      for (const w of liveWorkers()) {
        logger.error({ pid: w.process.pid }, "cluster: worker did not stop in time; killing it");
        failed = true;
        w.process.kill("SIGKILL");
      }
    }, config.shutdownGraceMs + 5000);
    timer.unref();
    finishIfEmpty();
  };

  // Made before the first fork so every worker inherits the same token (mcp/internal-forward.ts).
  internalForwardToken();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const fork = () => {
    const w = cluster.fork();
    startedAt.set(w, Date.now());
    w.on("listening", () => listening.add(w));
  };

  cluster.on("exit", (w, code, signal) => {
    if (stopping) {
      // One still starting when the signal came has nothing in flight: dying of it is fine.
      const startingAndTerminated = signal === "SIGTERM" && !listening.has(w);
      if (code !== 0 && !startingAndTerminated) {
        failed = true;
        logger.error({ pid: w.process.pid, code, signal }, "cluster: worker exited with an error while stopping");
      }
      finishIfEmpty();
      return;
    }
    if (!listening.has(w)) {
      logger.error({ pid: w.process.pid, code, signal }, "cluster: a worker exited before it listened; stopping");
      failed = true;
      stopAll("worker failed to start");
      return;
    }
    const ranMs = Date.now() - (startedAt.get(w) ?? 0);
    const delay = ranMs < RESTART_DELAY_MS * 5 ? RESTART_DELAY_MS : 0;
    logger.error({ pid: w.process.pid, code, signal, restartInMs: delay }, "cluster: worker died; starting a new one");
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  signals.once("SIGTERM", () => stopAll("SIGTERM"));
  signals.once("SIGINT", () => stopAll("SIGINT"));
  for (let i = 0; i < count; i++) fork();
  return done;
}
