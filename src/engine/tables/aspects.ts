import type { Graha } from "../types.js";

/**
 * Graha drishti (planetary aspects on signs/houses counted from the graha's own sign), BPHS ch. 26.
 * Every graha casts a full aspect on the 7th; Mars also on the 4th and 8th, Jupiter on the 5th and
 * 9th, Saturn on the 3rd and 10th — those special aspects count in full (100%). The nodes are
 * given the 7th only here: their extra aspects (5th/9th) are disputed and not in BPHS ch. 26's table.
 */
export const FULL_ASPECTS: Readonly<Record<Graha, readonly number[]>> = Object.freeze({
  sun: [7],
  moon: [7],
  mars: [4, 7, 8],
  mercury: [7],
  jupiter: [5, 7, 9],
  venus: [7],
  saturn: [3, 7, 10],
  rahu: [7],
  ketu: [7],
});

/**
 * Partial (ekapada/dvipada/tripada) aspect strengths, BPHS ch. 26: on the 3rd and 10th a quarter,
 * the 5th and 9th a half, the 4th and 8th three quarters, the 7th in full. A graha's special aspect
 * on one of these houses raises it to full (FULL_ASPECTS).
 */
export const PARTIAL_ASPECT_STRENGTH: Readonly<Record<number, number>> = Object.freeze({
  3: 0.25,
  10: 0.25,
  5: 0.5,
  9: 0.5,
  4: 0.75,
  8: 0.75,
  7: 1,
});
