/**
 * Webhook fan-out and delivery (issue 15 budgets): 10,000 subscriptions to one event → all
 * deliveries queued in ≤ 2 s; delivered to a local HTTPS receiver at ≥ 500/s. PGlite in memory
 * (or the PostgreSQL of BENCH_DATABASE_URL); the receiver is in this process, its self-signed
 * certificate (openssl) trusted through the worker's test-only CA option.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { createAccount } from "../src/accounts/accounts-repo.js";
import { startDeliveryWorker } from "../src/events/delivery-worker.js";
import { recordAndEmitSubmitted } from "../src/events/event-store.js";
import { createSender } from "../src/events/webhook-sender.js";
import { DEFAULT_WEBHOOK_SETTINGS } from "../src/events/webhook-settings.js";
import type { BenchResult } from "./run.js";

const SUBSCRIPTIONS = 10_000;

function certificate(): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vas-bench-cert-"));
  try {
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "k.pem"), "-out", path.join(dir, "c.pem"),
      "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
    ], { stdio: "ignore" });
    return { cert: readFileSync(path.join(dir, "c.pem"), "utf8"), key: readFileSync(path.join(dir, "k.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchResult[]> {
  const tls = certificate();
  let received = 0;
  let allIn: () => void = () => {};
  const done = new Promise<void>((r) => (allIn = r));
  const receiver = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(204).end();
      if (++received === SUBSCRIPTIONS) allIn();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { inMemory: true });
  const db = database.db;
  try {
    await migrateToLatest(db);
    const now = new Date();
    const account = await createAccount(db, { status: "anonymous", now });
    for (let i = 0; i < SUBSCRIPTIONS; i += 1000) {
      await db.insertInto("webhook_subscriptions").values(Array.from({ length: 1000 }, (_, j) => ({
        id: `sub_bench${String(i + j).padStart(16, "0")}`, account_id: account.id, url, events: ["ekadashi"],
        latitude: null, longitude: null, secret: "whsec_YmVuY2gtc2VjcmV0LWJlbmNoLXNlY3JldA==", disabled_reason: null,
        last_error: null, last_error_at: null, last_delivered_at: null, created_at: now,
      }))).execute();
    }

    const q0 = performance.now();
    const [emitted] = await recordAndEmitSubmitted(db, [{ type: "ekadashi", data: { paksha: "shukla" } }], new Date());
    const queueMs = performance.now() - q0;
    if (emitted?.queued !== SUBSCRIPTIONS) throw new Error(`queued ${emitted?.queued}, expected ${SUBSCRIPTIONS}`);

    const settings = { ...DEFAULT_WEBHOOK_SETTINGS, pollMs: 50, allowPrivateTargets: true, testTrustedCa: tls.cert };
    const d0 = performance.now();
    const worker = startDeliveryWorker({
      db, settings, clock: () => new Date(),
      sender: createSender({ timeoutMs: settings.timeoutMs, allowPrivate: true, maxSockets: settings.concurrency, testTrustedCa: tls.cert }),
    });
    await done;
    // Delivered = the outcome recorded, not only the POST received.
    for (;;) {
      const { n } = await db.selectFrom("webhook_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "delivered").executeTakeFirstOrThrow();
      if (Number(n) === SUBSCRIPTIONS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const deliverS = (performance.now() - d0) / 1000;
    await worker.stop();
    const load = os.loadavg().map((l) => l.toFixed(2)).join(" ");
    return [
      {
        name: `one event → ${SUBSCRIPTIONS.toLocaleString("en")} deliveries queued (outbox rows, one transaction)`,
        microseconds: queueMs * 1000, budgetMicroseconds: 2_000_000, note: `load average ${load}`,
      },
      {
        name: `delivery to a local HTTPS receiver, per delivery (concurrency ${settings.concurrency})`,
        microseconds: (deliverS * 1e6) / SUBSCRIPTIONS, budgetMicroseconds: 2_000,
        note: `${Math.round(SUBSCRIPTIONS / deliverS)} deliveries/s (budget ≥ 500/s), load average ${load}`,
      },
    ];
  } finally {
    await database.close();
    receiver.closeAllConnections();
    receiver.close();
  }
}
