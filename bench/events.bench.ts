/**
 * The event detector (docs/architecture.md §8): what the scheduler pays each time it looks 40
 * days ahead, with the process-wide Sun/Moon chunks cold (a window never seen: every call
 * starts in a different year) and warm (the same horizon an hour later, as a periodic
 * scheduler asks), and the localization of one Ekadashi for a subscriber at a new place.
 */
import { clearLunisolarCache } from "../src/engine/panchanga/lunisolar-chunks.js";
import { detectEvents } from "../src/engine/events/detect.js";
import { localizeEvent } from "../src/engine/events/localize.js";
import { medianMicros, type BenchResult } from "./run.js";

const DAY_MS = 86_400_000;
const HORIZON_MS = 40 * DAY_MS;

export async function run(): Promise<BenchResult[]> {
  let i = 0;
  const cold = medianMicros(() => {
    clearLunisolarCache();
    const from = Date.UTC(1990 + (i++ % 60), 2, 1);
    return detectEvents(from, from + HORIZON_MS).length;
  }, 9, 1);
  let h = 0;
  const base = Date.UTC(2026, 0, 1);
  const warm = medianMicros(() => {
    const from = base + (h++ % 48) * 3_600_000;
    return detectEvents(from, from + HORIZON_MS).length;
  }, 40, 3);
  const ekadashi = detectEvents(base, base + HORIZON_MS).find((e) => e.type === "ekadashi")!;
  let p = 0;
  const localize = medianMicros(() => {
    p++;
    return localizeEvent(ekadashi, -40 + (p % 80), -170 + ((p * 37) % 340)).observance_date;
  }, 200, 20);
  return [
    { name: "detectEvents, 40-day horizon, Sun/Moon chunk cache emptied first (a year never seen)", microseconds: cold },
    { name: "detectEvents, 40-day horizon, chunks warm (the scheduler's periodic call)", microseconds: warm },
    { name: "localizeEvent: an Ekadashi at a new place (zone, local times, vrata day)", microseconds: localize },
  ];
}
