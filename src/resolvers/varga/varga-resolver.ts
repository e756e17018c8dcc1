import { Arg, Ctx, FieldResolver, Resolver, Root, registerEnumType } from "type-graphql";
import { DEFAULT_VARGA_CHARTS, VARGA_CHARTS, parseVargaList } from "../../engine/varga/varga-chart.js";
import { HORA_METHODS, type HoraMethod } from "../../engine/tables/varga-methods.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import { forField } from "../common/input-errors.js";
import type { GraphQLContext } from "../context.js";
import { chartCoreOf } from "../kundali/chart-core-of.js";
import { vargaOf } from "../kundali/kundali-map.js";
import { VargaType } from "../kundali/kundali-types.js";

export const HoraMethodEnum = Object.fromEntries(HORA_METHODS.map((v) => [v.toUpperCase(), v])) as Record<string, HoraMethod>;
registerEnumType(HoraMethodEnum, {
  name: "HoraMethod",
  description: "D2: PARASHARI (default: Sun's and Moon's horas, Leo and Cancer) or PARIVRITTI (the halves counted cyclically from Aries).",
});

/** POST /vargas's price (spec: 3), for any set of charts. */
export const VARGAS_CREDITS = 3;

@Resolver(() => ChartType)
export class VargaResolver {
  @FieldResolver(() => [VargaType], {
    description:
      `Divisional charts, Parashari methods (method named per chart). Allowed: ${VARGA_CHARTS.join(", ")}; ` +
      `default ${DEFAULT_VARGA_CHARTS.join(", ")}.`,
  })
  @Cost(VARGAS_CREDITS)
  vargas(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("charts", () => String, { nullable: true, description: 'Comma-separated, "D9,D10" or "9,10"; default the spec\'s default set.' })
    charts: string | null,
    @Arg("hora", () => HoraMethodEnum, { defaultValue: "parashari", description: "D2 method." }) hora: HoraMethod,
  ): VargaType[] {
    const list = forField("charts", () => parseVargaList(charts, DEFAULT_VARGA_CHARTS));
    return chartCoreOf(b, ctx.engine).vargas(list, { hora }).map(vargaOf);
  }
}
