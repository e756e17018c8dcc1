/**
 * A year's calendar at one place (issue 14's budget: ≤ 50 ms): every sunrise of the year, the
 * tithi junctions with their masa, the sankrantis, then all festivals and all vratas
 * (docs/architecture.md §11: budgets are measured here). Years rotate, so most runs start cold
 * (no cached Sun/Moon positions): the figure includes the exact series evaluations.
 */
import { festivalCalendar } from "../src/engine/calendar/festivals.js";
import { vrataCalendar } from "../src/engine/calendar/vrata.js";
import { buildYearDays, type LocalCalendar } from "../src/engine/calendar/year-days.js";
import { DEFAULT_CONVENTIONS, type Place } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
/** IST, a fixed +05:30 (the bench measures the engine, not Intl). */
const IST: LocalCalendar = {
  midnightJd: (y, m, d) => Date.UTC(y, m - 1, d) / 86_400_000 + 2440587.5 - 5.5 / 24,
  dateOf: (jd) => new Date((jd - 2440587.5) * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10),
};

export async function run(): Promise<BenchResult[]> {
  let i = 0;
  const year = medianMicros(() => {
    const days = buildYearDays(2000 + (i++ % 50), DELHI, DEFAULT_CONVENTIONS, IST);
    return festivalCalendar(days).length + vrataCalendar(days).length;
  }, 15, 3);
  return [{ name: "year calendar (festivals + vratas), New Delhi", microseconds: year, budgetMicroseconds: 50_000 }];
}
