import cluster from "node:cluster";
import type { AddressInfo } from "node:net";
import { openDatabase, type DatabaseHandle } from "../../db/database.js";
import { migrateToLatest } from "../../db/migrate.js";
import { preloadSeries } from "../engine/astro/positions.js";
import { placeIndex } from "../places/places.js";
import { saturnSamples } from "../engine/timeline/saturn-longitude-table.js";
import { createApp, type App, type AppOptions } from "./app.js";
import { loadConfig, type Config } from "./config.js";
import { createLogger, type Logger } from "./logger.js";
import { checkDatabaseReachable, checkDataDirWritable, checkListenable, listenError } from "./startup-checks.js";

export interface ServiceOptions {
  /** Environment to configure from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Use this database instead of opening one from the configuration (tests). */
  readonly database?: DatabaseHandle;
  readonly logger?: Logger;
  /** Where SIGTERM/SIGINT arrive (default: process). */
  readonly signals?: NodeJS.EventEmitter;
  /** Called with the exit code after a signal-triggered shutdown (default: process.exit). */
  readonly exit?: (code: number) => void;
  readonly appOptions?: Omit<AppOptions, "config" | "database" | "logger">;
  /** Listen on this port instead of PORT (0: any free port, for tests). */
  readonly port?: number;
  /** Apply pending migrations before listening (default true; cluster workers skip: their primary did it). */
  readonly migrate?: boolean;
  /** Load the engine's series before listening, so the first request does not pay ~0.4 s (default false; `npm start` sets it). */
  readonly preloadEngine?: boolean;
}

export interface RunningService {
  readonly config: Config;
  readonly app: App;
  readonly database: DatabaseHandle;
  readonly port: number;
  /** Drain and close everything; resolves when the database is closed. */
  shutdown(reason: string): Promise<void>;
}

/**
 * Start the service: configuration (throws ConfigError), database with migrations applied,
 * HTTP server listening, one start line logged. SIGTERM/SIGINT drain in-flight requests, close
 * the database and exit 0.
 */
export async function runService(opts: ServiceOptions = {}): Promise<RunningService> {
  const config = loadConfig(opts.env ?? process.env);
  const logger = opts.logger ?? createLogger(config.logLevel);
  const wantedPort = opts.port ?? config.port;
  // Not in a cluster worker: its siblings already share the port through the primary.
  if (wantedPort !== 0 && cluster.isPrimary) await checkListenable(config, wantedPort);
  if (!opts.database && config.databaseUrl === undefined) await checkDataDirWritable(config.dataDir);
  // A worker's primary probed it already.
  if (!opts.database && config.databaseUrl !== undefined && cluster.isPrimary) await checkDatabaseReachable(config.databaseUrl);
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (err) => logger.warn({ err }, "database connection lost; the pool reconnects"),
    }));
  const migrationsApplied = opts.migrate === false ? [] : await migrateToLatest(database.db);
  if (opts.preloadEngine) {
    preloadSeries();
    saturnSamples(); // the lifetime Saturn table (timeline/), decoded once
  }
  // The live service always runs with accounts, credits and limits (a caller may pass its own clock, mailer …).
  const app = await createApp({ ...opts.appOptions, accounts: opts.appOptions?.accounts ?? {}, config, database, logger });
  try {
    await new Promise<void>((resolve, reject) => {
      app.httpServer.once("error", reject);
      app.httpServer.listen(wantedPort, config.host, () => {
        app.httpServer.off("error", reject);
        resolve();
      });
    });
  } catch (err) {
    // Nothing is served: release what was opened, then report the variable to change.
    await app.close().catch(() => undefined);
    if (!opts.database) await database.close().catch(() => undefined);
    throw listenError(err, config, wantedPort);
  }
  const port = (app.httpServer.address() as AddressInfo).port;
  // The gazetteer loads in slices that yield to the event loop: requests (and /health) are answered meanwhile.
  if (config.placesPreload) {
    void placeIndex().catch((err: unknown) => logger.warn({ err }, "reading the place gazetteer failed; it is retried on first use"));
  }
  logger.info(
    { host: config.host, port, database: database.kind, migrationsApplied, graphql: `${config.baseUrl}/graphql` },
    `vedic-astro-service listening on ${config.host}:${port}`,
  );

  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string): Promise<void> => {
    stopping ??= (async () => {
      logger.info({ reason }, "shutting down: draining in-flight requests");
      await app.close();
      await database.close();
      logger.info("stopped");
    })();
    return stopping;
  };

  const signals = opts.signals ?? process;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  // Flush pino's buffer first, or the last lines ("stopped") are lost on exit.
  const exitFlushed = (code: number) => logger.flush(() => exit(code));
  const onSignal = (signal: string) => {
    shutdown(signal).then(
      () => exitFlushed(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        exitFlushed(1);
      },
    );
  };
  signals.once("SIGTERM", () => onSignal("SIGTERM"));
  signals.once("SIGINT", () => onSignal("SIGINT"));
  return { config, app, database, port, shutdown };
}
