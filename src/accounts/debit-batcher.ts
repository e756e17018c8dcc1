/**
 * The process-wide debit batcher (docs/architecture.md §5, §11): every request that asks to be
 * charged while the batch window is open joins one `charge_requests` statement (migration 0004),
 * so N requests arriving together cost one database round trip and one commit instead of N. Each
 * caller still gets its own outcome (charged / free / 402 / 429) before its operation runs, decided
 * in arrival order under the account row lock exactly as one-by-one debits would be.
 *
 * A DataLoader with its cache off (every load is a new request, never deduplicated) does the
 * collecting; the window is `setImmediate` (what arrived in this turn of the event loop) or a few
 * milliseconds (DEBIT_BATCH_MS).
 */
import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { chargePayload, chargeRequests, settleHolds, type ChargeRequestArgs, type ChargeRequestResult, type SettleArgs } from "./ledger.js";

export interface DebitBatcherOptions {
  /** How long a batch stays open, ms; 0 = until the end of this event-loop turn (setImmediate). */
  windowMs?: number;
  /** Requests per statement at most; more wait for the next one. */
  maxBatch?: number;
  /** Called with the size of each statement's group (metrics, tests). */
  onBatch?: (size: number) => void;
}

export type DebitFn = (args: ChargeRequestArgs) => Promise<ChargeRequestResult>;

export function createDebitBatcher(db: Kysely<Database>, options: DebitBatcherOptions = {}): DebitFn {
  const windowMs = options.windowMs ?? 0;
  const loader = new DataLoader<ChargeRequestArgs, ChargeRequestResult>(
    // A LedgerError (unknown account) in the array rejects that caller's load only.
    (batch) => {
      options.onBatch?.(batch.length);
      return chargeRequests(db, batch);
    },
    {
      cache: false,
      maxBatchSize: options.maxBatch ?? 500,
      batchScheduleFn: windowMs > 0 ? (run) => setTimeout(run, windowMs) : (run) => setImmediate(run),
    },
  );
  return (args) => {
    try {
      chargePayload(args); // bad arguments fail their own caller, not the whole batch
    } catch (err) {
      return Promise.reject(err);
    }
    return loader.load(args);
  };
}

export type SettleFn = (args: SettleArgs) => Promise<"captured" | "released" | "unchanged">;

/** The settle batcher: captures and releases arriving together share one `settle_holds` statement. */
export interface SettleBatcher {
  readonly settle: SettleFn;
  /** Resolves when every settle asked so far has finished (shutdown waits for it before closing the database). */
  idle(): Promise<void>;
}

export function createSettleBatcher(db: Kysely<Database>, options: DebitBatcherOptions = {}): SettleBatcher {
  const windowMs = options.windowMs ?? 0;
  const pending = new Set<Promise<unknown>>();
  const loader = new DataLoader<SettleArgs, "captured" | "released" | "unchanged">(
    (batch) => {
      options.onBatch?.(batch.length);
      return settleHolds(db, batch);
    },
    {
      cache: false,
      maxBatchSize: options.maxBatch ?? 500,
      batchScheduleFn: windowMs > 0 ? (run) => setTimeout(run, windowMs) : (run) => setImmediate(run),
    },
  );
  return {
    settle: (args) => {
      const p = loader.load(args);
      pending.add(p);
      const done = () => void pending.delete(p);
      p.then(done, done);
      return p;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
