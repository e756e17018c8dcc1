import type { ChartInput } from "../chart/chart-input.js";
import { EngineInputError } from "../errors.js";
import { GRAHA_DASHA_SYSTEMS, type GrahaDashaSystem } from "../tables/graha-dashas.js";
import { dashaCondition, type DashaCondition } from "./dasha-conditions.js";
import type { SystemDasha } from "./dasha-span.js";
import { CHARA_DASHA_RULES, charaDasha } from "./chara-dasha.js";
import { GRAHA_DASHA_MAX_LEVEL, grahaDasha } from "./graha-dasha.js";

/** Every dasha system served besides Vimshottari (which keeps its own module and fields). */
export const DASHA_SYSTEMS = [...GRAHA_DASHA_SYSTEMS, "chara"] as const;
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
      rules: `${d.table.source}. Antardashas and pratyantardashas: every lord in order from the period's own lord, ` +
        `each lasting period × lord's years / ${d.table.totalYears}.`,
    };
  }
  if (system === "chara") {
    const d = charaDasha(chart, birthJdUt, yearDays);
    return { ...d, condition: null, moonNakshatra: null, balance: null, rules: CHARA_DASHA_RULES };
  }
  throw new EngineInputError(`unknown dasha system "${system}"; allowed: ${DASHA_SYSTEMS.join(", ")}`, "system");
}
