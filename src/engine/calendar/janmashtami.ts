import { kalaWindow } from "./kala.js";
import type { Choice } from "./observance.js";
import { observedDay } from "./observance.js";
import { daysOverlapping, type CivilDay, type DatedTithi, type YearDays } from "./year-days.js";

/** Rohini, the Moon's nakshatra at Krishna's birth (Bhagavata Purana 10.3). */
export const ROHINI = 4;

export const JANMASHTAMI_SMARTA_RULE =
  "Smarta: Ashtami at nishita; Ashtami at nishita on both nights (or on neither) → the night that also has Rohini, " +
  "Rohini on both or neither → the later day (Dharmasindhu, Nirnayasindhu, as Drik Panchang applies them)";
export const JANMASHTAMI_VAISHNAVA_RULE =
  "Vaishnava (ISKCON): the day Ashtami holds sunrise (udaya), never a Saptami-viddha day; named only where it differs from the Smarta day";

export interface JanmashtamiDays {
  readonly smarta: { day: CivilDay; choice: Choice };
  /** The Vaishnava day where it differs from the Smarta one, else null. */
  readonly vaishnava: { day: CivilDay; choice: Choice } | null;
}

/**
 * Krishna Janmashtami (amanta Shravana / purnimanta Bhadrapada Krishna Ashtami). Drik Panchang
 * for New Delhi: 30 Aug 2021 (Ashtami at both nishitas, Rohini at the second), 6 Sep 2023 Smarta
 * and 7 Sep 2023 ISKCON, 26 Aug 2024 both.
 */
export function janmashtami(ashtami: DatedTithi, year: YearDays): JanmashtamiDays | null {
  const days = daysOverlapping(year.days, ashtami.startJd, ashtami.endJd);
  if (days.length === 0) return null;
  const holds = (day: CivilDay, s: { startJd: number; endJd: number }) => {
    const w = kalaWindow("nishita", day, year)!;
    return w.endJd > s.startJd && w.startJd < s.endJd;
  };
  const rohiniAt = (day: CivilDay) => {
    const w = kalaWindow("nishita", day, year)!;
    return year.nakshatras.some((n) => n.number === ROHINI && n.endJd > w.startJd && n.startJd < w.endJd);
  };
  // Nishita of a day lies in its night, so the nights to weigh are those of the days Ashtami touches.
  const withAshtami = days.filter((d) => holds(d, ashtami));
  let smarta: { day: CivilDay; choice: Choice };
  if (withAshtami.length === 1) smarta = { day: withAshtami[0]!, choice: "only-day" };
  else {
    const pool = withAshtami.length === 2 ? withAshtami : days.slice(-2);
    const rohini = pool.filter(rohiniAt);
    smarta = rohini.length === 1 ? { day: rohini[0]!, choice: "rohini" } : { day: pool[pool.length - 1]!, choice: "tie-later" };
  }
  const udaya = observedDay(ashtami, { kala: "sunrise" }, year);
  const vaishnava = udaya && udaya.day.date !== smarta.day.date ? { day: udaya.day, choice: udaya.choice } : null;
  return { smarta, vaishnava };
}
