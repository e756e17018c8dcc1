import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { previousSunrise } from "../../engine/astro/rise-set.js";
import { kpChart, kpRulingPlanets, type KpChart } from "../../engine/kp/kp-chart.js";
import type { KpLords } from "../../engine/kp/sub-lords.js";
import { varaOfSunrise } from "../../engine/tables/varas.js";
import { GRAHAS, type AyanamshaName, type Conventions, type Graha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { GraphQLContext } from "../context.js";
import { ConventionsType } from "../common/conventions.js";
import { AyanamshaEnum } from "../common/enums.js";
import { forField } from "../common/input-errors.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import { birthKey } from "../kundali/chart-core-of.js";
import { KpPointType, KpRulingPlanetsType, KpSignificatorsType, KpType, type KpRoot } from "./kp-types.js";

/** Prices: planets, cusps, significators, ruling planets 1 each; the whole node is capped at 3 (POST /kp). */
export const KP_CREDITS = { planets: 1, cusps: 1, significators: 1, rulingPlanets: 1 } as const;

function cuspsOf(r: KpRoot, ctx: GraphQLContext) {
  return forField("birth", () => ctx.engine.houses(r.birth.moment.instant, r.birth.place, "placidus", r.conv));
}

function chartOf(r: KpRoot, ctx: GraphQLContext): KpChart {
  return ctx.engine.derived("kpChart", `${birthKey(r.birth)}|${r.conv.ayanamsha}`, () => {
    const pos = ctx.engine.positions(r.birth.moment.instant, r.conv, GRAHAS);
    const lons = Object.fromEntries(pos.map((p) => [p.graha, p.lonSidDeg])) as Record<Graha, number>;
    return kpChart(lons, cuspsOf(r, ctx).cuspsSidDeg);
  });
}

const point = (name: string, l: KpLords, house: number | null, signified: number[] | null): KpPointType => ({
  name, longitude: l.lonSidDeg, sign: l.sign, signLord: l.signLord, nakshatra: l.nakshatra, starLord: l.starLord, subLord: l.subLord,
  subSubLord: l.subSubLord, subMarginArcsec: l.subMarginArcsec, house, signifiedHouses: signified,
});

@Resolver(() => ChartType)
export class ChartKpResolver {
  @FieldResolver(() => KpType, { description: "KP: lords of grahas and Placidus cusps, significators, ruling planets (priced per part, at most 3)." })
  kp(
    @Root() b: Birth,
    @Arg("ayanamsha", () => AyanamshaEnum, { defaultValue: "krishnamurti", description: "KP's own ayanamsha by default." }) ayanamsha: AyanamshaName,
  ): KpRoot {
    const conv: Conventions = { ...b.conventions, ayanamsha };
    return { birth: b, conv };
  }
}

@Resolver(() => KpType)
export class KpResolver {
  // Both read the cusps (sidereal time, the Placidus solution): a little work, so a little price.
  @FieldResolver(() => String)
  @Cost(0.1)
  houseSystem(@Root() r: KpRoot, @Ctx() ctx: GraphQLContext): string {
    return cuspsOf(r, ctx).fallback ? "porphyry" : "placidus";
  }

  @FieldResolver(() => String, { nullable: true })
  @Cost(0.1)
  houseFallback(@Root() r: KpRoot, @Ctx() ctx: GraphQLContext): string | null {
    return cuspsOf(r, ctx).fallback?.reason ?? null;
  }

  @FieldResolver(() => ConventionsType)
  conventions(@Root() r: KpRoot): Conventions {
    return r.conv;
  }

  @FieldResolver(() => [KpPointType])
  @Cost(KP_CREDITS.planets)
  planets(@Root() r: KpRoot, @Ctx() ctx: GraphQLContext): KpPointType[] {
    const c = chartOf(r, ctx);
    return GRAHAS.map((g) => point(g, c.planets[g], c.planets[g].house, c.signifiedHouses[g]));
  }

  @FieldResolver(() => [KpPointType], { description: "The 12 sidereal Placidus cusps (Porphyry where Placidus fails)." })
  @Cost(KP_CREDITS.cusps)
  cusps(@Root() r: KpRoot, @Ctx() ctx: GraphQLContext): KpPointType[] {
    return chartOf(r, ctx).cusps.map((l, i) => point(String(i + 1), l, null, null));
  }

  @FieldResolver(() => [KpSignificatorsType])
  @Cost(KP_CREDITS.significators)
  significators(@Root() r: KpRoot, @Ctx() ctx: GraphQLContext): KpSignificatorsType[] {
    return chartOf(r, ctx).significators;
  }

  @FieldResolver(() => KpRulingPlanetsType)
  @Cost(KP_CREDITS.rulingPlanets)
  rulingPlanets(@Root() r: KpRoot, @Ctx() ctx: GraphQLContext): KpRulingPlanetsType {
    const { instant } = r.birth.moment;
    const moon = ctx.engine.positions(instant, r.conv, ["moon"])[0]!.lonSidDeg;
    const asc = forField("birth", () => ctx.engine.ascendant(instant, r.birth.place, r.conv)).ascendantSidDeg;
    // The Hindu day runs sunrise to sunrise; where the Sun does not rise (polar day/night) the civil weekday stands.
    const sunrise = previousSunrise(instant.jdUt + 1e-9, r.birth.place, r.conv, 2);
    const vara = varaOfSunrise(sunrise ?? instant.jdUt, r.birth.place.lonDeg);
    return { ...kpRulingPlanets(vara, moon, asc), dayStartsAtSunrise: sunrise !== null };
  }
}
