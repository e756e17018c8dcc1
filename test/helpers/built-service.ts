/**
 * The built service (dist/) run as real child processes: `npm start` and `node main.js` as an
 * operator runs them. Builds dist/ when it is missing or older than the sources.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const MAIN_JS = path.join(ROOT, "dist/src/server/main.js");

function newestSourceMs(dirs: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".ts")) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) walk(path.join(ROOT, d));
  return newest;
}

const BUILD_LOCK = path.join(ROOT, "dist.build-lock");
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function builtIsFresh(): boolean {
  try {
    return statSync(MAIN_JS).mtimeMs >= newestSourceMs(["src", "db"]);
  } catch {
    return false;
  }
}

/**
 * tsc -p tsconfig.build.json unless dist/ is newer than every source file. Test files run in
 * parallel: one builds at a time (a lock directory, created atomically), the others wait for it
 * and then find dist/ fresh; a lock left by a killed run is taken over after 5 minutes.
 */
export function ensureBuilt(): void {
  if (builtIsFresh()) return;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      try {
        if (Date.now() - statSync(BUILD_LOCK).mtimeMs > 300_000) rmSync(BUILD_LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile: try again.
      }
      sleepSync(250);
    }
  }
  try {
    if (!builtIsFresh()) execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: ROOT });
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function getStatus(port: number, pathname: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: pathname, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    // A connection the cluster primary hands to a worker at the moment it dies is never answered (node:cluster round-robin).
    req.setTimeout(3000, () => req.destroy());
  });
}

export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Child process ids of a process (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function exited(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
    const timer = setTimeout(() => reject(new Error("the process did not exit in time")), timeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

export interface Started {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
}

/** Spawn with a minimal environment (PATH, HOME) plus `env`; output collected. */
export function startProcess(command: string, args: string[], env: Record<string, string>, extra: SpawnOptions = {}): Started {
  let stdout = "";
  let stderr = "";
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...extra,
  });
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  return { child, stdout: () => stdout, stderr: () => stderr };
}
