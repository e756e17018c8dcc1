import type { ChartInput } from "../chart/chart-input.js";
import { vargaChart, type VargaChartResult } from "./varga-chart.js";

/** The navamsha (D9) chart: lagna and grahas (Parashari: movable from the sign, fixed from the 9th, dual from the 5th). */
export function navamsha(input: ChartInput): VargaChartResult {
  return vargaChart(input, "D9");
}
