/** The knobs of webhook delivery and event emission (docs/architecture.md §8), from the configuration. */

export interface WebhookSettings {
  /** Most subscriptions one account may hold (WEBHOOK_MAX_SUBSCRIPTIONS_PER_ACCOUNT). */
  readonly maxSubscriptionsPerAccount: number;
  /** One attempt's time limit, ms (WEBHOOK_TIMEOUT_MS, default 10 s). */
  readonly timeoutMs: number;
  /** Waits after the 1st, 2nd … failed attempt, ms; one more failure after the last → dead. */
  readonly retryBackoffMs: readonly number[];
  /** Deliveries in flight at once per process (WEBHOOK_DELIVERY_CONCURRENCY). */
  readonly concurrency: number;
  /** How often the worker looks for due deliveries when idle, ms. */
  readonly pollMs: number;
  /** How often the scheduler records the horizon and emits due events, ms. */
  readonly schedulerMs: number;
  /** How far ahead the detector is asked for events, ms (40 days). */
  readonly horizonMs: number;
  /** Delivered deliveries and emitted events with nothing left to deliver are deleted after this, ms (30 days). */
  readonly retentionMs: number;
  /** TEST ONLY: allow loopback/private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS). */
  readonly allowPrivateTargets: boolean;
  /**
   * TEST ONLY (in-process tests; never from the environment): a PEM certificate trusted besides
   * the system's roots, for a local HTTPS receiver. Child processes use NODE_EXTRA_CA_CERTS.
   */
  readonly testTrustedCa?: string;
  /** Run the scheduler and the delivery worker in this process (false: the API only). */
  readonly runWorkers: boolean;
}

/** 5 s, 1 min, 10 min, 1 h, 6 h, 24 h: seven attempts over about 31 hours, then dead. */
export const DEFAULT_RETRY_BACKOFF_MS: readonly number[] = [5_000, 60_000, 600_000, 3_600_000, 21_600_000, 86_400_000];

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  maxSubscriptionsPerAccount: 25,
  timeoutMs: 10_000,
  retryBackoffMs: DEFAULT_RETRY_BACKOFF_MS,
  concurrency: 32,
  pollMs: 1_000,
  schedulerMs: 60_000,
  horizonMs: 40 * 86_400_000,
  retentionMs: 30 * 86_400_000,
  allowPrivateTargets: false,
  runWorkers: true,
};

/**
 * How long a claimed delivery is reserved for the worker that claimed it: one attempt's time
 * limit plus a margin. A worker killed mid-attempt leaves the row due again after this.
 */
export function claimLeaseMs(s: Pick<WebhookSettings, "timeoutMs">): number {
  return s.timeoutMs + 5_000;
}
