import { jdFromUnixMs, unixMsFromJd } from "../time/julian.js";
import { localDateOf, localMidnightUnixMs, type ZoneClock } from "../time/zones.js";
import type { LocalCalendar } from "./year-days.js";

/** The calendar's view of local civil dates (year-days.ts), from a zone's clock. */
export function localCalendarOf(clock: ZoneClock): LocalCalendar {
  return {
    midnightJd: (y, m, d) => jdFromUnixMs(localMidnightUnixMs(clock, y, m, d)),
    dateOf: (jd) => {
      const [y, m, d] = localDateOf(clock, unixMsFromJd(jd));
      return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    },
  };
}
