/**
 * The EventBus across processes and instances (docs/architecture.md §8): PostgreSQL
 * LISTEN/NOTIFY. Every process keeps one dedicated connection LISTENing on the channel; publish
 * sends `pg_notify` through the service's pool, and the server hands the notification to every
 * listening connection — the publisher's own included — so each process's listeners see each
 * event once, whichever instance emitted it. Local listeners are called from the notification
 * only, never directly on publish, or the publisher's subscribers would see it twice.
 *
 * - Payload: the event's JSON. NOTIFY refuses payloads of 8000 bytes or more (PostgreSQL's
 *   default block size); there is no events table to send an id into, so an oversize event is
 *   refused by publish with an error naming its size (and logged). The detector's events are a
 *   few hundred bytes.
 * - Connection loss: the listener reconnects with backoff (0.5 s doubling to 30 s) and LISTENs
 *   again. NOTIFY is not replayed: events published while this process was not listening are
 *   not seen by its GraphQL subscribers (webhook deliveries, from the outbox, are the durable path).
 * - A repeated publish of the same event id (an emitter retrying) is delivered once per process.
 */
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { isEventType } from "../engine/events/event-types.js";
import type { EventBus, EventListener, PublishedEvent } from "./event-bus.js";

export const EVENT_CHANNEL = "astro_events";
/** NOTIFY's limit: the payload must be shorter than 8000 bytes. */
export const NOTIFY_MAX_BYTES = 7999;
/** The application_name of the listening connection (visible in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = "vedic-astro-events";

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;
const RECENT_IDS = 1000;

export type BusState = "listening" | "disconnected";

export interface PgEventBusOptions {
  /** postgres://… of the service database (the listening connection is opened on it). */
  readonly url: string;
  /** The service's pool, through which publish sends pg_notify. */
  readonly db: Kysely<any>;
  readonly channel?: string;
  /** Where problems go (lost connection, oversize event, unreadable notification). */
  readonly log?: (level: "warn" | "error" | "info", message: string, fields?: Record<string, unknown>) => void;
  /** Called on each change of the listening connection (tests wait for "listening" again). */
  readonly onState?: (state: BusState) => void;
}

export interface PgEventBus extends EventBus {
  /** Resolves once the first LISTEN succeeded, or rejects with the first connection error (the bus keeps retrying). */
  readonly started: Promise<void>;
  state(): BusState;
}

/** A notification's payload back to an event; null when it is not one of ours. */
function eventFromPayload(payload: string): PublishedEvent | null {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const e = v as Record<string, unknown>;
  if (typeof e.id !== "string" || !isEventType(e.type)) return null;
  if (e.instant !== null && typeof e.instant !== "string") return null;
  if (typeof e.data !== "object" || e.data === null || Array.isArray(e.data)) return null;
  return { id: e.id, type: e.type, instant: e.instant, data: e.data as Record<string, unknown> };
}

export function createPgEventBus(opts: PgEventBusOptions): PgEventBus {
  const channel = opts.channel ?? EVENT_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`event channel must be a plain identifier, got "${channel}"`);
  const log = opts.log ?? (() => {});
  const listeners = new Set<EventListener>();
  // Ids seen lately, oldest first: a re-published event reaches the listeners once.
  const recent = new Set<string>();
  let client: pg.Client | undefined;
  let state: BusState = "disconnected";
  let closed = false;
  let retryMs = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const setState = (s: BusState): void => {
    if (s === state) return;
    state = s;
    opts.onState?.(s);
  };

  const dispatch = (msg: pg.Notification): void => {
    if (msg.channel !== channel || msg.payload === undefined) return;
    const event = eventFromPayload(msg.payload);
    if (!event) {
      log("warn", "event bus: a notification that is not an event was ignored", { channel, bytes: msg.payload.length });
      return;
    }
    if (recent.has(event.id)) return;
    recent.add(event.id);
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value as string);
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // A failing listener must not stop the others; each listener handles its own errors.
      }
    }
  };

  const scheduleReconnect = (): void => {
    if (closed || retryTimer) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => {});
    }, wait);
    retryTimer.unref();
  };

  const lost = (c: pg.Client, err?: unknown): void => {
    if (client !== c) return;
    client = undefined;
    setState("disconnected");
    c.end().catch(() => {});
    if (closed) return;
    log("warn", "event bus: the listening connection was lost; reconnecting (events published meanwhile are not seen here)", {
      err: err instanceof Error ? err.message : err,
    });
    scheduleReconnect();
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.url, application_name: LISTENER_APPLICATION_NAME });
    // Registered before connect: an error event without a handler would crash the process.
    c.on("error", (err) => lost(c, err));
    c.on("end", () => lost(c));
    c.on("notification", dispatch);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners("end");
      await c.end().catch(() => {});
      if (!closed) {
        log("warn", "event bus: cannot LISTEN on PostgreSQL; retrying", { err: err instanceof Error ? err.message : err, retryMs });
        scheduleReconnect();
      }
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    retryMs = RECONNECT_FIRST_MS;
    setState("listening");
  };

  const started = connect();
  // The caller may not await `started`; its rejection is logged above and retried.
  started.catch(() => {});

  return {
    started,
    state: () => state,
    async publish(event) {
      const payload = JSON.stringify({ id: event.id, type: event.type, instant: event.instant, data: event.data });
      const bytes = Buffer.byteLength(payload, "utf8");
      if (bytes > NOTIFY_MAX_BYTES) {
        const message = `event ${event.id} (${event.type}) is ${bytes} bytes as JSON, above NOTIFY's limit of ${NOTIFY_MAX_BYTES}: ` +
          "not published to GraphQL subscribers";
        log("error", message, { id: event.id, type: event.type, bytes });
        throw new RangeError(message);
      }
      await sql`select pg_notify(${channel}, ${payload})`.execute(opts.db);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      listeners.clear();
      const c = client;
      client = undefined;
      setState("disconnected");
      await c?.end().catch(() => {});
    },
  };
}
