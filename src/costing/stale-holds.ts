/**
 * The stale-hold sweep (docs/billing.md): a hold neither captured nor released within
 * HOLD_RELEASE_AFTER_MS belongs to a process that died (kill -9, power loss) or an answer that never
 * finished; it is released — credits, free slot and usage given back — at every start and then
 * every minute, by whichever instance gets there first, exactly once (migration 0008).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { releaseStaleHolds } from "../accounts/ledger.js";
import type { Clock } from "../accounts/clock.js";
import { purgeIdempotencyKeys } from "../server/idempotency.js";

export interface StaleHoldSweepOptions {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly olderThanMs: number;
  /** How often after the first sweep, ms; 0: only at start. */
  readonly intervalMs: number;
  readonly log: (level: "info" | "warn", message: string, fields?: Record<string, unknown>) => void;
}

/** One sweep now; resolves with how many holds it released. Idempotency-Key answers past their 24 h go too. */
export async function sweepStaleHolds(o: Pick<StaleHoldSweepOptions, "db" | "clock" | "olderThanMs">): Promise<number> {
  const now = o.clock();
  const released = await releaseStaleHolds(o.db, new Date(now.getTime() - o.olderThanMs), now);
  await purgeIdempotencyKeys(o.db, now);
  return released;
}

/** Sweeps at once and every `intervalMs`; returns the stop function. */
export function startStaleHoldSweep(o: StaleHoldSweepOptions): () => void {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sweepStaleHolds(o).then(
      (n) => {
        if (n > 0) o.log("info", "released stale charge holds", { released: n, olderThanMs: o.olderThanMs });
      },
      (err: unknown) => o.log("warn", "stale charge hold sweep failed", { err }),
    ).finally(() => (running = undefined));
  };
  run();
  const timer = o.intervalMs > 0 ? setInterval(run, o.intervalMs).unref() : undefined;
  return () => clearInterval(timer);
}
