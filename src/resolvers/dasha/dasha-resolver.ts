import { inBirthZone, inChartZone, type CivilArgs } from "../common/civil-input.js";
import { Arg, Ctx, FieldResolver, Float, Int, Query, Resolver, Root } from "type-graphql";
import { DASHA_LEVELS, DEFAULT_DASHA_YEAR, currentPeriods, subPeriods, vimshottari, type DashaPeriod, type DashaYearConvention } from "../../engine/dasha/vimshottari.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { formatIso } from "../../engine/time/iso.js";
import type { Graha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom, type Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import { GrahaEnum } from "../common/enums.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import { instantFromUnixMs } from "../../engine/time/instant.js";
import type { GraphQLContext } from "../context.js";
import { birthKey, chartCoreOf } from "../kundali/chart-core-of.js";
import {
  DashaBalanceType, DashaCurrentType, DashaPeriodType, DashaType, DashaYearEnum, type DashaRoot, type PeriodRoot,
} from "./dasha-types.js";

/**
 * Prices by depth (docs/architecture.md §5): the dasha itself (its resolver computes the birth's chart core
 * and maha dashas, which balance, moonNakshatra and `current` read) costs 0.5, the maha dashas
 * 0.5 more and each level of `subPeriods` below them 0.5, so maha + antar + pratyantar (POST
 * /dasha) costs 2, maha + antar (the /kundali summary) 1.5, and all five levels to prana 3.
 * Nothing under a dasha is free: `dasha { current { … } }` alone costs 0.5.
 */
export const DASHA_CREDITS = { dasha: 0.5, mahaDashas: 0.5, subPeriods: 0.5 } as const;

const iso = (jdUt: number, offsetMinutes: number): string => formatIso(unixMsFromJd(jdUt), offsetMinutes);

function periodRoot(p: DashaPeriod, yearDays: number, offsetMinutes: number, start = iso(p.startJdUt, offsetMinutes),
  end = iso(p.endJdUt, offsetMinutes)): PeriodRoot {
  return { planet: p.lord, level: p.level, levelName: DASHA_LEVELS[p.level - 1]!, start, end, durationYears: p.durationYears, p, yearDays, offsetMinutes };
}

/**
 * Roots of a level's periods with each boundary formatted once: where a period starts exactly
 * where the one before ends (or its parent starts, or ends where its parent ends) it takes that
 * text. A four-level tree is 40,000 dates otherwise.
 */
function levelRoots(periods: readonly DashaPeriod[], yearDays: number, offsetMinutes: number, parent?: PeriodRoot): PeriodRoot[] {
  const out: PeriodRoot[] = new Array(periods.length);
  let prevJd = parent?.p.startJdUt;
  let prevText = parent?.start;
  const last = periods.length - 1;
  for (let i = 0; i <= last; i++) {
    const p = periods[i]!;
    const start = prevJd === p.startJdUt ? prevText! : iso(p.startJdUt, offsetMinutes);
    const end = i === last && parent !== undefined && parent.p.endJdUt === p.endJdUt ? parent.end : iso(p.endJdUt, offsetMinutes);
    out[i] = periodRoot(p, yearDays, offsetMinutes, start, end);
    prevJd = p.endJdUt;
    prevText = end;
  }
  return out;
}

/**
 * Query.dasha's `queryDatetime`, validated (null when absent: "now"); also run before pricing by
 * prevalidate.ts. With the root's `birth`, a local queryDatetime is read in the birth's zone.
 */
export function dashaQueryMoment(queryDatetime: string | null | undefined, birth?: CivilArgs | null): Moment | null {
  return queryDatetime ? momentFromDateTime("queryDatetime", inBirthZone("queryDatetime", queryDatetime, birth)) : null;
}

/** The Vimshottari of a birth (maha level only; deeper levels are computed when selected). */
function dashaRootOf(b: Birth, ctx: GraphQLContext, queryDatetime: string | null | undefined, year: DashaYearConvention): DashaRoot {
  const core = chartCoreOf(b, ctx.engine);
  const d = ctx.engine.derived("dasha", `${birthKey(b)}|${year}`, () =>
    year === (core.options.dashaYear ?? DEFAULT_DASHA_YEAR)
      ? core.dasha
      : vimshottari(core.input.grahas.moon.lonSidDeg, core.birthJdUt, { year, depth: 1 }),
  );
  // "Now" enters here, in the resolver: the engine takes the instant as an argument.
  const at: Moment = dashaQueryMoment(queryDatetime)
    ?? { instant: instantFromUnixMs(Date.now()), offsetMinutes: b.moment.offsetMinutes, iso: formatIso(Date.now(), b.moment.offsetMinutes) };
  return { d, offsetMinutes: b.moment.offsetMinutes, at };
}

@Resolver(() => DashaType)
export class DashaResolver {
  @Query(() => DashaType, {
    description:
      "Vimshottari dasha of a birth. Select `mahaDashas { subPeriods { subPeriods … } }` to the depth wanted (up to 5 levels, prana); " +
      "each level below the maha dashas adds to the price.",
  })
  @Cost(DASHA_CREDITS.dasha)
  dasha(
    @Arg("birth", () => BirthInput) birth: BirthInput,
    @Ctx() ctx: GraphQLContext,
    @Arg("queryDatetime", () => String, { nullable: true, description: "Instant for `current`, ISO 8601 with offset; default now." })
    queryDatetime: string | null,
    @Arg("year", () => DashaYearEnum, { defaultValue: DEFAULT_DASHA_YEAR }) year: DashaYearConvention,
  ): DashaRoot {
    return dashaRootOf(birthFrom("birth", birth), ctx, queryDatetime && dashaQueryMoment(queryDatetime, birth)!.iso, year);
  }

  @FieldResolver(() => String)
  system(): string {
    return "vimshottari";
  }

  @FieldResolver(() => DashaYearEnum, { description: "The year-length convention used." })
  yearConvention(@Root() r: DashaRoot): DashaYearConvention {
    return r.d.yearConvention;
  }

  @FieldResolver(() => Float)
  yearDays(@Root() r: DashaRoot): number {
    return r.d.yearDays;
  }

  @FieldResolver(() => Int)
  moonNakshatra(@Root() r: DashaRoot): number {
    return r.d.moonNakshatra;
  }

  @FieldResolver(() => String)
  moonNakshatraName(@Root() r: DashaRoot): string {
    return r.d.moonNakshatraName;
  }

  @FieldResolver(() => DashaBalanceType)
  balance(@Root() r: DashaRoot): DashaBalanceType {
    return { planet: r.d.balance.lord, years: r.d.balance.years, elapsedFraction: r.d.balance.elapsedFraction };
  }

  @FieldResolver(() => String, { description: "The instant `current` is taken at, ISO 8601." })
  queryDatetime(@Root() r: DashaRoot): string {
    return r.at.iso;
  }

  @FieldResolver(() => DashaCurrentType, { nullable: true, description: "Periods running at queryDatetime; null before the first maha dasha." })
  current(@Root() r: DashaRoot): DashaCurrentType | null {
    const chain = currentPeriods(r.d, r.at.instant.jdUt, 5);
    if (!chain) return null;
    const at = (i: number): PeriodRoot | null => (chain[i] ? periodRoot(chain[i]!, r.d.yearDays, r.offsetMinutes) : null);
    return { mahaDasha: at(0)!, antarDasha: at(1), pratyantarDasha: at(2), sookshmaDasha: at(3), pranaDasha: at(4) };
  }

  @FieldResolver(() => [DashaPeriodType], {
    description:
      "The nine maha dashas from the one running at birth; `planet` keeps only that lord's (a five-level tree of one maha dasha fits " +
      "the work budget, all nine do not: docs/limits.md).",
  })
  @Cost(DASHA_CREDITS.mahaDashas)
  mahaDashas(
    @Root() r: DashaRoot,
    @Arg("planet", () => GrahaEnum, { nullable: true, description: "Only the period of this lord." }) planet: Graha | null,
  ): PeriodRoot[] {
    if (planet) return r.d.mahaDashas.filter((p) => p.lord === planet).map((p) => periodRoot(p, r.d.yearDays, r.offsetMinutes));
    return levelRoots(r.d.mahaDashas, r.d.yearDays, r.offsetMinutes);
  }
}

@Resolver(() => DashaPeriodType)
export class DashaPeriodResolver {
  @FieldResolver(() => [DashaPeriodType], { description: "The nine periods one level down (empty below prana); `planet` keeps only that lord's." })
  @Cost(DASHA_CREDITS.subPeriods)
  subPeriods(
    @Root() r: PeriodRoot,
    @Arg("planet", () => GrahaEnum, { nullable: true, description: "Only the period of this lord." }) planet: Graha | null,
  ): PeriodRoot[] {
    const sub = r.p.sub.length > 0 ? r.p.sub : subPeriods(r.p, r.yearDays);
    if (planet) return sub.filter((p) => p.lord === planet).map((p) => periodRoot(p, r.yearDays, r.offsetMinutes));
    return levelRoots(sub, r.yearDays, r.offsetMinutes, r);
  }
}

@Resolver(() => ChartType)
export class ChartDashaResolver {
  @FieldResolver(() => DashaType, { description: "Vimshottari dasha of this birth (priced by the depth selected, see Query.dasha)." })
  @Cost(DASHA_CREDITS.dasha)
  dasha(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("queryDatetime", () => String, { nullable: true, description: "Instant for `current`, ISO 8601 with offset, or local (read in the birth's zone); default now." })
    queryDatetime: string | null,
    @Arg("year", () => DashaYearEnum, { defaultValue: DEFAULT_DASHA_YEAR }) year: DashaYearConvention,
  ): DashaRoot {
    return dashaRootOf(b, ctx, queryDatetime && inChartZone("queryDatetime", queryDatetime, b.civil), year);
  }
}


