import { RASHIS, rashiOf } from "../tables/rashis.js";
import { FULL_ASPECTS } from "../tables/aspects.js";
import { GRAHAS, SAPTA_GRAHAS, type Graha, type SaptaGraha } from "../types.js";
import { aspectStrength } from "./aspects.js";
import { houseFrom, signFrom, type ChartInput } from "./chart-input.js";
import { sphutaDrishti } from "./sphuta-drishti.js";

/** One sign a graha aspects (Parashari graha drishti, by whole sign, BPHS ch. 26). */
export interface DrishtiTarget {
  /** Counted from the graha's sign (3 … 10). */
  readonly nth: number;
  readonly rashi: number;
  /** Whole-sign house from the lagna. */
  readonly house: number;
  /** 25, 50, 75 or 100. */
  readonly strengthPercent: number;
  /** A Mars 4/8, Jupiter 5/9 or Saturn 3/10 aspect (full). */
  readonly special: boolean;
  readonly grahas: readonly Graha[];
}

/** Everything one graha casts. */
export interface GrahaDrishti {
  readonly graha: Graha;
  readonly rashi: number;
  readonly house: number;
  readonly targets: readonly DrishtiTarget[];
  /** Sphuta (virupa) drishti on each of Sun … Saturn other than itself (chart/sphuta-drishti.ts); empty for the nodes. */
  readonly virupas: readonly { readonly graha: SaptaGraha; readonly virupas: number }[];
}

/** Jaimini rashi drishti of one sign. */
export interface RashiDrishti {
  readonly rashi: number;
  readonly house: number;
  readonly grahas: readonly Graha[];
  /** The three signs it aspects. */
  readonly aspects: readonly number[];
  /** Grahas in the aspected signs. */
  readonly aspectedGrahas: readonly Graha[];
}

/** Two grahas each aspecting the other's sign. */
export interface MutualAspect {
  readonly a: Graha;
  readonly b: Graha;
  readonly aToBPercent: number;
  readonly bToAPercent: number;
  /** Both aspects full (100%). */
  readonly full: boolean;
}

const ASPECT_NTHS = [3, 4, 5, 7, 8, 9, 10] as const;

/** Graha drishti of every graha: the signs it aspects with the Parashari strengths, and its sphuta drishti on the seven. */
export function grahaDrishti(chart: ChartInput): GrahaDrishti[] {
  const lagna = rashiOf(chart.lagnaSidDeg);
  const signOf = (g: Graha): number => rashiOf(chart.grahas[g].lonSidDeg);
  return GRAHAS.map((g) => {
    const from = signOf(g);
    const targets = ASPECT_NTHS.map((nth) => {
      const rashi = signFrom(from, nth);
      return {
        nth, rashi, house: houseFrom(lagna, rashi), strengthPercent: aspectStrength(g, nth) * 100,
        special: nth !== 7 && FULL_ASPECTS[g].includes(nth), grahas: GRAHAS.filter((o) => o !== g && signOf(o) === rashi),
      };
    });
    const virupas = g === "rahu" || g === "ketu" ? [] : SAPTA_GRAHAS.filter((o) => o !== g).map((o) => ({
      graha: o, virupas: sphutaDrishti(g, chart.grahas[o].lonSidDeg - chart.grahas[g].lonSidDeg),
    }));
    return { graha: g, rashi: from, house: houseFrom(lagna, from), targets, virupas };
  });
}

/**
 * Signs a sign aspects by Jaimini rashi drishti (Jaimini Sutras 1.1.2–4): movable signs aspect the
 * fixed signs except the one next to them, fixed signs the movable signs except the one before
 * them, dual signs the other dual signs.
 */
export function rashiDrishtiSigns(rashi: number): number[] {
  const modality = RASHIS[rashi - 1]!.modality;
  const next = (rashi % 12) + 1;
  const prev = ((rashi + 10) % 12) + 1;
  return RASHIS.filter((r) => {
    if (r.number === rashi) return false;
    if (modality === "movable") return r.modality === "fixed" && r.number !== next;
    if (modality === "fixed") return r.modality === "movable" && r.number !== prev;
    return r.modality === "dual";
  }).map((r) => r.number);
}

/** Jaimini rashi drishti for the twelve signs, with the grahas in them and in the signs they aspect. */
export function rashiDrishti(chart: ChartInput): RashiDrishti[] {
  const lagna = rashiOf(chart.lagnaSidDeg);
  const inSign = (s: number): Graha[] => GRAHAS.filter((g) => rashiOf(chart.grahas[g].lonSidDeg) === s);
  return RASHIS.map((r) => {
    const aspects = rashiDrishtiSigns(r.number);
    return { rashi: r.number, house: houseFrom(lagna, r.number), grahas: inSign(r.number), aspects, aspectedGrahas: aspects.flatMap(inSign) };
  });
}

/** Pairs of grahas in different signs that aspect each other's sign (any Parashari strength). */
export function mutualAspects(chart: ChartInput): MutualAspect[] {
  const signOf = (g: Graha): number => rashiOf(chart.grahas[g].lonSidDeg);
  const out: MutualAspect[] = [];
  for (let i = 0; i < GRAHAS.length; i++) {
    for (let j = i + 1; j < GRAHAS.length; j++) {
      const a = GRAHAS[i]!;
      const b = GRAHAS[j]!;
      if (signOf(a) === signOf(b)) continue;
      const ab = aspectStrength(a, houseFrom(signOf(a), signOf(b))) * 100;
      const ba = aspectStrength(b, houseFrom(signOf(b), signOf(a))) * 100;
      if (ab > 0 && ba > 0) out.push({ a, b, aToBPercent: ab, bToAPercent: ba, full: ab === 100 && ba === 100 });
    }
  }
  return out;
}
