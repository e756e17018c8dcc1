import type { Graha } from "../types.js";

/**
 * Tri-rashi pati: the lord of the varsha lagna's triplicity, by day and by night, one of the five
 * Tajaka office bearers (Tajaka Neelakanthi, Samjna Tantra; the table as given in P.V.R. Narasimha
 * Rao, "Vedic Astrology: An Integrated Approach", Tajaka chapter). Index 0 = Aries.
 */
export const TRI_RASHI_PATI_DAY: readonly Graha[] = Object.freeze([
  "sun", "venus", "saturn", "venus", "jupiter", "moon", "mercury", "mars", "saturn", "mars", "jupiter", "moon",
]);
export const TRI_RASHI_PATI_NIGHT: readonly Graha[] = Object.freeze([
  "jupiter", "moon", "mercury", "mars", "sun", "venus", "saturn", "venus", "saturn", "mars", "jupiter", "moon",
]);

/**
 * Tajaka aspects by the sign distance (1..12) from one point to another (Tajaka Neelakanthi):
 * 3/11 and 5/9 friendly (open, 3/11 a "hidden friendly" sextile, 5/9 a trine); 1/7 and 4/10
 * inimical (conjunction, opposition, square); 2/12 and 6/8 no aspect.
 */
export type TajakaAspectKind = "friendly" | "inimical" | "none";
export const TAJAKA_ASPECT_BY_DISTANCE: readonly TajakaAspectKind[] = Object.freeze([
  "inimical", "none", "friendly", "inimical", "friendly", "none", "inimical", "none", "friendly", "inimical", "friendly", "none",
]);

/** Deeptamsha (orb of influence) of each planet in degrees, Tajaka Neelakanthi. */
export const DEEPTAMSHA: Readonly<Record<"sun" | "moon" | "mars" | "mercury" | "jupiter" | "venus" | "saturn", number>> = Object.freeze({
  sun: 15, moon: 12, mars: 8, mercury: 7, jupiter: 9, venus: 7, saturn: 9,
});

/** The seven planets from the fastest to the slowest by mean daily motion, the order Tajaka reads "faster" by. */
export const TAJAKA_SPEED_ORDER: readonly ("sun" | "moon" | "mars" | "mercury" | "jupiter" | "venus" | "saturn")[] = Object.freeze([
  "moon", "mercury", "venus", "sun", "mars", "jupiter", "saturn",
]);
