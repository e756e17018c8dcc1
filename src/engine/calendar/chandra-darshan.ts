import { moonEventsInWindow } from "../astro/rise-set.js";
import { siderealLongitudeDeg } from "../astro/positions.js";
import type { CivilDay, DatedTithi, YearDays } from "./year-days.js";

/**
 * Chandra Darshan: the first evening after a new moon on which the crescent can be seen, the day
 * of the first moon sighting. Cheti Chand (the Sindhi new year) is the Chandra Darshan of Chaitra:
 * Drik Panchang states "the day when the New Moon becomes visible after no moon day" and gives its
 * muhurta from sunset to moonset (Cheti Chand 2024, New Delhi: 9 April, Pratipada; 2025: 30 March).
 *
 * No almanac states its visibility test. The one used here is inferred from Drik Panchang's
 * published Chandra Darshan days at New Delhi for 2021, 2023 and 2025 (36 months): the crescent is
 * seen on the first evening whose sunset has the Moon at least 10° of elongation from the Sun and
 * setting at least 40 minutes after it. Every published day of those years passes, and every
 * evening before it fails (the nearest misses: 46 min at 8.9°, 33 min at 13.5°).
 */
export const MIN_ELONGATION_DEG = 10;
export const MIN_LAG_MINUTES = 40;
export const CHANDRA_DARSHAN_RULE =
  `the first evening after the new moon when the crescent can be seen: at sunset the Moon ≥ ${MIN_ELONGATION_DEG}° from the Sun and setting ≥ ${MIN_LAG_MINUTES} min after it (inferred from Drik Panchang's Chandra Darshan days)`;

export interface ChandraDarshan {
  readonly day: CivilDay;
  /** Sunset to moonset of that evening, Julian days UT. */
  readonly sunsetJd: number;
  readonly moonsetJd: number;
}

/** The Chandra Darshan after the new moon that opens `pratipada` (a Shukla Pratipada), or undefined beyond the year's days. */
export function chandraDarshan(pratipada: DatedTithi, year: YearDays): ChandraDarshan | undefined {
  const newMoon = pratipada.startJd;
  for (const d of year.days) {
    if (d.sunsetJd <= newMoon) continue;
    if (d.sunsetJd > newMoon + 4) return undefined;
    const elong = (((siderealLongitudeDeg("moon", d.sunsetJd, year.conv) - siderealLongitudeDeg("sun", d.sunsetJd, year.conv)) % 360) + 360) % 360;
    if (elong < MIN_ELONGATION_DEG) continue;
    // The first moonset from a few hours before sunset: a Moon setting before the Sun gives a negative lag.
    const { moonsetJdUt } = moonEventsInWindow(d.sunsetJd - 0.2, year.place, 1);
    if (moonsetJdUt === null) continue;
    if ((moonsetJdUt - d.sunsetJd) * 1440 >= MIN_LAG_MINUTES) return { day: d, sunsetJd: d.sunsetJd, moonsetJd: moonsetJdUt };
  }
  return undefined;
}
