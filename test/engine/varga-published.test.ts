import { describe, expect, it } from "vitest";
import { vargaPlacement } from "../../src/engine/varga/varga-sign.js";

/** Sidereal longitude from a sign number (1 = Aries) and degrees/minutes within it. */
const lon = (sign: number, deg: number, min: number) => (sign - 1) * 30 + deg + min / 60;

/**
 * Navamsha (D9) placements from worked examples published with their degrees. Each row:
 * [source, sign, degrees, minutes, expected navamsha sign].
 */
const D9_EXAMPLES: readonly [string, number, number, number, number][] = [
  ["astrologicallyexplained.com, 'Cracking the Navamsha 4: an example' — ascendant 9°03′ Cancer → Virgo", 4, 9, 3, 6],
  ["astrologicallyexplained.com, 'Cracking the Navamsha 4: an example' — Mars 18°35′ Taurus → Gemini", 2, 18, 35, 3],
  ["gitudivinetouch.com, 'Method to calculate Navamsh of the planets' — Moon 5° Pisces → Leo", 12, 5, 0, 5],
  ["gitudivinetouch.com, 'Method to calculate Navamsh of the planets' — 20°55′ Cancer → Capricorn", 4, 20, 55, 10],
  ["scribd 'Algorithm to find navamsha chart from birth chart', example table — ascendant 19°34′ Capricorn → Gemini", 10, 19, 34, 3],
  ["same table — Sun 20°50′ Virgo → Cancer", 6, 20, 50, 4],
  ["same table — Moon 26°56′ Virgo → Virgo", 6, 26, 56, 6],
  ["same table — Mars 0°35′ Libra → Libra", 7, 0, 35, 7],
  ["same table — Mercury 24°20′ Virgo → Leo", 6, 24, 20, 5],
  ["same table — Jupiter 11°33′ Leo → Cancer", 5, 11, 33, 4],
];

describe("navamsha against published worked examples", () => {
  it.each(D9_EXAMPLES)("%s", (_source, sign, deg, min, expected) => {
    expect(vargaPlacement("D9", lon(sign, deg, min)).rashi).toBe(expected);
  });
});
