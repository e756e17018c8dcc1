/**
 * Applies db/migrations to the latest version with Kysely's Migrator. On PostgreSQL the migrator
 * holds an advisory lock for the whole run, so two instances starting at once apply each
 * migration exactly once; each migration runs in its own transaction (transactional DDL).
 */
import { Migrator, type Kysely, type MigrationProvider, type Migration } from "kysely";
import { MIGRATIONS } from "./migrations/index.js";

const staticProvider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...MIGRATIONS };
  },
};

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migrationName: string | undefined,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = "MigrationError";
  }
}

/** Applies pending migrations; returns the names applied by this call (empty when up to date). */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    const why = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed ? `migration ${failed} failed: ${why}` : `migrations failed: ${why}`,
      failed,
      error,
    );
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Names of all migrations this build knows, in order. */
export function knownMigrations(): string[] {
  return Object.keys(MIGRATIONS).sort();
}
