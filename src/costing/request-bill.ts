/**
 * One request's charge, two-phase (docs/billing.md, DESIGN §13): the gates *hold* the price before
 * anything runs (charge_requests); the bill then *captures* the hold once the answer's body has been
 * written, or *releases* it when there is no answer to pay for — an error after the hold, a client
 * gone before the body was written, a request cut by shutdown. /graphql (the cost plugin), the REST
 * routes (express and the fast lane) and MCP (which calls the REST routes) all settle through this.
 *
 * A bill settles once: the first of capture/release wins, later calls return the same promise. If
 * nothing settles it before its response closes, it is released then. A process that dies leaves
 * its holds to the stale-hold sweep of the next start (src/costing/stale-holds.ts).
 */
import type { ServerResponse } from "node:http";
import type { SettleFn } from "../accounts/debit-batcher.js";

export type BillOutcome = "captured" | "released" | "unchanged" | "none";

export class RequestBill {
  private settled: Promise<BillOutcome> | undefined;
  private captureWhenWritten = false;

  constructor(
    /** The hold of charge_requests, or null when nothing was held (price 0). */
    readonly holdId: number | null,
    /** Credits held, milli (0 when the free tier pays). */
    readonly heldMilli: number,
    private readonly settle: SettleFn | undefined,
    private readonly now: () => Date,
    private readonly onError: (err: unknown) => void,
    /** The response being written, when known: releases the hold if it closes unsettled. */
    response?: ServerResponse,
  ) {
    response?.once("close", () => {
      if (this.settled) return;
      void (this.captureWhenWritten && response.writableFinished ? this.capture() : this.release());
    });
  }

  /** Whether a hold awaits its settlement. */
  get open(): boolean {
    return this.holdId !== null && this.settled === undefined;
  }

  capture(): Promise<BillOutcome> {
    return (this.settled ??= this.run(true));
  }

  release(): Promise<BillOutcome> {
    return (this.settled ??= this.run(false));
  }

  /**
   * The answer is good: capture once `response` has been written completely (its 'close' after
   * 'finish'); a client that goes away before that gets the hold released. Without a response
   * (an in-process caller) the hold is captured now.
   */
  captureOnceWritten(response: ServerResponse | undefined): void {
    if (this.settled) return;
    if (!response || response.writableFinished) {
      void this.capture();
      return;
    }
    this.captureWhenWritten = true;
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
