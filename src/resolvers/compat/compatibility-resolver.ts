import { KOOTS } from "../../i18n/tables/koots.js";
import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { ashtakoota, moonFacts, type MoonFacts } from "../../engine/compat/ashtakoota.js";
import { mangalMatch } from "../../engine/compat/mangal-match.js";
import type { MangalDosha } from "../../engine/chart/doshas/mangal-dosha.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom, type Birth } from "../chart/birth-input.js";
import { badUserInput, forField } from "../common/input-errors.js";
import type { GraphQLContext } from "../context.js";
import { birthKey, birthRangeProblem } from "../kundali/chart-core-of.js";
import type { DoshaType } from "../kundali/kundali-types.js";
import {
  AshtakootaType, CompatibilityType, MangalMatchType, MatchMoonType, type CompatibilityRoot,
} from "./compatibility-types.js";
import type { ChartInput, ChartGraha } from "../../engine/chart/chart-input.js";
import { GRAHAS, type Graha } from "../../engine/types.js";
import type { EngineContext } from "../engine-context.js";

/** POST /compatibility costs 5 (the spec): the Ashtakoota 4, the two charts' Mangal dosha 1. */
export const COMPATIBILITY_CREDITS = { ashtakoota: 4, mangalDosha: 1 } as const;

/** Both births, validated; errors name `groom.latitude`, `bride.datetime` …. Also run by prevalidate.ts. */
export function compatibilityArgsFrom(a: { groom: BirthInput; bride: BirthInput }): { groom: Birth; bride: Birth } {
  const out = { groom: birthFrom("groom", a.groom), bride: birthFrom("bride", a.bride) };
  for (const side of ["groom", "bride"] as const) {
    const problem = birthRangeProblem(out[side].moment.instant.unixMs);
    if (problem) throw badUserInput(`${side}.datetime`, problem);
  }
  return out;
}

/** A partner's sidereal Moon, from the same positions every chart answer reads. */
export function moonLon(b: Birth, engine: EngineContext): number {
  return engine.positions(b.moment.instant, b.conventions, ["moon"])[0]!.lonSidDeg;
}

/** Lagna and grahas of one partner (the Mangal dosha and papasamyam read houses from the lagna). */
export function chartOf(side: string, b: Birth, engine: EngineContext): ChartInput {
  return engine.derived("chartInput", birthKey(b), () => {
    const positions = engine.positions(b.moment.instant, b.conventions, GRAHAS);
    const { ascendantSidDeg } = forField(side, () => engine.ascendant(b.moment.instant, b.place, b.conventions));
    const grahas = {} as Record<Graha, ChartGraha>;
    for (const p of positions) grahas[p.graha] = { lonSidDeg: p.lonSidDeg, latDeg: p.latDeg, speedDegPerDay: p.speedDegPerDay };
    return { lagnaSidDeg: ascendantSidDeg, grahas };
  });
}

const moonType = (m: MoonFacts): MatchMoonType => ({
  longitude: m.lonSidDeg, nakshatra: m.nakshatra, nakshatraName: m.nakshatraName, pada: m.pada,
  rashi: m.rashi, rashiName: m.rashiName, rashiLord: m.rashiLord,
});

const mangalType = (d: MangalDosha): DoshaType => ({
  name: d.name, present: d.present, formed: d.formed, cancelled: d.cancelled, severity: d.severity,
  severityBeforeCancellation: d.severityBeforeCancellation, affectedHouses: [...d.affectedHouses], planets: [...d.planets],
  cancellationFactors: [...d.cancellationFactors], rulesMet: [...d.rulesMet], description: d.description,
  fromLagna: d.fromLagna, fromMoon: d.fromMoon, fromVenus: d.fromVenus, kind: null, kalsarpaType: null, direction: null,
});

@Resolver(() => CompatibilityType)
export class CompatibilityResolver {
  @Query(() => CompatibilityType, { description: "Marriage compatibility of a groom's and a bride's births (priced by the parts selected)." })
  compatibility(
    @Arg("groom", () => BirthInput) groom: BirthInput,
    @Arg("bride", () => BirthInput) bride: BirthInput,
    @Ctx() ctx: GraphQLContext,
  ): CompatibilityRoot {
    const b = compatibilityArgsFrom({ groom, bride });
    let a: ReturnType<typeof ashtakoota> | undefined;
    let moons: { groom: MoonFacts; bride: MoonFacts } | undefined;
    let charts: { groom: ChartInput; bride: ChartInput } | undefined;
    return {
      moons: () => (moons ??= { groom: moonFacts(moonLon(b.groom, ctx.engine)), bride: moonFacts(moonLon(b.bride, ctx.engine)) }),
      ashtakoota: () => (a ??= ashtakoota(moonLon(b.groom, ctx.engine), moonLon(b.bride, ctx.engine))),
      charts: () => (charts ??= { groom: chartOf("groom", b.groom, ctx.engine), bride: chartOf("bride", b.bride, ctx.engine) }),
    };
  }

  @FieldResolver(() => AshtakootaType, { description: "The eight kootas from both Moons, total of 36, recommendation and Nadi/Bhakoot doshas." })
  @Cost(COMPATIBILITY_CREDITS.ashtakoota)
  ashtakoota(@Root() r: CompatibilityRoot): AshtakootaType {
    const a = r.ashtakoota();
    return {
      groomMoon: moonType(a.groom), brideMoon: moonType(a.bride),
      koots: a.koots.map((k) => ({ ...k, title: KOOTS.rows[k.name]!.en })), totalScore: a.totalScore, maxScore: a.maxScore,
      nadiDosha: { ...a.nadiDosha, cancellations: [...a.nadiDosha.cancellations] },
      bhakootDosha: { ...a.bhakootDosha, cancellations: [...a.bhakootDosha.cancellations] },
      recommendation: a.recommendation, reasons: [...a.reasons],
    };
  }

  @FieldResolver(() => MangalMatchType, { description: "Mangal dosha of both charts (the kundali's rule) and its cancellation when both have it." })
  @Cost(COMPATIBILITY_CREDITS.mangalDosha)
  mangalDosha(@Root() r: CompatibilityRoot): MangalMatchType {
    const { groom, bride } = r.charts();
    const m = mangalMatch(groom, bride);
    return { groom: mangalType(m.groom), bride: mangalType(m.bride), mutuallyCancelled: m.mutuallyCancelled, blocksMatch: m.blocksMatch, description: m.description };
  }
}
