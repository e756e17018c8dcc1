import type { Graha } from "../types.js";
import { norm360 } from "./rashis.js";

/**
 * The 27 nakshatras of 13°20′ each from 0° Mesha, with their Vimshottari lords
 * (BPHS ch. 46: Ketu, Venus, Sun, Moon, Mars, Rahu, Jupiter, Saturn, Mercury, repeating).
 */
export interface Nakshatra {
  readonly number: number;
  readonly name: string;
  readonly lord: Graha;
}

export const NAKSHATRA_SPAN_DEG = 360 / 27;
export const PADA_SPAN_DEG = 360 / 108;

/** Vimshottari lord order, starting from Ashwini's lord. */
export const VIMSHOTTARI_ORDER: readonly Graha[] = Object.freeze([
  "ketu", "venus", "sun", "moon", "mars", "rahu", "jupiter", "saturn", "mercury",
]);

const NAMES = [
  "Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira", "Ardra", "Punarvasu", "Pushya", "Ashlesha",
  "Magha", "Purva Phalguni", "Uttara Phalguni", "Hasta", "Chitra", "Swati", "Vishakha", "Anuradha", "Jyeshtha",
  "Mula", "Purva Ashadha", "Uttara Ashadha", "Shravana", "Dhanishta", "Shatabhisha", "Purva Bhadrapada",
  "Uttara Bhadrapada", "Revati",
] as const;

export const NAKSHATRAS: readonly Nakshatra[] = Object.freeze(
  NAMES.map((name, i) => Object.freeze({ number: i + 1, name, lord: VIMSHOTTARI_ORDER[i % 9]! })),
);

/** Nakshatra number 1..27 of a sidereal longitude. */
export function nakshatraOf(lonSidDeg: number): number {
  return Math.min(26, Math.floor(norm360(lonSidDeg) / NAKSHATRA_SPAN_DEG)) + 1;
}

/** Pada 1..4 within the nakshatra. */
export function padaOf(lonSidDeg: number): number {
  const within = norm360(lonSidDeg) % NAKSHATRA_SPAN_DEG;
  return Math.min(3, Math.floor(within / PADA_SPAN_DEG)) + 1;
}
