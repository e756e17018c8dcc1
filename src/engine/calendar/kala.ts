import { nthPart } from "../panchanga/day-windows.js";
import { dayIndexAt, type CivilDay, type YearDays } from "./year-days.js";

/**
 * The part of a day that must hold a tithi for an observance to fall on that day. Divisions
 * follow the usual dharmashastra reckoning (Nirnaya Sindhu, as Drik Panchang applies it):
 * daytime in five parts (pratah, sangava, madhyahna, aparahna, sayahna); pradosha the first
 * three of the night's fifteen muhurtas; nishita the eighth night muhurta; arunodaya the four
 * ghatis (96 min) before sunrise. Point kalas (sunrise, sunset, moonrise) hold a tithi when
 * the tithi runs at that instant.
 */
export type Kala = "sunrise" | "madhyahna" | "aparahna" | "sunset" | "pradosha" | "nishita" | "moonrise" | "dawn_moonrise";

export const KALA_DEFINITIONS: Readonly<Record<Kala, string>> = {
  sunrise: "the tithi runs at sunrise (udaya tithi)",
  madhyahna: "the tithi runs during madhyahna, the 3rd of 5 equal parts of daytime",
  aparahna: "the tithi runs during aparahna, the 4th of 5 equal parts of daytime",
  sunset: "the tithi runs at sunset",
  pradosha: "the tithi runs during pradosha, the first 3 of the night's 15 muhurtas after sunset",
  nishita: "the tithi runs during nishita, the 8th of the night's 15 muhurtas",
  moonrise: "the tithi runs at moonrise (the first after the day's sunrise)",
  dawn_moonrise: "the tithi runs between moonrise and sunrise at the day's dawn (the Moon risen in the night before the sunrise)",
};

/** Arunodaya: 4 ghatis before sunrise (Hari Bhakti Vilasa's measure for the Vaishnava Ekadashi). */
export const ARUNODAYA_DAYS = 96 / 1440;

/** The window [start, end] of a kala on a day (start = end for a point), or null (no moonrise). */
export function kalaWindow(kala: Kala, day: CivilDay, year: YearDays): { startJd: number; endJd: number } | null {
  const { sunriseJd: sr, sunsetJd: ss, nextSunriseJd: nsr } = day;
  switch (kala) {
    case "sunrise":
      return { startJd: sr, endJd: sr };
    case "sunset":
      return { startJd: ss, endJd: ss };
    case "madhyahna":
      return nthPart(sr, ss, 5, 3);
    case "aparahna":
      return nthPart(sr, ss, 5, 4);
    case "pradosha":
      return { startJd: ss, endJd: nthPart(ss, nsr, 15, 3).endJd };
    case "nishita":
      return nthPart(ss, nsr, 15, 8);
    case "moonrise": {
      const mr = year.moonriseOf(day);
      return mr === null ? null : { startJd: mr, endJd: mr };
    }
    case "dawn_moonrise": {
      // The Moon rising in the night before this sunrise (Krishna Chaturdashi's Moon rises an hour or two before the Sun).
      const prev = year.days[dayIndexAt(year.days, sr) - 1];
      const mr = prev ? year.moonriseOf(prev) : null;
      return prev && mr !== null && mr >= prev.sunsetJd && mr < sr ? { startJd: mr, endJd: sr } : null;
    }
  }
}
