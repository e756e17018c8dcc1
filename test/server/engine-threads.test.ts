import http from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, exited, freePort, getStatus, ROOT, startProcess, MAIN_JS, until, type Started } from "../helpers/built-service.js";

/**
 * Issue 22 item 3: the long engine calls (a year of festivals and vratas, a year's panchanga
 * search, KP scans) run on engine threads (ENGINE_THREADS, src/engine-pool), so the event loop
 * answers /health while they run; their answers are the ones the event loop computes itself
 * (ENGINE_THREADS=0). On the built service: the thread script is compiled code.
 */
const ADMIN_KEY = "admin-key-for-the-engine-thread-test-0123456789";

interface Service { readonly port: number; readonly svc: Started; readonly dir: string; key?: string }
const services: Service[] = [];

function call(port: number, method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: "127.0.0.1", port, method, path: p, agent: false,
      headers: { ...(data ? { "content-type": "application/json", "content-length": Buffer.byteLength(data) } : {}), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(data);
  });
}

async function start(engineThreads: string): Promise<Service> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "vas-engine-threads-"));
  const svc = startProcess(process.execPath, [MAIN_JS], {
    PORT: String(port), HOST: "127.0.0.1", ADMIN_KEY, DATA_DIR: dir, WORKERS: "1", ENGINE_THREADS: engineThreads,
    REGISTER_LIMIT_PER_HOUR: "0", LOG_LEVEL: "warn", REQUEST_WORK_BUDGET: "5000000", MAX_REQUEST_CREDITS: "1000",
  });
  const s: Service = { port, svc, dir };
  services.push(s);
  await until("the service to listen", 180_000, async () => ((await getStatus(port, "/health")) === 200 ? true : undefined));
  const reg = JSON.parse((await call(port, "POST", "/register", {})).text) as { api_key: string; account_id: string };
  const grant = await call(port, "POST", "/admin/grant-credits", { account_id: reg.account_id, credits: 10_000, reason: "engine threads" }, { "x-admin-key": ADMIN_KEY });
  expect(grant.status).toBe(200);
  s.key = reg.api_key;
  return s;
}

const gql = (s: Service, query: string) => call(s.port, "POST", "/graphql", { query }, { "x-api-key": s.key! });

async function metric(s: Service, name: string): Promise<number> {
  const text = (await call(s.port, "GET", "/metrics", undefined, { accept: "text/plain" })).text;
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? NaN);
}

let threaded: Service;
let inLoop: Service;

beforeAll(async () => {
  ensureBuilt();
  [threaded, inLoop] = await Promise.all([start("1"), start("0")]);
}, 300_000);

afterAll(async () => {
  for (const s of services) {
    if (s.svc.child.exitCode === null) s.svc.child.kill("SIGKILL");
    rmSync(s.dir, { recursive: true, force: true });
  }
});

const ENTRY = "name key kind region date endDate rule choice note instant tithi { number name paksha start end } masa { amanta purnimanta adhika } muhurta { start end } parana { date start end startRule endRule hariVasaraEnd dwadashiEnd }";
/** Every engine task, with every field of its answer that the task computes. */
const HEAVY = `{
  c: calendar(year: 2024, latitude: 13.08, longitude: 80.27) { timeZone festivals(region: "all") { ${ENTRY} } vratas { ${ENTRY} } monthVratas(month: 3) { name date } }
  d: calendar(year: 2025, latitude: 40.71, longitude: -74.0, tz: "-05:00") { festivals { ${ENTRY} } }
  s: panchangaSearch(after: "2024-01-01T00:00:00+05:30", latitude: 28.6, longitude: 77.2, criteria: { tithi: "Ekadashi" }, maxDays: 365, maxResults: 20) {
    searchedFrom searchedTo matchRule count matches { datetime sunrise moonrise vara { name } tithi { name end } nakshatra { name end } }
  }
  k: kpSubLordChanges(planet: MOON, start: "2024-03-01T00:00:00+05:30", end: "2024-03-11T00:00:00+05:30") { subLordChanges { datetime julianDayUt longitude fromSubLord toSubLord fromStarLord toStarLord speed } }
  i: kpIngresses(planet: MARS, start: "2024-01-01T00:00:00Z", end: "2024-12-31T00:00:00Z") { ingresses { datetime fromSign toSign speed retrograde } }
}`;

describe("engine threads (ENGINE_THREADS)", () => {
  it("answer the heavy calls exactly as the event loop does (ENGINE_THREADS=1 vs 0), and they ran on the thread", async () => {
    const before = await metric(threaded, "engine_thread_tasks_completed");
    const [a, b] = await Promise.all([gql(threaded, HEAVY), gql(inLoop, HEAVY)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const da = (JSON.parse(a.text) as { data: Record<string, unknown>; errors?: unknown }), db = JSON.parse(b.text) as typeof da;
    expect(da.errors).toBeUndefined();
    expect((da.data.s as { count: number }).count).toBe(20);
    expect(((da.data.c as { festivals: unknown[] }).festivals).length).toBeGreaterThan(50);
    expect(da.data).toEqual(db.data);
    // Festivals ×2, vratas, monthVratas, search, two scans: seven tasks answered by the thread.
    expect(await metric(threaded, "engine_thread_tasks_completed")).toBe(before + 7);
    expect(await metric(threaded, "engine_threads")).toBe(1);
    expect(await metric(inLoop, "engine_thread_tasks_completed")).toBe(0);
  }, 300_000);

  it("the event loop answers /health and /metrics while a heavy request runs on the thread", async () => {
    // Five years of festivals not asked before (the thread's year cache is cold): seconds of work.
    const query = `{ ${[0, 1, 2, 3, 4].map((i) => `y${i}: calendar(year: ${2041 + i}, latitude: 28.6, longitude: 77.2) { festivals { name date } }`).join(" ")} }`;
    let settled = false;
    const heavy = gql(threaded, query).finally(() => (settled = true));
    // The loop reports a task outstanding on the thread: it is serving while the task runs.
    await until("a task running on the engine thread", 60_000, async () => ((await metric(threaded, "engine_thread_tasks_running")) >= 1 ? true : undefined));
    expect(await getStatus(threaded.port, "/health")).toBe(200);
    expect(await metric(threaded, "engine_thread_tasks_running")).toBeGreaterThanOrEqual(1);
    expect(settled).toBe(false);
    const answer = await heavy;
    expect(answer.status).toBe(200);
    expect(Object.keys((JSON.parse(answer.text) as { data: object }).data)).toHaveLength(5);
    expect(await metric(threaded, "engine_thread_tasks_running")).toBe(0);
  }, 300_000);

  it("SIGTERM: the service drains, terminates its engine threads and exits 0", async () => {
    threaded.svc.child.kill("SIGTERM");
    expect(await exited(threaded.svc.child, 60_000)).toEqual({ code: 0, signal: null });
    expect(threaded.svc.stderr()).not.toMatch(/engine thread died/);
  }, 120_000);
});

describe("the engine pool module (compiled)", () => {
  it("keeps an EngineInputError's class and field across the thread, and refuses tasks once closed", async () => {
    const { createEnginePool } = (await import(path.join(ROOT, "dist/src/engine-pool/engine-pool.js"))) as typeof import("../../src/engine-pool/engine-pool.js");
    const { EngineInputError } = (await import(path.join(ROOT, "dist/src/engine/errors.js"))) as typeof import("../../src/engine/errors.js");
    const pool = createEnginePool({ threads: 1 });
    expect(pool.threads).toBe(1);
    const after = { jdUt: 2460310.5, jdTt: 2460310.5008, unixMs: 1_704_067_200_000 };
    const conv = { ayanamsha: "lahiri", node: "mean", sunrise: "upper_limb", month: "amanta" } as const;
    const err = await pool.run("panchangaSearch", { place: { latDeg: 28.6, lonDeg: 77.2 }, after, criteria: { tithi: "Nope" }, conv }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineInputError);
    expect((err as InstanceType<typeof EngineInputError>).field).toBe("criteria.tithi");
    await pool.close();
    await expect(pool.run("subLordChanges", { graha: "sun", startJdUt: 2460310.5, endJdUt: 2460311.5, conv })).rejects.toThrow(/closed/);
  }, 120_000);

  it("gives the personal events' world scan (Map included) exactly as the calling thread computes it", async () => {
    const { createEnginePool } = (await import(path.join(ROOT, "dist/src/engine-pool/engine-pool.js"))) as typeof import("../../src/engine-pool/engine-pool.js");
    const { worldScan } = (await import(path.join(ROOT, "dist/src/engine/events/personal-events.js"))) as typeof import("../../src/engine/events/personal-events.js");
    const pool = createEnginePool({ threads: 1 });
    const fromMs = Date.UTC(2026, 10, 1), toMs = Date.UTC(2026, 11, 11);
    const threaded = await pool.run("worldScan", { fromMs, toMs, ayanamsha: "lahiri" });
    await pool.close();
    const here = worldScan(fromMs, toMs, "lahiri");
    expect(threaded).toEqual(here);
    expect(threaded.passages).toBeInstanceOf(Map);
    expect(threaded.moonNakshatras.length).toBeGreaterThan(40);
    expect(threaded.tithis.length).toBeGreaterThan(60);
  }, 120_000);

  it("replaces a thread that cannot start after a growing pause, answering its tasks in the calling thread meanwhile", async () => {
    const { createEnginePool, RESPAWN_PAUSE_MS } = (await import(path.join(ROOT, "dist/src/engine-pool/engine-pool.js"))) as typeof import("../../src/engine-pool/engine-pool.js");
    const { subLordChanges } = (await import(path.join(ROOT, "dist/src/engine/kp/sublord-changes.js"))) as typeof import("../../src/engine/kp/sublord-changes.js");
    const dir = mkdtempSync(path.join(os.tmpdir(), "vas-broken-thread-"));
    const script = path.join(dir, "broken-thread.mjs");
    writeFileSync(script, `throw new Error("this engine thread cannot start");\n`);
    let deaths = 0;
    const pool = createEnginePool({ threads: 1, script: pathToFileURL(script), onThreadError: () => { deaths += 1; } });
    const conv = { ayanamsha: "lahiri", node: "mean", sunrise: "upper_limb", month: "amanta" } as const;
    const input = { graha: "sun", startJdUt: 2460310.5, endJdUt: 2460340.5, conv } as const;
    // The task sent to the starting thread fails with it (like any thread death) …
    await expect(pool.run("subLordChanges", input)).rejects.toThrow(/cannot start/);
    // … the next ones are answered here while the thread waits to be replaced, exactly as a thread would.
    expect(await pool.run("subLordChanges", input)).toEqual(subLordChanges("sun", 2460310.5, 2460340.5, conv));
    // Restarted in a loop it died hundreds of times a second; now after 0.25 s, 0.5 s, 1 s …
    await new Promise((r) => setTimeout(r, 1_200));
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
    expect(RESPAWN_PAUSE_MS.first).toBe(250);
    expect(deaths).toBeGreaterThanOrEqual(2);
    expect(deaths).toBeLessThanOrEqual(4);
  }, 120_000);

  it("runs its thread nicer than the event loop (Linux: the thread's own nice value, +10)", async () => {
    const { createEnginePool } = (await import(path.join(ROOT, "dist/src/engine-pool/engine-pool.js"))) as typeof import("../../src/engine-pool/engine-pool.js");
    // Nice values of this process's threads, from /proc/self/task/<tid>/stat (field 19).
    const niceOfThreads = () => readdirSync("/proc/self/task").map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    });
    const base = os.getPriority();
    const before = niceOfThreads();
    const pool = createEnginePool({ threads: 1 });
    const conv = { ayanamsha: "lahiri", node: "mean", sunrise: "upper_limb", month: "amanta" } as const;
    // A task answered: the thread has started and reniced itself.
    await pool.run("subLordChanges", { graha: "sun", startJdUt: 2460310.5, endJdUt: 2460311.5, conv });
    const after = niceOfThreads();
    await pool.close();
    const niced = Math.min(19, base + 10);
    expect(before.filter((n) => n === niced)).toHaveLength(0);
    expect(after.filter((n) => n === niced)).toHaveLength(1);
    expect(niceOfThreads()[0]).toBe(base); // the process's main thread keeps its priority
  }, 120_000);

  it("starts its thread with the first task: a process that never runs one carries none", async () => {
    const { createEnginePool } = (await import(path.join(ROOT, "dist/src/engine-pool/engine-pool.js"))) as typeof import("../../src/engine-pool/engine-pool.js");
    const nicedThreads = () => readdirSync("/proc/self/task").filter((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]) === Math.min(19, os.getPriority() + 10);
    }).length;
    const pool = createEnginePool({ threads: 1 });
    // Long enough for a thread started with the pool to load and renice itself (the next test's thread does within a task).
    await new Promise((r) => setTimeout(r, 500));
    expect(pool.stats()).toMatchObject({ threads: 1, started: 0 });
    expect(nicedThreads()).toBe(0);
    const conv = { ayanamsha: "lahiri", node: "mean", sunrise: "upper_limb", month: "amanta" } as const;
    await pool.run("subLordChanges", { graha: "sun", startJdUt: 2460310.5, endJdUt: 2460311.5, conv });
    expect(pool.stats()).toMatchObject({ threads: 1, started: 1, completed: 1 });
    expect(nicedThreads()).toBe(1);
    await pool.close();
  }, 120_000);

  it("from the TypeScript sources (no compiled thread script) runs the tasks in the calling thread", async () => {
    const { createEnginePool } = await import("../../src/engine-pool/engine-pool.js");
    const pool = createEnginePool({ threads: 2 });
    expect(pool.threads).toBe(0);
    await pool.close();
  });
});
