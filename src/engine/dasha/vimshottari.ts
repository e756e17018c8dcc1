import type { Graha } from "../types.js";
import { EngineInputError } from "../errors.js";
import { norm360 } from "../tables/rashis.js";
import { NAKSHATRAS, NAKSHATRA_SPAN_DEG, VIMSHOTTARI_ORDER, nakshatraOf } from "../tables/nakshatras.js";

/**
 * Vimshottari dasha (BPHS ch. 46): 120 years shared by the nakshatra lords in the order Ketu 7,
 * Venus 20, Sun 6, Moon 10, Mars 7, Rahu 18, Jupiter 16, Saturn 19, Mercury 17. The first maha
 * dasha is the lord of the Moon's nakshatra, with the balance still to run in proportion to the
 * arc the Moon has left in it. Each period divides into nine sub-periods in the same order
 * starting from its own lord, each lasting period × (lord's years / 120).
 */
export const VIMSHOTTARI_YEARS: Readonly<Record<Graha, number>> = Object.freeze({
  ketu: 7, venus: 20, sun: 6, moon: 10, mars: 7, rahu: 18, jupiter: 16, saturn: 19, mercury: 17,
});
export const VIMSHOTTARI_TOTAL_YEARS = 120;

/** Year-length conventions for converting dasha years to days (echoed back in responses). */
export const DASHA_YEAR_DAYS = Object.freeze({ julian: 365.25, sidereal: 365.256363, savana: 360 });
export type DashaYearConvention = keyof typeof DASHA_YEAR_DAYS;
export const DEFAULT_DASHA_YEAR: DashaYearConvention = "julian";

/** Depth names: 1 maha, 2 antar, 3 pratyantar, 4 sookshma, 5 prana. */
export const DASHA_LEVELS = ["maha", "antar", "pratyantar", "sookshma", "prana"] as const;
export type DashaLevel = 1 | 2 | 3 | 4 | 5;

export interface DashaPeriod {
  readonly lord: Graha;
  readonly level: DashaLevel;
  readonly startJdUt: number;
  readonly endJdUt: number;
  readonly durationYears: number;
  /** Sub-periods, present down to the depth asked for (empty below it; use subPeriods for more). */
  readonly sub: readonly DashaPeriod[];
}

export interface VimshottariDasha {
  readonly yearConvention: DashaYearConvention;
  readonly yearDays: number;
  readonly birthJdUt: number;
  readonly moonNakshatra: number;
  readonly moonNakshatraName: string;
  readonly balance: {
    readonly lord: Graha;
    /** Years of the first maha dasha still to run at birth. */
    readonly years: number;
    /** Fraction of the nakshatra (and so of the first maha dasha) already elapsed at birth. */
    readonly elapsedFraction: number;
  };
  /** The nine maha dashas from the one running at birth (it starts before birth). */
  readonly mahaDashas: readonly DashaPeriod[];
}

/** The nine lords in Vimshottari order starting from each lord (precomputed once). */
const ORDER_FROM = {} as Record<Graha, readonly Graha[]>;
VIMSHOTTARI_ORDER.forEach((from, i) => {
  ORDER_FROM[from] = Array.from({ length: 9 }, (_, k) => VIMSHOTTARI_ORDER[(i + k) % 9]!);
});

const order = (from: Graha): readonly Graha[] => ORDER_FROM[from];

/** The sub-periods of a leaf: one shared empty list (a four-level tree has 26,000 leaves). */
const NO_SUB: readonly DashaPeriod[] = Object.freeze([]);

function build(
  lord: Graha,
  level: DashaLevel,
  startJdUt: number,
  endJdUt: number,
  years: number,
  yearDays: number,
  depth: number,
): DashaPeriod {
  const p: DashaPeriod = { lord, level, startJdUt, endJdUt, durationYears: years, sub: NO_SUB };
  return level < depth ? { lord, level, startJdUt, endJdUt, durationYears: years, sub: subPeriodsRaw(p, yearDays, depth) } : p;
}

function subPeriodsRaw(p: DashaPeriod, yearDays: number, depth: number): DashaPeriod[] {
  const out: DashaPeriod[] = [];
  const lords = order(p.lord);
  let t = p.startJdUt;
  for (let k = 0; k < 9; k++) {
    const l = lords[k]!;
    const years = (p.durationYears * VIMSHOTTARI_YEARS[l]) / VIMSHOTTARI_TOTAL_YEARS;
    // The last sub-period closes exactly on the parent's end (no rounding drift).
    const end = k === 8 ? p.endJdUt : t + years * yearDays;
    out.push(build(l, (p.level + 1) as DashaLevel, t, end, years, yearDays, depth));
    t = end;
  }
  return out;
}

/** The nine sub-periods of `p` (one level down), computing `extraDepth` levels below them as well. */
export function subPeriods(p: DashaPeriod, yearDays: number, extraDepth = 0): DashaPeriod[] {
  if (p.level >= 5) return [];
  return subPeriodsRaw(p, yearDays, Math.min(5, p.level + 1 + extraDepth));
}

export interface VimshottariOptions {
  readonly year?: DashaYearConvention;
  /** Levels to compute eagerly, 1..5 (default 3: maha, antar, pratyantar). */
  readonly depth?: number;
}

/**
 * Vimshottari dasha from the Moon's sidereal longitude at birth. Times are Julian days (UT);
 * the caller formats dates.
 */
export function vimshottari(moonLonSidDeg: number, birthJdUt: number, opts: VimshottariOptions = {}): VimshottariDasha {
  const yearConvention = opts.year ?? DEFAULT_DASHA_YEAR;
  const yearDays = DASHA_YEAR_DAYS[yearConvention];
  if (yearDays === undefined) {
    throw new EngineInputError(`unknown dasha year convention "${yearConvention}"; allowed: ${Object.keys(DASHA_YEAR_DAYS).join(", ")}`);
  }
  const depth = opts.depth ?? 3;
  if (!Number.isInteger(depth) || depth < 1 || depth > 5) throw new EngineInputError("dasha depth must be 1..5");
  const lon = norm360(moonLonSidDeg);
  const nak = nakshatraOf(lon);
  const elapsedFraction = (lon - (nak - 1) * NAKSHATRA_SPAN_DEG) / NAKSHATRA_SPAN_DEG;
  const lord = NAKSHATRAS[nak - 1]!.lord;
  const firstYears = VIMSHOTTARI_YEARS[lord];
  let t = birthJdUt - elapsedFraction * firstYears * yearDays;
  const mahaDashas: DashaPeriod[] = [];
  for (const l of order(lord)) {
    const end = t + VIMSHOTTARI_YEARS[l] * yearDays;
    mahaDashas.push(build(l, 1, t, end, VIMSHOTTARI_YEARS[l], yearDays, depth));
    t = end;
  }
  return {
    yearConvention,
    yearDays,
    birthJdUt,
    moonNakshatra: nak,
    moonNakshatraName: NAKSHATRAS[nak - 1]!.name,
    balance: { lord, years: (1 - elapsedFraction) * firstYears, elapsedFraction },
    mahaDashas,
  };
}

/**
 * The chain of periods running at `jdUt` (maha first), `depth` levels deep (default 3), computing
 * deeper levels on demand. Past the 120-year cycle the sequence repeats; before the first maha
 * dasha's start the result is null.
 */
export function currentPeriods(d: VimshottariDasha, jdUt: number, depth = 3): DashaPeriod[] | null {
  const start = d.mahaDashas[0]!.startJdUt;
  if (jdUt < start) return null;
  const cycleDays = VIMSHOTTARI_TOTAL_YEARS * d.yearDays;
  const cycles = Math.floor((jdUt - start) / cycleDays);
  const shift = cycles * cycleDays;
  let level: readonly DashaPeriod[] =
    shift === 0
      ? d.mahaDashas
      : d.mahaDashas.map((m) => ({ ...m, startJdUt: m.startJdUt + shift, endJdUt: m.endJdUt + shift, sub: [] }));
  const chain: DashaPeriod[] = [];
  for (let lv = 1; lv <= Math.min(5, depth); lv++) {
    const p = level.find((x) => jdUt >= x.startJdUt && jdUt < x.endJdUt) ?? level[level.length - 1]!;
    chain.push(p);
    level = p.sub.length > 0 ? p.sub : subPeriods(p, d.yearDays);
  }
  return chain;
}
