/**
 * A year's calendar at one place (issue 14's budget: ≤ 50 ms): every sunrise of the year, the
 * tithi junctions with their masa, the sankrantis, then all festivals and all vratas
 * (docs/architecture.md §11: budgets are measured here).
 * - cold: years rotate, so each run builds the year's lunisolar chunks (≈ 190 chunks of 2 days,
 *   4 exact ELP/MPP02 Moon and VSOP87 Sun evaluations each: most of the time);
 * - warm chunks: the same year at a second place. The chunks are process-wide and
 *   place-free (panchanga/lunisolar-chunks.ts), so every calendar after the first one of a
 *   year pays only its sunrises, moonrises and rules;
 * - memo: the same place and year again, as the service answers it (engine/calendar/year-calendar.ts).
 */
import { convertDate } from "../src/engine/calendar/date-conversion.js";
import { festivalCalendar } from "../src/engine/calendar/festivals.js";
import { REGIONS, regionalFestivals } from "../src/engine/calendar/regional-festivals.js";
import { feedEvents, feedWindow, FEED_CONTENTS } from "../src/feeds/feed-events.js";
import { renderIcs } from "../src/feeds/ics.js";
import { clockFromTz } from "../src/resolvers/panchanga/time-zone.js";
import { vrataCalendar } from "../src/engine/calendar/vrata.js";
import { yearCalendar } from "../src/engine/calendar/year-calendar.js";
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

const CHENNAI: Place = { latDeg: 13.0827, lonDeg: 80.2707 };
const KOLKATA: Place = { latDeg: 22.5726, lonDeg: 88.3639 };

/** GET /festivals/{year}?region=all's engine work: the national list and every region's festivals. */
const withRegions = (year: number, place: Place) => {
  const days = buildYearDays(year, place, DEFAULT_CONVENTIONS, IST);
  const national = festivalCalendar(days);
  return national.length + regionalFestivals(days, IST, REGIONS, national).length;
};

/** The same through the service's memo of places' years (year-calendar.ts): a repeated request at the place. */
const withRegionsMemo = (year: number, place: Place) => {
  const yc = yearCalendar(year, place, DEFAULT_CONVENTIONS, IST, "IST");
  return yc.festivals().length + yc.regional(REGIONS).length;
};

/**
 * A feed's year computed and written (docs/calendars.md §3), without the rendered-feed cache that
 * answers repeated polls: festivals of every region, vratas with parana, eclipses seen from the
 * place, as iCalendar text. The zone is a real IANA clock (what the service uses).
 */
const KOLKATA_CLOCK = clockFromTz("tz", "Asia/Kolkata");
const icsYear = (year: number, place: Place) => {
  const def = { latitude: place.latDeg, longitude: place.lonDeg, tz: "Asia/Kolkata", year, contents: [...FEED_CONTENTS], region: "all" };
  const events = feedEvents(def, place, KOLKATA_CLOCK, feedWindow(def, `${year}-06-01`));
  return renderIcs({ prodId: "-//bench//EN", name: "bench", timeZone: "Asia/Kolkata", stampMs: 0, refresh: "PT12H", events }).length;
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
  // Years no measure above touched (1900–1917): their chunks are built in the run.
  let r = 0;
  const regionalCold = medianMicros(() => withRegions(1900 + (r++ % 50), CHENNAI), 15, 3);
  let w = 0;
  const regionalWarm = medianMicros(() => withRegions(1900 + (w++ % 15), KOLKATA), 15, 3);
  // Kolkata's years again, through the memo (its first pass above computed without it: fill it first).
  for (let y = 1900; y < 1915; y++) withRegionsMemo(y, KOLKATA);
  let m = 0;
  const regionalMemo = medianMicros(() => withRegionsMemo(1900 + (m++ % 15), KOLKATA), 15, 3);
  // New Delhi's years 1900–1914: chunks cached, the place's year built, eclipses searched afresh (global and local).
  let f = 0;
  const icsFresh = medianMicros(() => icsYear(1900 + (f++ % 15), DELHI), 15, 3);
  // New Delhi's years again, as another feed of that place would: the place's year and eclipses cached.
  let g = 0;
  const ics = medianMicros(() => icsYear(1900 + (g++ % 15), DELHI), 15, 3);
  // Mumbai's: chunks and global eclipses cached; the place's year built and the eclipses' visibility searched.
  let n = 0;
  const icsPlace = medianMicros(() => icsYear(1900 + (n++ % 15), MUMBAI), 15, 3);
  return [
    { name: "year festivals with every region's (region=all), Chennai, cold", microseconds: regionalCold, budgetMicroseconds: 50_000 },
    { name: "year festivals with every region's, same year at a second place (chunks cached)", microseconds: regionalWarm, budgetMicroseconds: 10_000 },
    { name: "year festivals with every region's, same place and year again (the places' years memo)", microseconds: regionalMemo, budgetMicroseconds: 10_000 },
    { name: ".ics year (festivals of every region, vratas + parana, eclipses), first of a place and year: chunks cached, eclipses searched", microseconds: icsFresh, budgetMicroseconds: 20_000 },
    { name: ".ics year at a second place (chunks and global eclipses cached; the place's year built, visibility searched)", microseconds: icsPlace, budgetMicroseconds: 20_000 },
    { name: ".ics year, same place and year again (its year and eclipses cached; the rendered text is not)", microseconds: ics, budgetMicroseconds: 20_000 },
    { name: "date conversion (amanta, purnimanta, six solar calendars, eras), one date", microseconds: convert },
    { name: "year calendar (festivals + vratas), New Delhi, cold", microseconds: cold, budgetMicroseconds: 50_000 },
    { name: "year calendar, same year at a second place (chunks cached)", microseconds: warm, budgetMicroseconds: 50_000 },
  ];
}
