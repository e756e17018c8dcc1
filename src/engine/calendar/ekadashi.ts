import { nthPart } from "../panchanga/day-windows.js";
import { ARUNODAYA_DAYS } from "./kala.js";
import type { Choice } from "./observance.js";
import { dayIndexAt, type CivilDay, type DatedTithi, type YearDays } from "./year-days.js";

/**
 * The Ekadashi day rules and the parana (fast-breaking) window, as Drik Panchang states them
 * (docs/calendars.md §1, with what is stated and what is inferred from published days):
 *
 * - Smarta (householders): the day Ekadashi holds at sunrise (udaya tithi); at two sunrises
 *   (vriddhi) the later one, as Drik lists it (Amalaki 2023: 3 March, Nirjala 2024: 18 June);
 *   at none (kshaya) the day it begins. When that day would leave no Dwadashi at the next
 *   sunrise (Dwadashi kshaya) the fast moves one day earlier, so that parana falls within
 *   Dwadashi (Drik: Devutthana 2025 on 1 November at New Delhi).
 * - Vaishnava (and Gauna, the "alternate" day Drik gives for sanyasis and widows): Ekadashi must
 *   hold arunodaya, 96 minutes before sunrise, free of Dashami (Hari Bhakti Vilasa); the last
 *   day whose arunodaya it holds, so an Ekadashi running into the next arunodaya moves the day;
 *   none → the first day after it began.
 * - Parana: on the day after the fast, after sunrise and after Hari Vasara (the first quarter of
 *   Dwadashi), in pratahkala (the first fifth of daytime), before Dwadashi ends; when Hari Vasara
 *   runs past pratahkala, after madhyahna (the window then closes at the end of aparahna, as
 *   published windows do: inferred); when Dwadashi ended before sunrise, in pratahkala after sunrise.
 */

export type ParanaBound = "sunrise" | "hari-vasara-end" | "pratahkala-end" | "madhyahna-end" | "aparahna-end" | "dwadashi-end";

export interface Parana {
  /** The civil date of the parana day. */
  readonly date: string;
  readonly startJd: number;
  readonly endJd: number;
  readonly startRule: ParanaBound;
  readonly endRule: ParanaBound;
  /** Hari Vasara's end (the first quarter of Dwadashi), when it falls on or after the parana day's sunrise. */
  readonly hariVasaraEndJd: number | null;
  /** Dwadashi's end when it falls on the parana day after sunrise, else null (ended before sunrise). */
  readonly dwadashiEndJd: number | null;
}

export interface EkadashiDay {
  readonly day: CivilDay;
  readonly choice: Choice;
  readonly rule: string;
  readonly parana: Parana | null;
}

export const SMARTA_RULE =
  "Smarta: Ekadashi at sunrise (two sunrises: the later; none: the day it begins); one day earlier when that day leaves no Dwadashi at the next sunrise for parana";
export const VAISHNAVA_RULE =
  "Vaishnava (and Gauna): Ekadashi must hold arunodaya (96 min before sunrise) free of Dashami; the last day whose arunodaya it holds, else the next day";

/** The Dwadashi following an Ekadashi in `year.tithis`, if the year holds it. */
export function dwadashiAfter(t: DatedTithi, year: YearDays): DatedTithi | undefined {
  return year.tithis.find((x) => x.number === t.number + 1 && Math.abs(x.startJd - t.endJd) < 1e-6);
}

/** Whether a tithi runs at the instant. */
const holds = (t: { startJd: number; endJd: number }, jd: number) => t.startJd <= jd && jd < t.endJd;

export function smartaDay(t: DatedTithi, dwadashi: DatedTithi | undefined, year: YearDays): EkadashiDay | null {
  const i0 = dayIndexAt(year.days, t.startJd);
  if (i0 < 0) return null;
  const udaya: number[] = [];
  for (let i = i0; i < year.days.length && year.days[i]!.sunriseJd < t.endJd; i++) if (holds(t, year.days[i]!.sunriseJd)) udaya.push(i);
  let i: number;
  let choice: Choice;
  if (udaya.length === 0) [i, choice] = [i0, "kshaya"];
  else if (udaya.length === 1) [i, choice] = [udaya[0]!, "only-day"];
  else [i, choice] = [udaya[udaya.length - 1]!, "tie-later"];
  const next = year.days[i + 1];
  // Keeping day i would leave Dwadashi over before the next sunrise: fast the day before (the day Ekadashi began, or
  // the first of two udaya days), so that parana is done within Dwadashi.
  if (choice !== "kshaya" && dwadashi && next && dwadashi.endJd <= next.sunriseJd && i > 0) [i, choice] = [i - 1, "dwadashi-kshaya"];
  const day = year.days[i]!;
  return { day, choice, rule: SMARTA_RULE, parana: paranaAfter(day, dwadashi, year) };
}

export function vaishnavaDay(t: DatedTithi, dwadashi: DatedTithi | undefined, year: YearDays): EkadashiDay | null {
  const i0 = dayIndexAt(year.days, t.startJd);
  if (i0 < 0) return null;
  let last = -1;
  let first = -1;
  for (let i = Math.max(0, i0 - 1); i < year.days.length && year.days[i]!.sunriseJd - ARUNODAYA_DAYS < t.endJd + 1; i++) {
    const a = year.days[i]!.sunriseJd - ARUNODAYA_DAYS;
    if (holds(t, a)) last = i;
    if (first < 0 && a >= t.startJd) first = i;
  }
  const i = last >= 0 ? last : first;
  if (i < 0) return null;
  const day = year.days[i]!;
  return { day, choice: last >= 0 ? "arunodaya" : "dashami-viddha", rule: VAISHNAVA_RULE, parana: paranaAfter(day, dwadashi, year) };
}

/** The parana window on the day after `fastDay`, or null when the days or the Dwadashi are not held. */
export function paranaAfter(fastDay: CivilDay, dwadashi: DatedTithi | undefined, year: YearDays): Parana | null {
  const p = year.days[dayIndexAt(year.days, fastDay.nextSunriseJd)];
  if (!p || !dwadashi) return null;
  const sr = p.sunriseJd;
  const hv = dwadashi.startJd + (dwadashi.endJd - dwadashi.startJd) / 4;
  const pratahEnd = nthPart(sr, p.sunsetJd, 5, 1).endJd;
  const madhyahnaEnd = nthPart(sr, p.sunsetJd, 5, 3).endJd;
  const aparahnaEnd = nthPart(sr, p.sunsetJd, 5, 4).endJd;
  const common = {
    date: p.date, hariVasaraEndJd: hv >= sr ? hv : null, dwadashiEndJd: dwadashi.endJd > sr ? dwadashi.endJd : null,
  };
  if (dwadashi.endJd <= sr) {
    // Dwadashi over before sunrise: parana after sunrise, in the morning.
    return { ...common, startJd: sr, endJd: pratahEnd, startRule: "sunrise", endRule: "pratahkala-end" };
  }
  if (hv < pratahEnd) {
    const [startJd, startRule] = hv > sr ? [hv, "hari-vasara-end" as const] : [sr, "sunrise" as const];
    const [endJd, endRule] = dwadashi.endJd < pratahEnd ? [dwadashi.endJd, "dwadashi-end" as const] : [pratahEnd, "pratahkala-end" as const];
    return { ...common, startJd, endJd, startRule, endRule };
  }
  // Hari Vasara runs past the morning: madhyahna is avoided, so after madhyahna (or after Hari Vasara if later).
  const [startJd, startRule] = hv > madhyahnaEnd ? [hv, "hari-vasara-end" as const] : [madhyahnaEnd, "madhyahna-end" as const];
  const [endJd, endRule] = dwadashi.endJd < aparahnaEnd ? [dwadashi.endJd, "dwadashi-end" as const] : [aparahnaEnd, "aparahna-end" as const];
  if (endJd <= startJd) return { ...common, startJd: hv, endJd: dwadashi.endJd, startRule: "hari-vasara-end", endRule: "dwadashi-end" };
  return { ...common, startJd, endJd, startRule, endRule };
}
