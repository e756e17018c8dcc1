/**
 * Personal events at scale (issue 30): N birth-keyed webhook subscriptions' events for the next
 * 40 days recorded in the outbox tables (target: 100,000 in ≤ 60 s on one worker), then the
 * incremental step a day later (only the new day), while the day's due events are emitted and
 * delivered to a local HTTPS receiver (target ≥ 500 deliveries/s meanwhile).
 *
 * N is BENCH_PERSONAL_N (default 100,000); PGlite in memory, or the PostgreSQL of
 * BENCH_DATABASE_URL. The engine's share (natal positions + the birth's events over the shared
 * window scan) is also timed alone, so the database's share can be told apart.
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
import { PERSONAL_EVENT_TYPES } from "../src/engine/events/personal-event-types.js";
import { natalOf, personalEvents, worldScan } from "../src/engine/events/personal-events.js";
import { startDeliveryWorker } from "../src/events/delivery-worker.js";
import { emitDueEvents } from "../src/events/event-store.js";
import { recordPersonalHorizon } from "../src/events/personal-scheduler.js";
import { createSender } from "../src/events/webhook-sender.js";
import { DEFAULT_WEBHOOK_SETTINGS } from "../src/events/webhook-settings.js";
import type { BenchResult } from "./run.js";

const N = Number(process.env.BENCH_PERSONAL_N ?? 100_000);
const DAY = 86_400_000;
const HORIZON = 40 * DAY;
const T0 = Date.parse("2030-01-01T00:00:00Z");

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

/** Births spread over 1940–2010 and over the inhabited latitudes (a fixed LCG: the same set every run). */
function births(n: number): { instant: string; latitude: number; longitude: number }[] {
  let s = 0x2545f491;
  const r = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const from = Date.parse("1940-01-01T00:00:00Z");
  const span = Date.parse("2010-01-01T00:00:00Z") - from;
  return Array.from({ length: n }, () => ({
    instant: new Date(Math.floor((from + r() * span) / 1000) * 1000).toISOString(),
    latitude: Math.round((r() * 120 - 55) * 1e4) / 1e4, longitude: Math.round((r() * 360 - 180) * 1e4) / 1e4,
  }));
}

export async function run(): Promise<BenchResult[]> {
  const load0 = os.loadavg().map((l) => l.toFixed(1)).join(" ");
  const people = births(N);

  // The engine alone: one window scan shared by all, then each birth's natal positions and events.
  const s0 = performance.now();
  const scan = worldScan(T0, T0 + HORIZON);
  const scanMs = performance.now() - s0;
  const e0 = performance.now();
  let engineEvents = 0;
  const sample = Math.min(N, 20_000);
  for (let i = 0; i < sample; i++) engineEvents += personalEvents(natalOf(Date.parse(people[i]!.instant)), scan).length;
  const engineUsPerBirth = ((performance.now() - e0) * 1000) / sample;

  const tls = certificate();
  let received = 0;
  const receiver = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { inMemory: true });
  const db = database.db;
  try {
    await migrateToLatest(db);
    const account = await createAccount(db, { status: "anonymous", now: new Date(T0) });
    for (let i = 0; i < N; i += 1000) {
      await db.insertInto("webhook_subscriptions").values(people.slice(i, i + 1000).map((b, j) => ({
        id: `sub_pers${String(i + j).padStart(16, "0")}`, account_id: account.id, url, events: [...PERSONAL_EVENT_TYPES],
        latitude: null, longitude: null, secret: "whsec_YmVuY2gtc2VjcmV0LWJlbmNoLXNlY3JldA==", disabled_reason: null,
        last_error: null, last_error_at: null, last_delivered_at: null, created_at: new Date(T0),
        birth: JSON.stringify({ ...b, datetime: b.instant, ayanamsha: "lahiri" }), personal_until: null,
      }))).execute();
    }

    // The first horizon: every subscription's 40 days.
    const f0 = performance.now();
    const c0 = process.cpuUsage();
    const first = await recordPersonalHorizon(db, new Date(T0), HORIZON);
    const firstS = (performance.now() - f0) / 1000;
    // CPU time of this process (the engine and, with PGlite, the database too): on a shared machine
    // it measures the work, where the wall time measures the contention.
    const cpu = process.cpuUsage(c0);
    const firstCpuS = (cpu.user + cpu.system) / 1e6;

    // A day later: the day's due events are emitted and delivered while the new day is computed.
    const t1 = T0 + DAY;
    const settings = { ...DEFAULT_WEBHOOK_SETTINGS, pollMs: 50, allowPrivateTargets: true, testTrustedCa: tls.cert };
    const worker = startDeliveryWorker({
      db, settings, clock: () => new Date(t1),
      sender: createSender({ timeoutMs: settings.timeoutMs, allowPrivate: true, maxSockets: settings.concurrency, testTrustedCa: tls.cert }),
    });
    const d0 = performance.now();
    let emitted = 0;
    const emitting = (async () => {
      for (;;) {
        const batch = await emitDueEvents(db, new Date(t1), 500);
        emitted += batch.length;
        worker.nudge();
        if (batch.length < 500) break;
      }
    })();
    const i0 = performance.now();
    const ci = process.cpuUsage();
    const inc = await recordPersonalHorizon(db, new Date(t1), HORIZON);
    const incS = (performance.now() - i0) / 1000;
    const incCpu = process.cpuUsage(ci);
    const receivedDuringIncrement = received;
    await emitting;
    while (received < emitted) await new Promise((r) => setTimeout(r, 20));
    const deliverS = (performance.now() - d0) / 1000;
    await worker.stop();
    const load = os.loadavg().map((l) => l.toFixed(1)).join(" ");
    const where = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in memory";
    return [
      {
        name: `engine: one shared 40-day window scan (Moon crossings, ingresses, tithis)`, microseconds: scanMs * 1000,
        note: `load average ${load0}`,
      },
      {
        name: `engine: one birth's 40-day personal events on the shared scan (natal positions included)`, microseconds: engineUsPerBirth,
        note: `${(engineEvents / sample).toFixed(1)} events per birth over ${sample.toLocaleString("en")} births`,
      },
      {
        name: `${N.toLocaleString("en")} birth subscriptions' first 40 days recorded (${where})`, microseconds: firstS * 1e6,
        budgetMicroseconds: N >= 100_000 ? 60_000_000 : undefined,
        note: `${first.events.toLocaleString("en")} events, ${Math.round(N / firstS)} subscriptions/s wall → 100,000 in ≈ ${Math.round(100_000 / (N / firstS))} s; ` +
          `CPU ${firstCpuS.toFixed(1)} s → 100,000 in ≈ ${Math.round((firstCpuS * 100_000) / N)} CPU s; load average ${load}`,
      },
      {
        name: `${N.toLocaleString("en")} subscriptions' incremental day (only the new horizon day)`, microseconds: incS * 1e6,
        note: `${inc.events.toLocaleString("en")} new events, CPU ${((incCpu.user + incCpu.system) / 1e6).toFixed(2)} s; ${receivedDuringIncrement} deliveries made meanwhile`,
      },
      {
        name: `the day's due personal events emitted and delivered to a local HTTPS receiver, per delivery`,
        microseconds: emitted > 0 ? (deliverS * 1e6) / emitted : 0, budgetMicroseconds: 2_000,
        note: `${emitted} deliveries, ${Math.round(emitted / deliverS)} deliveries/s (budget ≥ 500/s) with the incremental step running`,
      },
    ];
  } finally {
    await database.close();
    receiver.closeAllConnections();
    receiver.close();
  }
}
