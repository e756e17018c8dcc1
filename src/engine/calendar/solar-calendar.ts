import { findRoot } from "../astro/junction.js";
import { siderealLongitudeDeg } from "../astro/positions.js";
import { nthPart } from "../panchanga/day-windows.js";
import type { Conventions, Place } from "../types.js";
import { shiftDate } from "./festivals.js";
import { civilDays, dayIndexAt, type CivilDay, type LocalCalendar } from "./year-days.js";

/**
 * The regional solar calendars: a month is the Sun's stay in one sidereal rashi, and each tradition
 * has its own rule for the civil day that becomes day 1 when the sankranti (the Sun's entry) falls
 * late in the day. Rules, sources and the published month starts they were checked against:
 * docs/calendars.md §2.
 */
export type SolarTradition = "tamil" | "malayalam" | "bengali" | "odia" | "assamese" | "punjabi";
export const SOLAR_TRADITIONS: readonly SolarTradition[] = ["tamil", "malayalam", "bengali", "odia", "assamese", "punjabi"];

/** Month names by the rashi the Sun is in (Mesha = index 0), in each tradition's usual romanisation. */
export const SOLAR_MONTHS: Readonly<Record<SolarTradition, readonly string[]>> = {
  tamil: ["Chithirai", "Vaikasi", "Aani", "Aadi", "Aavani", "Purattasi", "Aippasi", "Karthigai", "Margazhi", "Thai", "Maasi", "Panguni"],
  malayalam: ["Medam", "Edavam", "Mithunam", "Karkidakam", "Chingam", "Kanni", "Thulam", "Vrischikam", "Dhanu", "Makaram", "Kumbham", "Meenam"],
  bengali: ["Boishakh", "Joishtho", "Asharh", "Srabon", "Bhadro", "Ashwin", "Kartik", "Ogrohayon", "Poush", "Magh", "Falgun", "Choitro"],
  odia: ["Baisakha", "Jyeshtha", "Ashadha", "Shrabana", "Bhadraba", "Ashwina", "Kartika", "Margashira", "Pausha", "Magha", "Phalguna", "Chaitra"],
  assamese: ["Bohag", "Jeth", "Aahar", "Saon", "Bhado", "Aahin", "Kati", "Aghon", "Puh", "Magh", "Phagun", "Sot"],
  punjabi: ["Vaisakh", "Jeth", "Harh", "Sawan", "Bhadon", "Assu", "Katak", "Maghar", "Poh", "Magh", "Phaggan", "Chet"],
};

/**
 * Each tradition's month-start rule, in words (echoed in answers). Tamil, Malabar (Kerala), Bengal and Orissa rules:
 * R. Sewell and S. B. Dikshit, The Indian Calendar (1896), the four rules for the first day of a solar month (the Tamil
 * one also stated by Drik Panchang); each checked against published month starts (test/engine/calendar/solar-calendar.test.ts,
 * docs/calendars.md §2).
 */
export const SOLAR_RULES: Readonly<Record<SolarTradition, string>> = {
  tamil: "Tamil rule: a sankranti between sunrise and sunset begins the month that day; after sunset, the next day",
  malayalam: "Malabar (Kerala) rule: a sankranti within the first three fifths of the daytime begins the month that day; later, the next day",
  bengali:
    "Bengal rule: a sankranti between sunrise and midnight begins the month the next day; after midnight, the day after (West Bengal; " +
    "Bangladesh's reformed calendar fixes Boishakh 1 on 14 April and is not served)",
  odia: "Orissa rule: the month begins on the civil day (midnight to midnight) of the sankranti",
  assamese: "Assam: as the Tamil rule, sunset deciding (inferred from published Bohag and Magh Bihu dates)",
  punjabi: "Punjab: the month begins on the civil day of the sankranti (inferred from published Vaisakhi and Maghi dates)",
};

export interface SolarDate {
  readonly tradition: SolarTradition;
  /** 1..12 from the Mesha month. */
  readonly month: number;
  readonly monthName: string;
  readonly day: number;
  /** Civil date (YYYY-MM-DD) of day 1 of the month. */
  readonly monthStart: string;
  /** The sankranti that opened the month, Julian day UT. */
  readonly sankrantiJd: number;
  readonly rule: string;
}

const SUN_DEG_PER_DAY = 0.9856;
const wrap180 = (d: number) => d - 360 * Math.round(d / 360);

/** The moment the sidereal Sun entered the rashi (1..12) it is in at `jd` (the last sankranti at or before jd). */
export function sankrantiBefore(jd: number, conv: Conventions): { rashi: number; jd: number } {
  const lon = siderealLongitudeDeg("sun", jd, conv);
  const rashi = Math.floor(lon / 30) + 1;
  const boundary = (rashi - 1) * 30;
  const guess = jd - (lon - boundary) / SUN_DEG_PER_DAY;
  const f = (t: number) => wrap180(siderealLongitudeDeg("sun", t, conv) - boundary);
  return { rashi, jd: findRoot(f, guess - 1.5, Math.min(jd, guess + 1.5) + 1e-6, 1e-7) };
}

/**
 * The civil date (YYYY-MM-DD) a sankranti at `jd` makes day 1 of its month, under a tradition's rule. `days`: the
 * place's civil days already computed (a year's calendar), looked up before any sunrise is searched — the same
 * instants either way, since a sunrise does not depend on the window it is searched in (astro/rise-set.ts).
 */
export function monthStartDate(
  tradition: SolarTradition, jd: number, place: Place, conv: Conventions, cal: LocalCalendar, days?: readonly CivilDay[],
): string {
  const date = cal.dateOf(jd);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  switch (tradition) {
    case "odia":
    case "punjabi":
      // The civil (midnight-to-midnight) day of the sankranti.
      return date;
    case "bengali":
      // Measured from the sunrise-to-sunrise day: before its midnight → the next day; after it (the small hours
      // before the next sunrise) → the day after that. Either way the civil date after the sankranti's own.
      return shiftDate(date, 1);
    default: {
      const known = days ? dayIndexAt(days, jd) : -1;
      const day = known >= 0 ? days![known]! : sunDayOf(jd, place, conv, cal, y, m, d);
      if (tradition === "tamil" || tradition === "assamese") return jd < day.sunsetJd && jd >= day.sunriseJd ? day.date : shiftDate(day.date, 1);
      // Malayalam: the first three fifths of the daytime.
      const cut = nthPart(day.sunriseJd, day.sunsetJd, 5, 3).endJd;
      return jd >= day.sunriseJd && jd < cut ? day.date : shiftDate(day.date, 1);
    }
  }
}

/** The sunrise-to-sunrise day holding jd (its civil date is its sunrise's). */
function sunDayOf(jd: number, place: Place, conv: Conventions, cal: LocalCalendar, y: number, m: number, d: number): CivilDay {
  const days = civilDays(cal.midnightJd(y, m, d) - 1.2, jd + 1.2, place, conv, cal);
  return days.find((x) => x.sunriseJd <= jd && jd < x.nextSunriseJd)!;
}

/** A civil date's day in a solar calendar at a place. */
export function solarDateOf(tradition: SolarTradition, date: string, place: Place, conv: Conventions, cal: LocalCalendar): SolarDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // The latest sankranti whose month has begun by this date: from the end of the civil day, step back a month when
  // the rule has not yet started the month of the last sankranti.
  let probe = cal.midnightJd(y, m, d) + 1 - 1e-6;
  for (let k = 0; k < 3; k++) {
    const s = sankrantiBefore(probe, conv);
    const start = monthStartDate(tradition, s.jd, place, conv, cal);
    if (start <= date) {
      return {
        tradition, month: s.rashi, monthName: SOLAR_MONTHS[tradition][s.rashi - 1]!, day: daysBetween(start, date) + 1,
        monthStart: start, sankrantiJd: s.jd, rule: SOLAR_RULES[tradition],
      };
    }
    probe = s.jd - 1e-4;
  }
  throw new Error("no solar month found");
}

/** The civil date of a day of a solar month: `month` 1..12 (Mesha first) of the solar year that begins in `gregorianYear`'s April. */
export function civilDateOfSolar(
  tradition: SolarTradition, gregorianYear: number, month: number, day: number, place: Place, conv: Conventions, cal: LocalCalendar,
): { date: string; monthLength: number } {
  // Mesha sankranti falls 13–15 April (1900–2100); month m begins about (m − 1) × 30.4 days later.
  const guess = cal.midnightJd(gregorianYear, 4, 14) + (month - 1) * 30.44 + 10;
  const s = sankrantiBefore(guess, conv);
  const start = monthStartDate(tradition, s.jd, place, conv, cal);
  const next = sankrantiBefore(s.jd + 33, conv);
  const nextStart = monthStartDate(tradition, next.jd, place, conv, cal);
  return { date: shiftDate(start, day - 1), monthLength: daysBetween(start, nextStart) };
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
