import type { ChartInput } from "../chart-input.js";
import { chartFacts, type ChartFacts } from "./chart-facts.js";
import { ADHI_YOGA, AMALA_YOGA, ANAPHA_YOGA, CHANDRA_MANGALA_YOGA, DURUDHARA_YOGA, GAJA_KESARI_YOGA, KEMADRUMA_BHANGA_YOGA,
  KEMADRUMA_YOGA, LAGNADHI_YOGA, SUNAPHA_YOGA, VASUMATI_YOGA } from "./chandra-yogas.js";
import { DARIDRA_YOGA, DUR_YOGA, PAPA_KARTARI_YOGA, SHUBHA_KARTARI_YOGA } from "./daridra-yogas.js";
import { MAHAPURUSHA_YOGAS } from "./mahapurusha-yogas.js";
import { NABHASA_YOGAS } from "./nabhasa-yogas.js";
import { NAMED_YOGAS } from "./named-yogas.js";
import { NEECHA_BHANGA_RAJA_YOGA } from "./neecha-bhanga-yogas.js";
import { DAINYA_YOGA, KHALA_YOGA, MAHA_PARIVARTANA_YOGA } from "./parivartana-yogas.js";
import { DHANA_YOGA, RAJA_YOGA, YOGAKARAKA_RAJA_YOGA } from "./raja-dhana-yogas.js";
import { BUDHA_ADITYA_YOGA, UBHAYACHARI_YOGA, VASI_YOGA, VESI_YOGA } from "./surya-yogas.js";
import { HARSHA_YOGA, SARALA_YOGA, VIMALA_YOGA } from "./viparita-yogas.js";
import type { ChartYoga, YogaRule } from "./yoga-types.js";

export type { ChartYoga, YogaRule, YogaStrength, YogaType } from "./yoga-types.js";

/** The whole rule library, in the order results are reported. Every name is distinct. */
export const YOGA_RULES: readonly YogaRule[] = [
  ...MAHAPURUSHA_YOGAS,
  RAJA_YOGA, YOGAKARAKA_RAJA_YOGA, NEECHA_BHANGA_RAJA_YOGA,
  HARSHA_YOGA, SARALA_YOGA, VIMALA_YOGA,
  DHANA_YOGA,
  MAHA_PARIVARTANA_YOGA, KHALA_YOGA, DAINYA_YOGA,
  GAJA_KESARI_YOGA, CHANDRA_MANGALA_YOGA, SUNAPHA_YOGA, ANAPHA_YOGA, DURUDHARA_YOGA,
  KEMADRUMA_YOGA, KEMADRUMA_BHANGA_YOGA, ADHI_YOGA, LAGNADHI_YOGA, AMALA_YOGA, VASUMATI_YOGA,
  VESI_YOGA, VASI_YOGA, UBHAYACHARI_YOGA, BUDHA_ADITYA_YOGA,
  ...NAMED_YOGAS,
  DUR_YOGA, DARIDRA_YOGA, SHUBHA_KARTARI_YOGA, PAPA_KARTARI_YOGA,
  ...NABHASA_YOGAS,
];

/** Run every rule over precomputed facts (lets callers share one ChartFacts with detectDoshas). */
export function detectYogasFromFacts(f: ChartFacts): ChartYoga[] {
  const out: ChartYoga[] = [];
  for (const rule of YOGA_RULES) {
    for (const hit of rule.detect(f)) {
      const detail = hit.detail ? `: ${hit.detail}` : "";
      out.push({
        name: rule.name,
        type: rule.type,
        category: rule.category,
        planets: hit.planets,
        housesInvolved: hit.housesInvolved,
        strength: hit.strength,
        description: `${rule.summary}${detail} (${hit.strength}: ${hit.reason}). Source: ${rule.source}.`,
      });
    }
  }
  return out;
}

/**
 * All classical yogas present in a chart (whole-sign houses from the lagna, Parashari graha
 * drishti). Pure and deterministic; the rule library is YOGA_RULES.
 */
export function detectYogas(chart: ChartInput): ChartYoga[] {
  return detectYogasFromFacts(chartFacts(chart));
}
