/**
 * What a chart drawing shows, independent of style: the lagna and the nine grahas in the signs of
 * one varga. Built from the engine's results; the renderers below are pure string code.
 *
 * Why here (src/resolvers/chart/svg) and not in src/engine: the drawing is presentation of
 * results the engine already computed (signs, degrees, retrograde, combust) — it computes no
 * astronomy or astrology, so it belongs beside the resolver that exposes it (docs/architecture.md §3).
 */
import type { GrahaPlacement } from "../../../engine/chart/placements.js";
import type { VargaChartResult } from "../../../engine/varga/varga-chart.js";
import { GRAHAS, type Graha } from "../../../engine/types.js";

export const CHART_STYLES = ["NORTH", "SOUTH"] as const;
export type ChartStyle = (typeof CHART_STYLES)[number];

export interface DrawnGraha {
  readonly graha: Graha;
  /** 1 = Aries … 12 = Pisces, in the drawn varga. */
  readonly rashi: number;
  /** Degree within the varga sign, [0, 30). */
  readonly deg: number;
  readonly retrograde: boolean;
  readonly combust: boolean;
}

export interface ChartDrawing {
  /** "D9 Navamsha". */
  readonly title: string;
  readonly lagna: { readonly rashi: number; readonly deg: number };
  readonly grahas: readonly DrawnGraha[];
}

/** The usual two-letter graha abbreviations of Indian chart drawings. */
export const GRAHA_ABBR: Readonly<Record<Graha, string>> = {
  sun: "Su", moon: "Mo", mars: "Ma", mercury: "Me", jupiter: "Ju", venus: "Ve", saturn: "Sa", rahu: "Ra", ketu: "Ke",
};

/** A varga of a chart + the natal (D1) motion facts: retrograde and combust belong to the graha, not the varga. */
export function drawingOf(
  varga: VargaChartResult, natal: readonly GrahaPlacement[], vargaName: (english: string) => string = (e) => e,
): ChartDrawing {
  const byGraha = new Map(natal.map((p) => [p.graha, p]));
  return {
    title: `${varga.chart} ${vargaName(varga.name)}`,
    lagna: { rashi: varga.lagna.rashi, deg: varga.lagna.degInRashi },
    grahas: GRAHAS.map((g) => ({
      graha: g, rashi: varga.grahas[g].rashi, deg: varga.grahas[g].degInRashi,
      retrograde: byGraha.get(g)?.retrograde ?? false, combust: byGraha.get(g)?.combust ?? false,
    })),
  };
}
