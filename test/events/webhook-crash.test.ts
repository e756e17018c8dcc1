/**
 * At-least-once across crashes, with the built service as a real child process: deliveries are
 * in flight to a local HTTPS receiver (it holds the answers) when the service is killed with
 * SIGKILL; after a restart on the same database every delivery arrives, none is lost, and a
 * repeated one carries the same webhook-id. The receiver's self-signed certificate is trusted
 * by the child through NODE_EXTRA_CA_CERTS, its loopback address through the test-only
 * WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIN_JS, ensureBuilt, exited, freePort, getStatus, startProcess, until, type Started } from "../helpers/built-service.js";
import { makeTestCertificate, startReceiver, type Receiver, type TestCertificate } from "../helpers/https-receiver.js";
import { openTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const ADMIN_KEY = "admin-key-for-crash-test-0123456";
const started: Started[] = [];
let cert: TestCertificate;
let receiver: Receiver;
let dataDir: string;
let pg: TestDatabase | undefined;

beforeAll(async () => {
  ensureBuilt();
  cert = makeTestCertificate();
  receiver = await startReceiver(cert);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "vas-crash-"));
  // On PostgreSQL the child gets a private database of its own; otherwise PGlite in DATA_DIR.
  if (process.env.DATABASE_URL) pg = await openTestDatabase();
}, 240_000);

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
  await receiver?.close();
  cert?.dispose();
  await pg?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startService(port: number): Promise<Started> {
  const s = startProcess(process.execPath, [MAIN_JS], {
    PORT: String(port), HOST: "127.0.0.1", WORKERS: "1", ADMIN_KEY, LOG_LEVEL: "warn",
    ...(pg?.url ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir }),
    NODE_EXTRA_CA_CERTS: cert.certFile, WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS: "true",
    // Two attempts in flight at a time; a claim's lease is the time limit + 5 s.
    WEBHOOK_DELIVERY_CONCURRENCY: "2", WEBHOOK_TIMEOUT_MS: "2000", WEBHOOK_POLL_MS: "100",
  });
  started.push(s);
  await until(`/health (stderr: ${s.stderr()})`, 90_000, async () => ((await getStatus(port, "/health")) === 200 ? true : undefined));
  return s;
}

async function post(port: number, p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
}

describe("kill -9 mid-delivery, restart", () => {
  it("delivers every queued delivery after the restart; a repeat carries the same webhook-id", async () => {
    const port = await freePort();
    const first = await startService(port);
    const key = (await post(port, "/register", {})).json.api_key as string;
    await post(port, "/admin/grant-credits", { api_key: key, credits: 100, reason: "crash test" }, { "x-admin-key": ADMIN_KEY });
    const N = 5;
    for (let i = 0; i < N; i++) {
      const s = await post(port, "/webhooks/subscribe", { url: `${receiver.url}/s${i}`, events: ["sankranti"] }, { "x-api-key": key });
      expect(s.status).toBe(200);
    }
    receiver.answer = () => "hold";
    const r = await post(port, "/admin/check-events", { events: [{ type: "sankranti", data: { rashi: "mesha" } }] }, { "x-admin-key": ADMIN_KEY });
    expect(r.json.deliveries_queued).toBe(N);

    // Two attempts are now held open by the receiver: the service dies in the middle of them.
    await until("two deliveries in flight", 30_000, () => (receiver.requests.length >= 2 ? true : undefined));
    first.child.kill("SIGKILL");
    await exited(first.child, 15_000);
    const before = receiver.requests.map((q) => ({ path: q.path, id: q.headers["webhook-id"]! }));
    expect(before.length).toBeLessThan(N);
    receiver.answer = () => 200;
    receiver.release(200);

    await startService(port);
    await until("every subscription answered after the restart", 60_000, () => {
      const paths = new Set(receiver.requests.slice(before.length).map((q) => q.path));
      return paths.size === N ? true : undefined;
    });
    const list = await until("all delivered", 15_000, async () => {
      const res = await fetch(`http://127.0.0.1:${port}/webhooks`, { headers: { "x-api-key": key } });
      const l = ((await res.json()) as any).subscriptions as any[];
      return l.every((s) => s.delivered_count === 1 && s.pending_count === 0) ? l : undefined;
    });
    expect(list).toHaveLength(N);

    // Every subscription's requests carry one webhook-id; the ones cut off by the crash came again with theirs.
    const idsByPath = new Map<string, Set<string>>();
    for (const q of receiver.requests) idsByPath.set(q.path, (idsByPath.get(q.path) ?? new Set()).add(q.headers["webhook-id"]!));
    expect(idsByPath.size).toBe(N);
    for (const ids of idsByPath.values()) expect(ids.size).toBe(1);
    for (const b of before) expect(receiver.requests.slice(before.length).some((q) => q.path === b.path && q.headers["webhook-id"] === b.id)).toBe(true);
  }, 240_000);
});
