import { ID, Arg, Ctx, FieldResolver, Float, Int, Query, Resolver, Root } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { checkCalendarInput, inMonth } from "../../engine/calendar/calendar.js";
import type { CalendarEntry } from "../../engine/calendar/entry.js";
import { parseRegions, type Region } from "../../engine/calendar/regional-festivals.js";
import { assertCalendarPlaceHasDays } from "../../engine/calendar/year-days.js";
import { calendarYearKey, type CalendarYearInput } from "../../engine-pool/engine-tasks.js";
import { DEFAULT_CONVENTIONS, type Place } from "../../engine/types.js";
import type { GraphQLContext } from "../context.js";
import { civilArgsFrom } from "../common/civil-input.js";
import { engineTask } from "../common/engine-task.js";
import { PLACE_ONLY_ARG } from "../common/civil-time-type.js";
import { checkRange, forField } from "../common/input-errors.js";
import { isoOfJd, isoOfJunction, type Clock } from "../panchanga/time-zone.js";
import { DEFAULT_LATITUDE, DEFAULT_LONGITUDE } from "./calendar-defaults.js";
import { CalendarEntryType, CalendarType } from "./calendar-type.js";
import { festivalKey } from "../../i18n/festival-names.js";
import { localCalendarOf } from "./local-calendar.js";
import { placeClock } from "./time-zone-of-place.js";


interface CalendarSource {
  readonly year: number;
  readonly place: Place;
  readonly clock: Clock;
  readonly zoneSource: string;
}

/**
 * The year's sunrises, tithis and festivals are one long engine call (tens of ms to seconds): an
 * engine task, off the event loop (src/engine-pool). Festivals and vratas of one year go to the
 * same thread (the affinity key), whose cache builds the year once.
 */
function yearInput(s: CalendarSource): CalendarYearInput {
  return { year: s.year, place: s.place, zone: s.clock.zone, conv: DEFAULT_CONVENTIONS };
}

function vratasOf(s: CalendarSource, ctx: GraphQLContext | undefined): Promise<CalendarEntry[]> {
  const input = yearInput(s);
  return engineTask(ctx, "vrataYear", input, { field: "latitude", affinity: calendarYearKey(input) });
}

/** calendar's arguments, validated (errors name the argument); also run before pricing by prevalidate.ts. */
export function calendarArgsFrom(given: { year: number; latitude?: number | null; longitude?: number | null; tz?: string | null; place?: string | null }): {
  year: number; place: Place; clock: Clock; zoneSource: string;
} {
  // A place id: its coordinates and zone, as REST's `place` (docs/places-and-time.md).
  const { args } = civilArgsFrom(given, [], "tz");
  forField("year", () => checkCalendarInput(args.year, null));
  const place = {
    latDeg: checkRange("latitude", args.latitude ?? DEFAULT_LATITUDE, -90, 90, "°"),
    lonDeg: checkRange("longitude", args.longitude ?? DEFAULT_LONGITUDE, -180, 180, "°"),
  };
  const { clock, source } = placeClock(place.latDeg, place.lonDeg, args.tz ?? null);
  // Polar days or nights are refused here, with the arguments, so before the price is held (issue 22 item 5).
  forField("latitude", () => assertCalendarPlaceHasDays(args.year, place, DEFAULT_CONVENTIONS, localCalendarOf(clock)));
  return { year: args.year, place, clock, zoneSource: source };
}

/** A region argument; also run before pricing by prevalidate.ts. */
export function calendarRegionsFrom(region: string | null | undefined, place: Place): Region[] {
  return forField("region", () => parseRegions(region, place));
}

/** A month argument, 1–12; also run before pricing by prevalidate.ts. */
export function calendarMonthFrom(month: number | null | undefined): number | null {
  if (month === null || month === undefined) return null;
  forField("month", () => checkCalendarInput(2000, month));
  return month;
}

function toType(e: CalendarEntry, clock: Clock): CalendarEntryType {
  return {
    name: e.name, key: festivalKey(e.name), kind: e.kind, region: e.region ?? null, date: e.date, endDate: e.endDate, rule: e.rule, choice: e.choice, note: e.note,
    tithi: e.tithi && {
      number: e.tithi.number, name: e.tithi.name, paksha: e.tithi.paksha,
      start: isoOfJunction(clock, e.tithi.startJd), end: isoOfJunction(clock, e.tithi.endJd),
    },
    instant: isoOfJd(clock, e.instantJd),
    masa: e.masa && { ...e.masa },
    muhurta: e.muhurta && { start: isoOfJd(clock, e.muhurta.startJd)!, end: isoOfJd(clock, e.muhurta.endJd)! },
    parana: e.parana
      ? {
          date: e.parana.date, start: isoOfJd(clock, e.parana.startJd)!, end: isoOfJd(clock, e.parana.endJd)!,
          startRule: e.parana.startRule, endRule: e.parana.endRule,
          hariVasaraEnd: isoOfJd(clock, e.parana.hariVasaraEndJd), dwadashiEnd: isoOfJd(clock, e.parana.dwadashiEndJd),
        }
      : null,
  };
}

@Resolver(() => CalendarType)
export class CalendarResolver {
  @Query(() => CalendarType, {
    description:
      "Festivals and vratas of a Gregorian year (1900–2100) at a place (default New Delhi), dated in the place's zone " +
      "(looked up offline from the coordinates, or `tz`). Each field is priced on its own.",
  })
  calendar(
    @Arg("year", () => Int) year: number,
    @Arg("latitude", () => Float, { nullable: true, description: `Default ${DEFAULT_LATITUDE} (New Delhi), or the place's.` }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: `Default ${DEFAULT_LONGITUDE} (New Delhi), or the place's.` }) longitude: number | null,
    @Arg("tz", () => String, { nullable: true, description: "IANA zone or ±HH:MM; overrides the zone of the coordinates (or place)." }) tz: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ONLY_ARG }) placeId?: string | null,
  ): CalendarSource {
    const { place, clock, zoneSource } = calendarArgsFrom({ year, latitude, longitude, tz, place: placeId });
    return { year, place, clock, zoneSource };
  }

  @FieldResolver(() => Int)
  year(@Root() s: CalendarSource): number {
    return s.year;
  }

  @FieldResolver(() => Float)
  latitude(@Root() s: CalendarSource): number {
    return s.place.latDeg;
  }

  @FieldResolver(() => Float)
  longitude(@Root() s: CalendarSource): number {
    return s.place.lonDeg;
  }

  @FieldResolver(() => String)
  timeZone(@Root() s: CalendarSource): string {
    return s.clock.label;
  }

  @FieldResolver(() => String)
  timeZoneSource(@Root() s: CalendarSource): string {
    return s.zoneSource;
  }

  @Cost(10)
  @FieldResolver(() => [CalendarEntryType], { description: "The year's festivals, or one month's (10 credits either way, as the spec prices them)." })
  async festivals(
    @Root() s: CalendarSource,
    @Arg("month", () => Int, { nullable: true, description: "1–12." }) month: number | null,
    @Arg("region", () => String, {
      nullable: true,
      description: "Regional festivals to add: \"all\", or a comma list of tamil, kerala, bengal, odisha, assam, punjab; default: the place's regions (none outside them).",
    }) region: string | null,
    @Ctx() ctx?: GraphQLContext,
  ): Promise<CalendarEntryType[]> {
    const m = calendarMonthFrom(month);
    const regions = calendarRegionsFrom(region, s.place);
    const input = yearInput(s);
    const all = await engineTask(ctx, "festivalYear", { ...input, regions }, { field: "latitude", affinity: calendarYearKey(input) });
    return inMonth(all, s.year, m).map((e) => toType(e, s.clock));
  }

  @Cost(5)
  @FieldResolver(() => [CalendarEntryType], { description: "The year's vrata days." })
  async vratas(@Root() s: CalendarSource, @Ctx() ctx?: GraphQLContext): Promise<CalendarEntryType[]> {
    return (await vratasOf(s, ctx)).map((e) => toType(e, s.clock));
  }

  @Cost(1)
  @FieldResolver(() => [CalendarEntryType], { description: "One month's vrata days (1 credit)." })
  async monthVratas(
    @Root() s: CalendarSource, @Arg("month", () => Int, { description: "1–12." }) month: number, @Ctx() ctx?: GraphQLContext,
  ): Promise<CalendarEntryType[]> {
    const m = calendarMonthFrom(month);
    return inMonth(await vratasOf(s, ctx), s.year, m).map((e) => toType(e, s.clock));
  }
}
