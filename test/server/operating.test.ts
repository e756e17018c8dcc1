/**
 * Operating the built service as an operator does: `npm start` under a process manager that
 * signals npm, and the start-up failures an operator meets (busy port, bad HOST, unwritable
 * DATA_DIR), each one line naming the variable and a non-zero exit. Real child processes.
 */
import { mkdtempSync, readFileSync, writeFileSync, chmodSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAIN_JS, ROOT, alive, childPids, ensureBuilt, exited, freePort, getStatus, startProcess, until, type Started,
} from "../helpers/built-service.js";

const started: Started[] = [];
/** Server processes found under npm: if a run fails they may outlive npm, and must not go on serving. */
const servers: number[] = [];
const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vas-operating-"));
  dirs.push(dir);
  return dir;
};

/**
 * Whether any user may pass through every directory down to `dir`: uid 65534 must reach the
 * build, which it cannot in a checkout under a 0700 directory (e.g. one made by `mktemp -d`).
 */
const othersCanEnter = (dir: string): boolean => {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (path.dirname(d) === d) return true;
  }
};

beforeAll(() => ensureBuilt(), 240_000);
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
  for (const pid of servers) if (alive(pid)) process.kill(pid, "SIGKILL");
  for (const dir of dirs) {
    try {
      chmodSync(dir, 0o700); // a test makes one unwritable
    } catch { /* already gone */ }
    rmSync(dir, { recursive: true, force: true });
  }
});

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();

/** The service's start-up failure: exit code and the lines it wrote to stderr (npm's own warnings aside). */
async function failedStart(env: Record<string, string>, extra = {}): Promise<{ code: number | null; lines: string[]; ms: number }> {
  const t0 = Date.now();
  const s = startProcess(process.execPath, [MAIN_JS], { HOST: "127.0.0.1", ...env }, extra);
  started.push(s);
  const { code } = await exited(s.child, 45_000);
  return { code, lines: s.stderr().split("\n").filter((l) => l.trim() !== ""), ms: Date.now() - t0 };
}

describe("npm start under a process manager", () => {
  it("SIGTERM sent to npm reaches the node server, which drains and exits; nothing is left serving", async () => {
    const port = await freePort();
    // --ignore-scripts skips prestart (the build, done in beforeAll) and runs the start script itself.
    const npm = startProcess("npm", ["start", "--ignore-scripts"], { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: tmp() });
    started.push(npm);
    await until(`/health (stderr: ${npm.stderr()})`, 90_000, async () => ((await getStatus(port, "/health")) === 200 ? true : undefined));

    // npm's child is the server itself (the script execs node), not a shell that would swallow the signal.
    const [server] = childPids(npm.child.pid!);
    expect(server).toBeDefined();
    servers.push(server!);
    expect(cmdline(server!)).toMatch(/node .*dist\/src\/server\/main\.js/);

    npm.child.kill("SIGTERM");
    await exited(npm.child, 30_000);
    await until("the server process to end", 15_000, () => (alive(server!) ? undefined : true));
    expect(await getStatus(port, "/health")).toBe(0);
    expect(npm.stdout()).toContain("shutting down: draining in-flight requests");
    expect(npm.stdout()).toContain('"msg":"stopped"');
  }, 150_000);
});

describe("start-up failures: one line naming the variable, exit non-zero", () => {
  it("a busy port names PORT, with no stack trace", async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((r) => blocker.listen(0, "127.0.0.1", () => r((blocker.address() as net.AddressInfo).port)));
    try {
      const { code, lines } = await failedStart({ PORT: String(port), DATA_DIR: tmp() });
      expect(code).not.toBe(0);
      expect(lines).toEqual([`configuration error: PORT ${port} is already in use on HOST 127.0.0.1: stop the other server or choose another PORT`]);
    } finally {
      blocker.close();
    }
  }, 60_000);

  it("in cluster mode (WORKERS=2) too, a busy port is one line naming PORT, before any worker starts", async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((r) => blocker.listen(0, "127.0.0.1", () => r((blocker.address() as net.AddressInfo).port)));
    try {
      // The database is never reached: the port is checked first.
      const { code, lines } = await failedStart({ PORT: String(port), WORKERS: "2", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
      expect(code).not.toBe(0);
      expect(lines).toEqual([`configuration error: PORT ${port} is already in use on HOST 127.0.0.1: stop the other server or choose another PORT`]);
    } finally {
      blocker.close();
    }
  }, 60_000);

  it("a HOST that is not an address of this machine names HOST, with no stack trace", async () => {
    // 2001:db8::/32 is the documentation prefix: an IP literal (no DNS) that no interface here has.
    const { code, lines } = await failedStart({ PORT: String(await freePort()), HOST: "2001:db8::1", DATA_DIR: tmp() });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^configuration error: HOST must be an address of this machine to listen on, got "2001:db8::1" \(EADDRNOTAVAIL\)$/);
  }, 60_000);

  it("a DATA_DIR that cannot be a directory names DATA_DIR at once", async () => {
    const file = path.join(tmp(), "a-file");
    writeFileSync(file, "");
    const { code, lines, ms } = await failedStart({ PORT: String(await freePort()), DATA_DIR: path.join(file, "data") });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^configuration error: DATA_DIR must be a writable directory, got ".*a-file\/data" \(ENOTDIR\)$/);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);

  // The case an operator meets: a directory owned by someone else. Root writes anywhere, so as root
  // the service runs as nobody (65534), which can read the build but not write the directory
  // (skipped where nobody cannot reach the checkout at all).
  it.runIf(process.getuid?.() === 0 && othersCanEnter(ROOT))("a DATA_DIR this user may not write names DATA_DIR at once (as uid 65534)", async () => {
    const dir = tmp();
    chmodSync(dir, 0o755);
    const { code, lines, ms } = await failedStart({ PORT: String(await freePort()), DATA_DIR: dir }, { uid: 65534, gid: 65534, cwd: ROOT });
    expect(code).not.toBe(0);
    expect(lines).toEqual([`configuration error: DATA_DIR must be a writable directory, got ${JSON.stringify(dir)} (EACCES)`]);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);
});
