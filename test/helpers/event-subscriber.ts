/**
 * A real graphql-ws client (the `graphql-ws` package over `ws`) subscribed to `astroEvents`,
 * recording what arrives: events, GraphQL errors, and the socket's close code and reason.
 */
import { randomUUID } from "node:crypto";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { PublishedEvent } from "../../src/events/event-bus.js";
import { until } from "./built-service.js";

export interface Subscriber {
  /** `data.astroEvents` of every `next`, in order. */
  readonly events: Array<Record<string, any>>;
  /** GraphQL errors the server answered the subscription with. */
  readonly errors: Array<{ message: string; extensions?: Record<string, unknown> }>;
  /** Close code and reason when the server closed the socket. */
  closed?: { code: number; reason: string };
  /** Settles when the subscription ends (error, close or completion). */
  readonly done: Promise<void>;
  dispose(): Promise<void>;
}

export const ASTRO_EVENTS = `subscription ($types: [EventType!], $latitude: Float, $longitude: Float) {
  astroEvents(types: $types, latitude: $latitude, longitude: $longitude) { id type instant data location { latitude longitude timeZone localInstant localDate } }
}`;

export function subscribe(
  baseUrl: string, connectionParams: Record<string, unknown> | undefined, variables: Record<string, unknown> = {}, query = ASTRO_EVENTS,
): Subscriber {
  const client: Client = createClient({
    url: baseUrl.replace(/^http/, "ws") + "/graphql", webSocketImpl: WebSocket, retryAttempts: 0, connectionParams,
    on: { closed: (e) => { const c = e as { code: number; reason: unknown }; sub.closed = { code: c.code, reason: String(c.reason) }; } },
  });
  let settle!: () => void;
  const sub: Subscriber = {
    events: [], errors: [], done: new Promise<void>((r) => (settle = r)),
    async dispose() {
      await client.dispose();
    },
  };
  client.subscribe<Record<string, any>>({ query, variables }, {
    next: (r) => {
      if (r.data?.astroEvents) sub.events.push(r.data.astroEvents);
      if (r.errors) sub.errors.push(...(r.errors as Subscriber["errors"]));
    },
    error: (e) => {
      if (Array.isArray(e)) sub.errors.push(...(e as Subscriber["errors"]));
      settle();
    },
    complete: () => settle(),
  });
  return sub;
}

export const event = (type: PublishedEvent["type"], data: Record<string, unknown> = {}, instant: string | null = "2025-01-10T14:22:00Z"): PublishedEvent =>
  ({ id: randomUUID(), type, instant, data });

/**
 * Waits until every subscriber is listening: publishes probe events (type `probeType`, data
 * {probe: true}) until each has received one. A subscription starts asynchronously after the
 * client sends it (gates, debit, then the bus), and graphql-ws acknowledges none.
 */
export async function listening(subs: readonly Subscriber[], publish: (e: PublishedEvent) => Promise<void>, probeType: PublishedEvent["type"] = "ekadashi") {
  await until("the subscribers to receive a probe", 30_000, async () => {
    if (subs.every((s) => s.events.some((e) => e.data?.probe === true))) return true;
    if (subs.some((s) => s.closed || s.errors.length)) throw new Error(`a subscriber failed: ${JSON.stringify(subs.map((s) => [s.closed, s.errors]))}`);
    await publish(event(probeType, { probe: true }));
    return undefined;
  });
}

/** The events a subscriber received, probes left out (a late probe may still arrive after `listening`). */
export const received = (s: Subscriber) => s.events.filter((e) => e.data?.probe !== true);

/** Waits until the subscriber has received `n` events (probes left out), and returns them. */
export const receivedAtLeast = (s: Subscriber, n: number) =>
  until(`${n} events`, 30_000, () => (received(s).length >= n ? received(s) : undefined));

/** Waits until the subscription ended (an error or a closed socket). */
export const ended = (s: Subscriber) => until("the subscription to end", 30_000, () => (s.closed || s.errors.length ? true : undefined));
