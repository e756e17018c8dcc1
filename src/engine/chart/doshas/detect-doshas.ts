import type { ChartInput } from "../chart-input.js";
import { chartFacts, type ChartFacts } from "../yogas/chart-facts.js";
import { kalsarpaDosha, type KalsarpaDosha } from "./kalsarpa-dosha.js";
import { mangalDosha, type MangalDosha } from "./mangal-dosha.js";
import { pitraDosha } from "./pitra-dosha.js";
import type { DoshaResult } from "./dosha-types.js";

export type { DoshaResult, DoshaSeverity } from "./dosha-types.js";
export type { KalsarpaDosha } from "./kalsarpa-dosha.js";
export type { MangalDosha } from "./mangal-dosha.js";
export { KALSARPA_TYPES } from "./kalsarpa-dosha.js";
export { PITRA_RULES } from "./pitra-dosha.js";

/** The three doshas the spec names for /kundali. */
export interface ChartDoshas {
  readonly mangal: MangalDosha;
  readonly kalsarpa: KalsarpaDosha;
  readonly pitra: DoshaResult;
}

/** Doshas from precomputed facts (share one ChartFacts with detectYogasFromFacts). */
export function detectDoshasFromFacts(f: ChartFacts): ChartDoshas {
  return { mangal: mangalDosha(f), kalsarpa: kalsarpaDosha(f), pitra: pitraDosha(f) };
}

/** Mangal, Kalsarpa and Pitra doshas of a chart (whole-sign houses from the lagna). Pure. */
export function detectDoshas(chart: ChartInput): ChartDoshas {
  return detectDoshasFromFacts(chartFacts(chart));
}
