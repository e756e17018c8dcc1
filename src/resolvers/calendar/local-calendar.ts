import type { LocalCalendar } from "../../engine/calendar/year-days.js";
import { jdFromUnixMs, unixMsFromJd } from "../../engine/time/julian.js";
import { localDateOf, localMidnightUnixMs, type Clock } from "../panchanga/time-zone.js";

/** The engine's view of local civil dates (engine/calendar/year-days.ts), from a zone's clock. */
export function localCalendarOf(clock: Clock): LocalCalendar {
  return {
    midnightJd: (y, m, d) => jdFromUnixMs(localMidnightUnixMs(clock, y, m, d)),
    dateOf: (jd) => {
      const [y, m, d] = localDateOf(clock, unixMsFromJd(jd));
      return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    },
  };
}
