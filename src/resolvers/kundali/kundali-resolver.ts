import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { ashtakavarga } from "../../engine/strength/ashtakavarga.js";
import type { AshtakavargaTable } from "../../engine/tables/ashtakavarga.js";
import { detectDoshasFromFacts } from "../../engine/chart/doshas/detect-doshas.js";
import { chartFacts, type ChartFacts } from "../../engine/chart/yogas/chart-facts.js";
import { detectYogasFromFacts } from "../../engine/chart/yogas/detect-yogas.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import type { GraphQLContext } from "../context.js";
import { birthKey, chartCoreOf } from "./chart-core-of.js";
import {
  ashtakavargaOf, bhavaOf, doshasOf, drishtiOf, grahaOf, karakasOf, lagnaOf, vargaOf, yogaOf,
} from "./kundali-map.js";
import {
  AshtakavargaTableEnum, AshtakavargaType, BhavaType, ChartGrahaType, ChartYogaType, DoshasType, DrishtiType, KarakasType, LagnaType,
  VargaType,
} from "./kundali-types.js";

/**
 * Prices of the kundali fields (credits). With the dasha summary (maha 1 + antar 0.5, see
 * dasha-resolver.ts) the full /kundali selection costs the spec's 3; `lagna` + `grahas` cost 0.3.
 */
export const KUNDALI_FIELD_CREDITS = {
  lagna: 0.05, grahas: 0.25, bhavas: 0.1, drishti: 0.1, navamsha: 0.1, karakas: 0.1, ashtakavarga: 0.3, yogas: 0.3, doshas: 0.2,
} as const;

/**
 * The kundali fields of the Chart node (issue 5). Every field reads the birth's one memoized
 * ChartCore (engine/chart/chart-core.ts), which computes a part only when first asked, so
 * `chart { lagna }` runs no yogas, aspects or ashtakavarga. Names beside C's fields: `lagna`
 * (C: `ascendant`), `grahas` (C: `planets`, raw positions), `bhavas` (C: `houses`, cusps by system).
 */
@Resolver(() => ChartType)
export class KundaliResolver {
  @FieldResolver(() => LagnaType, { description: "The lagna: sign, degree, nakshatra and pada, lord." })
  @Cost(KUNDALI_FIELD_CREDITS.lagna)
  lagna(@Root() b: Birth, @Ctx() ctx: GraphQLContext): LagnaType {
    return lagnaOf(chartCoreOf(b, ctx.engine).lagna);
  }

  @FieldResolver(() => [ChartGrahaType], { description: "The nine grahas with house, dignity, combustion and vargottama." })
  @Cost(KUNDALI_FIELD_CREDITS.grahas)
  grahas(@Root() b: Birth, @Ctx() ctx: GraphQLContext): ChartGrahaType[] {
    return chartCoreOf(b, ctx.engine).planets.map(grahaOf);
  }

  @FieldResolver(() => [BhavaType], { description: "The twelve whole-sign houses with occupants, lords and full aspects received." })
  @Cost(KUNDALI_FIELD_CREDITS.bhavas)
  bhavas(@Root() b: Birth, @Ctx() ctx: GraphQLContext): BhavaType[] {
    return chartCoreOf(b, ctx.engine).houses.map(bhavaOf);
  }

  @FieldResolver(() => DrishtiType, { description: "Vedic graha drishti onto houses and grahas, full and partial." })
  @Cost(KUNDALI_FIELD_CREDITS.drishti)
  drishti(@Root() b: Birth, @Ctx() ctx: GraphQLContext): DrishtiType {
    const core = chartCoreOf(b, ctx.engine);
    return drishtiOf(core.input, core.aspects);
  }

  @FieldResolver(() => VargaType, { description: "The navamsha (D9): lagna and grahas." })
  @Cost(KUNDALI_FIELD_CREDITS.navamsha)
  navamsha(@Root() b: Birth, @Ctx() ctx: GraphQLContext): VargaType {
    return vargaOf(chartCoreOf(b, ctx.engine).navamsha);
  }

  @FieldResolver(() => KarakasType, { description: "Functional benefics/malefics and yoga-karaka of the lagna; chara karakas (7-karaka scheme)." })
  @Cost(KUNDALI_FIELD_CREDITS.karakas)
  karakas(@Root() b: Birth, @Ctx() ctx: GraphQLContext): KarakasType {
    const core = chartCoreOf(b, ctx.engine);
    return karakasOf(core.functionalNatures, core.charaKarakas, core.options.charaKarakaScheme ?? 7);
  }

  @FieldResolver(() => AshtakavargaType, { description: "Bhinna- and sarvashtakavarga, shodhya pinda, strongest and weakest sign." })
  @Cost(KUNDALI_FIELD_CREDITS.ashtakavarga)
  ashtakavarga(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("table", () => AshtakavargaTableEnum, { defaultValue: "bphs", description: "Benefic-place table and shodhana (echoed as `table`)." })
    table: AshtakavargaTable,
  ): AshtakavargaType {
    const core = chartCoreOf(b, ctx.engine);
    const t = table ?? "bphs";
    return ctx.engine.derived("ashtakavarga", `${birthKey(b)}|${t}`, () =>
      ashtakavargaOf(t === "bphs" ? core.ashtakavarga : ashtakavarga(core.input, t)),
    );
  }

  @FieldResolver(() => [ChartYogaType], { description: "Classical yogas present (BPHS, Phaladeepika, Saravali rule library)." })
  @Cost(KUNDALI_FIELD_CREDITS.yogas)
  yogas(@Root() b: Birth, @Ctx() ctx: GraphQLContext): ChartYogaType[] {
    return ctx.engine.derived("yogas", birthKey(b), () => detectYogasFromFacts(factsOf(b, ctx)).map(yogaOf));
  }

  @FieldResolver(() => DoshasType, { description: "Mangal, Kalsarpa and Pitra doshas with severity, houses and cancellations." })
  @Cost(KUNDALI_FIELD_CREDITS.doshas)
  doshas(@Root() b: Birth, @Ctx() ctx: GraphQLContext): DoshasType {
    return ctx.engine.derived("doshas", birthKey(b), () => doshasOf(detectDoshasFromFacts(factsOf(b, ctx))));
  }
}

/** The yoga/dosha facts of a birth, shared by both fields. */
function factsOf(b: Birth, ctx: GraphQLContext): ChartFacts {
  return ctx.engine.derived("chartFacts", birthKey(b), () => chartFacts(chartCoreOf(b, ctx.engine).input));
}
