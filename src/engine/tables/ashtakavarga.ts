import type { SaptaGraha } from "../types.js";

/** The eight contributors (ashtaka) of bindus: the seven grahas and the lagna. */
export const AV_CONTRIBUTORS = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "lagna"] as const;
export type AvContributor = (typeof AV_CONTRIBUTORS)[number];

/**
 * Benefic places (bindus), BPHS ch. 66 "Ashtakavarga" (R. Santhanam's translation): for each graha's
 * bhinnashtakavarga, the houses counted from each contributor's sign that receive a bindu.
 * Row totals are Sun 48, Moon 49, Mars 39, Mercury 54, Jupiter 56, Venus 52, Saturn 39 (sum 337),
 * which tests check as a proof-reading of this table.
 */
export const BENEFIC_PLACES: Readonly<Record<SaptaGraha, Readonly<Record<AvContributor, readonly number[]>>>> =
  Object.freeze({
    sun: {
      sun: [1, 2, 4, 7, 8, 9, 10, 11],
      moon: [3, 6, 10, 11],
      mars: [1, 2, 4, 7, 8, 9, 10, 11],
      mercury: [3, 5, 6, 9, 10, 11, 12],
      jupiter: [5, 6, 9, 11],
      venus: [6, 7, 12],
      saturn: [1, 2, 4, 7, 8, 9, 10, 11],
      lagna: [3, 4, 6, 10, 11, 12],
    },
    moon: {
      sun: [3, 6, 7, 8, 10, 11],
      moon: [1, 3, 6, 7, 10, 11],
      mars: [2, 3, 5, 6, 9, 10, 11],
      mercury: [1, 3, 4, 5, 7, 8, 10, 11],
      jupiter: [1, 4, 7, 8, 10, 11, 12],
      venus: [3, 4, 5, 7, 9, 10, 11],
      saturn: [3, 5, 6, 11],
      lagna: [3, 6, 10, 11],
    },
    mars: {
      sun: [3, 5, 6, 10, 11],
      moon: [3, 6, 11],
      mars: [1, 2, 4, 7, 8, 10, 11],
      mercury: [3, 5, 6, 11],
      jupiter: [6, 10, 11, 12],
      venus: [6, 8, 11, 12],
      saturn: [1, 4, 7, 8, 9, 10, 11],
      lagna: [1, 3, 6, 10, 11],
    },
    mercury: {
      sun: [5, 6, 9, 11, 12],
      moon: [2, 4, 6, 8, 10, 11],
      mars: [1, 2, 4, 7, 8, 9, 10, 11],
      mercury: [1, 3, 5, 6, 9, 10, 11, 12],
      jupiter: [6, 8, 11, 12],
      venus: [1, 2, 3, 4, 5, 8, 9, 11],
      saturn: [1, 2, 4, 7, 8, 9, 10, 11],
      lagna: [1, 2, 4, 6, 8, 10, 11],
    },
    jupiter: {
      sun: [1, 2, 3, 4, 7, 8, 9, 10, 11],
      moon: [2, 5, 7, 9, 11],
      mars: [1, 2, 4, 7, 8, 10, 11],
      mercury: [1, 2, 4, 5, 6, 9, 10, 11],
      jupiter: [1, 2, 3, 4, 7, 8, 10, 11],
      venus: [2, 5, 6, 9, 10, 11],
      saturn: [3, 5, 6, 12],
      lagna: [1, 2, 4, 5, 6, 7, 9, 10, 11],
    },
    venus: {
      sun: [8, 11, 12],
      moon: [1, 2, 3, 4, 5, 8, 9, 11, 12],
      mars: [3, 5, 6, 9, 11, 12],
      mercury: [3, 5, 6, 9, 11],
      jupiter: [5, 8, 9, 10, 11],
      venus: [1, 2, 3, 4, 5, 8, 9, 10, 11],
      saturn: [3, 4, 5, 8, 9, 10, 11],
      lagna: [1, 2, 3, 4, 5, 8, 9, 11],
    },
    saturn: {
      sun: [1, 2, 4, 7, 8, 10, 11],
      moon: [3, 6, 11],
      mars: [3, 5, 6, 10, 11, 12],
      mercury: [6, 8, 9, 10, 11, 12],
      jupiter: [5, 6, 11, 12],
      venus: [6, 11, 12],
      saturn: [3, 5, 6, 11],
      lagna: [1, 3, 4, 6, 10, 11],
    },
  });

/**
 * The benefic-place tables on offer. `bphs`: BENEFIC_PLACES above (Santhanam's BPHS, the
 * default). `jagannatha_hora`: the variant P. V. R. Narasimha Rao gives in "Vedic Astrology: An
 * Integrated Approach" (ashtakavarga chapter) and uses in his Jagannatha Hora software; it
 * differs in four rows only (JHORA_ROWS below), and the row totals stay the same.
 */
export const ASHTAKAVARGA_TABLES = ["bphs", "jagannatha_hora"] as const;
export type AshtakavargaTable = (typeof ASHTAKAVARGA_TABLES)[number];

/**
 * Narasimha Rao's rows where they differ from BPHS: in the Moon's ashtakavarga the 9th place
 * moves from the Mars row to the Moon's own row, and Jupiter gives the 2nd instead of the
 * 12th; in Venus's, Mars gives the 4th instead of the 5th. His book's answers to Exercises 19
 * and 22 (test/engine/ashtakavarga-published.test.ts) confirm these rows.
 */
const JHORA_ROWS: Partial<Record<SaptaGraha, Partial<Record<AvContributor, readonly number[]>>>> = {
  moon: { moon: [1, 3, 6, 7, 9, 10, 11], mars: [2, 3, 5, 6, 10, 11], jupiter: [1, 2, 4, 7, 8, 10, 11] },
  venus: { mars: [3, 4, 6, 9, 11, 12] },
};

export const BENEFIC_PLACES_BY_TABLE: Readonly<
  Record<AshtakavargaTable, Readonly<Record<SaptaGraha, Readonly<Record<AvContributor, readonly number[]>>>>>
> = Object.freeze({
  bphs: BENEFIC_PLACES,
  jagannatha_hora: Object.freeze(
    Object.fromEntries(
      Object.entries(BENEFIC_PLACES).map(([g, rows]) => [g, Object.freeze({ ...rows, ...JHORA_ROWS[g as SaptaGraha] })]),
    ) as Record<SaptaGraha, Readonly<Record<AvContributor, readonly number[]>>>,
  ),
});

/** Expected bindu total of each bhinnashtakavarga (BPHS ch. 66) and of the sarvashtakavarga. */
export const BINDU_TOTALS: Readonly<Record<SaptaGraha, number>> = Object.freeze({
  sun: 48, moon: 49, mars: 39, mercury: 54, jupiter: 56, venus: 52, saturn: 39,
});
export const SARVA_TOTAL = 337;

/**
 * Multipliers for the shodhya pinda, BPHS ch. 69: rashi gunakara by sign (Aries … Pisces) and
 * graha gunakara by graha.
 */
export const RASHI_GUNAKARA: readonly number[] = Object.freeze([7, 10, 8, 4, 10, 5, 7, 8, 9, 5, 11, 12]);
export const GRAHA_GUNAKARA: Readonly<Record<SaptaGraha, number>> = Object.freeze({
  sun: 5, moon: 5, mars: 8, mercury: 5, jupiter: 10, venus: 7, saturn: 5,
});

/** Pairs of signs with one lord, for ekadhipatya shodhana (BPHS ch. 68); Cancer and Leo stand alone. */
export const SAME_LORD_SIGN_PAIRS: readonly (readonly [number, number])[] = Object.freeze([
  [1, 8], [2, 7], [3, 6], [9, 12], [10, 11],
]);
