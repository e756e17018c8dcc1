/**
 * The requests an HTTP server is answering right now (docs/billing.md): each request's response
 * (so a charge can be captured once its body has been written, express and the REST fast lane
 * alike), and the drain of SIGTERM — stop accepting, let in-flight answers finish writing within a
 * grace period, then cut what is left (whose holds are then released).
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

const responses = new WeakMap<IncomingMessage, ServerResponse>();
const startedAt = new WeakMap<ServerResponse, number>();

/** A request that ran this long may have outlived its client: look before writing (and charging). */
const LOOK_AFTER_MS = 50;

/**
 * Whether the client of `res` went away before its answer is written. A long computation keeps
 * the event loop from seeing the client's FIN, so after LOOK_AFTER_MS one I/O turn is let through
 * first (short requests pay nothing for the look).
 */
export async function clientGone(res: ServerResponse | undefined): Promise<boolean> {
  if (!res) return false;
  if (performance.now() - (startedAt.get(res) ?? performance.now()) >= LOOK_AFTER_MS) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return res.destroyed || res.socket === null || res.socket.destroyed || res.socket.readableEnded;
}

/** The response being written for `req`, when the request came through a tracked server. */
export function responseOf(req: IncomingMessage): ServerResponse | undefined {
  return responses.get(req);
}

export interface InFlight {
  /** Wraps the server's request listener so every request is tracked until its response closes. */
  wrap(listener: () => RequestListener): RequestListener;
  /** Requests whose response has not closed yet. */
  readonly size: number;
  /**
   * Stop accepting connections, close idle keep-alive ones, wait up to `graceMs` for the answers in
   * flight to finish writing, then destroy the connections still open. Resolves with how many
   * requests were cut. The server's own `close` callback is not awaited (upgraded sockets).
   */
  drain(server: Server, graceMs: number): Promise<number>;
}

export function createInFlight(): InFlight {
  const open = new Set<ServerResponse>();
  let draining = false;
  let onEmpty: (() => void) | undefined;

  return {
    wrap(listener) {
      return (req, res) => {
        responses.set(req, res);
        startedAt.set(res, performance.now());
        open.add(res);
        // While draining, tell the client this connection ends with this answer.
        if (draining) res.setHeader("Connection", "close");
        res.once("close", () => {
          open.delete(res);
          if (open.size === 0) onEmpty?.();
        });
        listener()(req, res);
      };
    },
    get size() {
      return open.size;
    },
    async drain(server, graceMs) {
      draining = true;
      server.close();
      server.closeIdleConnections();
      // A keep-alive connection becomes idle when its answer finishes: close those as they appear.
      const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
      try {
        if (open.size > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, graceMs);
            timer.unref();
            onEmpty = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } finally {
        clearInterval(idleSweep);
        onEmpty = undefined;
      }
      const cut = open.size;
      for (const res of [...open]) res.destroy();
      server.closeAllConnections();
      // 'close' of a destroyed response comes on a later tick: wait for them (their holds are released there).
      for (let i = 0; i < 100 && open.size > 0; i++) await new Promise((r) => setTimeout(r, 5));
      return cut;
    },
  };
}
