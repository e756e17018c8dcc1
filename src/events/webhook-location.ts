import { isEventType, isPersonalEventType, type EventType } from "../engine/events/event-types.js";
import { localizeEvent, type LocalizedEvent } from "../engine/events/localize.js";

/** Enough for every located subscription of the events emitted together; the oldest goes first. */
const MEMO_LIMIT = 2048;
const memo = new Map<string, LocalizedEvent | { latitude: number; longitude: number }>();

/**
 * A located subscription's `location` in a delivery (docs/architecture.md §8): the place, its
 * time zone (offline lookup from the coordinates), the event's local time and date, and for
 * tithi events and sankranti the local tithi span and the civil day the calendar keeps it
 * (engine/events/localize.ts). An event with no usable instant (an externally submitted one that
 * names none) carries the place alone. Deliveries of one event to many subscribers at one place
 * share the work.
 */
export function webhookLocation(type: string, data: Readonly<Record<string, unknown>>, latitude: number, longitude: number): object {
  const ms = typeof data.instant === "string" ? Date.parse(data.instant) : NaN;
  const key = `${type}|${ms}|${latitude}|${longitude}`;
  const known = memo.get(key);
  if (known) return known;
  let location: LocalizedEvent | { latitude: number; longitude: number } = { latitude, longitude };
  if ((isEventType(type) || isPersonalEventType(type)) && Number.isFinite(ms)) {
    try {
      // A personal type gets the common part (zone, local time and date): localizeEvent adds more only for tithis and sankrantis.
      location = localizeEvent({ type: type as EventType, instant: ms, data }, latitude, longitude);
    } catch {
      // An instant the engine does not take (outside 1800–2400): the place alone.
    }
  }
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, location);
  return location;
}
