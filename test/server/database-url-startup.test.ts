/**
 * Issue 23 item 6: a DATABASE_URL the service cannot use stops the start with ONE line naming the
 * variable (docs/operations.md), not a driver stack trace: a closed port, and a server that has no
 * such database. The built service as real child processes, single process and cluster primary.
 */
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIN_JS, ROOT, ensureBuilt, exited, freePort, startProcess, type Started } from "../helpers/built-service.js";

const started: Started[] = [];
let fakeServer: net.Server;
let fakePort: number;

/**
 * A PostgreSQL server as far as a refused startup goes: it answers any startup message with the
 * ErrorResponse a real server gives for an unknown database (SQLSTATE 3D000, protocol 3.0 §55.7).
 */
function startNoSuchDatabaseServer(): Promise<number> {
  fakeServer = net.createServer((socket) => {
    socket.once("data", (chunk) => {
      // An SSLRequest (code 80877103) is answered "N" (no TLS); the startup message follows.
      if (chunk.length === 8 && chunk.readInt32BE(4) === 80877103) {
        socket.write("N");
        socket.once("data", () => refuse(socket));
        return;
      }
      refuse(socket);
    });
    socket.on("error", () => undefined);
  });
  return new Promise((resolve) => fakeServer.listen(0, "127.0.0.1", () => resolve((fakeServer.address() as net.AddressInfo).port)));
}

function refuse(socket: net.Socket): void {
  const fields = [["S", "FATAL"], ["V", "FATAL"], ["C", "3D000"], ["M", 'database "nowhere" does not exist']];
  const body = Buffer.concat([...fields.map(([k, v]) => Buffer.from(`${k}${v}\0`, "utf8")), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(body.length + 4, 1);
  socket.end(Buffer.concat([head, body]));
}

beforeAll(async () => {
  ensureBuilt();
  fakePort = await startNoSuchDatabaseServer();
}, 240_000);
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
  fakeServer?.close();
});

async function failedStart(env: Record<string, string>, script = MAIN_JS): Promise<{ code: number | null; lines: string[]; ms: number }> {
  const t0 = Date.now();
  const s = startProcess(process.execPath, [script], { HOST: "127.0.0.1", PORT: String(await freePort()), ...env });
  started.push(s);
  const { code } = await exited(s.child, 45_000);
  return { code, lines: s.stderr().split("\n").filter((l) => l.trim() !== ""), ms: Date.now() - t0 };
}

describe("a DATABASE_URL the service cannot use: one line naming DATABASE_URL, exit non-zero", () => {
  it.each(["1", "2"])("a closed port (WORKERS=%s)", async (workers) => {
    const closed = await freePort();
    const { code, lines, ms } = await failedStart({ WORKERS: workers, DATABASE_URL: `postgres://astro:s3cret@127.0.0.1:${closed}/astro` });
    expect(code).not.toBe(0);
    expect(lines).toEqual([
      `configuration error: DATABASE_URL must reach a PostgreSQL database, got "postgres://astro:***@127.0.0.1:${closed}/astro" ` +
        "(ECONNREFUSED: no server listens at that host and port)",
    ]);
    expect(ms).toBeLessThan(20_000);
  }, 60_000);

  it.each(["1", "2"])("a server without that database (WORKERS=%s)", async (workers) => {
    const { code, lines } = await failedStart({ WORKERS: workers, DATABASE_URL: `postgres://astro@127.0.0.1:${fakePort}/nowhere` });
    expect(code).not.toBe(0);
    expect(lines).toEqual([
      `configuration error: DATABASE_URL must reach a PostgreSQL database, got "postgres://astro@127.0.0.1:${fakePort}/nowhere" ` +
        '(3D000: database "nowhere" does not exist)',
    ]);
  }, 60_000);

  it("npm run migrate too (dist/src/server/migrate.js)", async () => {
    const closed = await freePort();
    const { code, lines } = await failedStart({ DATABASE_URL: `postgres://astro@127.0.0.1:${closed}/astro` }, path.join(ROOT, "dist/src/server/migrate.js"));
    expect(code).not.toBe(0);
    expect(lines).toEqual([
      `configuration error: DATABASE_URL must reach a PostgreSQL database, got "postgres://astro@127.0.0.1:${closed}/astro" ` +
        "(ECONNREFUSED: no server listens at that host and port)",
    ]);
  }, 60_000);

  // With a real PostgreSQL server at hand (DATABASE_URL set for the suite), a database name it has not got.
  it.runIf(process.env.DATABASE_URL !== undefined)("a real server without that database", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/no_such_db_${process.pid}`;
    const { code, lines } = await failedStart({ WORKERS: "1", DATABASE_URL: url.toString() });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^configuration error: DATABASE_URL must reach a PostgreSQL database, got ".*" \(3D000: database "no_such_db_\d+" does not exist\)$/);
  }, 60_000);
});
