import { Arg, Ctx, FieldResolver, Float, Query, Resolver, Root } from "type-graphql";
import { GRAHAS, type Graha } from "../../engine/types.js";
import type { GraphQLContext } from "../context.js";
import { GrahaEnum, HouseSystemEnum, type HouseSystemName } from "../common/enums.js";
import { GrahaPositionType, grahaPositionOf } from "../common/graha-position-type.js";
import { badUserInput, forField } from "../common/input-errors.js";
import { placementOf } from "../common/placement-type.js";
import { CivilTimeType } from "../common/civil-time-type.js";
import { Cost } from "../../costing/cost-decorator.js";
import { KUNDALI_FIELD_CREDITS } from "../kundali/kundali-resolver.js";
import { BirthInput, birthFrom, type Birth } from "./birth-input.js";
import { AscendantType, ChartType, HousesType } from "./chart-type.js";

/** Chart.planets's `only`, validated (errors name it); also run before pricing by prevalidate.ts. */
export function chartPlanetsOnly(only: readonly Graha[] | null | undefined): Graha[] {
  if (only && only.length === 0) throw badUserInput("only", "only must name at least one graha when given");
  return only ? [...new Set(only)] : [...GRAHAS];
}

@Resolver(() => ChartType)
export class ChartResolver {
  @Query(() => ChartType, { description: "A birth chart. Nothing is computed until a field asks for it." })
  chart(@Arg("birth", () => BirthInput) birth: BirthInput): Birth {
    return birthFrom("birth", birth);
  }

  @FieldResolver(() => String)
  datetime(@Root() b: Birth): string {
    return b.moment.iso;
  }

  @FieldResolver(() => CivilTimeType, { description: "How the birth's UTC offset was found: given, or from a timezone's or place's tz rules." })
  civilTime(@Root() b: Birth): CivilTimeType {
    return b.civil;
  }

  @FieldResolver(() => Float)
  latitude(@Root() b: Birth): number {
    return b.place.latDeg;
  }

  @FieldResolver(() => Float)
  longitude(@Root() b: Birth): number {
    return b.place.lonDeg;
  }

  // Raw positions are priced like their kundali counterparts (lagna, grahas, bhavas), so no
  // selection of the Chart node reads the engine for free.
  @FieldResolver(() => AscendantType)
  @Cost(KUNDALI_FIELD_CREDITS.lagna)
  ascendant(@Root() b: Birth, @Ctx() ctx: GraphQLContext): AscendantType {
    const { ascendantSidDeg } = forField("birth", () => ctx.engine.ascendant(b.moment.instant, b.place, b.conventions));
    return placementOf(ascendantSidDeg);
  }

  @FieldResolver(() => AscendantType, { description: "The sidereal midheaven (MC)." })
  @Cost(KUNDALI_FIELD_CREDITS.lagna)
  midheaven(@Root() b: Birth, @Ctx() ctx: GraphQLContext): AscendantType {
    const { mcSidDeg } = forField("birth", () => ctx.engine.ascendant(b.moment.instant, b.place, b.conventions));
    return placementOf(mcSidDeg);
  }

  @FieldResolver(() => [GrahaPositionType])
  @Cost(KUNDALI_FIELD_CREDITS.grahas)
  planets(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("only", () => [GrahaEnum], { nullable: true, description: "Restrict to these grahas (default all nine)." })
    only: Graha[] | null,
  ): GrahaPositionType[] {
    const grahas = chartPlanetsOnly(only);
    return ctx.engine.positions(b.moment.instant, b.conventions, grahas).map(grahaPositionOf);
  }

  @FieldResolver(() => HousesType)
  @Cost(KUNDALI_FIELD_CREDITS.bhavas)
  houses(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("system", () => HouseSystemEnum, { defaultValue: "whole_sign" }) system: HouseSystemName,
  ): HousesType {
    const h = forField("birth", () => ctx.engine.houses(b.moment.instant, b.place, system, b.conventions));
    return {
      system: h.system,
      fallback: h.fallback?.system ?? null,
      fallbackReason: h.fallback?.reason ?? null,
      cusps: h.cuspsSidDeg.map((lon, i) => ({ house: i + 1, ...placementOf(lon) })),
    };
  }
}
