import { GRAHAS, SAPTA_GRAHAS, type Graha, type SaptaGraha } from "../../types.js";
import { norm360, rashiOf } from "../../tables/rashis.js";
import { houseFrom, signFrom, type ChartInput } from "../chart-input.js";
import { dignityOf, isCombust, ownSigns, signLord, type Dignity } from "../dignity.js";
import { FULL_ASPECTS } from "../../tables/aspects.js";
import { isNaturalBenefic } from "../natural-benefics.js";
import { vargaPlacement } from "../../varga/varga-sign.js";
import type { YogaStrength } from "./yoga-types.js";

/** Kendras (angles), trikonas (trines), dusthanas (6/8/12), upachayas (3/6/10/11): BPHS ch. 11. */
export const KENDRAS: readonly number[] = [1, 4, 7, 10];
export const TRIKONAS: readonly number[] = [1, 5, 9];
export const DUSTHANAS: readonly number[] = [6, 8, 12];
export const UPACHAYAS: readonly number[] = [3, 6, 10, 11];
/** The three planets most yoga texts mean by "benefics" when they list them (saumya grahas). */
export const NATURAL_BENEFICS: readonly Graha[] = ["mercury", "jupiter", "venus"];

/** Navamsha (D9) sign 1..12 of a sidereal longitude, by the varga module's Parashari method (BPHS ch. 6). */
export function navamshaRashi(lonSidDeg: number): number {
  return vargaPlacement("D9", lonSidDeg).rashi;
}

/** Everything the yoga and dosha rules read from a chart, computed once per chart. */
export interface ChartFacts {
  readonly chart: ChartInput;
  readonly lagnaRashi: number;
  /** Sign 1..12 of each graha. */
  readonly rashi: Readonly<Record<Graha, number>>;
  /** Whole-sign house 1..12 of each graha from the lagna. */
  readonly house: Readonly<Record<Graha, number>>;
  readonly dignity: Readonly<Record<Graha, Dignity>>;
  readonly combust: Readonly<Record<Graha, boolean>>;
  /** Natural benefics in this chart, by the one rule of chart/natural-benefics.ts (BPHS ch. 3). */
  readonly benefic: Readonly<Record<Graha, boolean>>;
  /** Moon in the bright half (Sun–Moon elongation below 180°). */
  readonly moonWaxing: boolean;
  /** Lord of house h (1..12) from the lagna. */
  lordOf(house: number): Graha;
  /** Grahas (all nine) in house h from the lagna. */
  occupants(house: number): readonly Graha[];
  /** House of graha g counted from the sign of graha `from`. */
  houseFromGraha(g: Graha, from: Graha): number;
  /** Whether g casts a full graha drishti on sign `rashi` (BPHS ch. 26: 7th, and the specials of Mars, Jupiter, Saturn). */
  aspectsRashi(g: Graha, rashi: number): boolean;
  /** Whether g aspects graha b (graha drishti onto b's sign). */
  aspects(g: Graha, b: Graha): boolean;
  /** Houses (from the lagna) of the signs g owns. */
  housesOwned(g: Graha): readonly number[];
  /** The association of two grahas Raja/Dhana rules accept, or null (BPHS ch. 39 v. 2). */
  relation(a: Graha, b: Graha): "conjunction" | "mutual aspect" | "exchange" | null;
  /** Grade a set of grahas by dignity and combustion (see gradeByDignity). */
  grade(planets: readonly Graha[]): { strength: YogaStrength; reason: string };
}

const STRONG_DIGNITIES: readonly Dignity[] = ["exalted", "moolatrikona", "own"];

/** Compute the facts of a chart. Pure; O(81) work. */
export function chartFacts(chart: ChartInput): ChartFacts {
  const lagnaRashi = rashiOf(chart.lagnaSidDeg);
  const rashi = {} as Record<Graha, number>;
  const house = {} as Record<Graha, number>;
  const dignity = {} as Record<Graha, Dignity>;
  const combust = {} as Record<Graha, boolean>;
  const byHouse: Graha[][] = Array.from({ length: 13 }, () => []);
  for (const g of GRAHAS) {
    rashi[g] = rashiOf(chart.grahas[g].lonSidDeg);
    house[g] = houseFrom(lagnaRashi, rashi[g]);
    dignity[g] = dignityOf(chart, g);
    combust[g] = isCombust(chart, g).combust;
    byHouse[house[g]]!.push(g);
  }
  const elongDeg = norm360(chart.grahas.moon.lonSidDeg - chart.grahas.sun.lonSidDeg);
  const moonWaxing = elongDeg < 180;
  const benefic = {} as Record<Graha, boolean>;
  for (const g of GRAHAS) benefic[g] = isNaturalBenefic(chart, g);

  const aspectsRashi = (g: Graha, r: number): boolean =>
    FULL_ASPECTS[g].includes(houseFrom(rashi[g], r));
  const aspects = (g: Graha, b: Graha): boolean => aspectsRashi(g, rashi[b]);
  // Lords of the twelve houses and the houses each graha owns, computed once (the rules ask often).
  const lords: Graha[] = [];
  for (let h = 1; h <= 12; h++) lords[h] = signLord(signFrom(lagnaRashi, h));
  const lordOf = (h: number): Graha => lords[h]!;
  const owned = {} as Record<Graha, readonly number[]>;
  for (const g of GRAHAS) {
    owned[g] = g === "rahu" || g === "ketu" ? [] : ownSigns(g).map((r) => houseFrom(lagnaRashi, r)).sort((x, y) => x - y);
  }
  const housesOwned = (g: Graha): readonly number[] => owned[g];
  const relation = (a: Graha, b: Graha): "conjunction" | "mutual aspect" | "exchange" | null => {
    if (a === b) return null;
    if (rashi[a] === rashi[b]) return "conjunction";
    if (lords[house[b]] === a && lords[house[a]] === b) return "exchange";
    if (aspects(a, b) && aspects(b, a)) return "mutual aspect";
    return null;
  };
  const grade = (planets: readonly Graha[]): { strength: YogaStrength; reason: string } =>
    gradeByDignity(planets, dignity, combust);

  return {
    chart, lagnaRashi, rashi, house, dignity, combust, benefic, moonWaxing,
    lordOf,
    occupants: (h) => byHouse[h]!,
    houseFromGraha: (g, from) => houseFrom(rashi[from], rashi[g]),
    aspectsRashi, aspects, housesOwned, relation, grade,
  };
}

/**
 * The common grading of a yoga by its planets: weak when any is debilitated or combust (its
 * results are said to be spoilt, Phaladeepika ch. 6 closing verses), strong when every one is
 * exalted, in moolatrikona or in its own sign, moderate otherwise.
 */
export function gradeByDignity(
  planets: readonly Graha[],
  dignity: Readonly<Record<Graha, Dignity>>,
  combust: Readonly<Record<Graha, boolean>>,
): { strength: YogaStrength; reason: string } {
  const spoilt = planets.filter((p) => dignity[p] === "debilitated" || combust[p]);
  if (spoilt.length > 0) {
    const why = spoilt.map((p) => `${p} ${combust[p] ? "combust" : "debilitated"}`).join(", ");
    return { strength: "weak", reason: why };
  }
  const dign = planets.map((p) => `${p} ${dignity[p].replace("_", " ")}`).join(", ");
  if (planets.length > 0 && planets.every((p) => STRONG_DIGNITIES.includes(dignity[p]))) {
    return { strength: "strong", reason: dign };
  }
  return { strength: "moderate", reason: dign };
}

/** The seven visible grahas (the Nabhasa yogas and most counts leave out the nodes). */
export const SEVEN: readonly SaptaGraha[] = SAPTA_GRAHAS;

/** Sorted distinct numbers. */
export function uniqSorted(xs: readonly number[]): number[] {
  const out: number[] = [];
  for (const x of xs) if (!out.includes(x)) out.push(x);
  return out.sort((a, b) => a - b);
}
