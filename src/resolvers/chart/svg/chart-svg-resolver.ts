import type { GraphQLResolveInfo } from "graphql";
import { Arg, Ctx, FieldResolver, Info, registerEnumType, Resolver, Root } from "type-graphql";
import { languageAt } from "../../../i18n/language-choice.js";
import { SVG_LABELS } from "./svg-labels.js";
import { VARGA_CHARTS } from "../../../engine/varga/varga-chart.js";
import { Cost } from "../../../costing/cost-decorator.js";
import type { GraphQLContext } from "../../context.js";
import { chartCoreOf } from "../../kundali/chart-core-of.js";
import type { Birth } from "../birth-input.js";
import { ChartType } from "../chart-type.js";
import { drawingOf, type ChartStyle } from "./chart-drawing.js";
import { chartSvg } from "./chart-svg.js";
import { CHART_SVG_CREDITS, svgVarga } from "./chart-svg-args.js";

export const ChartStyleEnum = { NORTH: "NORTH", SOUTH: "SOUTH" } as const;
registerEnumType(ChartStyleEnum, {
  name: "ChartStyle",
  description: "NORTH: North Indian diamond (houses fixed, lagna at the top). SOUTH: South Indian grid (signs fixed, Pisces top-left).",
});

@Resolver(() => ChartType)
export class ChartSvgResolver {
  @FieldResolver(() => String, {
    description:
      `The chart drawn as SVG (400×430): lagna marked, graha abbreviations with degrees in the varga sign, R retrograde, ` +
      `C combust. varga: one of ${VARGA_CHARTS.join(", ")} (default D1).`,
  })
  @Cost(CHART_SVG_CREDITS)
  svg(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("style", () => ChartStyleEnum, { defaultValue: "NORTH" }) style: ChartStyle,
    @Arg("varga", () => String, { defaultValue: "D1" }) varga: string,
    @Info() info: GraphQLResolveInfo,
  ): string {
    const chart = svgVarga(varga);
    const core = chartCoreOf(b, ctx.engine);
    const labels = SVG_LABELS[languageAt(ctx.language, info.path)];
    return chartSvg(drawingOf(core.vargas([chart])[0]!, core.planets, labels.vargaName), style, labels);
  }
}
