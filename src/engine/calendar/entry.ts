import type { Paksha } from "../tables/tithis.js";
import { KALA_DEFINITIONS, type Kala } from "./kala.js";
import type { Parana } from "./ekadashi.js";
import type { Choice } from "./observance.js";
import { dayIndexAt, masaName, type CivilDay, type DatedTithi, type YearDays } from "./year-days.js";

/** One festival or vrata day of a calendar; instants are Julian days UT (the resolver formats them). */
export interface CalendarEntry {
  readonly name: string;
  readonly kind: string;
  /** Local civil date, "YYYY-MM-DD". */
  readonly date: string;
  /** Last day, for spans (Navaratri). */
  readonly endDate: string | null;
  /** The rule applied, in words. */
  readonly rule: string;
  /** How the day was chosen among candidates (observance.ts), null for solar entries. */
  readonly choice: Choice | null;
  readonly tithi: EntryTithi | null;
  /** Sankranti: the moment the Sun enters the rashi. */
  readonly instantJd: number | null;
  readonly masa: EntryMasa | null;
  /** The window the rite is done in, where the rule fixes one (Holika Dahan, Raksha Bandhan), else null. */
  readonly muhurta: { readonly startJd: number; readonly endJd: number } | null;
  readonly note: string | null;
  /** Ekadashi: the parana (fast-breaking) window on the next day (ekadashi.ts). */
  readonly parana?: Parana | null;
  /** Regional festivals (regional-festivals.ts): the region whose calendar keeps it. */
  readonly region?: string;
}

export interface EntryTithi {
  readonly number: number;
  readonly name: string;
  readonly paksha: Paksha;
  readonly startJd: number;
  readonly endJd: number;
}

export interface EntryMasa {
  readonly amanta: string;
  /** North-Indian month name: a Krishna paksha belongs to the following month. */
  readonly purnimanta: string;
  readonly adhika: boolean;
}

export function masaOf(t: DatedTithi): EntryMasa {
  const p = t.number > 15 ? (t.amantaMasa % 12) + 1 : t.amantaMasa;
  return { amanta: masaName(t.amantaMasa), purnimanta: masaName(p), adhika: t.adhika };
}

export function tithiOfEntry(t: DatedTithi): EntryTithi {
  return { number: t.number, name: t.name, paksha: t.paksha!, startJd: t.startJd, endJd: t.endJd };
}

export function kalaRuleText(kala: Kala): string {
  return KALA_DEFINITIONS[kala];
}

/** The civil day whose sunrise-to-sunrise span holds jd. */
export function dayHolding(year: YearDays, jd: number): CivilDay | undefined {
  const i = dayIndexAt(year.days, jd);
  return i < 0 ? undefined : year.days[i];
}

export const inYear = (year: YearDays, date: string) => date.startsWith(`${year.year}-`);
