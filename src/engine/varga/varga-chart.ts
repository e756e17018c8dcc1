import { GRAHAS, type Graha } from "../types.js";
import type { ChartInput } from "../chart/chart-input.js";
import { DEFAULT_VARGA_CHARTS, VARGA_METHODS, type VargaChart } from "../tables/varga-methods.js";
import { rashiName, vargaPlacement, type VargaOptions } from "./varga-sign.js";

export { DEFAULT_VARGA_CHARTS, VARGA_CHARTS, type VargaChart } from "../tables/varga-methods.js";
export { parseVargaList, vargaPlacement, type VargaOptions, type VargaPlacement } from "./varga-sign.js";

export interface VargaPoint {
  readonly rashi: number;
  readonly rashiName: string;
  readonly degInRashi: number;
}

/** One divisional chart: its method (named for `conventions`), the lagna and each graha. */
export interface VargaChartResult {
  readonly chart: VargaChart;
  readonly name: string;
  readonly method: string;
  readonly lagna: VargaPoint;
  readonly grahas: Readonly<Record<Graha, VargaPoint>>;
}

function point(chart: VargaChart, lonSidDeg: number, options: VargaOptions): VargaPoint {
  const p = vargaPlacement(chart, lonSidDeg, options);
  return { rashi: p.rashi, rashiName: rashiName(p.rashi), degInRashi: p.degInRashi };
}

/** Divisional chart `chart` of a birth chart. */
export function vargaChart(input: ChartInput, chart: VargaChart, options: VargaOptions = {}): VargaChartResult {
  const grahas = {} as Record<Graha, VargaPoint>;
  for (const g of GRAHAS) grahas[g] = point(chart, input.grahas[g].lonSidDeg, options);
  const m = VARGA_METHODS[chart];
  return { chart, name: m.name, method: methodOf(chart, options), lagna: point(chart, input.lagnaSidDeg, options), grahas };
}

/** The method a chart is computed with under `options` (D2 Parivritti when asked). */
function methodOf(chart: VargaChart, options: VargaOptions): string {
  return chart === "D2" && options.hora === "parivritti" ? "parivritti_cyclic" : VARGA_METHODS[chart].method;
}

/** Several divisional charts (default: the spec's default set). */
export function vargaCharts(
  input: ChartInput, charts: readonly VargaChart[] = DEFAULT_VARGA_CHARTS, options: VargaOptions = {},
): VargaChartResult[] {
  return charts.map((c) => vargaChart(input, c, options));
}

/** Method names per chart, for a response's `conventions` (e.g. D2 → "parashari_sun_moon_hora"). */
export function vargaMethods(charts: readonly VargaChart[], options: VargaOptions = {}): Record<string, string> {
  return Object.fromEntries(charts.map((c) => [c, methodOf(c, options)]));
}

/** Vargottama: the same sign in the rashi chart (D1) and the navamsha (D9). */
export function isVargottama(lonSidDeg: number): boolean {
  return vargaPlacement("D1", lonSidDeg).rashi === vargaPlacement("D9", lonSidDeg).rashi;
}
