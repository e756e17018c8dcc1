import type { AnyEventType } from "../engine/events/event-types.js";

/** An event as it is emitted to listeners: recorded once in the database, then published. */
export interface PublishedEvent {
  /** The event's row id (unique across instances). */
  readonly id: string;
  readonly type: AnyEventType;
  /** ISO 8601 UT instant; null for an externally submitted event that named none. */
  readonly instant: string | null;
  readonly data: Readonly<Record<string, unknown>>;
  /** A personal event's webhook subscription (it goes to that subscription only, never to the bus's listeners). */
  readonly subscriptionId?: string | null;
}

export type EventListener = (event: PublishedEvent) => void;

/**
 * Fan-out of emitted events to this process's listeners (GraphQL subscribers). The emitter
 * publishes each event once, on whichever instance emitted it; an implementation across
 * instances (PostgreSQL LISTEN/NOTIFY) delivers it to the listeners of every instance.
 */
export interface EventBus {
  publish(event: PublishedEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

/** One process (PGlite, tests): publish calls the listeners directly. */
export function createMemoryEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    async publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // A failing listener must not stop the others; each listener handles its own errors.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
