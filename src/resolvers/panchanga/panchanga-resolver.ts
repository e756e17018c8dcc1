import { Arg, Ctx, FieldResolver, Float, ID, Int, Query, Resolver, Root } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { elementsAtMoment, panchangaAtMoment, panchangaForDate, varaAtMoment } from "../../engine/panchanga/panchanga-day.js";
import type { DurMuhurtaWindow, JdWindow } from "../../engine/panchanga/day-windows.js";
import type { LimbSpan } from "../../engine/panchanga/limb-spans.js";
import { parseIsoDateOrDateTime } from "../../engine/time/iso.js";
import { jdFromUnixMs } from "../../engine/time/julian.js";
import type { Conventions } from "../../engine/types.js";
import type { GraphQLContext } from "../context.js";
import { ConventionsInput, ConventionsType, conventionsFrom } from "../common/conventions.js";
import { badUserInput, checkRange, forField } from "../common/input-errors.js";
import { civilArgsFrom, type CivilArgs, type CivilEcho } from "../common/civil-input.js";
import { CIVIL_TIME_FIELD, CivilTimeType, FOLD_ARG, PLACE_ARG, TIMEZONE_ARG } from "../common/civil-time-type.js";
import { momentFromDateTime } from "../common/moment.js";
import { placementOf } from "../common/placement-type.js";
import { convKey, panchangaMemo, placeKey, type PanchangaSource } from "./panchanga-memo.js";
import {
  DurMuhurtaType, ElementSpanType, LuminaryType, MasaType, NakshatraSpanType, PanchangaAnchor, PanchangaType, RituType,
  SamvatsaraType, TimeWindowType, TithiSpanType, TransitionType, VaraType,
} from "./panchanga-type.js";
import { clockFromTz, fixedClock, isoOfJd, isoOfJunction, localDateOf, localMidnightUnixMs, UTC_NOTE, type Clock } from "./time-zone.js";

const DATE_ONLY = /^\s*[+-]?\d{4,6}-\d{2}-\d{2}\s*$/;

/** Price of each part of a Panchanga (the node is capped at 1 credit, the spec's price of a whole day). */
const PART = 0.1;

/** panchanga's arguments (with timezone, place, fold: docs/places-and-time.md); also run before pricing by prevalidate.ts. */
export interface PanchangaArgs extends CivilArgs {
  readonly datetime: string;
  readonly at: PanchangaAnchor;
  readonly tz?: string | null;
  readonly options?: ConventionsInput | null;
}

/** The Panchanga source of a field's arguments: civil time resolved as REST resolves it, then panchangaSource. */
export function panchangaSourceFrom(a: PanchangaArgs): PanchangaSource {
  const { args, civil } = civilArgsFrom(a, ["datetime"], "tz");
  if (args.latitude == null) throw badUserInput("latitude", "latitude is required unless place is given");
  if (args.longitude == null) throw badUserInput("longitude", "longitude is required unless place is given");
  return { ...panchangaSource(args.datetime, args.latitude, args.longitude, args.at, args.tz ?? null, conventionsFrom(args.options)), civil };
}

/** The Panchanga source of one day: the day is computed by the first field that needs it. */
export function panchangaSource(
  datetime: string, latitude: number, longitude: number, at: PanchangaAnchor, tz: string | null, conventions: Conventions,
): PanchangaSource {
  const place = { latDeg: checkRange("latitude", latitude, -90, 90, "°"), lonDeg: checkRange("longitude", longitude, -180, 180, "°") };
  if (at === PanchangaAnchor.MOMENT) {
    const moment = momentFromDateTime("datetime", datetime);
    const clock = tz ? clockFromTz("tz", tz) : fixedClock(moment.offsetMinutes);
    const jd = moment.instant.jdUt;
    return {
      key: `moment|${jd}|${placeKey(place)}|${convKey(conventions)}`, clock, place, conventions,
      build: () => forField("datetime", () => panchangaAtMoment(jd, place, conventions, { moonEvents: false, windows: false })),
      // The parts that need no day (docs/graphql.md, "Only what is selected is computed").
      buildElements: () => forField("datetime", () => elementsAtMoment(jd, conventions)),
      buildVara: () => forField("datetime", () => varaAtMoment(jd, place, conventions)),
    };
  }
  const parsed = forField("datetime", () => parseIsoDateOrDateTime(datetime));
  const dateOnly = DATE_ONLY.test(datetime);
  const clock: Clock = tz ? clockFromTz("tz", tz) : dateOnly ? fixedClock(0, UTC_NOTE) : fixedClock(parsed.offsetMinutes);
  const [y, m, d] = dateOnly ? localDateOf(fixedClock(0), parsed.unixMs) : localDateOf(clock, parsed.unixMs);
  const dayStartJd = jdFromUnixMs(localMidnightUnixMs(clock, y, m, d));
  return {
    key: `sunrise|${dayStartJd}|${placeKey(place)}|${convKey(conventions)}`, clock, place, conventions,
    build: () => forField("datetime", () => panchangaForDate(dayStartJd, place, conventions, { moonEvents: false, windows: false })),
  };
}

const window = (clock: Clock, w: JdWindow | null): TimeWindowType | null =>
  w ? { start: isoOfJd(clock, w.startJd)!, end: isoOfJd(clock, w.endJd)! } : null;
const span = (clock: Clock, s: LimbSpan): ElementSpanType => ({
  number: s.number, name: s.name, start: isoOfJunction(clock, s.startJd), end: isoOfJunction(clock, s.endJd),
});

@Resolver(() => PanchangaType)
export class PanchangaResolver {
  @Query(() => PanchangaType, {
    description:
      "One Hindu day at a place (POST /panchanga: anchor MOMENT; GET /panchanga: anchor SUNRISE). Each part is computed on first selection, once.",
  })
  panchanga(
    @Arg("datetime", { description: "MOMENT: ISO 8601 datetime with offset, or local time with timezone or place. SUNRISE: a date or a datetime." }) datetime: string,
    @Arg("latitude", () => Float, { nullable: true, description: "Degrees, north positive, -90..90. Required unless place is given." }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "Degrees, east positive, -180..180. Required unless place is given." }) longitude: number | null,
    @Arg("at", () => PanchangaAnchor, { defaultValue: PanchangaAnchor.MOMENT }) at: PanchangaAnchor,
    @Arg("tz", () => String, { nullable: true, description: "IANA zone (Asia/Kolkata) or ±HH:MM for the times and the date; default the timezone's or place's." })
    tz: string | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ARG }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
  ): PanchangaSource {
    return panchangaSourceFrom({ datetime, latitude, longitude, at, tz, options, timezone, place, fold });
  }

  @FieldResolver(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD })
  civilTime(@Root() src: PanchangaSource): CivilEcho | null {
    return src.civil ?? null;
  }

  // The day's anchor (its sunrise for SUNRISE): computed with the day, so priced as a part.
  @Cost(PART)
  @FieldResolver(() => String)
  datetime(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string {
    return isoOfJd(src.clock, panchangaMemo(ctx.engine).day(src).anchorJdUt)!;
  }

  @FieldResolver(() => String)
  timezone(@Root() src: PanchangaSource): string {
    return src.clock.label;
  }

  @FieldResolver(() => String, { nullable: true })
  timezoneNote(@Root() src: PanchangaSource): string | null {
    return src.clock.note;
  }

  @FieldResolver(() => Float)
  latitude(@Root() src: PanchangaSource): number {
    return src.place.latDeg;
  }

  @FieldResolver(() => Float)
  longitude(@Root() src: PanchangaSource): number {
    return src.place.lonDeg;
  }

  @FieldResolver(() => ConventionsType)
  conventions(@Root() src: PanchangaSource): Conventions {
    return src.conventions;
  }

  @Cost(PART)
  @FieldResolver(() => String, { nullable: true, description: "Why sunrise-dependent fields are null (polar day or night), else null." })
  polarReason(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string | null {
    return panchangaMemo(ctx.engine).day(src).polarReason;
  }

  @Cost(PART)
  @FieldResolver(() => String, { nullable: true })
  sunrise(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string | null {
    return isoOfJd(src.clock, panchangaMemo(ctx.engine).day(src).sunriseJdUt);
  }

  @Cost(PART)
  @FieldResolver(() => String, { nullable: true })
  sunset(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string | null {
    return isoOfJd(src.clock, panchangaMemo(ctx.engine).day(src).sunsetJdUt);
  }

  @Cost(PART)
  @FieldResolver(() => String, { nullable: true })
  nextSunrise(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string | null {
    return isoOfJd(src.clock, panchangaMemo(ctx.engine).day(src).nextSunriseJdUt);
  }

  @Cost(PART)
  @FieldResolver(() => String, { nullable: true, description: "Null when the Moon does not rise during the day." })
  moonrise(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string | null {
    return isoOfJd(src.clock, panchangaMemo(ctx.engine).moonEvents(src).moonriseJdUt);
  }

  @Cost(PART)
  @FieldResolver(() => String, { nullable: true, description: "Null when the Moon does not set during the day." })
  moonset(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string | null {
    return isoOfJd(src.clock, panchangaMemo(ctx.engine).moonEvents(src).moonsetJdUt);
  }

  @Cost(PART)
  @FieldResolver(() => VaraType, { nullable: true, description: "By the day's sunrise; null without one." })
  vara(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): VaraType | null {
    const v = panchangaMemo(ctx.engine).vara(src);
    return v ? { number: v.number, name: v.name, sanskrit: v.sanskrit, lord: v.lord } : null;
  }

  @Cost(PART)
  @FieldResolver(() => TithiSpanType)
  tithi(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): TithiSpanType {
    const t = panchangaMemo(ctx.engine).elements(src).tithi;
    return { ...span(src.clock, t), paksha: t.paksha! };
  }

  @Cost(PART)
  @FieldResolver(() => NakshatraSpanType)
  nakshatra(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): NakshatraSpanType {
    const n = panchangaMemo(ctx.engine).elements(src).nakshatra;
    return { ...span(src.clock, n), pada: n.pada, lord: n.lord };
  }

  @Cost(PART)
  @FieldResolver(() => ElementSpanType)
  yoga(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): ElementSpanType {
    return span(src.clock, panchangaMemo(ctx.engine).elements(src).yoga);
  }

  @Cost(PART)
  @FieldResolver(() => ElementSpanType, { description: "Karana, numbered 1–11 in the standard naming (Bava … Kimstughna)." })
  karana(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): ElementSpanType {
    return span(src.clock, panchangaMemo(ctx.engine).elements(src).karana);
  }

  @Cost(PART)
  @FieldResolver(() => [TransitionType], { description: "Every tithi, nakshatra, yoga and karana running during the day." })
  transitions(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): TransitionType[] {
    return panchangaMemo(ctx.engine).day(src).transitions.map((s) => ({ ...span(src.clock, s), element: s.element }));
  }

  @Cost(PART)
  @FieldResolver(() => MasaType)
  masa(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): MasaType {
    const m = panchangaMemo(ctx.engine).day(src).masa;
    return { number: m.number, name: m.name, system: m.system, isAdhika: m.isAdhika };
  }

  @Cost(PART)
  @FieldResolver(() => SamvatsaraType)
  samvatsara(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): SamvatsaraType {
    const s = panchangaMemo(ctx.engine).day(src).samvatsara;
    return { number: s.number, name: s.name, convention: s.convention, vikramYear: s.vikramYear, shakaYear: s.shakaYear };
  }

  @Cost(PART)
  @FieldResolver(() => RituType)
  ritu(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): RituType {
    const r = panchangaMemo(ctx.engine).day(src).ritu;
    return { number: r.number, name: r.name, english: r.english };
  }

  @Cost(PART)
  @FieldResolver(() => String, { description: "Uttarayana or Dakshinayana (by the Sun's sidereal rashi)." })
  ayana(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string {
    return panchangaMemo(ctx.engine).elements(src).ayana;
  }

  @Cost(PART)
  @FieldResolver(() => String, { description: "shukla or krishna." })
  paksha(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string {
    return panchangaMemo(ctx.engine).elements(src).paksha;
  }

  @Cost(PART)
  @FieldResolver(() => LuminaryType)
  sun(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): LuminaryType {
    return placementOf(panchangaMemo(ctx.engine).elements(src).sun.lonSidDeg);
  }

  @Cost(PART)
  @FieldResolver(() => LuminaryType)
  moon(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): LuminaryType {
    return placementOf(panchangaMemo(ctx.engine).elements(src).moon.lonSidDeg);
  }

  @Cost(PART)
  @FieldResolver(() => TimeWindowType, { nullable: true, description: "The day's eighth ruled by Rahu (weekday table); null without a sunrise." })
  rahuKala(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): TimeWindowType | null {
    return window(src.clock, panchangaMemo(ctx.engine).windows(src)?.rahuKala ?? null);
  }

  @Cost(PART)
  @FieldResolver(() => TimeWindowType, { nullable: true })
  gulikaKala(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): TimeWindowType | null {
    return window(src.clock, panchangaMemo(ctx.engine).windows(src)?.gulikaKala ?? null);
  }

  @Cost(PART)
  @FieldResolver(() => TimeWindowType, { nullable: true })
  yamaghanda(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): TimeWindowType | null {
    return window(src.clock, panchangaMemo(ctx.engine).windows(src)?.yamaghanda ?? null);
  }

  @Cost(PART)
  @FieldResolver(() => TimeWindowType, { nullable: true, description: "The 8th of 15 day muhurtas; null on Wednesdays (see abhijitAbsentReason) and without a sunrise." })
  abhijitMuhurta(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): TimeWindowType | null {
    return window(src.clock, panchangaMemo(ctx.engine).windows(src)?.abhijitMuhurta ?? null);
  }

  @Cost(PART)
  @FieldResolver(() => String, { nullable: true, description: "Why abhijitMuhurta is null." })
  abhijitAbsentReason(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): string | null {
    const memo = panchangaMemo(ctx.engine);
    const w = memo.windows(src);
    return w ? w.abhijitAbsentReason : memo.day(src).polarReason;
  }

  @Cost(PART)
  @FieldResolver(() => TimeWindowType, { nullable: true, description: "The 14th of the 15 muhurtas of the previous night." })
  brahmaMuhurta(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): TimeWindowType | null {
    return window(src.clock, panchangaMemo(ctx.engine).windows(src)?.brahmaMuhurta ?? null);
  }

  @Cost(PART)
  @FieldResolver(() => [DurMuhurtaType], { nullable: true, description: "The weekday's dur muhurtas; null without a sunrise." })
  durMuhurta(@Root() src: PanchangaSource, @Ctx() ctx: GraphQLContext): DurMuhurtaType[] | null {
    const list = panchangaMemo(ctx.engine).windows(src)?.durMuhurta;
    return list ? list.map((w: DurMuhurtaWindow) => ({ ...window(src.clock, w)!, part: w.part, muhurta: w.muhurta })) : null;
  }
}
