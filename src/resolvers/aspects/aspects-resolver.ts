import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { grahaDrishti, mutualAspects, rashiDrishti } from "../../engine/chart/drishti.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import type { GraphQLContext } from "../context.js";
import { birthKey, chartInputOf } from "../kundali/chart-core-of.js";
import { GrahaDrishtiType, MutualAspectType, RashiDrishtiType } from "./aspects-types.js";

/** Prices (credits): with the lagna (0.05) the full POST /aspects selection costs the spec's 3. */
export const ASPECTS_FIELD_CREDITS = { grahaDrishti: 1.5, rashiDrishti: 1, mutualAspects: 0.45 } as const;

const signName = (r: number): string => RASHIS[r - 1]!.name;

@Resolver(() => ChartType)
export class AspectsResolver {
  @FieldResolver(() => [GrahaDrishtiType], {
    description: "Parashari graha drishti of the nine grahas (25/50/75/100%, Mars 4/8, Jupiter 5/9, Saturn 3/10 full) and their sphuta drishti in virupas.",
  })
  @Cost(ASPECTS_FIELD_CREDITS.grahaDrishti)
  grahaDrishti(@Root() b: Birth, @Ctx() ctx: GraphQLContext): GrahaDrishtiType[] {
    return ctx.engine.derived("grahaDrishti", birthKey(b), () =>
      grahaDrishti(chartInputOf(b, ctx.engine)).map((d) => ({
        ...d, sign: signName(d.rashi), targets: d.targets.map((t) => ({ ...t, sign: signName(t.rashi), grahas: [...t.grahas] })), virupas: [...d.virupas],
      })),
    );
  }

  @FieldResolver(() => [RashiDrishtiType], { description: "Jaimini rashi drishti of the twelve signs with the grahas they aspect." })
  @Cost(ASPECTS_FIELD_CREDITS.rashiDrishti)
  rashiDrishti(@Root() b: Birth, @Ctx() ctx: GraphQLContext): RashiDrishtiType[] {
    return rashiDrishti(chartInputOf(b, ctx.engine)).map((r) => ({
      ...r, sign: signName(r.rashi), grahas: [...r.grahas], aspects: [...r.aspects], aspectSigns: r.aspects.map(signName), aspectedGrahas: [...r.aspectedGrahas],
    }));
  }

  @FieldResolver(() => [MutualAspectType], { description: "Pairs of grahas aspecting each other's sign (graha drishti)." })
  @Cost(ASPECTS_FIELD_CREDITS.mutualAspects)
  mutualAspects(@Root() b: Birth, @Ctx() ctx: GraphQLContext): MutualAspectType[] {
    return mutualAspects(chartInputOf(b, ctx.engine));
  }
}
