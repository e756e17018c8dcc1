import { EngineInputError } from "../errors.js";
import { tithisStartingIn } from "../events/tithi-events.js";
import { MASAS } from "../tables/masas.js";
import { SAMVATSARAS, samvatsaraOfShakaYear } from "../tables/samvatsaras.js";
import type { Conventions, Place } from "../types.js";
import { MAX_YEAR, MIN_YEAR } from "./calendar.js";
import { civilDateOfSolar, SOLAR_TRADITIONS, solarDateOf, type SolarDate, type SolarTradition } from "./solar-calendar.js";
import { civilDays, type LocalCalendar } from "./year-days.js";

/**
 * One civil date at a place in every calendar the service reckons (docs/calendars.md §2): the lunar
 * date of the tithi at sunrise (amanta and purnimanta), the six regional solar calendars, and the
 * era years with their year starts:
 * - Vikram Samvat (Chaitradi, North India): from Chaitra Shukla Pratipada; = Gregorian + 57 from then.
 * - Shaka Samvat (lunisolar, from Ugadi, the same day) = Vikram − 135; not the national civil Saka calendar.
 * - Kollam (Malayalam era): from Chingam 1; Kollam 1200 began in August 2024.
 * - Bangabda (Bengali era): from Boishakh 1; 1431 began in April 2024.
 * - Tamil year: from Chithirai 1, named by the 60-year Jovian cycle (Prabhava = the year from April 1987).
 */

export interface LunarDate {
  readonly month: string;
  readonly monthNumber: number;
  readonly adhika: boolean;
  readonly paksha: "shukla" | "krishna";
  /** 1..15 within the paksha. */
  readonly tithi: number;
  readonly tithiName: string;
}

export interface ConvertedDate {
  readonly date: string;
  readonly sunriseJd: number;
  readonly amanta: LunarDate;
  readonly purnimanta: LunarDate;
  readonly solar: Readonly<Record<SolarTradition, SolarDate>>;
  readonly vikramSamvat: number;
  readonly shakaSamvat: number;
  readonly kollam: number;
  readonly bangabda: number;
  readonly tamilYear: { readonly startYear: number; readonly jovianNumber: number; readonly jovianName: string };
}

export function checkDate(date: string, field = "date"): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ok = m && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  if (!ok) throw new EngineInputError(`${field} must be a calendar date YYYY-MM-DD, got "${date}"`, field);
  const [y, mo, d] = [Number(m![1]), Number(m![2]), Number(m![3])];
  if (y < MIN_YEAR || y > MAX_YEAR) throw new EngineInputError(`${field} must fall in the years ${MIN_YEAR}–${MAX_YEAR}, got ${date}`, field);
  return [y, mo, d];
}

export function convertDate(date: string, place: Place, conv: Conventions, cal: LocalCalendar): ConvertedDate {
  const [y, m, d] = checkDate(date);
  const days = civilDays(cal.midnightJd(y, m, d), cal.midnightJd(y, m, d) + 1, place, conv, cal);
  const sr = days[0]!.sunriseJd;
  const t = tithisStartingIn(sr - 1.5, sr + 1e-9, conv).filter((x) => x.startJd <= sr).at(-1)!;
  const krishna = t.number > 15;
  const amantaN = t.amantaMasa;
  const purnimantaN = krishna ? (amantaN % 12) + 1 : amantaN;
  const lunar = (n: number): LunarDate => ({
    month: MASAS[n - 1]!.name, monthNumber: n, adhika: t.adhika, paksha: krishna ? "krishna" : "shukla", tithi: ((t.number - 1) % 15) + 1, tithiName: t.name,
  });
  const solar = Object.fromEntries(SOLAR_TRADITIONS.map((k) => [k, solarDateOf(k, date, place, conv, cal)])) as Record<SolarTradition, SolarDate>;
  // Jan–May dates still in the lunar months Kartika…Phalguna belong to the year begun the previous spring.
  const vikram = m <= 5 && amantaN >= 8 ? y + 56 : y + 57;
  const yearFrom = (month: number, firstLate: number) => (m >= 4 && month < firstLate ? y : y - 1);
  const kollamStart = solar.malayalam.month >= 5 && m >= 8 ? y : y - 1;
  const tamilStart = yearFrom(solar.tamil.month, 10);
  const jovian = samvatsaraOfShakaYear(tamilStart - 78);
  return {
    date, sunriseJd: sr, amanta: lunar(amantaN), purnimanta: lunar(purnimantaN), solar,
    vikramSamvat: vikram, shakaSamvat: vikram - 135, kollam: kollamStart - 824, bangabda: yearFrom(solar.bengali.month, 10) - 593,
    tamilYear: { startYear: tamilStart, jovianNumber: jovian, jovianName: SAMVATSARAS[jovian - 1]! },
  };
}

/** The civil date of day `day` of solar month `month` (1 = the Mesha month) of the solar year beginning in April of `year`. */
export function solarToCivil(
  tradition: SolarTradition, year: number, month: number, day: number, place: Place, conv: Conventions, cal: LocalCalendar,
): { date: string; monthLength: number } {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR - 1) {
    throw new EngineInputError(`year must be an integer from ${MIN_YEAR} to ${MAX_YEAR - 1} (the Gregorian year the solar year begins in), got ${year}`, "year");
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new EngineInputError(`month must be an integer from 1 to 12, got ${month}`, "month");
  const r = civilDateOfSolar(tradition, year, month, 1, place, conv, cal);
  if (!Number.isInteger(day) || day < 1 || day > r.monthLength) {
    throw new EngineInputError(`day must be an integer from 1 to ${r.monthLength} (the length of that month), got ${day}`, "day");
  }
  return civilDateOfSolar(tradition, year, month, day, place, conv, cal);
}
