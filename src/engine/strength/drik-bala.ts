import type { ChartInput } from "../chart/chart-input.js";
import { isNaturalBenefic } from "../chart/natural-benefics.js";
import { sphutaDrishti } from "../chart/sphuta-drishti.js";
import { SAPTA_GRAHAS, type SaptaGraha } from "../types.js";

/**
 * Drishti bala on a point: a quarter of the sphuta drishti (chart/sphuta-drishti.ts) cast on it
 * by the benefics less a quarter of that cast by the malefics (BPHS ch. 27; Raman), Sun … Saturn
 * only, a graha not counting its own aspect. Used for drik bala (a graha's longitude) and bhava
 * drishti bala (a bhava madhya).
 */
export function drishtiOnPoint(chart: ChartInput, pointDeg: number, except?: SaptaGraha): number {
  let sum = 0;
  for (const a of SAPTA_GRAHAS) {
    if (a === except) continue;
    const d = sphutaDrishti(a, pointDeg - chart.grahas[a].lonSidDeg);
    sum += isNaturalBenefic(chart, a) ? d : -d;
  }
  return sum / 4;
}

/** Drik (aspectual) bala of a graha, virupas (may be negative). */
export function drikBala(chart: ChartInput, g: SaptaGraha): number {
  return drishtiOnPoint(chart, chart.grahas[g].lonSidDeg, g);
}
