import { mkdir, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { ConfigError, type Config } from "./config.js";

/** How long the start waits for DATABASE_URL's server to answer before naming the variable. */
const DATABASE_PROBE_TIMEOUT_MS = 10_000;

/** The URL as an operator may read it in a log: the password, if any, replaced by ***. */
export function withoutPassword(databaseUrl: string): string {
  try {
    const u = new URL(databaseUrl);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/**
 * DATABASE_URL must reach a PostgreSQL database this process may use: otherwise the first query
 * (the migrations) fails with a driver stack trace that names no variable. One connection and
 * `select 1`, within 10 s; a refusal becomes one line naming DATABASE_URL and the reason — no
 * server at that address (ECONNREFUSED), unknown host, no such database (3D000), a refused login
 * (28P01, 28000), a timeout.
 */
export async function checkDatabaseReachable(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: DATABASE_PROBE_TIMEOUT_MS });
  client.on("error", () => undefined); // a connection lost after the probe is not this check's business
  try {
    await client.connect();
    await client.query("select 1");
  } catch (err) {
    throw new ConfigError(`DATABASE_URL must reach a PostgreSQL database, got ${JSON.stringify(withoutPassword(databaseUrl))} (${databaseRefusal(err)})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function databaseRefusal(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === "string" ? e.code : undefined;
  const message = typeof e?.message === "string" ? e.message.split("\n")[0]! : String(err);
  switch (code) {
    case "ECONNREFUSED": return "ECONNREFUSED: no server listens at that host and port";
    case "ENOTFOUND": case "EAI_AGAIN": return `${code}: unknown host`;
    case "ETIMEDOUT": return "ETIMEDOUT: no answer";
    default:
      if (/timeout/i.test(message)) return `no answer within ${DATABASE_PROBE_TIMEOUT_MS / 1000} s`;
      return code ? `${code}: ${message}` : message;
  }
}

/**
 * DATA_DIR must be a directory this process can write: the embedded PGlite otherwise waits ~30 s
 * and fails without naming the directory. Probed by creating and removing one file.
 */
export async function checkDataDirWritable(dataDir: string): Promise<void> {
  const probe = path.join(path.resolve(dataDir), `.write-probe-${process.pid}`);
  try {
    await mkdir(path.resolve(dataDir), { recursive: true });
    await writeFile(probe, "");
    await rm(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    throw new ConfigError(`DATA_DIR must be a writable directory, got ${JSON.stringify(dataDir)} (${code})`);
  }
}

/** A listen failure as the one line an operator reads, naming the variable to change. */
export function listenError(err: unknown, config: Pick<Config, "host">, port: number): Error {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case "EADDRINUSE":
      return new ConfigError(`PORT ${port} is already in use on HOST ${config.host}: stop the other server or choose another PORT`);
    case "EACCES":
      return new ConfigError(`PORT ${port} needs privileges this process lacks (EACCES): choose a PORT above 1023`);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
    case "EAFNOSUPPORT":
    case "EINVAL":
      return new ConfigError(`HOST must be an address of this machine to listen on, got ${JSON.stringify(config.host)} (${code})`);
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * Bind HOST:PORT once and release it before the slow start (database, migrations, schema), so a
 * busy port or a foreign HOST fails in a moment rather than after them. The real listen still
 * reports a port taken in between.
 */
export async function checkListenable(config: Pick<Config, "host">, port: number): Promise<void> {
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once("error", reject);
      probe.listen({ port, host: config.host, exclusive: true }, () => resolve());
    });
  } catch (err) {
    throw listenError(err, config, port);
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
