import type { Graha } from "../types.js";

/**
 * Dignity tables, BPHS ch. 3 (R. Santhanam's translation): the sign and exact degree
 * of deep exaltation (debilitation is the opposite point), the moolatrikona span and the own signs.
 * Rahu and Ketu follow the view Santhanam prints for the nodes: Rahu exalted in Taurus, moolatrikona
 * Gemini, own sign Virgo; Ketu exalted in Scorpio, moolatrikona Sagittarius, own sign Pisces.
 * Signs are 1..12 from Mesha; degrees are within the sign.
 */
export interface DignityRow {
  readonly exaltationRashi: number;
  readonly exaltationDeg: number;
  readonly moolatrikona: { readonly rashi: number; readonly fromDeg: number; readonly toDeg: number };
  readonly ownRashis: readonly number[];
}

const row = (
  exaltationRashi: number,
  exaltationDeg: number,
  mt: [number, number, number],
  ownRashis: number[],
): DignityRow =>
  Object.freeze({
    exaltationRashi,
    exaltationDeg,
    moolatrikona: Object.freeze({ rashi: mt[0], fromDeg: mt[1], toDeg: mt[2] }),
    ownRashis: Object.freeze(ownRashis),
  });

export const DIGNITIES: Readonly<Record<Graha, DignityRow>> = Object.freeze({
  sun: row(1, 10, [5, 0, 20], [5]),
  // Moon: exalted 0–3° Taurus, moolatrikona the rest of Taurus.
  moon: row(2, 3, [2, 3, 30], [4]),
  mars: row(10, 28, [1, 0, 12], [1, 8]),
  // Mercury: exalted 0–15° Virgo, moolatrikona 15–20°, own sign 20–30°.
  mercury: row(6, 15, [6, 15, 20], [3, 6]),
  jupiter: row(4, 5, [9, 0, 10], [9, 12]),
  venus: row(12, 27, [7, 0, 15], [2, 7]),
  saturn: row(7, 20, [11, 0, 20], [10, 11]),
  // No classical deep-exaltation degree for the nodes; 20° is a common modern convention, used only for display.
  rahu: row(2, 20, [3, 0, 30], [6]),
  ketu: row(8, 20, [9, 0, 30], [12]),
});

/**
 * Combustion (asta) orbs in degrees of longitude from the Sun, Surya Siddhanta ch. 9 (kalamsha of
 * heliacal setting), as tabled in most modern Jyotisha texts: Moon 12, Mars 17, Mercury 14 (12 when
 * retrograde), Jupiter 11, Venus 10 (8 when retrograde), Saturn 15. The Sun and the nodes never combust.
 */
export const COMBUSTION_ORB_SOURCE = "Surya Siddhanta ch. 9 (kalamsha)";
export const COMBUSTION_ORBS_DEG: Readonly<Partial<Record<Graha, { readonly direct: number; readonly retrograde: number }>>> =
  Object.freeze({
    moon: { direct: 12, retrograde: 12 },
    mars: { direct: 17, retrograde: 17 },
    mercury: { direct: 14, retrograde: 12 },
    jupiter: { direct: 11, retrograde: 11 },
    venus: { direct: 10, retrograde: 8 },
    saturn: { direct: 15, retrograde: 15 },
  });
