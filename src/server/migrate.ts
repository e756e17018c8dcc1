import { openDatabase } from "../../db/database.js";
import { migrateToLatest } from "../../db/migrate.js";
import { ConfigError, loadConfig } from "./config.js";
import { checkDatabaseReachable } from "./startup-checks.js";

/** `npm run migrate`: apply pending migrations to the configured database and print what ran. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl !== undefined) await checkDatabaseReachable(config.databaseUrl);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db);
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
    process.stdout.write(
      applied.length > 0 ? `applied ${applied.length} migration(s) to ${where}: ${applied.join(", ")}\n` : `${where} is up to date\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(err instanceof ConfigError ? `configuration error: ${err.message}\n` : `migration failed: ${(err as Error).message ?? err}\n`);
  process.exit(1);
});
