import { kalaWindow } from "./kala.js";
import { observedDay, type Observed } from "./observance.js";
import { dayHolding } from "./entry.js";
import { dayIndexAt, type DatedTithi, type YearDays } from "./year-days.js";

/** Shravana, the nakshatra of Vijayadashami (Nirnayasindhu, Dharmasindhu on Ashvina Shukla Dashami). */
export const SHRAVANA = 22;

/** Day muhurtas (of 15) Dashami must hold after the next sunrise for Shravana to move the day there. */
const SHRAVANA_UDAYA_MUHURTAS = 3;

export const VIJAYADASHAMI_RULE =
  "Dashami at aparahna (the 4th of 5 parts of daytime; on both days the one it covers wholly, else more of); " +
  "moved to the next day when Dashami still holds its first 3 day muhurtas and Shravana nakshatra runs in its aparahna " +
  "(Nirnayasindhu, Dharmasindhu, as Drik Panchang applies them)";

/**
 * The day of Vijayadashami (Dussehra) for an Ashvina Shukla Dashami. Dashami at aparahna
 * decides (observance.ts), and then Shravana: when Dashami runs on into the next day for at
 * least three muhurtas after its sunrise and Shravana is in that day's aparahna, the rite moves
 * there. Shravana on the aparahna day itself keeps it. Drik Panchang, New Delhi: 8 Oct 2019 and
 * 5 Oct 2022 (moved by Shravana), 12 Oct 2024 (Dashami holds 3 muhurtas of 13 Oct, but Shravana
 * ended before dawn: kept), 19 Oct 2018 (Dashami touches the aparahna of the 18th by minutes).
 * Any overlap of Shravana with the aparahna counts.
 */
export function vijayadashami(dashami: DatedTithi, year: YearDays): Observed | null {
  const obs = observedDay(dashami, { kala: "aparahna" }, year);
  if (!obs) return null;
  const next = dayHolding(year, obs.day.nextSunriseJd);
  if (!next) return obs;
  const muhurta = (next.sunsetJd - next.sunriseJd) / 15;
  if (dashami.startJd > next.sunriseJd || dashami.endJd - next.sunriseJd < SHRAVANA_UDAYA_MUHURTAS * muhurta) return obs;
  const w = kalaWindow("aparahna", next, year)!;
  const shravana = year.nakshatras.some((n) => n.number === SHRAVANA && n.endJd > w.startJd && n.startJd < w.endJd);
  return shravana ? { day: next, choice: "shravana" } : obs;
}

export const MAHA_NAVAMI_RULE =
  "the eve of Vijayadashami (the last day of Sharad Navaratri) when Navami has begun there before sayahna, the last fifth " +
  "of daytime (Ashtami and Navami joined before evening are kept on one day, as Drik Panchang states); else Navami at sunrise";

/**
 * Maha Navami. Drik Panchang: when Ashtami and Navami join before sayankal (evening) on the
 * Ashtami day, Navami puja is done that same day — never, in its published dates, on the day
 * before Dussehra's eve: 11 Oct 2024 (Navami from 12:07; Dussehra the 12th), 7 Oct 2019
 * (Navami from 10:54 on the 6th, but Shravana put Dussehra on the 8th). So: the eve of
 * Vijayadashami when Navami has begun by its sayahna; else (Navami beginning in the eve's
 * evening, or a Dashami at two sunrises leaving the eve none) the day Navami holds sunrise.
 * Navami at sunrise alone gives 12 Oct 2024; Navami at madhyahna or aparahna 6 Oct 2019.
 */
export function mahaNavami(navami: DatedTithi, dashami: DatedTithi | undefined, year: YearDays): Observed | null {
  const d = dashami ? vijayadashami(dashami, year) : null;
  const i = d ? dayIndexAt(year.days, d.day.sunriseJd) : -1;
  const eve = i > 0 ? year.days[i - 1]! : undefined;
  const sayahna = eve && kalaWindow("aparahna", eve, year)!.endJd;
  if (eve && navami.endJd > eve.sunriseJd && navami.startJd < sayahna!) return { day: eve, choice: "navaratri-eve" };
  return observedDay(navami, { kala: "sunrise" }, year);
}
