import { findRoot } from "../astro/junction.js";
import { moonEventsInWindow, sunEventsInWindow } from "../astro/rise-set.js";
import { siderealLongitudeDeg } from "../astro/positions.js";
import { EngineInputError } from "../errors.js";
import { limbSpans, type LimbSpan } from "../panchanga/limb-spans.js";
import { LunisolarSeries } from "../panchanga/lunisolar-series.js";
import { MASAS, masaOfSunRashiAtNewMoon } from "../tables/masas.js";
import { rashiOf } from "../tables/rashis.js";
import type { Conventions, Place } from "../types.js";

/**
 * The raw material of a year's calendar at one place (engine rules: docs/architecture.md §3): every civil
 * day's sunrise frame, every tithi with its amanta month, and the twelve sankrantis. Tithis
 * come from the panchanga's own junction search (panchanga/limb-spans.ts on one
 * LunisolarSeries), sunrises from astro/rise-set.ts: one computation, shared with /panchanga.
 */

/** Local civil dates: the caller's zone, given to the (pure) engine as two functions. */
export interface LocalCalendar {
  /** Julian day UT of local 00:00 of a date (month 1..12). */
  midnightJd(year: number, month: number, day: number): number;
  /** The local date "YYYY-MM-DD" of a Julian day UT. */
  dateOf(jdUt: number): string;
}

export interface CivilDay {
  /** Local date of the sunrise, "YYYY-MM-DD". */
  readonly date: string;
  readonly sunriseJd: number;
  readonly sunsetJd: number;
  readonly nextSunriseJd: number;
}

export interface DatedTithi extends LimbSpan {
  /** Amanta masa number 1..12 of the lunation holding the tithi. */
  readonly amantaMasa: number;
  /** The lunation has no sankranti (adhika masa). */
  readonly adhika: boolean;
}

export interface Sankranti {
  /** Sidereal rashi 1..12 the Sun enters. */
  readonly rashi: number;
  readonly jd: number;
}

export interface YearDays {
  readonly year: number;
  readonly days: readonly CivilDay[];
  readonly tithis: readonly DatedTithi[];
  readonly sankrantis: readonly Sankranti[];
  readonly place: Place;
  readonly conv: Conventions;
  /** Moonrise between a day's sunrise and the next, computed on demand (few rules need it). */
  moonriseOf(day: CivilDay): number | null;
}

/** Days of margin either side of the year: a festival's tithi may start the day before 1 January. */
const MARGIN_DAYS = 3;
/** A lunation is at most ≈ 29.9 days; the series must reach the new moons around the year. */
const SERIES_MARGIN_DAYS = 36;

export function buildYearDays(year: number, place: Place, conv: Conventions, cal: LocalCalendar): YearDays {
  const days = civilDays(cal.midnightJd(year, 1, 1) - MARGIN_DAYS, cal.midnightJd(year + 1, 1, 1) + MARGIN_DAYS, place, conv, cal);
  const fromJd = days[0]!.sunriseJd;
  const toJd = days[days.length - 1]!.nextSunriseJd;
  const series = new LunisolarSeries(conv, fromJd - SERIES_MARGIN_DAYS, toJd + SERIES_MARGIN_DAYS);
  const spans = limbSpans(series, fromJd - SERIES_MARGIN_DAYS + 1.3, toJd + SERIES_MARGIN_DAYS - 1.3).tithi;
  const tithis = withMasa(spans, series);
  const sankrantis = findSankrantis(series, fromJd - SERIES_MARGIN_DAYS + 1, toJd + SERIES_MARGIN_DAYS - 1, conv);
  return yearDaysOf(year, days, tithis, sankrantis, place, conv);
}

/**
 * The civil days (sunrise to sunrise) whose sunrise falls from the first after `fromJd` up to
 * `toJd`. Throws EngineInputError (field latitude) where a polar day or night leaves a day
 * without sunrise or sunset.
 */
export function civilDays(fromJd: number, toJd: number, place: Place, conv: Conventions, cal: LocalCalendar): CivilDay[] {
  const days: CivilDay[] = [];
  const polar = () =>
    new EngineInputError("festival and vrata calendars need a sunrise and sunset every day; this latitude has polar days or nights", "latitude");
  // Walk sunrise to sunrise (each window search gives the day's sunset and the next sunrise):
  // a Hindu day is dated by its sunrise's local date. With a zone far from the place's solar
  // time (tz override) a date may hold two sunrises or none; the walk needs no special case.
  let sr = sunEventsInWindow(fromJd, place, conv, 1).sunriseJdUt;
  if (sr === null) throw polar();
  while (sr < toJd) {
    const ahead = sunEventsInWindow(sr + 1e-4, place, conv, 1.6);
    if (ahead.sunriseJdUt === null || ahead.sunsetJdUt === null || ahead.sunsetJdUt > ahead.sunriseJdUt) throw polar();
    days.push({ date: cal.dateOf(sr), sunriseJd: sr, sunsetJd: ahead.sunsetJdUt, nextSunriseJd: ahead.sunriseJdUt });
    sr = ahead.sunriseJdUt;
  }
  return days;
}

/** A YearDays over given days, tithis and sankrantis (moonrises computed on demand). */
export function yearDaysOf(
  year: number, days: readonly CivilDay[], tithis: readonly DatedTithi[], sankrantis: readonly Sankranti[], place: Place, conv: Conventions,
): YearDays {
  const moonrises = new Map<string, number | null>();
  return {
    year, days, tithis, sankrantis, place, conv,
    moonriseOf(day) {
      if (!moonrises.has(day.date)) {
        const { moonriseJdUt } = moonEventsInWindow(day.sunriseJd, place, day.nextSunriseJd - day.sunriseJd);
        moonrises.set(day.date, moonriseJdUt);
      }
      return moonrises.get(day.date)!;
    },
  };
}

/**
 * Amanta masa of each tithi: the lunation opens where Shukla Pratipada starts (a tithi
 * junction, elongation 0°); it is named by the Sun's rashi at that new moon and is adhika
 * when the Sun's rashi at the closing new moon is the same (tables/masas.ts). Tithis of a
 * lunation whose new moons fall outside the series are dropped.
 */
export function withMasa(spans: readonly LimbSpan[], series: LunisolarSeries): DatedTithi[] {
  const newMoons = spans.filter((s) => s.number === 1).map((s) => s.startJd);
  const out: DatedTithi[] = [];
  for (const s of spans) {
    let k = -1;
    for (let i = 0; i < newMoons.length; i++) if (newMoons[i]! <= s.startJd) k = i;
    if (k < 0 || k + 1 >= newMoons.length) continue;
    const open = rashiOf(series.longitudes(newMoons[k]!).sunDeg);
    const close = rashiOf(series.longitudes(newMoons[k + 1]!).sunDeg);
    out.push({ ...s, amantaMasa: masaOfSunRashiAtNewMoon(open), adhika: open === close });
  }
  return out;
}

const wrap180 = (d: number) => d - 360 * Math.round(d / 360);

/**
 * Moments the sidereal Sun enters each rashi: bracketed day by day on the series' Sun, then
 * solved with Brent's method on the full Sun (astro/positions.ts), as junctions are.
 */
function findSankrantis(series: LunisolarSeries, fromJd: number, toJd: number, conv: Conventions): Sankranti[] {
  const out: Sankranti[] = [];
  let prevJd = fromJd;
  let prevRashi = rashiOf(series.longitudes(fromJd).sunDeg);
  for (let jd = fromJd + 1; jd <= toJd; jd += 1) {
    const r = rashiOf(series.longitudes(jd).sunDeg);
    if (r !== prevRashi) {
      const boundary = (r - 1) * 30;
      const f = (t: number) => wrap180(siderealLongitudeDeg("sun", t, conv) - boundary);
      // Widened a little: the series and the full Sun differ by ≪ 0.1″, never by 0.01 day.
      out.push({ rashi: r, jd: findRoot(f, prevJd - 0.01, jd + 0.01, 1e-7) });
    }
    prevJd = jd;
    prevRashi = r;
  }
  return out;
}

export const masaName = (n: number) => MASAS[n - 1]!.name;
