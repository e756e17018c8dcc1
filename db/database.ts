/**
 * Opens the service database: an embedded PGlite (in `${dataDir}/pglite`, or in memory) when no
 * DATABASE_URL is given, a pg.Pool on PostgreSQL when it is. Both return the same Kysely<Database>
 * and parse values the same way:
 * - int8 (bigint, count(*)) → JS number, refusing anything beyond Number.MAX_SAFE_INTEGER
 *   (credits are milli-credits, exact integers far below 2^53);
 * - date → the string "YYYY-MM-DD" (no local-time-zone Date shifting);
 * - timestamptz → Date; jsonb → parsed value.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export interface OpenDatabaseOptions {
  /** postgres://… — when set, a pg.Pool on that server; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** Directory for the embedded database (it lives in `${dataDir}/pglite`). */
  dataDir?: string;
  /** Embedded database in memory only (tests, throwaway runs). Wins over dataDir. */
  inMemory?: boolean;
  /**
   * Start the embedded database from a `PGlite.dumpDataDir()` tarball instead of running initdb
   * (~1.5 s instead of ~6 s; used by tests for a migrated template). PGlite only.
   */
  pgliteTemplate?: Blob;
  /** pg.Pool size (PostgreSQL only); default 10. */
  poolMax?: number;
  /** Errors of idle pooled connections (PostgreSQL only), e.g. a server restart; default ignored. */
  onPoolError?: (err: Error) => void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  /** postgres://… (PostgreSQL only), for connections outside the pool: the event bus's LISTEN connection. */
  url?: string;
  /** true when a trivial query succeeds. Never throws. */
  ping(): Promise<boolean>;
  /** Closes the pool / embedded database. Idempotent. */
  close(): Promise<void>;
}

const OID_INT8 = 20;
const OID_DATE = 1082;

function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`int8 value ${text} exceeds the exact range of a JS number`);
  }
  return n;
}

const keepText = (text: string): string => text;

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolMax ?? 10, opts.onPoolError) : openPglite(opts);
}

async function openPglite(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = path.resolve(opts.dataDir ?? "data", "pglite");
    await mkdir(dataDir, { recursive: true });
  }
  // Loaded only here: a deployment on PostgreSQL (every cluster worker) never loads PGlite.
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([import("@electric-sql/pglite"), import("kysely-pglite-dialect")]);
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir: opts.pgliteTemplate,
    parsers: { [OID_INT8]: parseInt8, [OID_DATE]: keepText },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return makeHandle(db, "pglite");
}

async function openPostgres(
  connectionString: string,
  max: number,
  onPoolError: ((err: Error) => void) | undefined,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max,
    // Per-pool parsers, so other pg users in the process keep pg's defaults.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") => {
        if (oid === OID_INT8) return parseInt8;
        if (oid === OID_DATE) return keepText;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server connection must not crash the process; the pool replaces it.
  pool.on("error", (err) => onPoolError?.(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return makeHandle(db, "postgres", connectionString);
}

function makeHandle(db: Kysely<Database>, kind: DatabaseHandle["kind"], url?: string): DatabaseHandle {
  let closed: Promise<void> | undefined;
  return {
    db,
    kind,
    ...(url ? { url } : {}),
    async ping() {
      try {
        const r = await sql<{ one: number }>`select 1 as one`.execute(db);
        return r.rows[0]?.one === 1;
      } catch {
        return false;
      }
    },
    close() {
      closed ??= db.destroy();
      return closed;
    },
  };
}
