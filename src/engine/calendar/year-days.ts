import { findRoot } from "../astro/junction.js";
import { moonEventsInWindow, sunEventsBetween } from "../astro/rise-set.js";
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
  /** Nakshatra spans over the same days (Janmashtami's Rohini). */
  readonly nakshatras: readonly LimbSpan[];
  /** Karana spans over the same days (Bhadra = Vishti karana). */
  readonly karanas: readonly LimbSpan[];
  readonly sankrantis: readonly Sankranti[];
  readonly place: Place;
  readonly conv: Conventions;
  /** Moonrise between a day's sunrise and the next, computed on demand (few rules need it). */
  moonriseOf(day: CivilDay): number | null;
}

/** Index in `days` (in order, contiguous) of the day whose sunrise-to-sunrise span holds jd, or −1 (binary search). */
export function dayIndexAt(days: readonly CivilDay[], jd: number): number {
  let lo = 0, hi = days.length - 1;
  if (hi < 0 || jd < days[0]!.sunriseJd || jd >= days[hi]!.nextSunriseJd) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (days[mid]!.sunriseJd <= jd) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The days whose sunrise-to-sunrise span overlaps (startJd, endJd). */
export function daysOverlapping(days: readonly CivilDay[], startJd: number, endJd: number): CivilDay[] {
  const out: CivilDay[] = [];
  if (days.length === 0) return out;
  const a = Math.max(0, dayIndexAt(days, Math.max(startJd, days[0]!.sunriseJd)));
  for (let i = a; i < days.length && days[i]!.sunriseJd < endJd; i++) if (days[i]!.nextSunriseJd > startJd) out.push(days[i]!);
  return out;
}

/** The limbs a calendar's rules read (no rule reads a yoga, so yogas are not searched). */
const CALENDAR_LIMBS = ["tithi", "nakshatra", "karana"] as const;

/** Days of margin either side of the year: a festival's tithi may start the day before 1 January. */
const MARGIN_DAYS = 3;
/** The series reaches this far beyond the days: limbSpans needs ≈ 1.2 days to close the edge spans. */
const SERIES_MARGIN_DAYS = 1.5;
/** Mean rate of the elongation, °/day: only to start the walk to a new moon outside the days. */
const ELONGATION_DEG_PER_DAY = 12.19;

export function buildYearDays(year: number, place: Place, conv: Conventions, cal: LocalCalendar): YearDays {
  const days = civilDays(cal.midnightJd(year, 1, 1) - MARGIN_DAYS, cal.midnightJd(year + 1, 1, 1) + MARGIN_DAYS, place, conv, cal);
  const fromJd = days[0]!.sunriseJd;
  const toJd = days[days.length - 1]!.nextSunriseJd;
  // The series spans the days only (its chunks are the process-wide ones, lunisolar-chunks.ts):
  // the new moons that open and close the edge lunations are solved each in its own chunk.
  const series = new LunisolarSeries(conv, fromJd - SERIES_MARGIN_DAYS, toJd + SERIES_MARGIN_DAYS);
  const limbs = limbSpans(series, fromJd, toJd, CALENDAR_LIMBS);
  const tithis = withMasa(limbs.tithi, series);
  const sankrantis = findSankrantis(series, fromJd, toJd, conv);
  return yearDaysOf(year, days, tithis, sankrantis, place, conv, { nakshatras: limbs.nakshatra, karanas: limbs.karana });
}

/**
 * Refuses, cheaply and before anything is charged, a place whose year `buildYearDays` would refuse
 * for a polar day or night: such a period always contains a solstice (the Sun's declination is
 * extreme there and the span of latitudes without sunrise or sunset only grows towards it), and
 * the year's own June and December solstices are at least as deep as the previous December's, so
 * the civil days around both solstices decide (the same `civilDays` walk, ~30 days instead of ~370).
 */
export function assertCalendarPlaceHasDays(year: number, place: Place, conv: Conventions, cal: LocalCalendar): void {
  for (const month of [6, 12]) civilDays(cal.midnightJd(year, month, 12), cal.midnightJd(year, month, 30), place, conv, cal);
}

/**
 * The civil days (sunrise to sunrise) whose sunrise falls from the first after `fromJd` up to
 * `toJd`. Throws EngineInputError (field latitude) where a polar day or night leaves a day
 * without sunrise or sunset.
 */
export function civilDays(fromJd: number, toJd: number, place: Place, conv: Conventions, cal: LocalCalendar): CivilDay[] {
  const polar = () =>
    new EngineInputError("festival and vrata calendars need a sunrise and sunset every day; this latitude has polar days or nights", "latitude");
  // Every sunrise and sunset in one walk (one horizon window per day): a Hindu day is dated by
  // its sunrise's local date and runs to the next sunrise, its sunset between. With a zone far
  // from the place's solar time (tz override) a date may hold two sunrises or none; the walk
  // needs no special case.
  const { rises, sets } = sunEventsBetween(fromJd, toJd + 1.6, place, conv);
  if (rises.length === 0 || rises[0]! - fromJd > 1.5) throw polar();
  const days: CivilDay[] = [];
  let k = 0;
  for (let i = 0; rises[i] !== undefined && rises[i]! < toJd; i++) {
    const sr = rises[i]!, next = rises[i + 1];
    while (k < sets.length && sets[k]! <= sr) k++;
    const ss = sets[k];
    if (next === undefined || ss === undefined || ss >= next || next - sr > 1.5) throw polar();
    days.push({ date: cal.dateOf(sr), sunriseJd: sr, sunsetJd: ss, nextSunriseJd: next });
  }
  return days;
}

/** A YearDays over given days, tithis and sankrantis (moonrises computed on demand; limb spans where given). */
export function yearDaysOf(
  year: number, days: readonly CivilDay[], tithis: readonly DatedTithi[], sankrantis: readonly Sankranti[], place: Place, conv: Conventions,
  limbs: { nakshatras: readonly LimbSpan[]; karanas: readonly LimbSpan[] } = { nakshatras: [], karanas: [] },
): YearDays {
  const moonrises = new Map<string, number | null>();
  return {
    year, days, tithis, nakshatras: limbs.nakshatras, karanas: limbs.karanas, sankrantis, place, conv,
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
 * when the Sun's rashi at the closing new moon is the same (tables/masas.ts). The new moons
 * before the first tithi and after the last are solved on the series (each in the chunk that
 * brackets it: the same instant every window finds).
 */
export function withMasa(spans: readonly LimbSpan[], series: LunisolarSeries): DatedTithi[] {
  if (spans.length === 0) return [];
  const first = spans[0]!, last = spans[spans.length - 1]!;
  const newMoons = spans.filter((s) => s.number === 1).map((s) => s.startJd);
  if (first.number !== 1) {
    const e = series.angle("elongation", first.startJd);
    const target = 360 * Math.floor(e / 360 + 1e-9);
    newMoons.unshift(series.solve("elongation", target, first.startJd - (e - target) / ELONGATION_DEG_PER_DAY));
  }
  if (last.number === 30) newMoons.push(last.endJd);
  else {
    const e = series.angle("elongation", last.endJd);
    const target = 360 * Math.ceil(e / 360 - 1e-9);
    newMoons.push(series.solve("elongation", target, last.endJd + (target - e) / ELONGATION_DEG_PER_DAY));
  }
  const rashiAt = newMoons.map((jd) => rashiOf(series.longitudes(jd).sunDeg));
  const out: DatedTithi[] = [];
  let k = 0;
  for (const s of spans) {
    while (k + 1 < newMoons.length && newMoons[k + 1]! <= s.startJd) k++;
    const open = rashiAt[k]!, close = rashiAt[k + 1]!;
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
