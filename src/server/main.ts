import "reflect-metadata";
import cluster from "node:cluster";
import { runPrimary, workerCount } from "./cluster.js";
import { ConfigError, loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { checkListenable } from "./startup-checks.js";

/**
 * `npm start`: the service. With WORKERS > 1 (the default with DATABASE_URL on a multi-core
 * machine) this process becomes the cluster primary and each worker re-runs this file.
 * A configuration error prints ONE line naming the variable and exits 1.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && workerCount(config) > 1) {
    // The workers listen; a busy PORT or foreign HOST is reported here, as one line, before forking.
    await checkListenable(config, config.port);
    const logger = createLogger(config.logLevel);
    const code = await runPrimary(config, logger);
    logger.flush(() => process.exit(code));
    return;
  }
  // A worker (its primary migrated the database) or the single process. Imported here so the
  // primary, which serves nothing, does not load the schema and resolvers (~35 MB less resident).
  const { runService } = await import("./service.js");
  const { detectEvents } = await import("../engine/events/detect.js");
  // The scheduler records the detector's events ahead of time and emits them when due (docs/architecture.md §8).
  await runService({ migrate: cluster.isPrimary, preloadEngine: true, appOptions: { accounts: { eventDetector: detectEvents } } });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`configuration error: ${err.message}\n`);
  } else {
    process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
