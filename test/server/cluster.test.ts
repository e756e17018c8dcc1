/**
 * Cluster mode of the built service (dist/src/server/main.js; built here when missing or older
 * than the sources): WORKERS=2 on a fresh PostgreSQL database answers /health from two workers,
 * replaces a killed worker, and on SIGTERM drains and exits 0 leaving no process behind; a
 * worker that cannot listen stops the cluster with exit 1; WORKERS > 1 without DATABASE_URL is a
 * one-line configuration error. Skipped when no PostgreSQL is reachable (DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerCount } from "../../src/server/cluster.js";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { alive, childPids, ensureBuilt, exited, freePort, getStatus, MAIN_JS, until } from "../helpers/built-service.js";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

describe("WORKERS configuration", () => {
  it("defaults to 1 with PGlite and to the CPU count with PostgreSQL", () => {
    expect(workerCount(loadConfig({}))).toBe(1);
    expect(workerCount(loadConfig({ DATABASE_URL: "postgres://u@h/db" }))).toBeGreaterThanOrEqual(1);
    expect(workerCount(loadConfig({ DATABASE_URL: "postgres://u@h/db", WORKERS: "3" }))).toBe(3);
    expect(workerCount(loadConfig({ WORKERS: "1" }))).toBe(1);
  });

  it("refuses a bad value, and more than one worker on the embedded PGlite", () => {
    expect(() => loadConfig({ WORKERS: "0" })).toThrow(/WORKERS must be an integer 1–64/);
    expect(() => loadConfig({ WORKERS: "two" })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: "2" })).toThrow(/WORKERS must be 1 without DATABASE_URL/);
  });
});

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function postgresReachable(): Promise<boolean> {
  return adminQuery(ADMIN_URL, "select 1").then(() => true, () => false);
}

function startService(env: Record<string, string>): { child: ChildProcess; stderr: () => string; stdout: () => string } {
  let stderr = "";
  let stdout = "";
  const child = spawn(process.execPath, [MAIN_JS], {
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", LOG_LEVEL: "info", SHUTDOWN_GRACE_MS: "2000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  return { child, stderr: () => stderr, stdout: () => stdout };
}

/** Workers that logged their start line (each process logs "vedic-astro-service listening on …" once). */
const listeningLines = (stdout: string) => stdout.split("\n").filter((l) => l.includes("vedic-astro-service listening on")).length;

const pgUp = await postgresReachable();

beforeAll(() => ensureBuilt(), 240_000);

describe.skipIf(!pgUp)("cluster mode of the built service (PostgreSQL)", () => {
  const dbName = `vas_cluster_${randomBytes(4).toString("hex")}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    await adminQuery(ADMIN_URL, `create database ${dbName}`);
  });

  afterAll(async () => {
    for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await adminQuery(ADMIN_URL, `drop database if exists ${dbName} with (force)`);
  });

  it("WORKERS=2: two workers answer /health, a killed worker is replaced, SIGTERM exits 0 with no orphans", async () => {
    const port = await freePort();
    const svc = startService({ PORT: String(port), DATABASE_URL: dbUrl.toString(), WORKERS: "2" });
    started.push(svc.child);
    const primary = svc.child.pid!;

    await until(`/health (stderr: ${svc.stderr()})`, 60_000, async () => ((await getStatus(port, "/health")) === 200 ? true : undefined));
    await until("both workers to listen", 60_000, () => (listeningLines(svc.stdout()) === 2 ? true : undefined));
    const workers = childPids(primary);
    expect(workers).toHaveLength(2);

    // The primary migrated once; the workers did not try again (they would find nothing to do, but would race).
    const client = new pg.Client({ connectionString: dbUrl.toString() });
    await client.connect();
    const migrations = await client.query("select name from kysely_migration order by name");
    await client.end();
    expect(migrations.rows.map((r: { name: string }) => r.name)).toContain("0003-charge-request-async-commit");

    // Both workers serve: 20 fresh connections, each answered (the primary hands them out round-robin).
    const statuses = await Promise.all(Array.from({ length: 20 }, () => getStatus(port, "/health")));
    expect(statuses.every((s) => s === 200)).toBe(true);

    // A worker that dies is replaced (after the crash-loop delay), and the service keeps answering meanwhile.
    process.kill(workers[0]!, "SIGKILL");
    await until("an answer after the kill", 15_000, async () => ((await getStatus(port, "/health")) === 200 ? true : undefined));
    const replaced = await until("a replacement worker", 30_000, () => {
      const now = childPids(primary);
      return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
    });
    await until("the replacement to listen", 30_000, () => (listeningLines(svc.stdout()) === 3 ? true : undefined));
    expect(await getStatus(port, "/health")).toBe(200);

    svc.child.kill("SIGTERM");
    const { code, signal } = await exited(svc.child, 30_000);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    for (const pid of replaced) expect(alive(pid)).toBe(false);
    expect(svc.stderr()).not.toMatch(/failed|error/i);
    expect(svc.stdout()).toMatch(/cluster primary \d+: starting 2 workers/);
    expect(svc.stdout()).toMatch(/worker died; starting a new one/);
  }, 120_000);

  it("a worker that cannot listen stops the cluster with exit 1", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const svc = startService({ PORT: String(port), DATABASE_URL: dbUrl.toString(), WORKERS: "2" });
      started.push(svc.child);
      const { code } = await exited(svc.child, 60_000);
      expect(code).toBe(1);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  }, 90_000);
});

describe("cluster mode without PostgreSQL", () => {
  it("WORKERS=2 without DATABASE_URL prints one configuration line and exits 1", async () => {
    const svc = startService({ PORT: "1", WORKERS: "2" });
    const { code } = await exited(svc.child, 30_000);
    expect(code).toBe(1);
    expect(svc.stderr().trim()).toBe(
      "configuration error: WORKERS must be 1 without DATABASE_URL (the embedded PGlite serves one process), got 2",
    );
  }, 40_000);
});
