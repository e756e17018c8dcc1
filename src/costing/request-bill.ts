/**
 * One request's charge, two-phase (docs/billing.md, DESIGN §13): the gates *hold* the price before
 * anything runs (charge_requests); the bill then *captures* the hold once the answer's body has been
 * written, or *releases* it when there is no answer to pay for — an error after the hold, a client
 * gone before the body was written, a request cut by shutdown. /graphql (the cost plugin), the REST
 * routes (express and the fast lane) and MCP (which calls the REST routes) all settle through this.
 * The capture follows the write (see `captureOnceWritten`).
 *
 * A bill settles once: the first of capture/release wins, later calls return the same promise. If
 * nothing settles it before its response closes, it is released then. A process that dies leaves
 * its holds to the stale-hold sweep of the next start (src/costing/stale-holds.ts).
 */
import type { ServerResponse } from "node:http";
import type { SettleFn } from "../accounts/billing-rounds.js";

export type BillOutcome = "captured" | "released" | "unchanged" | "none";

export class RequestBill {
  private settled: Promise<BillOutcome> | undefined;
  private captured = false;
  private undone = false;
  private captureWhenWritten = false;

  constructor(
    /** The hold of charge_requests, or null when nothing was held (price 0). */
    readonly holdId: number | null,
    /** Credits held, milli (0 when the free tier pays). */
    readonly heldMilli: number,
    private readonly settle: SettleFn | undefined,
    private readonly now: () => Date,
    private readonly onError: (err: unknown) => void,
    /** The response being written, when known: releases the hold if it closes unsettled or unwritten. */
    response?: ServerResponse,
  ) {
    response?.once("close", () => {
      if (!this.settled) {
        void (this.captureWhenWritten && response.writableFinished ? this.capture() : this.release());
        return;
      }
      // Captured, but the body never reached the client (it left, or shutdown cut it): undo.
      if (this.captured && !response.writableFinished) void this.undoCapture();
    });
  }

  /** Whether a hold awaits its settlement. */
  get open(): boolean {
    return this.holdId !== null && this.settled === undefined;
  }

  /**
   * The answer is good: capture once `response` has been written completely (handed to the
   * operating system: its 'close' after 'finish'); a client gone before that gets the hold
   * released. So a capture always has an answer behind it, even when the process is killed: a
   * process killed between the write and the capture leaves a hold that the next start releases
   * (that answer is then free — the caller never pays for what it did not receive). Without a
   * response (an in-process caller) the hold is captured now.
   */
  captureOnceWritten(response: ServerResponse | undefined): void {
    if (this.settled) return;
    if (!response || response.writableFinished) {
      void this.capture();
      return;
    }
    this.captureWhenWritten = true;
  }

  /** Capture now (a subscription that started; an in-process caller). */
  async capture(): Promise<BillOutcome> {
    this.settled ??= this.run(true).then((o) => {
      this.captured = o === "captured";
      return o;
    });
    return this.settled;
  }

  release(): Promise<BillOutcome> {
    return (this.settled ??= this.run(false));
  }

  private async undoCapture(): Promise<void> {
    if (this.undone || this.holdId === null || !this.settle) return;
    this.undone = true;
    try {
      await this.settle({ holdId: this.holdId, capture: false, now: this.now(), undo: true });
    } catch (err) {
      this.onError(err);
    }
  }

  private async run(capture: boolean): Promise<BillOutcome> {
    if (this.holdId === null || !this.settle) return "none";
    try {
      return await this.settle({ holdId: this.holdId, capture, now: this.now() });
    } catch (err) {
      // The hold stays held; the stale-hold sweep releases it (the caller is never charged twice).
      this.onError(err);
      return "unchanged";
    }
  }
}

/** Where the gates leave a request's bill on its GraphQL context. */
export interface BillCarrier {
  bill?: RequestBill;
  /** Set by a caller that settles the bill itself after mapping the answer (the REST handler). */
  billSettledByCaller?: boolean;
  /** The HTTP response of the request, when it came over HTTP. */
  httpResponse?: ServerResponse;
}

export function billOf(context: object): RequestBill | undefined {
  return (context as BillCarrier).bill;
}
