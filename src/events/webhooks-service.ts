/**
 * Webhooks and events as the resolvers and the server see them (docs/architecture.md §8): the
 * subscription calls, the operator's event submission, and the background scheduler and
 * delivery worker of this process, stopped on close.
 */
import type { EngineTaskRunner } from "../engine-pool/engine-pool.js";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../accounts/clock.js";
import type { EventType } from "../engine/events/event-types.js";
import type { EventBus } from "./event-bus.js";
import { startDeliveryWorker, type DeliveryOutcome, type DeliveryWorker } from "./delivery-worker.js";
import { recordAndEmitSubmitted, type EmittedEvent } from "./event-store.js";
import { startEventScheduler, type EventDetector, type EventScheduler } from "./event-scheduler.js";
import type { LookupAll } from "./ssrf-guard.js";
import { createSender } from "./webhook-sender.js";
import type { WebhookSettings } from "./webhook-settings.js";
import {
  checkCap, checkTarget, createSubscription, validateSubscribeInput, deleteSubscription, listSubscriptions, type CreatedSubscription, type SubscribeInput, type SubscriptionView,
} from "./webhook-subscriptions.js";

export interface WebhooksServiceDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly settings: WebhookSettings;
  readonly bus: EventBus;
  /** The engine's detector (the lead wires src/engine/events/detect.ts); absent: only submitted events. */
  readonly eventDetector?: EventDetector;
  /** DNS for the SSRF checks (default: the system resolver). */
  readonly lookupAll?: LookupAll;
  readonly log?: (message: string, fields: Record<string, unknown>) => void;
  /** Each delivery attempt's outcome (the server counts them in /metrics). */
  readonly onDelivery?: (outcome: DeliveryOutcome) => void;
  /** Runs the scheduler's long engine calls (the service's engine threads); default the calling thread. */
  readonly engineTasks?: EngineTaskRunner;
}

export class WebhooksService {
  private worker: DeliveryWorker | undefined;
  private scheduler: EventScheduler | undefined;

  constructor(readonly deps: WebhooksServiceDeps) {}

  get settings(): WebhookSettings {
    return this.deps.settings;
  }

  async subscribe(accountId: string, input: SubscribeInput): Promise<CreatedSubscription> {
    const { db, clock, settings, lookupAll } = this.deps;
    const created = await createSubscription(db, {
      accountId, input, now: clock(), maxPerAccount: settings.maxSubscriptionsPerAccount,
      allowPrivate: settings.allowPrivateTargets, lookupAll,
    });
    // A birth's events are computed at once (the scheduler's next tick would do it within schedulerMs).
    if (created.birth) this.scheduler?.nudge();
    return created;
  }

  /**
   * The checks of subscribe that need DNS or the database, run before the call is priced: the
   * rules without network, the SSRF rule on the resolved host, and (with a caller) the cap.
   */
  async precheck(accountId: string | null, input: SubscribeInput): Promise<void> {
    const { db, settings, lookupAll } = this.deps;
    const v = validateSubscribeInput(input);
    await checkTarget(v.url, { allowPrivate: settings.allowPrivateTargets, lookupAll });
    if (accountId) await checkCap(db, accountId, settings.maxSubscriptionsPerAccount);
  }

  list(accountId: string): Promise<SubscriptionView[]> {
    return listSubscriptions(this.deps.db, accountId);
  }

  delete(accountId: string, subscriptionId: string): Promise<void> {
    return deleteSubscription(this.deps.db, accountId, subscriptionId, this.deps.clock());
  }

  /** POST /admin/check-events: record, queue, publish; the worker is nudged to deliver at once. */
  async submitEvents(events: readonly { type: EventType; data: Readonly<Record<string, unknown>> }[]): Promise<EmittedEvent[]> {
    const emitted = await recordAndEmitSubmitted(this.deps.db, events, this.deps.clock());
    // Recorded and queued already: a bus that refuses one (NOTIFY's 8000-byte limit) costs only the live stream.
    for (const e of emitted) {
      await this.deps.bus.publish(e.event).catch((err: unknown) => this.deps.log?.("publishing an event failed", { err, eventId: e.event.id }));
    }
    this.worker?.nudge();
    return emitted;
  }

  /** Starts this process's scheduler and delivery worker (no-op when the settings turn them off). */
  start(): void {
    const { db, clock, settings, bus, log } = this.deps;
    if (!settings.runWorkers || this.worker) return;
    const onError = (what: string) => (err: unknown) => log?.(`${what} failed`, { err });
    const sender = createSender({
      timeoutMs: settings.timeoutMs, allowPrivate: settings.allowPrivateTargets, maxSockets: settings.concurrency,
      lookupAll: this.deps.lookupAll, testTrustedCa: settings.testTrustedCa,
    });
    this.worker = startDeliveryWorker({
      db, settings, sender, clock, onError: onError("webhook delivery"), onOutcome: this.deps.onDelivery,
    });
    this.scheduler = startEventScheduler({
      db, bus, clock, intervalMs: settings.schedulerMs, horizonMs: settings.horizonMs, retentionMs: settings.retentionMs, detector: this.deps.eventDetector,
      onEmitted: () => this.worker?.nudge(), onError: onError("event scheduler"), engineTasks: this.deps.engineTasks,
    });
  }

  /** Stops claiming new work; attempts in flight finish (each within its time limit) or stay claimable. */
  async stop(): Promise<void> {
    await this.scheduler?.stop();
    await this.worker?.stop();
    this.scheduler = undefined;
    this.worker = undefined;
  }
}
