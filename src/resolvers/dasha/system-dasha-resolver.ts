import { Arg, Ctx, FieldResolver, Float, Int, Query, Resolver, Root } from "type-graphql";
import { DASHA_YEAR_DAYS, DASHA_LEVELS, DEFAULT_DASHA_YEAR, type DashaYearConvention } from "../../engine/dasha/vimshottari.js";
import { maxLevelOf, systemDasha, type DashaSystemKey, type SystemDashaResult } from "../../engine/dasha/dasha-systems.js";
import { runningSpans, type DashaSpan } from "../../engine/dasha/dasha-span.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { formatIso } from "../../engine/time/iso.js";
import { instantFromUnixMs } from "../../engine/time/instant.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom, type Birth } from "../chart/birth-input.js";
import type { Moment } from "../common/moment.js";
import { badUserInput } from "../common/input-errors.js";
import type { GraphQLContext } from "../context.js";
import { birthKey, chartInputOf } from "../kundali/chart-core-of.js";
import { DASHA_CREDITS, dashaQueryMoment } from "./dasha-resolver.js";
import { DashaYearEnum } from "./dasha-types.js";
import {
  DashaConditionType, DashaSpanType, DashaSystemEnum, KalachakraPlaceType, NarayanaSeedType, SystemDashaBalanceType, SystemDashaType,
  type SpanRoot, type SystemDashaRoot,
} from "./system-dasha-types.js";

const iso = (jdUt: number, offsetMinutes: number): string => formatIso(unixMsFromJd(jdUt), offsetMinutes);
const lordName = (p: { graha?: string; rashi?: number }): string => p.graha ?? RASHIS[(p.rashi ?? 1) - 1]!.name;

function spanRoot(p: DashaSpan, d: SystemDashaResult, offsetMinutes: number): SpanRoot {
  return {
    lord: lordName(p), planet: p.graha ?? null, sign: p.rashi ?? null, level: p.level, levelName: DASHA_LEVELS[p.level - 1] ?? `level ${p.level}`,
    start: iso(p.startJdUt, offsetMinutes), end: iso(p.endJdUt, offsetMinutes), durationYears: p.durationYears, p, d, offsetMinutes,
  };
}

/** Refuses a `levels` the system does not define (1..maxLevel); also run before pricing by prevalidate.ts. */
export function systemDashaLevels(system: DashaSystemKey, levels: number | null | undefined): void {
  if (levels === null || levels === undefined) return;
  const max = maxLevelOf(system);
  if (!Number.isInteger(levels) || levels < 1 || levels > max) {
    throw badUserInput("levels", `levels must be 1..${max} for the ${system} dasha`);
  }
}

/** A birth's dasha in `system` (maha periods; deeper levels when selected), memoized per request. */
export function systemDashaRootOf(
  b: Birth, ctx: GraphQLContext, system: DashaSystemKey, queryDatetime: string | null | undefined, year: DashaYearConvention,
): SystemDashaRoot {
  const chart = chartInputOf(b, ctx.engine);
  const d = ctx.engine.derived("systemDasha", `${birthKey(b)}|${system}|${year}`, () =>
    systemDasha(system, chart, b.moment.instant.jdUt, DASHA_YEAR_DAYS[year]));
  // "Now" enters here, in the resolver: the engine takes the instant as an argument.
  const at: Moment = dashaQueryMoment(queryDatetime)
    ?? { instant: instantFromUnixMs(Date.now()), offsetMinutes: b.moment.offsetMinutes, iso: formatIso(Date.now(), b.moment.offsetMinutes) };
  return { d, offsetMinutes: b.moment.offsetMinutes, at };
}

@Resolver(() => SystemDashaType)
export class SystemDashaResolver {
  @Query(() => SystemDashaType, {
    description:
      "A dasha system other than Vimshottari (Yogini, Ashtottari, the BPHS conditional dashas, Chara, Narayana, Kalachakra). Select " +
      "`mahaDashas { subPeriods { subPeriods } }` to the depth wanted (maxLevel); each level below the maha periods adds to the price, as for `dasha`.",
  })
  @Cost(DASHA_CREDITS.dasha)
  systemDasha(
    @Arg("birth", () => BirthInput) birth: BirthInput,
    @Arg("system", () => DashaSystemEnum) system: DashaSystemKey,
    @Ctx() ctx: GraphQLContext,
    @Arg("queryDatetime", () => String, { nullable: true, description: "Instant for `current`, ISO 8601 with offset; default now." })
    queryDatetime: string | null,
    @Arg("year", () => DashaYearEnum, { defaultValue: DEFAULT_DASHA_YEAR }) year: DashaYearConvention,
    @Arg("levels", () => Int, { nullable: true, description: "The depth the caller means to select, checked against the system's maxLevel (REST `levels`); optional." })
    levels: number | null,
  ): SystemDashaRoot {
    systemDashaLevels(system, levels);
    return systemDashaRootOf(birthFrom("birth", birth), ctx, system, queryDatetime && dashaQueryMoment(queryDatetime, birth)!.iso, year);
  }

  @FieldResolver(() => DashaSystemEnum)
  system(@Root() r: SystemDashaRoot): string {
    return r.d.system;
  }

  @FieldResolver(() => String)
  name(@Root() r: SystemDashaRoot): string {
    return r.d.name;
  }

  @FieldResolver(() => String, { description: "graha or rashi." })
  kind(@Root() r: SystemDashaRoot): string {
    return r.d.kind;
  }

  @FieldResolver(() => String, { description: "The variant and rules implemented, with their sources." })
  rules(@Root() r: SystemDashaRoot): string {
    return r.d.rules;
  }

  @FieldResolver(() => Float)
  yearDays(@Root() r: SystemDashaRoot): number {
    return r.d.yearDays;
  }

  @FieldResolver(() => Int, { description: "Deepest level the system defines (1 maha)." })
  maxLevel(@Root() r: SystemDashaRoot): number {
    return r.d.maxLevel;
  }

  @FieldResolver(() => Int, { nullable: true, description: "The Moon's nakshatra 1..27 (nakshatra dashas)." })
  moonNakshatra(@Root() r: SystemDashaRoot): number | null {
    return r.d.moonNakshatra;
  }

  @FieldResolver(() => DashaConditionType, { nullable: true, description: "When the system applies (null: no condition)." })
  condition(@Root() r: SystemDashaRoot): DashaConditionType | null {
    const c = r.d.condition;
    return c ? { met: c.met, rule: c.rule, clauses: c.clauses.map((x) => ({ ...x })), source: c.source } : null;
  }

  @FieldResolver(() => SystemDashaBalanceType, { nullable: true, description: "The first maha period's balance at birth (null when it starts at birth)." })
  balance(@Root() r: SystemDashaRoot): SystemDashaBalanceType | null {
    const b = r.d.balance;
    return b ? { lord: lordName(b), planet: (b.graha as SystemDashaBalanceType["planet"]) ?? null, sign: b.rashi ?? null, years: b.years, elapsedFraction: b.elapsedFraction } : null;
  }

  @FieldResolver(() => NarayanaSeedType, { nullable: true, description: "Narayana dasha: its seed, direction, progression and exception (null for other systems)." })
  narayana(@Root() r: SystemDashaRoot): NarayanaSeedType | null {
    const n = r.d.narayana;
    return n ? { ...n, order: [...n.order] } : null;
  }

  @FieldResolver(() => KalachakraPlaceType, { nullable: true, description: "Kalachakra dasha: the Moon's pada, group, chakra, paramayush, deha and jeeva (null for other systems)." })
  kalachakra(@Root() r: SystemDashaRoot): KalachakraPlaceType | null {
    const k = r.d.kalachakra;
    return k ? { ...k, signs: [...k.signs] } : null;
  }

  @FieldResolver(() => String, { description: "The instant `current` is taken at, ISO 8601." })
  queryDatetime(@Root() r: SystemDashaRoot): string {
    return r.at.iso;
  }

  @FieldResolver(() => [DashaSpanType], { nullable: true, description: "The periods running at queryDatetime, maha first, to maxLevel; null outside the periods." })
  current(@Root() r: SystemDashaRoot): SpanRoot[] | null {
    const chain = runningSpans(r.d, r.at.instant.jdUt, r.d.maxLevel);
    return chain ? chain.map((p) => spanRoot(p, r.d, r.offsetMinutes)) : null;
  }

  @FieldResolver(() => [DashaSpanType], { description: "The maha periods, from the one running at birth." })
  @Cost(DASHA_CREDITS.mahaDashas)
  mahaDashas(@Root() r: SystemDashaRoot): SpanRoot[] {
    return r.d.mahaDashas.map((p) => spanRoot(p, r.d, r.offsetMinutes));
  }
}

@Resolver(() => DashaSpanType)
export class DashaSpanResolver {
  @FieldResolver(() => [DashaSpanType], { description: "The periods one level down (empty at the system's maxLevel)." })
  @Cost(DASHA_CREDITS.subPeriods)
  subPeriods(@Root() r: SpanRoot): SpanRoot[] {
    return r.d.subdivide(r.p).map((p) => spanRoot(p, r.d, r.offsetMinutes));
  }
}
