/**
 * A private, migrated database for one test file.
 * - DATABASE_URL set: CREATE DATABASE with a unique name on that server, open and migrate it;
 *   dispose() closes it and DROPs it, so parallel files and runs never see each other's rows.
 * - Otherwise: a fresh in-memory PGlite, migrated. PGlite's initdb costs ~6 s, so by default the
 *   database starts from a migrated template tarball cached in the OS temp directory (keyed by the
 *   PGlite version and the migrations' source; ~1.5 s). `{ fresh: true }` skips the template and
 *   really runs every migration (the migration tests use it).
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../db/database.js";
import { migrateToLatest } from "../../db/migrate.js";
import { MIGRATIONS } from "../../db/migrations/index.js";

export type TestDatabase = DatabaseHandle & {
  /** Names of the migrations this call applied (empty when started from the PGlite template). */
  applied: string[];
  /** postgres://… of the private database, when on PostgreSQL. */
  url?: string;
  dispose(): Promise<void>;
};

export async function openTestDatabase(opts: { fresh?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openTestPglite(opts.fresh ?? false);

  await dropStaleTestDatabases(serverUrl);
  const name = `vas_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = withDatabase(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolMax: 12 });
  let applied: string[];
  try {
    applied = await migrateToLatest(handle.db);
  } catch (err) {
    await handle.close();
    await drop();
    throw err;
  }
  return {
    ...handle,
    applied,
    url,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
}

async function openTestPglite(fresh: boolean): Promise<TestDatabase> {
  const pgliteTemplate = fresh ? undefined : await migratedTemplate();
  const handle = await openDatabase({ inMemory: true, pgliteTemplate });
  const applied = await migrateToLatest(handle.db);
  return { ...handle, applied, dispose: () => handle.close() };
}

/** The migrated template tarball, built once per machine and migration set. */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `vas-pglite-template-${templateKey()}.tgz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not built yet. Parallel test files may race to build it: each writes its own temp file and
    // the atomic rename leaves one complete tarball.
  }
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const blob = await pglite.dumpDataDir("gzip");
    const tmp = `${file}.${process.pid}.${randomBytes(3).toString("hex")}`;
    await writeFile(tmp, Buffer.from(await blob.arrayBuffer()));
    await rename(tmp, file);
    return blob;
  } finally {
    await db.destroy();
  }
}

/** Changes whenever PGlite or any migration's code changes. */
function templateKey(): string {
  // PGlite does not export its package.json; read it beside the resolved entry (dist/..).
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), "..", "package.json"), "utf8"));
  const pgliteVersion = String((pkg as { version: unknown }).version);
  const h = createHash("sha256").update(pgliteVersion);
  for (const [name, m] of Object.entries(MIGRATIONS)) {
    h.update(name).update(m.up.toString()).update(m.down?.toString() ?? "");
  }
  return h.digest("hex").slice(0, 16);
}

/** The same server URL pointing at another database. */
export function withDatabase(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

const STALE_AFTER_MS = 2 * 3600_000;

/** Drops test databases left by crashed runs (named vas_test_<base36 ms>_…, older than 2 h). */
async function dropStaleTestDatabases(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const r = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'vas\\_test\\_%'");
    for (const { datname } of r.rows) {
      const bornMs = parseInt(datname.split("_")[2] ?? "", 36);
      if (Number.isFinite(bornMs) && Date.now() - bornMs > STALE_AFTER_MS && /^[a-z0-9_]+$/.test(datname)) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
      }
    }
  } finally {
    await client.end();
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
