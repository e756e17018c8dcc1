import { norm360, rashiOf } from "../tables/rashis.js";
import type { SaptaGraha } from "../types.js";
import type { ChartInput } from "./chart-input.js";

/**
 * Whether a graha acts as a natural benefic in this chart (BPHS ch. 3; Raman, "Graha and Bhava
 * Balas", paksha and drik bala): Jupiter and Venus always, the Moon while waxing (Moon − Sun
 * under 180°), Mercury unless it shares a sign with a malefic (Sun, Mars, Saturn, Rahu, Ketu);
 * the Sun, Mars and Saturn never.
 */
export function isNaturalBenefic(chart: ChartInput, g: SaptaGraha): boolean {
  switch (g) {
    case "jupiter":
    case "venus":
      return true;
    case "moon":
      return norm360(chart.grahas.moon.lonSidDeg - chart.grahas.sun.lonSidDeg) < 180;
    case "mercury": {
      const sign = rashiOf(chart.grahas.mercury.lonSidDeg);
      return !(["sun", "mars", "saturn", "rahu", "ketu"] as const).some((m) => rashiOf(chart.grahas[m].lonSidDeg) === sign);
    }
    default:
      return false;
  }
}
