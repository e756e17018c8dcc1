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

type Tara = "mars" | "mercury" | "jupiter" | "venus" | "saturn";

/**
 * Hadda (terms): each sign cut into five unequal spans ruled by the five star planets, the table
 * of Tajaka Neelakanthi (Samjna Tantra) used for Hadda bala. It is the table Ptolemy gives as the
 * "Egyptian terms" (Tetrabiblos I.20), the source the Tajaka texts took it from; each planet's
 * spans add up to its classical total (Saturn 57°, Jupiter 79°, Mars 66°, Venus 82°, Mercury 76°).
 * Per sign (index 0 = Aries): [lord, end degree within the sign], in zodiac order.
 */
export const HADDA: readonly (readonly (readonly [Tara, number])[])[] = Object.freeze([
  [["jupiter", 6], ["venus", 12], ["mercury", 20], ["mars", 25], ["saturn", 30]],
  [["venus", 8], ["mercury", 14], ["jupiter", 22], ["saturn", 27], ["mars", 30]],
  [["mercury", 6], ["jupiter", 12], ["venus", 17], ["mars", 24], ["saturn", 30]],
  [["mars", 7], ["venus", 13], ["mercury", 19], ["jupiter", 26], ["saturn", 30]],
  [["jupiter", 6], ["venus", 11], ["saturn", 18], ["mercury", 24], ["mars", 30]],
  [["mercury", 7], ["venus", 17], ["jupiter", 21], ["mars", 28], ["saturn", 30]],
  [["saturn", 6], ["mercury", 14], ["jupiter", 21], ["venus", 28], ["mars", 30]],
  [["mars", 7], ["venus", 11], ["mercury", 19], ["jupiter", 24], ["saturn", 30]],
  [["jupiter", 12], ["venus", 17], ["mercury", 21], ["saturn", 26], ["mars", 30]],
  [["mercury", 7], ["jupiter", 14], ["venus", 22], ["saturn", 26], ["mars", 30]],
  [["mercury", 7], ["venus", 13], ["jupiter", 20], ["mars", 25], ["saturn", 30]],
  [["venus", 12], ["jupiter", 16], ["mercury", 19], ["mars", 28], ["saturn", 30]],
] as const);

/**
 * Tajaka drekkana lords: unlike the Parashari drekkana (lords of the 1st, 5th and 9th signs), the
 * Tajaka texts give the 36 decans to the seven planets in the descending Chaldean order Mars, Sun,
 * Venus, Mercury, Moon, Saturn, Jupiter, repeating from the first decan of Aries (Tajaka
 * Neelakanthi, Samjna Tantra; so used for Drekkana bala by P.V.R. Narasimha Rao, "Vedic Astrology:
 * An Integrated Approach", Tajaka chapter, and S. Adawal, "Tajik Shastra and Annual Horoscopy").
 */
export const TAJAKA_DREKKANA_ORDER: readonly ("sun" | "moon" | Tara)[] = Object.freeze([
  "mars", "sun", "venus", "mercury", "moon", "saturn", "jupiter",
]);

/**
 * Pancha-vargeeya bala, Tajaka Neelakanthi (Varsha Tantra), with the maxima and the relation
 * shares as S. Adawal sets them out ("Tajik Shastra and Annual Horoscopy", the prediction sheet):
 * Kshetra 30, Uchcha 20, Hadda 15, Drekkana 10, Navamsha 5 units. For Kshetra, Hadda, Drekkana
 * and Navamsha the planet takes the full share when it rules the division itself, 3/4 when the
 * division's lord is its Tajaka friend, 1/2 when neutral and 1/4 when inimical. The Tajaka
 * relation is read from the annual chart: planets 3/11 or 5/9 signs apart are friends, 1/7 or 4/10
 * apart enemies, 2/12 or 6/8 apart neutral (the aspect table above). Uchcha bala is 20 at the deep
 * exaltation point falling evenly to 0 at the debilitation point (arc from debilitation / 9). The
 * sum is divided by 4, so the total runs 0–20 (the "vishwa" scale of twenty).
 */
export const PANCHA_VARGEEYA_MAX = Object.freeze({ kshetra: 30, uchcha: 20, hadda: 15, drekkana: 10, navamsha: 5 });
export const TAJAKA_RELATION_SHARE: Readonly<Record<"own" | TajakaAspectKind, number>> = Object.freeze({
  own: 1, friendly: 0.75, none: 0.5, inimical: 0.25,
});
