import type { ChartInput } from "../chart/chart-input.js";
import { houseFrom, signFrom } from "../chart/chart-input.js";
import { debilitationSign, exaltationSign } from "../chart/dignity.js";
import { jaiminiLord } from "../chart/jaimini-lords.js";
import { rashiOf } from "../tables/rashis.js";
import { signTimeline, splitSpan, type DashaSpan, type SystemDasha } from "./dasha-span.js";

/**
 * Chara dasha, K.N. Rao's method ("Predicting through Jaimini's Chara Dasha", after Jaimini
 * Sutras 2.4 as taught by Pt. Iranganti Rangacharya):
 * - Order: the twelve signs from the lagna, forward when the 9th from the lagna is a sign of the
 *   "savya" (odd-footed) group Aries, Taurus, Gemini, Libra, Scorpio, Sagittarius, backward otherwise.
 * - Years of a sign: counted from the sign to its lord — forward for a savya sign, backward for the
 *   others — minus one; a lord in the sign itself gives 12; +1 when the lord is exalted, −1 when
 *   debilitated. Scorpio and Aquarius take the stronger co-lord (chart/jaimini-lords.ts).
 * - A second cycle follows the first in the same order, each sign getting 12 minus its first
 *   years (K.N. Rao); a sign left with none is skipped.
 * - Antardashas: twelve equal parts, starting from the sign after the maha sign and ending with the
 *   maha sign itself, forward or backward by the same 9th-sign rule applied to the maha sign;
 *   pratyantardashas the same way inside them.
 * Nodes' exaltation: the house's table (tables/dignities.ts: Rahu in Taurus, Ketu in Scorpio);
 * authors who put Rahu's in Gemini and Ketu's in Sagittarius (as PyJHora does) get a year more or
 * less for Aquarius or Scorpio when the node is its lord there.
 */
export const SAVYA_SIGNS: ReadonlySet<number> = new Set([1, 2, 3, 7, 8, 9]);
export const CHARA_DASHA_RULES =
  "Chara dasha, K.N. Rao's method (Predicting through Jaimini's Chara Dasha): signs from the lagna, forward when the 9th from the lagna is " +
  "Aries, Taurus, Gemini, Libra, Scorpio or Sagittarius, else backward; years = signs from the sign to its lord (forward for those six " +
  "signs, backward for the others) − 1, 12 when the lord is in the sign, +1 exalted lord, −1 debilitated lord; Scorpio/Aquarius take the " +
  "stronger co-lord; a second cycle of 12 − first years; antardashas: 12 equal parts from the next sign, ending with the maha sign, " +
  "forward or backward by the 9th-from rule applied to the maha sign. Rahu exalted in Taurus, Ketu in Scorpio.";

/** Years of sign `rashi` in Chara dasha (K.N. Rao), 0..12 before the exaltation/debilitation adjustment is bounded. */
export function charaYears(chart: ChartInput, rashi: number): number {
  const lord = jaiminiLord(chart, rashi).graha;
  const lordSign = rashiOf(chart.grahas[lord].lonSidDeg);
  const count = SAVYA_SIGNS.has(rashi) ? houseFrom(rashi, lordSign) : houseFrom(lordSign, rashi);
  let years = count - 1;
  if (years === 0) years = 12;
  if (exaltationSign(lord) === lordSign) years += 1;
  else if (debilitationSign(lord) === lordSign) years -= 1;
  return years;
}

export function charaDasha(chart: ChartInput, birthJdUt: number, yearDays: number): SystemDasha & { readonly direction: 1 | -1 } {
  const lagna = rashiOf(chart.lagnaSidDeg);
  const direction: 1 | -1 = SAVYA_SIGNS.has(signFrom(lagna, 9)) ? 1 : -1;
  const order = Array.from({ length: 12 }, (_, k) => signFrom(lagna, 1 + direction * k));
  const first = order.map((s) => charaYears(chart, s));
  const { spans: mahaDashas, push } = signTimeline(birthJdUt, yearDays);
  order.forEach((s, i) => push(s, first[i]!));
  order.forEach((s, i) => push(s, 12 - first[i]!));
  const subdivide = (p: DashaSpan): DashaSpan[] => {
    if (p.level >= 3) return [];
    const dir = SAVYA_SIGNS.has(signFrom(p.rashi!, 9)) ? 1 : -1;
    const parts = Array.from({ length: 12 }, (_, k) => ({ rashi: signFrom(p.rashi!, 1 + dir * (k + 1)), weight: 1 }));
    return splitSpan(p, parts, yearDays);
  };
  return {
    system: "chara", name: "Chara (K.N. Rao)", kind: "rashi", yearDays, birthJdUt, maxLevel: 3, mahaDashas, cycleDays: null,
    cycleLength: mahaDashas.length, subdivide, direction,
  };
}
