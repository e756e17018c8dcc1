import type { Graha } from "../types.js";
import { GRAHAS } from "../types.js";
import { norm360 } from "../tables/rashis.js";
import { VARAS } from "../tables/varas.js";
import { kpLordsOf, type KpLords } from "./sub-lords.js";

/**
 * A KP chart from sidereal positions and Placidus cusps (K. S. Krishnamurti, "KP Reader" I–II):
 * each graha's and cusp's lords, the house each graha occupies (between its cusp and the next),
 * the significators of every house by the four-level KP hierarchy, and each graha's signified
 * houses.
 */
export interface KpSignificators {
  readonly house: number;
  /** Level 1: grahas in the star of an occupant. */
  readonly inStarOfOccupants: Graha[];
  /** Level 2: occupants. */
  readonly occupants: Graha[];
  /** Level 3: grahas in the star of the house owner (the lord of the cusp's sign). */
  readonly inStarOfOwner: Graha[];
  /** Level 4: the owner. */
  readonly owner: Graha;
  /** Levels 1–4 merged in order of strength, each graha once. */
  readonly all: Graha[];
}

export interface KpChart {
  readonly planets: Record<Graha, KpLords & { readonly house: number }>;
  readonly cusps: KpLords[];
  readonly significators: KpSignificators[];
  /** Houses each graha signifies (any level), ascending. */
  readonly signifiedHouses: Record<Graha, number[]>;
}

/** House 1..12 of a longitude between unequal cusps: the last cusp at or before it, going round. */
export function placidusHouseOf(lonSidDeg: number, cuspsSidDeg: readonly number[]): number {
  const l = norm360(lonSidDeg);
  for (let h = 0; h < 12; h++) {
    const a = cuspsSidDeg[h]!;
    const span = norm360(cuspsSidDeg[(h + 1) % 12]! - a);
    if (norm360(l - a) < span) return h + 1;
  }
  return 1;
}

export function kpChart(lons: Readonly<Record<Graha, number>>, cuspsSidDeg: readonly number[]): KpChart {
  const planets = {} as Record<Graha, KpLords & { house: number }>;
  for (const g of GRAHAS) planets[g] = { ...kpLordsOf(lons[g]), house: placidusHouseOf(lons[g], cuspsSidDeg) };
  const cusps = cuspsSidDeg.map(kpLordsOf);
  const inStarOf = (lord: Graha): Graha[] => GRAHAS.filter((g) => planets[g].starLord === lord);
  const significators = cusps.map((c, i): KpSignificators => {
    const occupants = GRAHAS.filter((g) => planets[g].house === i + 1);
    const inStarOfOccupants = [...new Set(occupants.flatMap(inStarOf))];
    const owner = c.signLord;
    const inStarOfOwner = inStarOf(owner);
    const all = [...new Set([...inStarOfOccupants, ...occupants, ...inStarOfOwner, owner])];
    return { house: i + 1, inStarOfOccupants, occupants, inStarOfOwner, owner, all };
  });
  const signifiedHouses = {} as Record<Graha, number[]>;
  for (const g of GRAHAS) signifiedHouses[g] = significators.filter((s) => s.all.includes(g)).map((s) => s.house);
  return { planets, cusps, significators, signifiedHouses };
}

export interface KpRulingPlanets {
  /** Lord of the weekday running, the day counted from sunrise to sunrise. */
  readonly dayLord: Graha;
  readonly moonSignLord: Graha;
  readonly moonStarLord: Graha;
  readonly ascendantSignLord: Graha;
  readonly ascendantStarLord: Graha;
  /** Extra (some KP practitioners add them): the Moon's and the ascendant's sub lords. */
  readonly moonSubLord: Graha;
  readonly ascendantSubLord: Graha;
  /** The five, each graha once, in the order above. */
  readonly distinct: Graha[];
}

/**
 * KP ruling planets at a moment. `varaNumber` is the weekday (1 = Sunday) of the sunrise that
 * began the running Hindu day (the caller finds that sunrise: the engine reads no clock).
 */
export function kpRulingPlanets(varaNumber: number, moonLonSidDeg: number, ascendantSidDeg: number): KpRulingPlanets {
  const moon = kpLordsOf(moonLonSidDeg);
  const asc = kpLordsOf(ascendantSidDeg);
  const dayLord = VARAS[varaNumber - 1]!.lord;
  const five: Graha[] = [dayLord, moon.signLord, moon.starLord, asc.signLord, asc.starLord];
  return {
    dayLord, moonSignLord: moon.signLord, moonStarLord: moon.starLord, ascendantSignLord: asc.signLord, ascendantStarLord: asc.starLord,
    moonSubLord: moon.subLord, ascendantSubLord: asc.subLord, distinct: [...new Set(five)],
  };
}
