import type { ChartInput } from "../chart/chart-input.js";
import { houseFrom, signFrom } from "../chart/chart-input.js";
import { debilitationSign, exaltationSign } from "../chart/dignity.js";
import { rashiDrishtiSigns } from "../chart/drishti.js";
import { jaiminiLord } from "../chart/jaimini-lords.js";
import { RASHIS, rashiOf } from "../tables/rashis.js";
import { GRAHAS, type Graha } from "../types.js";
import { SAVYA_SIGNS } from "./chara-dasha.js";
import { signTimeline, splitSpan, type DashaSpan, type SystemDasha } from "./dasha-span.js";

/**
 * Narayana dasha as taught by Sanjay Rath ("Narayana Dasa", Sagittarius Publications, 2004, after
 * the Jaimini Sutras) and set out step by step in P.V.R. Narasimha Rao, "Vedic
 * Astrology: An Integrated Approach", chapter "Narayana Dasa":
 * - Seed: the stronger of the lagna and the 7th (NARAYANA_STRENGTH_RULES, the first that separates
 *   them; a full tie keeps the lagna).
 * - Direction: forward when the 9th from the seed is odd-footed (Aries, Taurus, Gemini, Libra,
 *   Scorpio, Sagittarius), else backward.
 * - Progression by the seed's nature: movable — consecutive signs; fixed — every 6th sign; dual —
 *   the trines first (1, 5, 9), then those of the next kendra (10, 2, 6), then 7, 11, 3 and 4, 8, 12.
 * - Exceptions: Saturn in the seed — consecutive signs, forward, whatever the seed's nature; Ketu
 *   in the seed — the direction reversed (applied after Saturn's rule when both are there).
 * - Years: signs counted from the dasha sign to its lord (forward for an odd-footed sign, backward
 *   for an even-footed one) minus one; the lord in the sign itself gives 12 (no exaltation year:
 *   PVR's exception for Mercury in Virgo, applied to every own-sign lord); otherwise +1 when the lord
 *   is exalted, −1 when debilitated. Scorpio and Aquarius take the stronger co-lord
 *   (chart/jaimini-lords.ts). A second cycle of 12 − first years follows in the same order; a sign
 *   left with none is skipped.
 * - Antardashas (PVR): twelve equal parts starting from the sign occupied by the dasha sign's
 *   lord (the paka rasi), through consecutive signs, forward when that sign is odd, backward when
 *   even, with the same Saturn (forward) and Ketu (reversed) exceptions for that sign;
 *   pratyantardashas the same way inside an antardasha.
 */
export const NARAYANA_DASHA_RULES =
  "Narayana dasha, Sanjay Rath's method (Narayana Dasa, 2004; P.V.R. Narasimha Rao, Vedic Astrology: An Integrated Approach, chapter Narayana Dasa): " +
  "seed the stronger of the lagna and the 7th (more grahas; more of Jupiter, Mercury and its lord with or aspecting it; more exalted " +
  "occupants; dual over fixed over movable; lord in a sign of the other oddity; more dasha years; else the lagna); forward when the 9th from " +
  "the seed is Aries, Taurus, Gemini, Libra, Scorpio or Sagittarius, else backward; movable seed: consecutive signs, fixed: every 6th, " +
  "dual: trines first (1, 5, 9, 10, 2, 6, 7, 11, 3, 4, 8, 12); Saturn in the seed: consecutive and forward; Ketu in the seed: direction " +
  "reversed; years = signs from the sign to its lord (forward for those six signs, backward for the others) − 1, 12 with the lord in the " +
  "sign, +1 exalted, −1 debilitated lord; Scorpio/Aquarius the stronger co-lord; a second cycle of 12 − first years; antardashas: 12 equal " +
  "parts from the sign holding the dasha sign's lord, consecutive, forward from an odd sign, backward from an even one (Saturn there: " +
  "forward; Ketu there: reversed).";

/** Signs from the seed, as houses counted from it, for a dual seed (trines, then the next kendra's trines…). */
const DUAL_HOUSES = [1, 5, 9, 10, 2, 6, 7, 11, 3, 4, 8, 12] as const;

const signOf = (chart: ChartInput, g: Graha): number => rashiOf(chart.grahas[g].lonSidDeg);
const occupants = (chart: ChartInput, rashi: number): Graha[] => GRAHAS.filter((g) => signOf(chart, g) === rashi);
const isOdd = (rashi: number): boolean => rashi % 2 === 1;

/** Years of sign `rashi` in the first cycle of Narayana dasha. */
export function narayanaYears(chart: ChartInput, rashi: number): number {
  const lord = jaiminiLord(chart, rashi).graha;
  const lordSign = signOf(chart, lord);
  if (lordSign === rashi) return 12;
  const count = SAVYA_SIGNS.has(rashi) ? houseFrom(rashi, lordSign) : houseFrom(lordSign, rashi);
  let years = count - 1;
  if (exaltationSign(lord) === lordSign) years += 1;
  else if (debilitationSign(lord) === lordSign) years -= 1;
  return years;
}

/** The rules of strength for the seed, in order; each scores a sign (higher is stronger). */
export const NARAYANA_STRENGTH_RULES: readonly { readonly rule: string; readonly score: (c: ChartInput, rashi: number) => number }[] = [
  { rule: "more grahas in the sign", score: (c, r) => occupants(c, r).length },
  {
    rule: "more of Jupiter, Mercury and the sign's lord in it or aspecting it (rashi drishti)",
    score: (c, r) => {
      const lord = jaiminiLord(c, r).graha;
      return [...new Set<Graha>(["jupiter", "mercury", lord])].filter((g) => {
        const s = signOf(c, g);
        return s === r || rashiDrishtiSigns(s).includes(r);
      }).length;
    },
  },
  { rule: "more exalted grahas in the sign", score: (c, r) => occupants(c, r).filter((g) => exaltationSign(g) === r).length },
  { rule: "dual over fixed over movable", score: (_c, r) => ({ dual: 3, fixed: 2, movable: 1 })[RASHIS[r - 1]!.modality] },
  { rule: "the lord in a sign of the other oddity", score: (c, r) => (isOdd(signOf(c, jaiminiLord(c, r).graha)) !== isOdd(r) ? 1 : 0) },
  { rule: "more Narayana dasha years", score: (c, r) => narayanaYears(c, r) },
];

/** The stronger of the lagna and the 7th: the sign, which one it is, and the rule that decided (null: a full tie, the lagna kept). */
export function narayanaSeed(chart: ChartInput): { seed: number; from: "lagna" | "7th"; rule: string | null } {
  const lagna = rashiOf(chart.lagnaSidDeg);
  const seventh = signFrom(lagna, 7);
  for (const { rule, score } of NARAYANA_STRENGTH_RULES) {
    const a = score(chart, lagna);
    const b = score(chart, seventh);
    if (a !== b) return a > b ? { seed: lagna, from: "lagna", rule } : { seed: seventh, from: "7th", rule };
  }
  return { seed: lagna, from: "lagna", rule: null };
}

export interface NarayanaInfo {
  readonly seed: number;
  readonly seedFrom: "lagna" | "7th";
  readonly strengthRule: string | null;
  readonly direction: 1 | -1;
  readonly progression: "consecutive" | "every 6th" | "trines";
  /** "saturn", "ketu", "saturn+ketu" or null: which exception applied in the seed. */
  readonly exception: string | null;
  readonly order: readonly number[];
}

/** The order of the twelve maha signs from the seed. */
export function narayanaOrder(chart: ChartInput, seed: number): Omit<NarayanaInfo, "seed" | "seedFrom" | "strengthRule"> {
  const inSeed = occupants(chart, seed);
  const saturn = inSeed.includes("saturn");
  const ketu = inSeed.includes("ketu");
  let direction: 1 | -1 = SAVYA_SIGNS.has(signFrom(seed, 9)) ? 1 : -1;
  const modality = RASHIS[seed - 1]!.modality;
  let progression: NarayanaInfo["progression"] = modality === "movable" ? "consecutive" : modality === "fixed" ? "every 6th" : "trines";
  if (saturn) {
    progression = "consecutive";
    direction = 1;
  }
  if (ketu) direction = direction === 1 ? -1 : 1;
  const houses: readonly number[] = progression === "consecutive" ? Array.from({ length: 12 }, (_, k) => k + 1)
    : progression === "every 6th" ? Array.from({ length: 12 }, (_, k) => ((5 * k) % 12) + 1)
    : DUAL_HOUSES;
  const order = houses.map((h) => signFrom(seed, 1 + direction * (h - 1)));
  return { direction, progression, exception: saturn && ketu ? "saturn+ketu" : saturn ? "saturn" : ketu ? "ketu" : null, order };
}

/** The antardasha order inside the dasha of `rashi`: from the sign of its lord, consecutive, by that sign's oddity and occupants. */
export function narayanaAntarOrder(chart: ChartInput, rashi: number): number[] {
  const paka = signOf(chart, jaiminiLord(chart, rashi).graha);
  const inPaka = occupants(chart, paka);
  let dir: 1 | -1 = isOdd(paka) || inPaka.includes("saturn") ? 1 : -1;
  if (inPaka.includes("ketu")) dir = dir === 1 ? -1 : 1;
  return Array.from({ length: 12 }, (_, k) => signFrom(paka, 1 + dir * k));
}

export function narayanaDasha(chart: ChartInput, birthJdUt: number, yearDays: number): SystemDasha & { readonly narayana: NarayanaInfo } {
  const { seed, from, rule } = narayanaSeed(chart);
  const o = narayanaOrder(chart, seed);
  const first = o.order.map((s) => narayanaYears(chart, s));
  const { spans: mahaDashas, push } = signTimeline(birthJdUt, yearDays);
  o.order.forEach((s, i) => push(s, first[i]!));
  o.order.forEach((s, i) => push(s, 12 - first[i]!));
  const antarOrders = new Map<number, number[]>();
  const subdivide = (p: DashaSpan): DashaSpan[] => {
    if (p.level >= 3) return [];
    let order = antarOrders.get(p.rashi!);
    if (!order) antarOrders.set(p.rashi!, (order = narayanaAntarOrder(chart, p.rashi!)));
    return splitSpan(p, order.map((rashi) => ({ rashi, weight: 1 })), yearDays);
  };
  return {
    system: "narayana", name: "Narayana (Sanjay Rath / P.V.R. Narasimha Rao)", kind: "rashi", yearDays, birthJdUt, maxLevel: 3,
    mahaDashas, cycleDays: null, cycleLength: mahaDashas.length, subdivide,
    narayana: { seed, seedFrom: from, strengthRule: rule, ...o },
  };
}
