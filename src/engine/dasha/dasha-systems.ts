import type { ChartInput } from "../chart/chart-input.js";
import { EngineInputError } from "../errors.js";
import { GRAHA_DASHA_SYSTEMS, type GrahaDashaSystem } from "../tables/graha-dashas.js";
import { dashaCondition, type DashaCondition } from "./dasha-conditions.js";
import type { SystemDasha } from "./dasha-span.js";
import { CHARA_DASHA_RULES, charaDasha } from "./chara-dasha.js";
import { GRAHA_DASHA_MAX_LEVEL, grahaDasha } from "./graha-dasha.js";
import { KALACHAKRA_RULES, kalachakraDasha, type KalachakraInfo } from "./kalachakra-dasha.js";
import { NARAYANA_DASHA_RULES, narayanaDasha, type NarayanaInfo } from "./narayana-dasha.js";

/** Every dasha system served besides Vimshottari (which keeps its own module and fields). */
export const DASHA_SYSTEMS = [...GRAHA_DASHA_SYSTEMS, "chara", "narayana", "kalachakra"] as const;
export type DashaSystemKey = (typeof DASHA_SYSTEMS)[number];

export interface SystemDashaResult extends SystemDasha {
  /** When the system applies (conditional graha dashas); null for systems without a condition. */
  readonly condition: DashaCondition | null;
  /** The Moon's nakshatra 1..27 (nakshatra dashas), else null. */
  readonly moonNakshatra: number | null;
  /** Lord and years of the first maha period left at birth (dashas whose first period starts before birth). */
  readonly balance: { readonly graha?: string; readonly rashi?: number; readonly years: number; readonly elapsedFraction: number } | null;
  /** The variant and rules implemented, with their sources. */
  readonly rules: string;
  /** Narayana dasha: the seed, direction, progression and exception; else null. */
  readonly narayana: NarayanaInfo | null;
  /** Kalachakra dasha: the Moon's pada, group, chakra, paramayush, deha and jeeva; else null. */
  readonly kalachakra: KalachakraInfo | null;
}

/** Deepest level `system` defines (maha = 1). */
export function maxLevelOf(system: DashaSystemKey): number {
  if (isGraha(system)) return GRAHA_DASHA_MAX_LEVEL;
  return 3;
}

const isGraha = (s: string): s is GrahaDashaSystem => (GRAHA_DASHA_SYSTEMS as readonly string[]).includes(s);

/** The dasha `system` of a chart born at `birthJdUt` (Julian day UT), years of `yearDays` days. */
export function systemDasha(system: DashaSystemKey, chart: ChartInput, birthJdUt: number, yearDays: number): SystemDashaResult {
  if (isGraha(system)) {
    const d = grahaDasha(system, chart.grahas.moon.lonSidDeg, birthJdUt, yearDays);
    return {
      ...d, condition: dashaCondition(system, chart), moonNakshatra: d.moonNakshatra,
      balance: { graha: d.balance.graha, years: d.balance.years, elapsedFraction: d.balance.elapsedFraction },
      narayana: null, kalachakra: null,
      rules: `${d.table.source}. Antardashas and pratyantardashas: every lord in order from the period's own lord, ` +
        `each lasting period × lord's years / ${d.table.totalYears}.`,
    };
  }
  if (system === "chara") {
    const d = charaDasha(chart, birthJdUt, yearDays);
    return { ...d, condition: null, moonNakshatra: null, balance: null, rules: CHARA_DASHA_RULES, narayana: null, kalachakra: null };
  }
  if (system === "narayana") {
    const d = narayanaDasha(chart, birthJdUt, yearDays);
    return { ...d, condition: null, moonNakshatra: null, balance: null, rules: NARAYANA_DASHA_RULES, kalachakra: null };
  }
  if (system === "kalachakra") {
    const d = kalachakraDasha(chart.grahas.moon.lonSidDeg, birthJdUt, yearDays);
    return { ...d, condition: null, moonNakshatra: d.kalachakra.nakshatra, rules: KALACHAKRA_RULES, narayana: null };
  }
  throw new EngineInputError(`unknown dasha system "${system}"; allowed: ${DASHA_SYSTEMS.join(", ")}`, "system");
}
