import { varaOfSunrise } from "../tables/varas.js";
import type { Conventions, Place } from "../types.js";
import { choghadiyas, type ChoghadiyaPeriod } from "./choghadiya.js";
import { DEFAULT_HORA_SYSTEM, horas, type HoraPeriod, type HoraSystem } from "./hora.js";
import { POLAR_REASON, frameContaining, type SunriseDayHead } from "./panchanga-day.js";

/** Choghadiya and hora of the Hindu day containing a moment (POST /choghadiya), Julian days UT. */
export interface ChoghadiyaDay extends SunriseDayHead {
  readonly day: readonly ChoghadiyaPeriod[];
  readonly night: readonly ChoghadiyaPeriod[];
  readonly hora: readonly HoraPeriod[];
}

/**
 * The day (sunrise ≤ jdUt < next sunrise) at the place, its 8 + 8 choghadiyas and its horas.
 * Without a sunrise, sunset and next sunrise the lists are empty and `polarReason` says why.
 */
export function choghadiyaAtMoment(
  jdUt: number, place: Place, conv: Conventions, horaSystem: HoraSystem = DEFAULT_HORA_SYSTEM,
): ChoghadiyaDay {
  const f = frameContaining(jdUt, place, conv);
  if (f.sunriseJdUt === null || f.sunsetJdUt === null || f.nextSunriseJdUt === null) {
    return {
      sunriseJdUt: f.sunriseJdUt,
      sunsetJdUt: f.sunsetJdUt,
      nextSunriseJdUt: f.nextSunriseJdUt,
      varaNumber: f.sunriseJdUt === null ? null : varaOfSunrise(f.sunriseJdUt, place.lonDeg),
      day: [],
      night: [],
      hora: [],
      polarReason: POLAR_REASON,
    };
  }
  const vara = varaOfSunrise(f.sunriseJdUt, place.lonDeg);
  const c = choghadiyas(f.sunriseJdUt, f.sunsetJdUt, f.nextSunriseJdUt, vara);
  return {
    sunriseJdUt: f.sunriseJdUt,
    sunsetJdUt: f.sunsetJdUt,
    nextSunriseJdUt: f.nextSunriseJdUt,
    varaNumber: vara,
    day: c.day,
    night: c.night,
    hora: horas(f.sunriseJdUt, f.sunsetJdUt, f.nextSunriseJdUt, vara, horaSystem),
    polarReason: null,
  };
}
