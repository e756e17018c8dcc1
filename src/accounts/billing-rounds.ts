/**
 * The process-wide billing rounds (docs/billing.md "One round per turn", docs/architecture.md §5,
 * §11): every hold asked for while a round gathers, and every capture or release, joins one
 * `bill_round` statement (migration 0014), so N requests arriving together cost one database round
 * trip and one commit instead of N, and the captures of the answers just written ride with the
 * holds of the requests just arrived instead of costing a statement of their own. Each caller still
 * gets its own outcome (held / free / 402 / 429) before its operation runs, decided in arrival order
 * under the account row lock exactly as one-by-one debits would be; a round's settles come first.
 *
 * A round gathers until the end of this event-loop turn (setImmediate) or for DEBIT_BATCH_MS. A
 * hold or a release starts one; a capture waits up to `captureWaitMs` for a round that starts
 * anyway (under load, the next turn's holds): nobody waits for a capture — the answer has been
 * written — and a release is awaited before its error answer is sent, so it never waits. The
 * requests a round holds start at most ADMIT_PER_TURN per turn of the event loop (docs/limits.md).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { nextTurn } from "../gates/turns.js";
import { billRound, chargePayload, type ChargeRequestArgs, type ChargeRequestResult, type SettleArgs } from "./ledger.js";

export interface BillingRoundOptions {
  /** How long a round gathers, ms; 0 = until the end of this event-loop turn (setImmediate). */
  windowMs?: number;
  /** Holds per statement at most, and settles per statement at most; more go in another statement. */
  maxBatch?: number;
  /** How long a capture may wait for a round that starts anyway, ms; default CAPTURE_WAIT_MS. */
  captureWaitMs?: number;
  /** Called with the number of holds and of settles of each statement (metrics, tests). */
  onRound?: (holds: number, settles: number) => void;
}

/**
 * Held requests started in one turn of the event loop at most; the others wait for the next turns.
 * Light requests run without yielding (≤ SLICE_MS of estimated work each, src/resolvers/yield-points.ts),
 * heavy ones yield inside. Under the HTTP bench's 50 connections a round holds 2–25 requests.
 */
export const ADMIT_PER_TURN = 16;

/** A capture's longest wait for company: short against the stale-hold sweep's minutes, long against a loaded turn. */
export const CAPTURE_WAIT_MS = 5;

export type DebitFn = (args: ChargeRequestArgs) => Promise<ChargeRequestResult>;
export type SettleOutcome = "captured" | "released" | "unchanged";
export type SettleFn = (args: SettleArgs) => Promise<SettleOutcome>;

export interface BillingRounds {
  readonly charge: DebitFn;
  readonly settle: SettleFn;
  /** Resolves when every settle asked so far has finished (shutdown waits for it before closing the database). */
  idle(): Promise<void>;
}

interface Waiting<A, R> {
  readonly args: A;
  readonly resolve: (result: R) => void;
  readonly reject: (err: unknown) => void;
}

export function createBillingRounds(db: Kysely<Database>, options: BillingRoundOptions = {}): BillingRounds {
  const windowMs = options.windowMs ?? 0;
  const maxBatch = options.maxBatch ?? 500;
  const captureWaitMs = options.captureWaitMs ?? CAPTURE_WAIT_MS;
  const holds: Waiting<ChargeRequestArgs, ChargeRequestResult>[] = [];
  const settles: Waiting<SettleArgs, SettleOutcome>[] = [];
  let gathering = false;
  let captureTimer: NodeJS.Timeout | undefined;
  const unsettled = new Set<Promise<unknown>>();
  // Admission: at most ADMIT_PER_TURN held requests start in one turn of the event loop; the others
  // wait their turns, oldest first, in the rotation heavy work takes turns in (src/gates/turns.ts),
  // together one place in it. Started together, a burst of 300 kundalis ran back to back and
  // /health waited a second behind them.
  const newRequests = {};
  const admissions: Array<() => void> = [];
  let startedThisTurn = 0;
  let resetQueued = false;
  let draining = false;
  const count = (n: number): void => {
    startedThisTurn += n;
    if (resetQueued) return;
    resetQueued = true;
    setImmediate(() => {
      resetQueued = false;
      startedThisTurn = 0;
    });
  };
  const drain = (): void => {
    const batch = admissions.splice(0, ADMIT_PER_TURN);
    count(batch.length);
    for (const start of batch) start();
    if (admissions.length > 0) void nextTurn(newRequests).then(drain);
    else draining = false;
  };
  const admit = (start: () => void): void => {
    if (admissions.length === 0 && startedThisTurn < ADMIT_PER_TURN) {
      count(1);
      start();
      return;
    }
    admissions.push(start);
    if (draining) return;
    draining = true;
    void nextTurn(newRequests).then(drain);
  };

  const send = (h: typeof holds, s: typeof settles): void => {
    options.onRound?.(h.length, s.length);
    billRound(db, s.map((w) => w.args), h.map((w) => w.args)).then(
      (r) => {
        s.forEach((w, i) => w.resolve(r.settled[i]!));
        h.forEach((w, i) => {
          const outcome = r.charges[i]!;
          // An unknown account rejects that caller only.
          admit(() => (outcome instanceof Error ? w.reject(outcome) : w.resolve(outcome)));
        });
      },
      (err: unknown) => {
        for (const w of h) w.reject(err);
        for (const w of s) w.reject(err);
      },
    );
  };
  const flush = (): void => {
    gathering = false;
    while (holds.length > 0 || settles.length > 0) send(holds.splice(0, maxBatch), settles.splice(0, maxBatch));
  };
  const startRound = (): void => {
    if (gathering) return;
    gathering = true;
    clearTimeout(captureTimer);
    captureTimer = undefined;
    if (windowMs > 0) setTimeout(flush, windowMs);
    else setImmediate(flush);
  };
  const awaitCompany = (): void => {
    if (gathering || captureTimer) return;
    captureTimer = setTimeout(() => {
      captureTimer = undefined;
      startRound();
    }, captureWaitMs);
  };

  return {
    charge(args) {
      try {
        chargePayload(args); // bad arguments fail their own caller, not the whole round
      } catch (err) {
        return Promise.reject(err);
      }
      return new Promise((resolve, reject) => {
        holds.push({ args, resolve, reject });
        startRound();
      });
    },
    settle(args) {
      const p = new Promise<SettleOutcome>((resolve, reject) => {
        settles.push({ args, resolve, reject });
        if (args.capture) awaitCompany();
        else startRound();
      });
      unsettled.add(p);
      const done = () => void unsettled.delete(p);
      p.then(done, done);
      return p;
    },
    async idle() {
      while (unsettled.size > 0) await Promise.allSettled([...unsettled]);
    },
  };
}
