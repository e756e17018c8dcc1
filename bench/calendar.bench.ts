/**
 * A year's calendar at one place (issue 14's budget: ≤ 50 ms): every sunrise of the year, the
 * tithi junctions with their masa, the sankrantis, then all festivals and all vratas
 * (docs/architecture.md §11: budgets are measured here).
 * - cold: years rotate, so each run builds the year's lunisolar chunks (≈ 190 chunks of 2 days,
 *   4 exact ELP/MPP02 Moon and VSOP87 Sun evaluations each: most of the time);
 * - warm chunks: the same year at a second place. The chunks are process-wide and
 *   place-free (panchanga/lunisolar-chunks.ts), so every calendar after the first one of a
 *   year pays only its sunrises, moonrises and rules.
 */
import { convertDate } from "../src/engine/calendar/date-conversion.js";
import { festivalCalendar } from "../src/engine/calendar/festivals.js";
import { vrataCalendar } from "../src/engine/calendar/vrata.js";
import { buildYearDays, type LocalCalendar } from "../src/engine/calendar/year-days.js";
import { DEFAULT_CONVENTIONS, type Place } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
const MUMBAI: Place = { latDeg: 19.076, lonDeg: 72.8777 };
/** IST, a fixed +05:30 (the bench measures the engine, not Intl). */
const IST: LocalCalendar = {
  midnightJd: (y, m, d) => Date.UTC(y, m - 1, d) / 86_400_000 + 2440587.5 - 5.5 / 24,
  dateOf: (jd) => new Date((jd - 2440587.5) * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10),
};

const calendar = (year: number, place: Place) => {
  const days = buildYearDays(year, place, DEFAULT_CONVENTIONS, IST);
  return festivalCalendar(days).length + vrataCalendar(days).length;
};

export async function run(): Promise<BenchResult[]> {
  let i = 0;
  const cold = medianMicros(() => calendar(2000 + (i++ % 50), DELHI), 15, 3);
  // Delhi's years above left their chunks in the cache: Mumbai reuses them.
  let j = 0;
  const warm = medianMicros(() => calendar(2000 + (j++ % 15), MUMBAI), 15, 3);
  // One civil date in every calendar (lunar at sunrise, six solar rules, eras): days rotate through a year.
  let k = 0;
  const convert = medianMicros(() => convertDate(`2025-${String(1 + (k % 12)).padStart(2, "0")}-${String(1 + (k++ % 28)).padStart(2, "0")}`, DELHI, DEFAULT_CONVENTIONS, IST), 15, 3);
  return [
    { name: "date conversion (amanta, purnimanta, six solar calendars, eras), one date", microseconds: convert },
    { name: "year calendar (festivals + vratas), New Delhi, cold", microseconds: cold, budgetMicroseconds: 50_000 },
    { name: "year calendar, same year at a second place (chunks cached)", microseconds: warm, budgetMicroseconds: 50_000 },
  ];
}
