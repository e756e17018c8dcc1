import type { PrashnaQuestionType } from "../tables/prashna.js";
import type { Graha } from "../types.js";
import type { KpChart } from "./kp-chart.js";
import { kpTable249, type KpTableRow } from "./sub-lords.js";

/** The KP horary numbers run 1..249: one per row of Krishnamurti's table. */
export const KP_NUMBER_MIN = 1;
export const KP_NUMBER_MAX = 249;

let table: readonly KpTableRow[] | null = null;

/**
 * Row `n` (1..249) of K. S. Krishnamurti's horary table ("KP Reader VI: Horary Astrology"): the
 * 243 subs of the zodiac from 0° Aries in order, with the six subs that straddle a sign cut
 * counted once in each sign (sub-lords.ts kpTable249 derives it from the Vimshottari years). The
 * querent's number gives the horary ascendant: the first degree of its row (so the KP practice:
 * number 145, Libra 29°26′40″–30°, is cast with 29°26′40″ Libra rising).
 */
export function kpHoraryRow(n: number): KpTableRow {
  if (!Number.isInteger(n) || n < KP_NUMBER_MIN || n > KP_NUMBER_MAX) throw new RangeError(`KP number must be an integer 1..249, got ${n}`);
  table ??= Object.freeze(kpTable249());
  return table[n - 1]!;
}

export interface KpHoraryHouses {
  /** The cusp whose sub lord answers the question. */
  readonly cusp: number;
  /** Houses that must be signified for the matter to happen. */
  readonly favourable: readonly number[];
  /** The 12th from each favourable house (KP: the 12th from a house negates it), less the favourable ones. */
  readonly negating: readonly number[];
}

const twelfthFrom = (h: number) => ((h + 10) % 12) + 1;
const group = (cusp: number, favourable: number[]): KpHoraryHouses => Object.freeze({
  cusp,
  favourable: Object.freeze([...favourable]),
  negating: Object.freeze([...new Set(favourable.map(twelfthFrom))].filter((h) => !favourable.includes(h)).sort((a, b) => a - b)),
});

/**
 * The cusp judged and the house groups per question type, KP Reader VI (Horary Astrology), as
 * the KP books group them: fulfilment of a wish (general) 11th cusp with 1, 11; recovery
 * (health) 1st cusp with 1, 5, 11; financial gain 11th with 2, 6, 11; employment 10th with 2, 6,
 * 10, 11; marriage 7th with 2, 7, 11; long journey 9th with 3, 9, 12; education 4th with 4, 9,
 * 11; success in litigation 6th with 1, 6, 11; purchase of property 4th with 4, 11; children
 * 5th with 2, 5, 11. The negating houses are derived: the 12th from each favourable house.
 */
export const KP_HORARY_HOUSES: Readonly<Record<PrashnaQuestionType, KpHoraryHouses>> = Object.freeze({
  general: group(11, [1, 11]),
  health: group(1, [1, 5, 11]),
  wealth: group(11, [2, 6, 11]),
  career: group(10, [2, 6, 10, 11]),
  marriage: group(7, [2, 7, 11]),
  travel: group(9, [3, 9, 12]),
  education: group(4, [4, 9, 11]),
  legal: group(6, [1, 6, 11]),
  property: group(4, [4, 11]),
  children: group(5, [2, 5, 11]),
});

export type KpVerdict = "yes" | "yes_with_obstacles" | "no";

export interface KpHoraryJudgement {
  readonly cusp: number;
  readonly subLord: Graha;
  /** Houses the cuspal sub lord signifies (any level of the KP significator hierarchy). */
  readonly subLordSignifies: readonly number[];
  readonly favourableHouses: readonly number[];
  readonly negatingHouses: readonly number[];
  readonly verdict: KpVerdict;
  readonly reason: string;
}

/**
 * KP's judgement (KP Reader VI): the sub lord of the cusp of the matter decides. If it signifies
 * any favourable house the matter is promised ("yes"), with obstacles or delay when it signifies
 * negating houses as well; if it signifies no favourable house the matter is denied ("no").
 */
export function kpHoraryJudgement(chart: KpChart, question: PrashnaQuestionType): KpHoraryJudgement {
  const g = KP_HORARY_HOUSES[question];
  const subLord = chart.cusps[g.cusp - 1]!.subLord;
  const signifies = chart.signifiedHouses[subLord];
  const fav = g.favourable.filter((h) => signifies.includes(h));
  const neg = g.negating.filter((h) => signifies.includes(h));
  const verdict: KpVerdict = fav.length === 0 ? "no" : neg.length > 0 ? "yes_with_obstacles" : "yes";
  const list = (hs: readonly number[]) => (hs.length ? hs.join(", ") : "none");
  const reason =
    `sub lord of cusp ${g.cusp} is ${subLord}, signifying houses ${list(signifies)}; ` +
    `favourable (${g.favourable.join(", ")}) signified: ${list(fav)}; negating (${g.negating.join(", ")}) signified: ${list(neg)}`;
  return { cusp: g.cusp, subLord, subLordSignifies: [...signifies], favourableHouses: [...g.favourable], negatingHouses: [...g.negating], verdict, reason };
}
