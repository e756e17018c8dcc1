import { DAY_CYCLE, NIGHT_CYCLE, choghadiyaOfPlanet, type ChoghadiyaNature } from "../tables/choghadiya.js";
import { VARAS } from "../tables/varas.js";
import type { SaptaGraha } from "../types.js";
import { nthPart } from "./day-windows.js";

/** One choghadiya, times in Julian days UT. */
export interface ChoghadiyaPeriod {
  /** 1..8 within its half (day or night). */
  readonly periodNumber: number;
  readonly name: string;
  readonly planet: SaptaGraha;
  readonly nature: ChoghadiyaNature;
  readonly startJd: number;
  readonly endJd: number;
}

export interface Choghadiyas {
  readonly day: readonly ChoghadiyaPeriod[];
  readonly night: readonly ChoghadiyaPeriod[];
}

function eightPeriods(startJd: number, endJd: number, cycle: typeof DAY_CYCLE, firstPlanet: SaptaGraha) {
  const first = cycle.indexOf(choghadiyaOfPlanet(firstPlanet));
  return Array.from({ length: 8 }, (_, i): ChoghadiyaPeriod => {
    const kind = cycle[(first + i) % 7]!;
    return { periodNumber: i + 1, name: kind.name, planet: kind.planet, nature: kind.nature, ...nthPart(startJd, endJd, 8, i + 1) };
  });
}

/**
 * Day (sunrise→sunset) and night (sunset→next sunrise) choghadiyas of a Hindu day whose vara
 * is `varaNumber` (1..7, Sunday = 1): the day opens with the weekday lord's choghadiya, the
 * night with that of the lord of the fifth weekday from it (tables/choghadiya.ts).
 */
export function choghadiyas(sunriseJdUt: number, sunsetJdUt: number, nextSunriseJdUt: number, varaNumber: number): Choghadiyas {
  const w = varaNumber - 1;
  return {
    day: eightPeriods(sunriseJdUt, sunsetJdUt, DAY_CYCLE, VARAS[w]!.lord),
    night: eightPeriods(sunsetJdUt, nextSunriseJdUt, NIGHT_CYCLE, VARAS[(w + 4) % 7]!.lord),
  };
}
