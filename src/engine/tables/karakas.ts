import type { Graha } from "../types.js";

/**
 * Chara karakas (Jaimini Sutras 1.1; BPHS ch. 32): the grahas ranked by degrees traversed in
 * their sign, highest first. The 7-karaka scheme (Sun…Saturn) is the default; the 8-karaka scheme
 * adds Rahu, whose degrees are counted backwards (30° − degree) as it moves retrograde, and
 * inserts Pitri karaka after Matri.
 */
export const CHARA_KARAKAS_7 = ["atma", "amatya", "bhratri", "matri", "putra", "gnati", "dara"] as const;
export const CHARA_KARAKAS_8 = ["atma", "amatya", "bhratri", "matri", "pitri", "putra", "gnati", "dara"] as const;
export type CharaKaraka = (typeof CHARA_KARAKAS_8)[number];

/**
 * Natural benefics and malefics for the functional-nature rules (BPHS ch. 3 / ch. 34): Jupiter,
 * Venus, Mercury and the Moon are natural benefics; the Sun, Mars and Saturn natural malefics
 * (the Moon's phase and Mercury's association are ignored in the lordship rules).
 */
export const NATURAL_BENEFICS: readonly Graha[] = Object.freeze(["moon", "mercury", "jupiter", "venus"]);

/** Houses by class, BPHS ch. 34: kendras (angles), trikonas (trines), trishadayas and dusthanas. */
export const KENDRAS: readonly number[] = Object.freeze([1, 4, 7, 10]);
export const TRIKONAS: readonly number[] = Object.freeze([1, 5, 9]);
export const TRISHADAYAS: readonly number[] = Object.freeze([3, 6, 11]);
