import { Arg, Float, ID, Int, Query, Resolver } from "type-graphql";
import { civilArgsFrom } from "../common/civil-input.js";
import { PLACE_ONLY_ARG } from "../common/civil-time-type.js";
import { Cost } from "../../costing/cost-decorator.js";
import { checkDate, convertDate, solarToCivil } from "../../engine/calendar/date-conversion.js";
import { SOLAR_MONTHS, SOLAR_RULES, SOLAR_TRADITIONS, type SolarDate, type SolarTradition } from "../../engine/calendar/solar-calendar.js";
import { civilDays } from "../../engine/calendar/year-days.js";
import { EngineInputError } from "../../engine/errors.js";
import { DEFAULT_CONVENTIONS, type Place } from "../../engine/types.js";
import { checkRange, forField } from "../common/input-errors.js";
import { isoOfJd, type Clock } from "../panchanga/time-zone.js";
import { DEFAULT_LATITUDE, DEFAULT_LONGITUDE } from "./calendar-defaults.js";
import { DATE_CONVERSION_CREDITS } from "./calendar-prices.js";
import { CalendarDateType, SolarDateType, SolarToCivilType } from "./date-conversion-type.js";
import { localCalendarOf } from "./local-calendar.js";
import { placeClock } from "./time-zone-of-place.js";


interface PlaceArgs { latitude?: number | null; longitude?: number | null; tz?: string | null; place?: string | null }

function placeOf(given: PlaceArgs): { place: Place; clock: Clock } {
  // A place id: its coordinates and zone, as REST's `place` (docs/places-and-time.md).
  const { args } = civilArgsFrom(given, [], "tz");
  const place = {
    latDeg: checkRange("latitude", args.latitude ?? DEFAULT_LATITUDE, -90, 90, "°"),
    lonDeg: checkRange("longitude", args.longitude ?? DEFAULT_LONGITUDE, -180, 180, "°"),
  };
  return { place, clock: placeClock(place.latDeg, place.lonDeg, args.tz ?? null).clock };
}

/** The place must have a sunrise and sunset on the days asked (refused before pricing: a polar day or night). */
function checkSunrises(place: Place, clock: Clock, date: string): void {
  const cal = localCalendarOf(clock);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  forField("latitude", () => civilDays(cal.midnightJd(y, m, d) - 40, cal.midnightJd(y, m, d) + 2, place, DEFAULT_CONVENTIONS, cal));
}

/** calendarDate's arguments, validated; also run before pricing by prevalidate.ts. */
export function calendarDateArgsFrom(args: PlaceArgs & { date: string }): { date: string; place: Place; clock: Clock } {
  forField("date", () => checkDate(args.date));
  const { place, clock } = placeOf(args);
  checkSunrises(place, clock, args.date);
  return { date: args.date, place, clock };
}

export function tradition(v: string): SolarTradition {
  const t = v.toLowerCase() as SolarTradition;
  if (!SOLAR_TRADITIONS.includes(t)) throw new EngineInputError(`tradition must be one of ${SOLAR_TRADITIONS.join(", ")}, got "${v}"`, "tradition");
  return t;
}

/** solarToCivil's arguments, validated (the day against the month's length); also run before pricing. */
export function solarToCivilArgsFrom(args: PlaceArgs & { tradition: string; year: number; month: number; day: number }) {
  const t = forField("tradition", () => tradition(args.tradition));
  const { place, clock } = placeOf(args);
  if (Number.isInteger(args.year) && args.year >= 1900 && args.year <= 2099) checkSunrises(place, clock, `${args.year}-04-14`);
  const r = forField("day", () => solarToCivil(t, args.year, args.month, args.day, place, DEFAULT_CONVENTIONS, localCalendarOf(clock)));
  return { tradition: t, place, clock, result: r };
}

function solarType(s: SolarDate, clock: Clock): SolarDateType {
  return { tradition: s.tradition, month: s.month, monthName: s.monthName, day: s.day, monthStart: s.monthStart, sankranti: isoOfJd(clock, s.sankrantiJd)!, rule: s.rule };
}

@Resolver()
export class DateConversionResolver {
  @Cost(DATE_CONVERSION_CREDITS)
  @Query(() => CalendarDateType, {
    description:
      "One civil date at a place (default New Delhi) as amanta and purnimanta lunar dates (the tithi at sunrise), the Tamil, Malayalam, " +
      "Bengali, Odia, Assamese and Punjabi solar dates (each tradition's month-start rule named), and the Vikram, Shaka, Kollam and " +
      "Bangabda years with the Tamil Jovian year name.",
  })
  calendarDate(
    @Arg("date", { description: "YYYY-MM-DD, years 1900–2100." }) date: string,
    @Arg("latitude", () => Float, { nullable: true, description: `Default ${DEFAULT_LATITUDE} (New Delhi), or the place's.` }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: `Default ${DEFAULT_LONGITUDE} (New Delhi), or the place's.` }) longitude: number | null,
    @Arg("tz", () => String, { nullable: true, description: "IANA zone or ±HH:MM; overrides the zone of the coordinates (or place)." }) tz: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ONLY_ARG }) placeId?: string | null,
  ): CalendarDateType {
    const a = calendarDateArgsFrom({ date, latitude, longitude, tz, place: placeId });
    const c = convertDate(a.date, a.place, DEFAULT_CONVENTIONS, localCalendarOf(a.clock));
    return {
      date: c.date, latitude: a.place.latDeg, longitude: a.place.lonDeg, timeZone: a.clock.label, sunrise: isoOfJd(a.clock, c.sunriseJd)!,
      amanta: { ...c.amanta }, purnimanta: { ...c.purnimanta },
      tamil: solarType(c.solar.tamil, a.clock), malayalam: solarType(c.solar.malayalam, a.clock), bengali: solarType(c.solar.bengali, a.clock),
      odia: solarType(c.solar.odia, a.clock), assamese: solarType(c.solar.assamese, a.clock), punjabi: solarType(c.solar.punjabi, a.clock),
      vikramSamvat: c.vikramSamvat, shakaSamvat: c.shakaSamvat, kollam: c.kollam, bangabda: c.bangabda, tamilYear: { ...c.tamilYear },
    };
  }

  @Cost(DATE_CONVERSION_CREDITS)
  @Query(() => SolarToCivilType, { description: "The civil date at a place of a day of a regional solar calendar (e.g. a Tamil date)." })
  solarToCivil(
    @Arg("tradition", { description: "tamil, malayalam, bengali, odia, assamese or punjabi." }) tradition: string,
    @Arg("year", () => Int, { description: "The Gregorian year in whose April the solar year begins (Chithirai 1 2025 → 2025)." }) year: number,
    @Arg("month", () => Int, { description: "1–12 from the Mesha month (Tamil: 1 Chithirai … 10 Thai … 12 Panguni)." }) month: number,
    @Arg("day", () => Int) day: number,
    @Arg("latitude", () => Float, { nullable: true, description: `Default ${DEFAULT_LATITUDE} (New Delhi), or the place's.` }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: `Default ${DEFAULT_LONGITUDE} (New Delhi), or the place's.` }) longitude: number | null,
    @Arg("tz", () => String, { nullable: true }) tz: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ONLY_ARG }) placeId?: string | null,
  ): SolarToCivilType {
    const a = solarToCivilArgsFrom({ tradition, year, month, day, latitude, longitude, tz, place: placeId });
    return {
      tradition: a.tradition, year, month, monthName: SOLAR_MONTHS[a.tradition][month - 1]!, day, monthLength: a.result.monthLength,
      date: a.result.date, rule: SOLAR_RULES[a.tradition],
    };
  }
}
