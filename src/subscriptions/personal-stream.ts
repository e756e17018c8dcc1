/**
 * A GraphQL subscription's personal events (docs/events.md, "Personal events"): the same engine
 * function as the webhook scheduler (engine/events/personal-events.ts), computed in this process
 * for the stream's lifetime — a week ahead, extended a day at a time — and published at each
 * event's instant to the stream's own listener. Nothing is stored: a GraphQL subscription lives
 * as long as its socket (a webhook subscription is the durable form).
 */
import type { PersonalEventType } from "../engine/events/personal-event-types.js";
import { personalEventKey } from "../engine/events/personal-event-types.js";
import { natalOf, personalEvents } from "../engine/events/personal-events.js";
import { IN_PROCESS, type EngineTaskRunner } from "../engine-pool/engine-pool.js";
import type { EventBus, EventListener, PublishedEvent } from "../events/event-bus.js";
import type { StoredBirth } from "../events/personal-birth.js";

const DAY_MS = 86_400_000;
const LOOKAHEAD_MS = 7 * DAY_MS;
/** Longest single wait (timers past ~24.8 days overflow; an hour keeps the schedule fresh). */
const MAX_WAIT_MS = 3_600_000;

/** The owner part of a GraphQL stream's personal event keys: the birth instant and place. */
export const streamOwner = (b: StoredBirth): string => `birth:${b.instant}:${b.latitude},${b.longitude}`;

/**
 * An EventBus of one stream: `bus`'s world events plus the birth's personal events at their
 * instants. The window's world scan (a week: tens of ms) is an engine task, on the service's
 * engine threads when `tasks` are they.
 */
export function withPersonalEvents(
  bus: EventBus, birth: StoredBirth, wanted: ReadonlySet<PersonalEventType>, now: () => number = Date.now, tasks: EngineTaskRunner = IN_PROCESS,
): EventBus {
  const natal = natalOf(Date.parse(birth.instant), birth.ayanamsha, { latDeg: birth.latitude, lonDeg: birth.longitude });
  const owner = streamOwner(birth);
  return {
    publish: (e) => bus.publish(e),
    close: () => bus.close(),
    subscribe(listener: EventListener) {
      const off = bus.subscribe(listener);
      let queue: PublishedEvent[] = [];
      let until = now();
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const extend = async () => {
        const to = Math.floor((now() + LOOKAHEAD_MS) / 1000) * 1000;
        if (to - until < DAY_MS) return;
        const scan = await tasks.run("worldScan", { fromMs: until, toMs: to, ayanamsha: birth.ayanamsha });
        const found = personalEvents(natal, scan, wanted).map((e): PublishedEvent => {
          const key = personalEventKey(e.type, e.instant, owner);
          const instant = new Date(e.instant).toISOString();
          return { id: key, type: e.type, instant, data: { event_id: key, instant, ...e.data } };
        });
        queue = [...queue, ...found];
        until = to;
      };
      const wake = async () => {
        if (stopped) return;
        try {
          await extend();
          if (stopped) return;
          const t = now();
          while (queue.length > 0 && Date.parse(queue[0]!.instant!) <= t) listener(queue.shift()!);
          const next = queue.length > 0 ? Date.parse(queue[0]!.instant!) - t : MAX_WAIT_MS;
          timer = setTimeout(() => void wake(), Math.max(0, Math.min(MAX_WAIT_MS, next)));
          timer.unref();
        } catch {
          // An engine failure (a birth outside its range cannot pass the input checks): retry in an hour.
          timer = setTimeout(() => void wake(), MAX_WAIT_MS);
          timer.unref();
        }
      };
      timer = setTimeout(() => void wake(), 0);
      timer.unref();
      return () => {
        stopped = true;
        clearTimeout(timer);
        off();
      };
    },
  };
}
