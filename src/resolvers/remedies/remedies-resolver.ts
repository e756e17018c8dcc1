import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { detectDoshasFromFacts } from "../../engine/chart/doshas/detect-doshas.js";
import { remedies } from "../../engine/chart/remedies/remedies.js";
import { chartFacts } from "../../engine/chart/yogas/chart-facts.js";
import { currentPeriods } from "../../engine/dasha/vimshottari.js";
import { formatIso } from "../../engine/time/iso.js";
import { instantFromUnixMs } from "../../engine/time/instant.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import type { Moment } from "../common/moment.js";
import type { GraphQLContext } from "../context.js";
import { dashaQueryMoment } from "../dasha/dasha-resolver.js";
import { birthKey, chartCoreOf } from "../kundali/chart-core-of.js";
import { shadbalaOf } from "../strength/shadbala-of.js";
import { RemediesType } from "./remedies-types.js";
import { inChartZone } from "../common/civil-input.js";

/** POST /remedies's price (spec: 3). */
export const REMEDIES_CREDITS = 3;

@Resolver(() => ChartType)
export class RemediesResolver {
  @FieldResolver(() => RemediesType, {
    description:
      "Rule-based remedies (beej mantra and count, gemstone with cautions, charity, fasting, deity, Lal Kitab) for weak " +
      "(shadbala below required), debilitated, combust and dusthana grahas, active doshas and the running dasha lord.",
  })
  @Cost(REMEDIES_CREDITS)
  remedies(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("queryDatetime", () => String, { nullable: true, description: "Instant for the running dasha, with offset or local (read in the birth's zone); default now." })
    queryDatetime: string | null,
  ): RemediesType {
    // "Now" enters here, in the resolver: the engine takes the instant as an argument.
    const at: Moment = dashaQueryMoment(queryDatetime && inChartZone("queryDatetime", queryDatetime, b.civil))
      ?? { instant: instantFromUnixMs(Date.now()), offsetMinutes: b.moment.offsetMinutes, iso: formatIso(Date.now(), b.moment.offsetMinutes) };
    const core = chartCoreOf(b, ctx.engine);
    // Same memo key as the kundali's yogas/doshas, so a request asking both builds the facts once.
    const facts = ctx.engine.derived("chartFacts", birthKey(b), () => chartFacts(core.input));
    const d = detectDoshasFromFacts(facts);
    const running = currentPeriods(core.dasha, at.instant.jdUt, 1);
    const r = remedies({
      chart: core.input,
      strengths: shadbalaOf(b, ctx.engine, "raman").grahas,
      doshas: { mangal: d.mangal.present, kalsarpa: d.kalsarpa.present, pitra: d.pitra.present },
      dashaLord: running?.[0]?.lord ?? null,
      functional: core.functionalNatures,
    });
    return {
      findings: r.findings.map((f) => ({ ...f, grahas: [...f.grahas] })),
      remedies: r.remedies.map((x) => ({ ...x, triggeredBy: [...x.triggeredBy], charityItems: [...x.charityItems], lalKitab: [...x.lalKitab] })),
      queryDatetime: at.iso,
    };
  }
}
