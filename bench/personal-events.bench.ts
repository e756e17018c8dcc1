/**
 * Personal events at scale (issue 30): N birth-keyed webhook subscriptions' events for the next
 * 40 days recorded in the outbox tables (target: 100,000 in ≤ 60 s on one worker), then the
 * incremental step a day later (only the new day), with deliveries flowing throughout (target
 * ≥ 500 deliveries/s meanwhile).
 *
 * Deliveries during the first horizon: a backlog of world-event deliveries (BACKLOG, to 100
 * world subscriptions) is queued before it starts and the delivery worker, in the same process
 * as the scheduler, sends them to a local HTTPS receiver while the horizon is computed; the rate
 * is what was received while the scheduler ran (over the time until the backlog ran dry, if it
 * did). During the incremental day: the day's due personal events are emitted and delivered.
 *
 * N is BENCH_PERSONAL_N (default 100,000); PGlite in memory, or the PostgreSQL of
 * BENCH_DATABASE_URL (an empty database: the bench migrates it). The engine's share (natal
 * positions + the birth's events over the shared window scan) is also timed alone, so the
 * database's share can be told apart.
 */
import { execFileSync } from "node:child_process";
import { sql } from "kysely";
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
const BACKLOG = Number(process.env.BENCH_PERSONAL_BACKLOG ?? 60_000);

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

    // A backlog of world-event deliveries, due now, for the worker to send while the horizon is computed.
    await db.insertInto("webhook_subscriptions").values(Array.from({ length: 100 }, (_, j) => ({
      id: `sub_world${String(j).padStart(15, "0")}`, account_id: account.id, url, events: ["tithi_change"],
      latitude: null, longitude: null, secret: "whsec_YmVuY2gtc2VjcmV0LWJlbmNoLXNlY3JldA==", disabled_reason: null,
      last_error: null, last_error_at: null, last_delivered_at: null, created_at: new Date(T0), birth: null, personal_until: null,
    }))).execute();
    await sql`INSERT INTO events (type, source, instant, submission_key, data, due_at, emitted_at, created_at)
      SELECT 'tithi_change', 'submitted', ${new Date(T0)}::timestamptz, 'evs_bench' || g, '{"tithi": 1}'::jsonb,
             ${new Date(T0)}::timestamptz, ${new Date(T0)}::timestamptz, ${new Date(T0)}::timestamptz
        FROM generate_series(1, ${BACKLOG}) g`.execute(db);
    await sql`INSERT INTO webhook_deliveries (webhook_id, subscription_id, event_id, next_attempt_at, created_at)
      SELECT 'msg_bench' || e.id, 'sub_world' || lpad((e.id % 100)::text, 15, '0'), e.id, ${new Date(T0)}::timestamptz, ${new Date(T0)}::timestamptz
        FROM events e WHERE e.source = 'submitted'`.execute(db);
    await sql`ANALYZE`.execute(db);

    // The first horizon: every subscription's 40 days, the backlog delivered meanwhile.
    const settings = { ...DEFAULT_WEBHOOK_SETTINGS, pollMs: 50, allowPrivateTargets: true, testTrustedCa: tls.cert };
    const sender = () => createSender({ timeoutMs: settings.timeoutMs, allowPrivate: true, maxSockets: settings.concurrency, testTrustedCa: tls.cert });
    const backlogWorker = startDeliveryWorker({ db, settings, clock: () => new Date(T0), sender: sender() });
    let drainedAt: number | null = null;
    const watch = setInterval(() => {
      if (drainedAt === null && received >= BACKLOG) drainedAt = performance.now();
    }, 10);
    const f0 = performance.now();
    const c0 = process.cpuUsage();
    const r0 = received;
    const first = await recordPersonalHorizon(db, new Date(T0), HORIZON);
    const f1 = performance.now();
    const firstS = (f1 - f0) / 1000;
    const receivedDuringFirst = received - r0;
    const deliveringS = ((drainedAt !== null && drainedAt < f1 ? drainedAt : f1) - f0) / 1000;
    clearInterval(watch);
    await backlogWorker.stop();
    // CPU time of this process (the engine and, with PGlite, the database too): on a shared machine
    // it measures the work, where the wall time measures the contention.
    const cpu = process.cpuUsage(c0);
    const firstCpuS = (cpu.user + cpu.system) / 1e6;
    const loadFirst = os.loadavg().map((l) => l.toFixed(1)).join(" ");

    // A day later: the day's due events are emitted and delivered while the new day is computed.
    const t1 = T0 + DAY;
    await sql`DELETE FROM webhook_deliveries WHERE status = 'pending' AND subscription_id LIKE 'sub_world%'`.execute(db);
    const received0 = received;
    const worker = startDeliveryWorker({ db, settings, clock: () => new Date(t1), sender: sender() });
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
    const receivedDuringIncrement = received - received0;
    await emitting;
    while (received - received0 < emitted) await new Promise((r) => setTimeout(r, 20));
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
          `CPU ${firstCpuS.toFixed(1)} s (scheduler and delivery worker) → 100,000 in ≈ ${Math.round((firstCpuS * 100_000) / N)} CPU s; load average ${loadFirst}`,
      },
      {
        name: `world-event deliveries to a local HTTPS receiver while the first horizon was computed, per delivery`,
        microseconds: receivedDuringFirst > 0 ? (deliveringS * 1e6) / receivedDuringFirst : 0, budgetMicroseconds: 2_000,
        note: `${receivedDuringFirst.toLocaleString("en")} deliveries in ${deliveringS.toFixed(1)} s, ${Math.round(receivedDuringFirst / deliveringS)} deliveries/s (budget ≥ 500/s)` +
          (drainedAt !== null && drainedAt < f1 ? `; the backlog of ${BACKLOG.toLocaleString("en")} ran dry before the horizon was done` : ""),
      },
      {
        name: `${N.toLocaleString("en")} subscriptions' incremental day (only the new horizon day)`, microseconds: incS * 1e6,
        note: `${inc.events.toLocaleString("en")} new events, CPU ${((incCpu.user + incCpu.system) / 1e6).toFixed(2)} s; ${receivedDuringIncrement} deliveries made meanwhile; load average ${load}`,
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
