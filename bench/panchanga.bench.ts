/**
 * One full panchanga day (five limbs with ends, masa/samvatsara, sun/moon, moonrise/set,
 * kalams and muhurta windows, choghadiya and hora) and a 365-day panchanga search, against
 * the docs/architecture.md §11 budgets (0.25 ms a day, 100 ms a search).
 *
 * The day is timed on the 387 place-days of the Swiss Ephemeris reference that have a sunrise
 * (test/fixtures/swisseph-sunrise-panchanga.json: 10 cities × 40 dates, 1907–2100), twice: with
 * the process-wide Sun/Moon chunks already fitted (a serving process: lunisolar-chunks.ts) and
 * with the chunk cache emptied before each day (the first request touching those dates). The
 * peers, where installed as dev dependencies, compute their day for the same place-days in
 * the same run: @ishubhamx/panchangam-js (getPanchangam) and mhah-panchang (calendar).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { choghadiyas } from "../src/engine/panchanga/choghadiya.js";
import { horas } from "../src/engine/panchanga/hora.js";
import { clearLunisolarCache, lunisolarCacheStats } from "../src/engine/panchanga/lunisolar-chunks.js";
import { panchangaForDate } from "../src/engine/panchanga/panchanga-day.js";
import { searchPanchanga } from "../src/engine/panchanga/panchanga-search.js";
import { findMuhurtaWindows } from "../src/engine/muhurta/muhurta-windows.js";
import { unixMsFromJd } from "../src/engine/time/julian.js";
import { instantFromJdUt } from "../src/engine/time/instant.js";
import { DEFAULT_CONVENTIONS, type Place } from "../src/engine/types.js";
import { medianMicros, type BenchResult } from "./run.js";

const DELHI: Place = { latDeg: 28.6139, lonDeg: 77.209 };
const conv = DEFAULT_CONVENTIONS;
const JD0 = 2460676.5; // 2025-01-01T00:00Z

interface PlaceDay {
  readonly place: Place;
  readonly tzMin: number;
  readonly localDayStartJd: number;
  readonly sunriseJd: number;
}

function placeDays(): PlaceDay[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Runs from bench/ (source) or dist/bench (compiled); the fixture stays in the source tree.
  const root = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? "../.." : "..");
  const file = path.join(root, "test/fixtures/swisseph-sunrise-panchanga.json");
  const cases = (JSON.parse(readFileSync(file, "utf8")) as {
    cases: { lat: number; lon: number; tz_offset_min: number; local_day_start_jd_ut: number; sunrise: { upper_limb_refraction: { jd_ut: number | null } } }[];
  }).cases;
  return cases
    .filter((c) => c.sunrise.upper_limb_refraction.jd_ut !== null)
    .map((c) => ({
      place: { latDeg: c.lat, lonDeg: c.lon },
      tzMin: c.tz_offset_min,
      localDayStartJd: c.local_day_start_jd_ut,
      sunriseJd: c.sunrise.upper_limb_refraction.jd_ut!,
    }));
}

function fullDay(pd: PlaceDay): number {
  const d = panchangaForDate(pd.localDayStartJd, pd.place, conv);
  if (d.sunriseJdUt === null || d.sunsetJdUt === null || d.nextSunriseJdUt === null) return d.transitions.length;
  const c = choghadiyas(d.sunriseJdUt, d.sunsetJdUt, d.nextSunriseJdUt, d.vara!.number);
  const h = horas(d.sunriseJdUt, d.sunsetJdUt, d.nextSunriseJdUt, d.vara!.number);
  return d.transitions.length + c.day.length + h.length;
}

/** A peer's day function for a place-day, or null when the package is not installed. */
type PeerDay = (pd: PlaceDay) => unknown;

function peers(): { name: string; day: PeerDay }[] {
  const require = createRequire(import.meta.url);
  const out: { name: string; day: PeerDay }[] = [];
  try {
    const pj = require("@ishubhamx/panchangam-js") as {
      getPanchangam: (d: Date, o: unknown, opts: { timezoneOffset: number }) => unknown;
      Observer: new (lat: number, lon: number, h: number) => unknown;
    };
    out.push({
      name: "@ishubhamx/panchangam-js 2.2.3 getPanchangam (same place-days)",
      day: (pd) => pj.getPanchangam(new Date(unixMsFromJd(pd.sunriseJd)), new pj.Observer(pd.place.latDeg, pd.place.lonDeg, 0), { timezoneOffset: pd.tzMin }),
    });
  } catch {
    // not installed: no row
  }
  try {
    const { MhahPanchang } = require("mhah-panchang") as { MhahPanchang: new () => { calendar: (d: Date, lat: number, lng: number) => unknown } };
    const m = new MhahPanchang();
    out.push({
      name: "mhah-panchang 1.2.0 calendar (same place-days)",
      day: (pd) => m.calendar(new Date(unixMsFromJd(pd.sunriseJd)), pd.place.latDeg, pd.place.lonDeg),
    });
  } catch {
    // not installed: no row
  }
  return out;
}

export async function run(): Promise<BenchResult[]> {
  const days = placeDays();
  const n = days.length;
  // Warm: every chunk the place-days touch is fitted once (as in a serving process), then timed.
  for (const pd of days) fullDay(pd);
  let i = 0;
  const warm = medianMicros(() => fullDay(days[i++ % n]!), 3 * n, n);
  const cache = lunisolarCacheStats();
  let c = 0;
  const cold = medianMicros(() => {
    clearLunisolarCache();
    return fullDay(days[c++ % n]!);
  }, n, 20);
  const peerRows: BenchResult[] = peers().map((p) => {
    let k = 0;
    return { name: p.name, microseconds: medianMicros(() => p.day(days[k++ % n]!), n, 20) };
  });
  clearLunisolarCache();
  let j = 0;
  const search = medianMicros(
    () => searchPanchanga({ place: DELHI, after: instantFromJdUt(JD0 + (j++ % 10) * 3.1), criteria: { tithi: "Ekadashi", vara: "Guru" }, maxResults: 20, maxDays: 365, conv }),
    15,
    3,
  );
  let k = 0;
  const searchOne = medianMicros(
    () => searchPanchanga({ place: DELHI, after: instantFromJdUt(JD0 + (k++ % 10) * 3.1), criteria: { nakshatra: "Pushya", vara: 5 }, maxResults: 20, maxDays: 365, conv }),
    15,
    3,
  );
  let m = 0;
  const muhurta = medianMicros(
    () => findMuhurtaWindows({ place: DELHI, from: instantFromJdUt(JD0 + (m++ % 10) * 3.1), type: "marriage", conv }),
    15,
    3,
  );
  clearLunisolarCache();
  const t0 = process.hrtime.bigint();
  searchPanchanga({ place: DELHI, after: instantFromJdUt(JD0), criteria: { tithi: "Ekadashi", vara: "Guru" }, maxResults: 20, maxDays: 365, conv });
  const searchCold = Number(process.hrtime.bigint() - t0) / 1000;
  return [
    {
      name: `full panchanga day (limbs, masa, kalams, moonrise, choghadiya, hora), ${n} place-days, Sun/Moon chunks cached`,
      microseconds: warm,
      budgetMicroseconds: 250,
      note: `chunk cache ${cache.entries} entries ≈ ${(cache.bytes / 1024).toFixed(0)} KiB`,
    },
    { name: `full panchanga day, same ${n} place-days, chunk cache emptied before each`, microseconds: cold },
    ...peerRows,
    { name: "365-day search, tithi Ekadashi + vara Guru (up to 20 matches)", microseconds: search, budgetMicroseconds: 100_000 },
    { name: "365-day search, tithi Ekadashi + vara Guru, chunk cache empty (one run)", microseconds: searchCold },
    { name: "365-day search, nakshatra Pushya + Thursday (Guru-Pushya)", microseconds: searchOne, budgetMicroseconds: 100_000 },
    { name: "muhurta windows, marriage, 30 days", microseconds: muhurta },
  ];
}
