import type { Graha } from "../types.js";

/**
 * Gochara (transit) results counted from the natal Moon's sign, after Phaladeepika ch. 26
 * (Gocharaphala): for each graha the houses from the Moon where its transit is favourable, and
 * for each such house its vedha (obstruction) house — while another graha transits the vedha
 * house, the favourable result is withheld. Every house not listed is unfavourable. Rahu and
 * Ketu follow Saturn's row, as the chapter prescribes for the nodes.
 */
export interface GocharRow {
  /** Favourable house from the Moon → its vedha house from the Moon. */
  readonly good: Readonly<Record<number, number>>;
}

const SATURN_ROW: GocharRow = { good: { 3: 12, 6: 9, 11: 5 } };

export const GOCHAR_TABLE: Readonly<Record<Graha, GocharRow>> = {
  sun: { good: { 3: 9, 6: 12, 10: 4, 11: 5 } },
  moon: { good: { 1: 5, 3: 9, 6: 12, 7: 2, 10: 4, 11: 8 } },
  mars: { good: { 3: 12, 6: 9, 11: 5 } },
  mercury: { good: { 2: 5, 4: 3, 6: 9, 8: 1, 10: 8, 11: 12 } },
  jupiter: { good: { 2: 12, 5: 4, 7: 3, 9: 10, 11: 8 } },
  venus: { good: { 1: 8, 2: 7, 3: 1, 4: 10, 5: 9, 8: 5, 9: 11, 11: 3, 12: 6 } },
  saturn: SATURN_ROW,
  rahu: SATURN_ROW,
  ketu: SATURN_ROW,
};

/**
 * Pairs that never obstruct each other (Phaladeepika ch. 26: no vedha between father and son —
 * the Sun and Saturn, the Moon and Mercury).
 */
const NO_VEDHA: ReadonlyArray<readonly [Graha, Graha]> = [["sun", "saturn"], ["moon", "mercury"]];

export function vedhaExempt(a: Graha, b: Graha): boolean {
  return NO_VEDHA.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}
