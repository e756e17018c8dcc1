import { parseVargaList, VARGA_CHARTS } from "../../../engine/varga/varga-chart.js";
import { badUserInput, forField } from "../../common/input-errors.js";

/**
 * Price of one drawing: the lagna and grahas it reads (0.05 + 0.25) plus the drawing itself, rounded
 * to one credit (docs/architecture.md §5). Also POST /chart/svg's price. Kept apart from the
 * resolver (no decorators) so the route table can import it.
 */
export const CHART_SVG_CREDITS = 1;

/** One varga name ("D9" or "9"), validated; errors name `varga`. Also run before pricing (prevalidate.ts). */
export function svgVarga(text: string): (typeof VARGA_CHARTS)[number] {
  if (text.includes(",")) throw badUserInput("varga", "varga names one divisional chart, e.g. D9");
  return forField("varga", () => parseVargaList(text, ["D1"]))[0]!;
}
