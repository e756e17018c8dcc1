import { Arg, Ctx, FieldResolver, Float, ID, Int, Query, Resolver, Root } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { EngineInputError } from "../../engine/errors.js";
import type { PanchangaDay } from "../../engine/panchanga/panchanga-day.js";
import { panchangaForDates, rangeDateCount } from "../../engine/panchanga/panchanga-range.js";
import { jdFromUnixMs } from "../../engine/time/julian.js";
import { searchLimits, type PanchangaSearchResult } from "../../engine/panchanga/panchanga-search.js";
import { parseCriteria, type PanchangaCriteriaInput as EngineCriteria } from "../../engine/panchanga/search-criteria.js";
import type { Conventions, Place } from "../../engine/types.js";
import type { GraphQLContext } from "../context.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { engineTask } from "../common/engine-task.js";
import { badUserInput, checkRange } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import { civilArgsFrom, type CivilArgs, type CivilEcho } from "../common/civil-input.js";
import { CIVIL_TIME_FIELD, CivilTimeType, FOLD_ARG, PLACE_ARG, TIMEZONE_ARG } from "../common/civil-time-type.js";
import { PanchangaCriteriaInput, PanchangaRangeType, PanchangaSearchType } from "./panchanga-list-type.js";
import { convKey, placeKey, type PanchangaSource } from "./panchanga-memo.js";
import { PanchangaType } from "./panchanga-type.js";
import { fixedClock, isoOfJd, localDateOf, localMidnightUnixMs, type Clock } from "./time-zone.js";

/** Engine field names (snake_case, as the spec spells the inputs) → this API's argument names. */
const ARG_OF: Record<string, string> = { end_datetime: "endDatetime", max_results: "maxResults", max_days: "maxDays" };

function engineCall<T>(fallbackField: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof EngineInputError) {
      const f = err.field ?? fallbackField;
      throw badUserInput(ARG_OF[f] ?? f, err.message);
    }
    throw err;
  }
}

function placeOf(latitude: number | null | undefined, longitude: number | null | undefined): Place {
  if (latitude == null) throw badUserInput("latitude", "latitude is required unless place is given");
  if (longitude == null) throw badUserInput("longitude", "longitude is required unless place is given");
  return { latDeg: checkRange("latitude", latitude, -90, 90, "°"), lonDeg: checkRange("longitude", longitude, -180, 180, "°") };
}

/** panchangaRange's arguments, validated (errors name the argument); also run before pricing by prevalidate.ts. */
export function panchangaRangeArgsFrom(given: CivilArgs & {
  startDatetime: string; endDatetime: string; options?: ConventionsInput | null;
}): RangeSource {
  // Local datetimes with timezone or place: the same resolution as REST (docs/places-and-time.md).
  const { args, civil } = civilArgsFrom(given, ["startDatetime", "endDatetime"]);
  const start = momentFromDateTime("startDatetime", args.startDatetime);
  const end = momentFromDateTime("endDatetime", args.endDatetime);
  // Civil dates as written: start's date in start's offset, end's in end's (the spec: one entry per day).
  const startClock = fixedClock(start.offsetMinutes);
  const [y, m, d] = localDateOf(startClock, start.instant.unixMs);
  const [ey, em, ed] = localDateOf(fixedClock(end.offsetMinutes), end.instant.unixMs);
  const epochDay = (yy: number, mm: number, dd: number) => Date.UTC(yy, mm - 1, dd) / 86_400_000;
  const count = engineCall("endDatetime", () => rangeDateCount(epochDay(y, m, d), epochDay(ey, em, ed)));
  const firstDayStartJdUt = jdFromUnixMs(localMidnightUnixMs(startClock, y, m, d));
  return { start, end, firstDayStartJdUt, count, place: placeOf(args.latitude, args.longitude), conventions: conventionsFrom(args.options), civil };
}

/** panchangaSearch's moment, place and conventions, validated; also run before pricing by prevalidate.ts. */
export function panchangaSearchArgsFrom(given: CivilArgs & {
  after: string; options?: ConventionsInput | null; maxResults?: number; maxDays?: number;
}): { moment: Moment; place: Place; conv: Conventions; civil: CivilEcho | null } {
  const { args, civil } = civilArgsFrom(given, ["after"]);
  const moment = momentFromDateTime("after", args.after);
  engineCall("maxResults", () => searchLimits(args.maxResults, args.maxDays));
  const place = placeOf(args.latitude, args.longitude);
  return { moment, place, conv: conventionsFrom(args.options), civil };
}

/**
 * panchangaSearch's criteria resolved as the search will (names/numbers in range), errors naming
 * `criteria.<key>`. The resolver leaves this to the search itself; prevalidate.ts runs it first.
 */
export function panchangaSearchCriteriaFrom(criteria: PanchangaCriteriaInput): void {
  engineCall("criteria", () => parseCriteria(wantedOf(criteria)));
}

/** The criteria the caller set (GraphQL passes null for the omitted ones). */
function wantedOf(criteria: PanchangaCriteriaInput): EngineCriteria {
  const wanted: Record<string, string> = {};
  for (const k of ["tithi", "nakshatra", "yoga", "karana", "vara"] as const) {
    const v = criteria[k];
    if (v !== null && v !== undefined) wanted[k] = v;
  }
  return wanted as EngineCriteria;
}

/** A Panchanga node over a day a range or search walk has computed already. */
function computedSource(day: PanchangaDay, clock: Clock, moonEventsIncluded: boolean): PanchangaSource {
  return {
    key: `computed|${day.anchorJdUt}|${placeKey(day.place)}|${convKey(day.conventions)}`, clock, place: day.place, conventions: day.conventions,
    build: () => day, day, moonEventsIncluded,
  };
}

export interface RangeSource {
  readonly start: Moment;
  readonly end: Moment;
  /** Local midnight (start's offset) of start's date, and how many dates through end's date. */
  readonly firstDayStartJdUt: number;
  readonly count: number;
  readonly place: Place;
  readonly conventions: Conventions;
  readonly civil: CivilEcho | null;
}

interface SearchSource {
  readonly clock: Clock;
  readonly civil: CivilEcho | null;
  /** The search (a year of junctions: an engine task, off the event loop), run by the first field that needs it. */
  readonly result: () => Promise<PanchangaSearchResult>;
}

@Resolver(() => PanchangaRangeType)
export class PanchangaRangeResolver {
  @Query(() => PanchangaRangeType, {
    description:
      "One Panchanga per civil date from start's date to end's date inclusive (at most 31), each the Hindu day from that " +
      "date's sunrise (as GET /panchanga); times in the start's offset.",
  })
  panchangaRange(
    @Arg("startDatetime", { description: "ISO 8601 with offset, or local time with timezone or place." }) startDatetime: string,
    @Arg("endDatetime", { description: "ISO 8601 with offset (or local, as startDatetime); its date not before the start's, at most 31 dates in all." }) endDatetime: string,
    @Arg("latitude", () => Float, { nullable: true, description: "Required unless place is given." }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "Required unless place is given." }) longitude: number | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ARG }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
  ): RangeSource {
    return panchangaRangeArgsFrom({ startDatetime, endDatetime, latitude, longitude, options, timezone, place, fold });
  }

  @FieldResolver(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD })
  civilTime(@Root() r: RangeSource): CivilEcho | null {
    return r.civil;
  }

  @FieldResolver(() => String)
  startDatetime(@Root() r: RangeSource): string {
    return r.start.iso;
  }

  @FieldResolver(() => String)
  endDatetime(@Root() r: RangeSource): string {
    return r.end.iso;
  }

  // The range's work (every day's frame and limbs) is done here, so `days` carries the spec's
  // 1 credit; PanchangaRange's cap keeps days plus their parts at that 1 credit.
  @Cost(1)
  @FieldResolver(() => [PanchangaType])
  days(@Root() r: RangeSource): PanchangaSource[] {
    const days = engineCall("endDatetime", () =>
      panchangaForDates(r.firstDayStartJdUt, r.count, r.place, r.conventions, { moonEvents: false, windows: false }));
    const clock = fixedClock(r.start.offsetMinutes);
    return days.map((d) => computedSource(d, clock, false));
  }
}

@Resolver(() => PanchangaSearchType)
export class PanchangaSearchResolver {
  // 4 credits for the search itself + at most 1 for the days' parts (Panchanga's cap) = the spec's 5.
  @Cost(4)
  @Query(() => PanchangaSearchType, {
    description: "Days after a moment whose panchanga matches the criteria, found from junction times (not day by day).",
  })
  panchangaSearch(
    @Arg("latitude", () => Float, { nullable: true, description: "Required unless place is given." }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "Required unless place is given." }) longitude: number | null,
    @Arg("after", { description: "ISO 8601 with offset (or local time with timezone or place): days whose sunrise is at or after it." }) after: string,
    @Arg("criteria", () => PanchangaCriteriaInput) criteria: PanchangaCriteriaInput,
    @Arg("maxResults", () => Int, { defaultValue: 5, description: "1–20." }) maxResults: number,
    @Arg("maxDays", () => Int, { defaultValue: 365, description: "1–365." }) maxDays: number,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ARG }) placeId?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
    @Ctx() ctx?: GraphQLContext,
  ): SearchSource {
    const { moment, place, conv, civil } = panchangaSearchArgsFrom({
      after, latitude, longitude, options, maxResults, maxDays, timezone, place: placeId, fold,
    });
    const wanted = wantedOf(criteria);
    let memo: Promise<PanchangaSearchResult> | undefined;
    return {
      civil,
      clock: fixedClock(moment.offsetMinutes),
      result: () =>
        (memo ??= engineTask(ctx, "panchangaSearch", { place, after: moment.instant, criteria: wanted, maxResults, maxDays, conv },
          { field: "criteria", argOf: ARG_OF })),
    };
  }

  @FieldResolver(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD })
  civilTime(@Root() s: SearchSource): CivilEcho | null {
    return s.civil;
  }

  @FieldResolver(() => String)
  async searchedFrom(@Root() s: SearchSource): Promise<string> {
    return isoOfJd(s.clock, (await s.result()).searchedFromJdUt)!;
  }

  @FieldResolver(() => String)
  async searchedTo(@Root() s: SearchSource): Promise<string> {
    return isoOfJd(s.clock, (await s.result()).searchedToJdUt)!;
  }

  @FieldResolver(() => String)
  async matchRule(@Root() s: SearchSource): Promise<string> {
    return (await s.result()).matchRule;
  }

  @FieldResolver(() => Int)
  async count(@Root() s: SearchSource): Promise<number> {
    return (await s.result()).matches.length;
  }

  @FieldResolver(() => [PanchangaType])
  async matches(@Root() s: SearchSource): Promise<PanchangaSource[]> {
    // The search computes its matching days with moonrise and moonset.
    return (await s.result()).matches.map((d) => computedSource(d, s.clock, true));
  }
}
