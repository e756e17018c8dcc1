import { GRAHAS, type Graha } from "../types.js";
import type { ChartInput } from "../chart/chart-input.js";
import { DEFAULT_VARGA_CHARTS, VARGA_METHODS, type VargaChart } from "../tables/varga-methods.js";
import { rashiName, vargaPlacement } from "./varga-sign.js";

export { DEFAULT_VARGA_CHARTS, VARGA_CHARTS, type VargaChart } from "../tables/varga-methods.js";
export { parseVargaList, vargaPlacement, type VargaPlacement } from "./varga-sign.js";

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

function point(chart: VargaChart, lonSidDeg: number): VargaPoint {
  const p = vargaPlacement(chart, lonSidDeg);
  return { rashi: p.rashi, rashiName: rashiName(p.rashi), degInRashi: p.degInRashi };
}

/** Divisional chart `chart` of a birth chart. */
export function vargaChart(input: ChartInput, chart: VargaChart): VargaChartResult {
  const grahas = {} as Record<Graha, VargaPoint>;
  for (const g of GRAHAS) grahas[g] = point(chart, input.grahas[g].lonSidDeg);
  const m = VARGA_METHODS[chart];
  return { chart, name: m.name, method: m.method, lagna: point(chart, input.lagnaSidDeg), grahas };
}

/** Several divisional charts (default: the spec's default set). */
export function vargaCharts(input: ChartInput, charts: readonly VargaChart[] = DEFAULT_VARGA_CHARTS): VargaChartResult[] {
  return charts.map((c) => vargaChart(input, c));
}

/** Method names per chart, for a response's `conventions` (e.g. D2 → "parashari_sun_moon_hora"). */
export function vargaMethods(charts: readonly VargaChart[]): Record<string, string> {
  return Object.fromEntries(charts.map((c) => [c, VARGA_METHODS[c].method]));
}

/** Vargottama: the same sign in the rashi chart (D1) and the navamsha (D9). */
export function isVargottama(lonSidDeg: number): boolean {
  return vargaPlacement("D1", lonSidDeg).rashi === vargaPlacement("D9", lonSidDeg).rashi;
}
