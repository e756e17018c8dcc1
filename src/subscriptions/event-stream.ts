import type { EventBus, PublishedEvent } from "../events/event-bus.js";

/** Events waiting for a slow subscriber; older ones are dropped past this (events come a few a day). */
const MAX_QUEUED = 256;

/**
 * The bus as an async iterator of the events one subscriber wants (graphql-js's subscribe reads
 * it). Subscribes to the bus at once, so nothing published after the subscription started is
 * missed; `return()` (the client completes or disconnects) unsubscribes.
 */
export function eventStream(bus: EventBus, wanted: (event: PublishedEvent) => boolean): AsyncIterableIterator<PublishedEvent> {
  const queue: PublishedEvent[] = [];
  let waiting: ((r: IteratorResult<PublishedEvent>) => void) | undefined;
  let done = false;
  const unsubscribe = bus.subscribe((event) => {
    if (done || !wanted(event)) return;
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve({ value: event, done: false });
    } else {
      queue.push(event);
      if (queue.length > MAX_QUEUED) queue.shift();
    }
  });
  const finish = (): IteratorResult<PublishedEvent> => {
    if (!done) {
      done = true;
      unsubscribe();
      queue.length = 0;
      waiting?.({ value: undefined, done: true });
      waiting = undefined;
    }
    return { value: undefined, done: true };
  };
  return {
    next() {
      const event = queue.shift();
      if (event) return Promise.resolve({ value: event, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return() {
      return Promise.resolve(finish());
    },
    throw(err?: unknown) {
      finish();
      return Promise.reject(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
