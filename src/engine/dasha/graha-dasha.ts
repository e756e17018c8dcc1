import { EngineInputError } from "../errors.js";
import { norm360 } from "../tables/rashis.js";
import { NAKSHATRA_SPAN_DEG, nakshatraOf } from "../tables/nakshatras.js";
import { GRAHA_DASHA_TABLES, type GrahaDashaSystem, type GrahaDashaTable } from "../tables/graha-dashas.js";
import type { Graha } from "../types.js";
import { splitSpan, type DashaSpan, type SystemDasha } from "./dasha-span.js";

/** Levels the nakshatra graha dashas are served to (maha, antar, pratyantar). */
export const GRAHA_DASHA_MAX_LEVEL = 3;

export interface GrahaDasha extends SystemDasha {
  readonly table: GrahaDashaTable;
  readonly moonNakshatra: number;
  readonly balance: {
    readonly graha: Graha;
    /** Years of the first maha dasha left at birth. */
    readonly years: number;
    /** Fraction of the first maha dasha (the Moon's nakshatra group) elapsed at birth. */
    readonly elapsedFraction: number;
  };
}

/** Index of the first lord and the fraction of its nakshatra group elapsed, for a Moon longitude. */
export function grahaDashaStart(table: GrahaDashaTable, moonLonSidDeg: number): { index: number; elapsedFraction: number } {
  const lon = norm360(moonLonSidDeg);
  const nak = nakshatraOf(lon);
  const inStar = (lon - (nak - 1) * NAKSHATRA_SPAN_DEG) / NAKSHATRA_SPAN_DEG;
  const count = table.direction === 1 ? (nak - table.seedStar + 27) % 27 : (table.seedStar - nak + 27) % 27;
  if (!table.starsPerLord) {
    return { index: (count + table.offset) % table.lords.length, elapsedFraction: inStar };
  }
  // Groups of consecutive stars (zodiacal order from the seed); the Moon's place in its group.
  let start = 0;
  for (let i = 0; i < table.starsPerLord.length; i++) {
    const size = table.starsPerLord[i]!;
    if (count < start + size) return { index: i, elapsedFraction: (count - start + inStar) / size };
    start += size;
  }
  throw new Error(`${table.key}: star groups do not cover 27 nakshatras`);
}

/**
 * A nakshatra graha dasha (tables/graha-dashas.ts) from the Moon's sidereal longitude at birth.
 * Maha dashas follow the table's order from the lord of the Moon's star (group); each period
 * divides into sub-periods of every lord in the same order starting from its own lord, each
 * lasting period × lord's years / total (the proportional rule of BPHS ch. 46, as for
 * Vimshottari and Ashtottari). Times are Julian days UT.
 */
export function grahaDasha(system: GrahaDashaSystem, moonLonSidDeg: number, birthJdUt: number, yearDays: number): GrahaDasha {
  const table = GRAHA_DASHA_TABLES[system];
  if (!table) throw new EngineInputError(`unknown dasha system "${system}"`);
  if (!(yearDays > 0)) throw new EngineInputError("yearDays must be positive");
  const { index, elapsedFraction } = grahaDashaStart(table, moonLonSidDeg);
  const n = table.lords.length;
  const firstYears = table.years[index]!;
  let t = birthJdUt - elapsedFraction * firstYears * yearDays;
  const mahaDashas: DashaSpan[] = [];
  for (let k = 0; k < n * table.cycles; k++) {
    const i = (index + k) % n;
    const years = table.years[i]!;
    const end = t + years * yearDays;
    mahaDashas.push({ graha: table.lords[i]!, level: 1, startJdUt: t, endJdUt: end, durationYears: years });
    t = end;
  }
  const subdivide = (p: DashaSpan): DashaSpan[] => {
    if (p.level >= GRAHA_DASHA_MAX_LEVEL) return [];
    const from = table.lords.indexOf(p.graha!);
    const parts = table.lords.map((_, k) => ({ graha: table.lords[(from + k) % n]!, weight: table.years[(from + k) % n]! }));
    return splitSpan(p, parts, yearDays);
  };
  return {
    system, name: table.name, kind: "graha", yearDays, birthJdUt, maxLevel: GRAHA_DASHA_MAX_LEVEL, table,
    moonNakshatra: nakshatraOf(moonLonSidDeg), mahaDashas, cycleDays: table.totalYears * yearDays, cycleLength: n,
    balance: { graha: table.lords[index]!, years: (1 - elapsedFraction) * firstYears, elapsedFraction },
    subdivide,
  };
}
