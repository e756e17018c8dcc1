/**
 * The event scheduler (docs/architecture.md §8). Every tick it (a) asks the injected detector
 * for the events of the coming horizon and records them ahead of time (unique type + instant,
 * so every instance may do it), and (b) emits the events now due exactly once across workers
 * and instances (claimed with FOR UPDATE SKIP LOCKED), queueing their deliveries and publishing
 * them on the EventBus. Without a detector only events submitted by the operator are emitted
 * (those are emitted at submission; the scheduler emits nothing else).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../accounts/clock.js";
import type { DetectedEvent } from "../engine/events/event-types.js";
import type { EventBus } from "./event-bus.js";
import { emitDueEvents, pruneBefore, recordDetectedEvents, type EmittedEvent } from "./event-store.js";
import type { EngineTaskRunner } from "../engine-pool/engine-pool.js";
import { recordPersonalHorizon } from "./personal-scheduler.js";

/** Finds the events whose instants lie in [fromMs, toMs) (UT, epoch ms); e.g. the engine's detectEvents. */
export type EventDetector = (fromMs: number, toMs: number) => DetectedEvent[];

/** Retention runs at most this often per process (a delete over the outbox, not worth every tick). */
const PRUNE_EVERY_MS = 3_600_000;

export interface EventScheduler {
  /** One tick now (tests and the first start). */
  tick(): Promise<EmittedEvent[]>;
  /** A tick soon: now, or right after the one running (a new birth subscription's events are computed at once). */
  nudge(): void;
  stop(): Promise<void>;
}

export function startEventScheduler(args: {
  db: Kysely<Database>; bus: EventBus; clock: Clock; intervalMs: number; horizonMs: number;
  /** Retention of delivered deliveries and finished events, ms; pruned at most once an hour (absent: never). */
  retentionMs?: number;
  detector?: EventDetector; onEmitted?: (events: EmittedEvent[]) => void; onError?: (err: unknown) => void;
  /** Record the personal events of birth-keyed subscriptions over the same horizon (personal-scheduler.ts); default on. */
  personal?: boolean;
  /** Runs the personal events' world scans (the service's engine threads); default the calling thread. */
  engineTasks?: EngineTaskRunner;
}): EventScheduler {
  const { db, bus, clock } = args;
  // The horizon already recorded by this process: the detector is asked only for what is new.
  let recordedUntilMs: number | undefined;
  let running: Promise<EmittedEvent[]> | undefined;
  let stopped = false;
  let prunedAtMs = -Infinity;

  const once = async (): Promise<EmittedEvent[]> => {
    const now = clock();
    if (args.detector) {
      const toMs = now.getTime() + args.horizonMs;
      const fromMs = recordedUntilMs ?? now.getTime();
      if (toMs > fromMs) {
        try {
          await recordDetectedEvents(db, args.detector(fromMs, toMs), now);
          recordedUntilMs = toMs;
        } catch (err) {
          // A detector failure must not hold back the events already recorded: report, emit, retry next tick.
          args.onError?.(err);
        }
      }
    }
    if (args.personal !== false) {
      // New subscriptions first, then the day each has fallen behind; a failure waits for the next tick.
      await recordPersonalHorizon(db, now, args.horizonMs, { engineTasks: args.engineTasks }).catch((err: unknown) => args.onError?.(err));
    }
    const emitted: EmittedEvent[] = [];
    for (;;) {
      const batch = await emitDueEvents(db, clock());
      emitted.push(...batch);
      // Emitted and queued already: a publish failure costs only the live stream, never the rest of the batch.
      // A personal event belongs to one webhook subscription: it is not published to the bus's listeners.
      for (const e of batch) if (!e.event.subscriptionId) await bus.publish(e.event).catch((err: unknown) => args.onError?.(err));
      if (batch.length < 100 || stopped) break;
    }
    if (emitted.length > 0) args.onEmitted?.(emitted);
    if (args.retentionMs !== undefined && now.getTime() - prunedAtMs >= PRUNE_EVERY_MS) {
      prunedAtMs = now.getTime();
      await pruneBefore(db, new Date(now.getTime() - args.retentionMs)).catch((err: unknown) => args.onError?.(err));
    }
    return emitted;
  };

  // A nudge while a tick runs (a new birth subscription) runs one more tick after it.
  let rerun = false;
  const tick = (): Promise<EmittedEvent[]> => {
    running ??= once().finally(() => {
      running = undefined;
      if (rerun && !stopped) {
        rerun = false;
        tick().catch((err: unknown) => args.onError?.(err));
      }
    });
    return running;
  };
  const nudge = (): void => {
    if (running) rerun = true;
    else tick().catch((err: unknown) => args.onError?.(err));
  };

  const timer = setInterval(() => {
    tick().catch((err: unknown) => args.onError?.(err));
  }, args.intervalMs);
  timer.unref();
  tick().catch((err: unknown) => args.onError?.(err));

  return {
    tick,
    nudge,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
