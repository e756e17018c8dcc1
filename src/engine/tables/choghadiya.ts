import type { SaptaGraha } from "../types.js";

/**
 * The seven choghadiyas, their ruling grahas and natures, and the order they follow by day
 * and by night (as printed in Gujarati and Rajasthani panchangas and Drik Panchang's
 * choghadiya tables). The day's first choghadiya is the weekday lord's; the day cycle runs
 * Udveg, Char, Labh, Amrit, Kaal, Shubh, Rog (Sun, Venus, Mercury, Moon, Saturn, Jupiter, Mars —
 * the hora order); the night's first is that of the lord of the fifth weekday counted from
 * this one, and the night cycle runs Shubh, Amrit, Char, Rog, Kaal, Labh, Udveg.
 */
export type ChoghadiyaNature = "best" | "good" | "neutral" | "bad";

export interface ChoghadiyaKind {
  readonly name: string;
  readonly planet: SaptaGraha;
  readonly nature: ChoghadiyaNature;
}

const K = (name: string, planet: SaptaGraha, nature: ChoghadiyaNature): ChoghadiyaKind =>
  Object.freeze({ name, planet, nature });

export const CHOGHADIYAS = Object.freeze({
  udveg: K("Udveg", "sun", "bad"),
  char: K("Char", "venus", "neutral"),
  labh: K("Labh", "mercury", "good"),
  amrit: K("Amrit", "moon", "best"),
  kaal: K("Kaal", "saturn", "bad"),
  shubh: K("Shubh", "jupiter", "good"),
  rog: K("Rog", "mars", "bad"),
});

const C = CHOGHADIYAS;
export const DAY_CYCLE: readonly ChoghadiyaKind[] = Object.freeze([C.udveg, C.char, C.labh, C.amrit, C.kaal, C.shubh, C.rog]);
export const NIGHT_CYCLE: readonly ChoghadiyaKind[] = Object.freeze([C.shubh, C.amrit, C.char, C.rog, C.kaal, C.labh, C.udveg]);

/** The choghadiya ruled by a graha (each graha rules exactly one). */
export function choghadiyaOfPlanet(planet: SaptaGraha): ChoghadiyaKind {
  return DAY_CYCLE.find((k) => k.planet === planet)!;
}
