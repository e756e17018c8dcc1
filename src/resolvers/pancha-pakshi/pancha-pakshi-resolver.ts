import { PAKSHI_ACTIVITIES, PAKSHI_BIRDS } from "../../i18n/tables/pancha-pakshi.js";
import { Arg, Float, ID, Int, Query, Resolver } from "type-graphql";
import { civilArgsFrom, type CivilArgs, type CivilEcho } from "../common/civil-input.js";
import { FOLD_ARG, PLACE_ARG, TIMEZONE_ARG } from "../common/civil-time-type.js";
import { Cost } from "../../costing/cost-decorator.js";
import {
  BEST_RULE, panchaPakshiAtMoment, type PakshiSubPeriod, type PakshiYama, type BirthQuery,
} from "../../engine/pancha-pakshi/pancha-pakshi-day.js";
import { BIRDS } from "../../engine/pancha-pakshi/pakshi-tables.js";
import type { Conventions, Place } from "../../engine/types.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { badUserInput, checkRange, forField } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import { fixedClock, isoOfJd, type Clock } from "../panchanga/time-zone.js";
import { PanchaPakshiType, type PakshiSubPeriodType, type PakshiYamaType } from "./pancha-pakshi-type.js";

/** POST /pancha-pakshi costs 2 (the spec); the root does all the work, so it carries the price. */
export const PANCHA_PAKSHI_CREDITS = 2;

/** panchaPakshi's arguments, validated (errors name the argument); also run before pricing by prevalidate.ts. */
export function panchaPakshiArgsFrom(given: CivilArgs & {
  datetime: string; birthNakshatra?: number | null; isShuklaPaksha?: boolean | null;
  options?: ConventionsInput | null;
}): { moment: Moment; place: Place; conv: Conventions; birth: BirthQuery | null; civil: CivilEcho | null } {
  // A local datetime with timezone or place: the same resolution as REST (docs/places-and-time.md).
  const { args, civil } = civilArgsFrom(given, ["datetime"]);
  const moment = momentFromDateTime("datetime", args.datetime);
  if (args.latitude == null) throw badUserInput("latitude", "latitude is required unless place is given");
  if (args.longitude == null) throw badUserInput("longitude", "longitude is required unless place is given");
  const place = { latDeg: checkRange("latitude", args.latitude, -90, 90, "°"), lonDeg: checkRange("longitude", args.longitude, -180, 180, "°") };
  const n = args.birthNakshatra;
  if (n !== null && n !== undefined && (!Number.isInteger(n) || n < 1 || n > 27)) {
    throw badUserInput("birthNakshatra", `birthNakshatra must be an integer from 1 (Ashwini) to 27 (Revati), got ${n}`);
  }
  const birth = n === null || n === undefined ? null : { nakshatra: n, shukla: args.isShuklaPaksha ?? true };
  return { moment, place, conv: conventionsFrom(args.options), birth, civil };
}

const sub = (c: Clock, s: PakshiSubPeriod): PakshiSubPeriodType =>
  ({ bird: s.bird, activity: s.activity, start: isoOfJd(c, s.startJd)!, end: isoOfJd(c, s.endJd)! });

const yama = (c: Clock, y: PakshiYama): PakshiYamaType => ({
  part: y.half, yama: y.yama, start: isoOfJd(c, y.startJd)!, end: isoOfJd(c, y.endJd)!, rulingBird: y.rulingBird,
  activities: BIRDS.map((bird) => ({ bird, activity: y.activities[bird] })),
  subPeriods: y.subPeriods.map((s) => sub(c, s)),
});

/** The names legend, English (rewritten per language at the boundary); built once. */
const PAKSHI_NAMES = Object.freeze({
  birds: Object.entries(PAKSHI_BIRDS.rows).map(([key, r]) => Object.freeze({ key, name: r.en })),
  activities: Object.entries(PAKSHI_ACTIVITIES.rows).map(([key, r]) => Object.freeze({ key, name: r.en })),
});

@Resolver(() => PanchaPakshiType)
export class PanchaPakshiResolver {
  @Query(() => PanchaPakshiType, {
    description: "Pancha Pakshi of the Hindu day containing `datetime`: the five day and five night yamas with their sub-periods, " +
      "the bird and activity at the moment and, with birthNakshatra, the birth bird's periods and best windows. Times in the datetime's offset.",
  })
  @Cost(PANCHA_PAKSHI_CREDITS)
  panchaPakshi(
    @Arg("datetime", { description: "ISO 8601 datetime with offset, or local time with timezone or place." }) datetime: string,
    @Arg("latitude", () => Float, { nullable: true, description: "Required unless place is given." }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "Required unless place is given." }) longitude: number | null,
    @Arg("birthNakshatra", () => Int, { nullable: true, description: "Birth nakshatra 1 (Ashwini) – 27 (Revati)." }) birthNakshatra: number | null,
    @Arg("isShuklaPaksha", () => Boolean, { nullable: true, description: "Born in shukla paksha (default true); used with birthNakshatra." })
    isShuklaPaksha: boolean | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ARG }) placeId?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
  ): PanchaPakshiType {
    const { moment, place, conv, birth, civil } = panchaPakshiArgsFrom({
      datetime, latitude, longitude, birthNakshatra, isShuklaPaksha, options, timezone, place: placeId, fold,
    });
    const d = forField("datetime", () => panchaPakshiAtMoment(moment.instant.jdUt, place, conv, birth));
    const c = fixedClock(moment.offsetMinutes);
    const b = d.birth;
    const mine = b && d.now ? b.periods.find((p) => p.yama === d.now!.yama) : undefined;
    const mineNow = mine?.subPeriods.find((s) => moment.instant.jdUt >= s.startJd && moment.instant.jdUt < s.endJd) ?? mine?.subPeriods.at(-1);
    return {
      datetime: moment.iso, latitude: place.latDeg, longitude: place.lonDeg, civilTime: civil, names: PAKSHI_NAMES,
      sunrise: isoOfJd(c, d.sunriseJdUt), sunset: isoOfJd(c, d.sunsetJdUt), nextSunrise: isoOfJd(c, d.nextSunriseJdUt),
      varaNumber: d.varaNumber, paksha: d.paksha, tithiNumber: d.tithiNumber,
      day: d.day.map((y) => yama(c, y)), night: d.night.map((y) => yama(c, y)),
      now: d.now ? {
        part: d.now.yama.half, yama: d.now.yama.yama, rulingBird: d.now.yama.rulingBird, bird: d.now.sub.bird, activity: d.now.sub.activity,
        start: isoOfJd(c, d.now.sub.startJd)!, end: isoOfJd(c, d.now.sub.endJd)!,
      } : null,
      birth: b ? {
        nakshatra: b.nakshatra, paksha: b.paksha, bird: b.bird,
        friends: b.friends ? [...b.friends] : null, enemies: b.enemies ? [...b.enemies] : null,
        activityNow: mine?.activity ?? null, subPeriodNow: mineNow ? sub(c, mineNow) : null,
        periods: b.periods.map((p) => ({
          part: p.yama.half, yama: p.yama.yama, start: isoOfJd(c, p.yama.startJd)!, end: isoOfJd(c, p.yama.endJd)!,
          activity: p.activity, subPeriods: p.subPeriods.map((s) => sub(c, s)),
        })),
        bestWindows: b.bestWindows.map((w) => ({
          part: w.yama.half, yama: w.yama.yama, start: isoOfJd(c, w.sub.startJd)!, end: isoOfJd(c, w.sub.endJd)!,
          activity: w.activity, subBird: w.sub.bird, subActivity: w.sub.activity,
        })),
        bestRule: BEST_RULE,
      } : null,
      polarReason: d.polarReason,
      conventions: conv,
    };
  }
}
