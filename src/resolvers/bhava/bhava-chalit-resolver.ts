import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { bhavaChalit, type BhavaSystem } from "../../engine/chart/bhava-chalit.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import { forField } from "../common/input-errors.js";
import type { GraphQLContext } from "../context.js";
import { chartInputOf } from "../kundali/chart-core-of.js";
import { BhavaChalitType, BhavaSystemEnum } from "./bhava-chalit-types.js";

/** POST /bhava-chalit's price (spec: 3). */
export const BHAVA_CHALIT_CREDITS = 3;

@Resolver(() => ChartType)
export class BhavaChalitResolver {
  @FieldResolver(() => BhavaChalitType, { description: "Bhava chalit: bhava madhyas and sandhis, each graha's bhava against its whole-sign house." })
  @Cost(BHAVA_CHALIT_CREDITS)
  bhavaChalit(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("system", () => BhavaSystemEnum, { defaultValue: "equal" }) system: BhavaSystem,
  ): BhavaChalitType {
    const { mcSidDeg } = forField("birth", () => ctx.engine.ascendant(b.moment.instant, b.place, b.conventions));
    const c = bhavaChalit(chartInputOf(b, ctx.engine), mcSidDeg, system);
    return {
      system: c.system,
      cusps: c.cusps.map((x) => ({ ...x, madhyaSign: RASHIS[x.madhyaRashi - 1]!.name })),
      planets: [...c.planets],
      shiftedPlanets: [...c.shiftedPlanets],
    };
  }
}
