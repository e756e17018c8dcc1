import { varaOfSunrise } from "../tables/varas.js";
import type { Conventions, Place } from "../types.js";
import { choghadiyas, type ChoghadiyaPeriod } from "./choghadiya.js";
import { DEFAULT_HORA_SYSTEM, horas, type HoraPeriod, type HoraSystem } from "./hora.js";
import { POLAR_REASON, frameContaining } from "./panchanga-day.js";

/** Choghadiya and hora of the Hindu day containing a moment (POST /choghadiya), Julian days UT. */
export interface ChoghadiyaDay {
  readonly sunriseJdUt: number | null;
  readonly sunsetJdUt: number | null;
  readonly nextSunriseJdUt: number | null;
  /** 1..7, Sunday = 1, by the sunrise; null without one. */
  readonly varaNumber: number | null;
  readonly day: readonly ChoghadiyaPeriod[];
  readonly night: readonly ChoghadiyaPeriod[];
  readonly hora: readonly HoraPeriod[];
  /** Why the lists are empty (polar day or night), else null. */
  readonly polarReason: string | null;
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
