import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { bhavaBala } from "../../engine/strength/bhava-bala.js";
import type { SunMoonCheshta } from "../../engine/strength/shadbala-input.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import type { GraphQLContext } from "../context.js";
import { birthKey, chartInputOf } from "../kundali/chart-core-of.js";
import { shadbalaOf } from "./shadbala-of.js";
import { BhavaBalaType, ShadbalaType, SunMoonCheshtaEnum } from "./shadbala-types.js";

/** Prices (credits): the full POST /shadbala selection (shadbala + bhavaBala) costs the spec's 3. */
export const SHADBALA_FIELD_CREDITS = { shadbala: 2.5, bhavaBala: 0.5 } as const;

const cheshtaArg = { defaultValue: "raman" as SunMoonCheshta, description: "How the Sun's and Moon's cheshta enter the total." };

@Resolver(() => ChartType)
export class ShadbalaResolver {
  @FieldResolver(() => ShadbalaType, { description: "Six-fold strength (sthana, dig, kala, cheshta, naisargika, drik) of Sun … Saturn." })
  @Cost(SHADBALA_FIELD_CREDITS.shadbala)
  shadbala(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("sunMoonCheshta", () => SunMoonCheshtaEnum, cheshtaArg) sunMoonCheshta: SunMoonCheshta,
  ): ShadbalaType {
    return shadbalaOf(b, ctx.engine, sunMoonCheshta) as unknown as ShadbalaType;
  }

  @FieldResolver(() => [BhavaBalaType], { description: "Bhava bala of the twelve bhavas: the lord's shadbala + dig + drishti." })
  @Cost(SHADBALA_FIELD_CREDITS.bhavaBala)
  bhavaBala(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("sunMoonCheshta", () => SunMoonCheshtaEnum, cheshtaArg) sunMoonCheshta: SunMoonCheshta,
  ): BhavaBalaType[] {
    return ctx.engine.derived("bhavaBala", `${birthKey(b)}|${b.conventions.sunrise}|${sunMoonCheshta}`, () =>
      bhavaBala(chartInputOf(b, ctx.engine), shadbalaOf(b, ctx.engine, sunMoonCheshta)),
    );
  }
}
