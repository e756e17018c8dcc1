import { Arg, Ctx, Float, ID, Int, Query, Resolver } from "type-graphql";
import { civilArgsFrom, type CivilArgs, type CivilEcho } from "../common/civil-input.js";
import { FOLD_ARG, PLACE_ONLY_ARG, TIMEZONE_ARG, ZONE_PLACE_ARG } from "../common/civil-time-type.js";
import { aspectHits, ASPECT_NAMES, MONTHLY_ASPECT_GRAHAS, type AspectHit } from "../../engine/scans/aspect-hits.js";
import { crossings } from "../../engine/scans/crossings.js";
import { longitudeFn } from "../../engine/scans/graha-motion.js";
import { ingresses, stations, type Ingress } from "../../engine/scans/ingresses.js";
import { lunarAspects, type LunarAspect } from "../../engine/scans/lunar-aspects.js";
import { RASHIS, norm360 } from "../../engine/tables/rashis.js";
import { jdFromUnixMs } from "../../engine/time/julian.js";
import { GRAHAS, type Conventions, type Graha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { GrahaEnum } from "../common/enums.js";
import { engineTask } from "../common/engine-task.js";
import type { GraphQLContext } from "../context.js";
import { badUserInput, checkRange } from "../common/input-errors.js";
import { momentFromDateTime } from "../common/moment.js";
import { clockFromTz, fixedClock, isoOfJd, localMidnightUnixMs, UTC_NOTE, type Clock } from "../panchanga/time-zone.js";
import { placeClock } from "../calendar/time-zone-of-place.js";
import { MONTHLY_ASPECT_ORB_DEG, SCAN_CREDITS, SCAN_RANGE_CAP_DAYS } from "./scan-limits.js";
import { AspectHitType, IngressType, StationType, SubLordChangeType, TimeScanType } from "./scan-types.js";

/**
 * Time scans (docs/architecture.md §3): KP sub-lord changes and ingresses over a caller's range,
 * the monthly transits and aspects, the Moon's aspects over days. Every time is exact (root
 * finding on brackets, src/engine/scans/crossings.ts); the range caps keep a call's work bounded.
 */
const signName = (n: number): string => RASHIS[n - 1]!.name;
const TZ_ARG = "IANA zone or ±HH:MM for the month and the times; overrides the place's zone. Neither: UTC.";
const COORD_ARG = "The place (with the other coordinate): the month and the times are in its zone, found offline from the coordinates.";

/** The KP family defaults to the Krishnamurti ayanamsha; an explicit `ayanamsha` wins. */
export function kpConventions(options: ConventionsInput | null | undefined): Conventions {
  return conventionsFrom({ ...(options ?? {}), ayanamsha: options?.ayanamsha ?? "krishnamurti" });
}

export interface RangeArgs extends CivilArgs { planet: Graha; start: string; end: string; options?: ConventionsInput | null }
interface Range {
  planet: Graha; startJd: number; endJd: number; clock: Clock; conv: Conventions; startIso: string; endIso: string; civil: CivilEcho | null;
}

/** Validated arguments of the KP range scans (also run before pricing by prevalidate.ts). */
export function kpRangeArgsFrom(given: RangeArgs): Range {
  // Local start/end with timezone or place: the same resolution as REST (docs/places-and-time.md).
  const { args: a, civil } = civilArgsFrom(given, ["start", "end"]);
  if (!(GRAHAS as readonly string[]).includes(a.planet)) throw badUserInput("planet", `unknown planet ${a.planet}`);
  const s = momentFromDateTime("start", a.start);
  const e = momentFromDateTime("end", a.end);
  const days = (e.instant.unixMs - s.instant.unixMs) / 86_400_000;
  if (!(days > 0)) throw badUserInput("end", "end must be after start");
  const cap = a.planet === "moon" ? SCAN_RANGE_CAP_DAYS.moon : SCAN_RANGE_CAP_DAYS.other;
  if (days > cap) throw badUserInput("end", `range too long: at most ${cap} days for ${a.planet} (got ${days.toFixed(2)})`);
  return {
    planet: a.planet, startJd: s.instant.jdUt, endJd: e.instant.jdUt, clock: fixedClock(s.offsetMinutes),
    conv: kpConventions(a.options), startIso: s.iso, endIso: e.iso, civil,
  };
}

export interface MonthArgs {
  year: number; month: number; tz?: string | null; latitude?: number | null; longitude?: number | null; options?: ConventionsInput | null;
  /** A place id: its coordinates and zone (as REST's `place`). */
  place?: string | null;
}
interface Month { startJd: number; endJd: number; clock: Clock; conv: Conventions; source: TimeZoneSource }
/** Where a month's zone came from: the caller's tz, the place's coordinates (offline lookup), or neither (UTC). */
type TimeZoneSource = "tz" | "coordinates" | "utc";

/**
 * The month's zone, as the calendars choose it: the caller's `tz`, else the place's own zone from
 * its coordinates (so Delhi's March and New York's March are their own months), else UTC.
 */
function monthClock(a: MonthArgs): { clock: Clock; source: TimeZoneSource } {
  const lat = a.latitude ?? null;
  const lon = a.longitude ?? null;
  if ((lat === null) !== (lon === null)) throw badUserInput(lat === null ? "latitude" : "longitude", "give latitude and longitude together");
  if (lat !== null && lon !== null) {
    checkRange("latitude", lat, -90, 90, "°");
    checkRange("longitude", lon, -180, 180, "°");
    if (!a.tz) return placeClock(lat, lon, null);
  }
  if (a.tz) return { clock: clockFromTz("tz", a.tz), source: "tz" };
  return { clock: fixedClock(0, UTC_NOTE), source: "utc" };
}

/** A calendar month in the caller's zone, else the place's, else UTC; also run by prevalidate.ts. */
export function monthArgsFrom(given: MonthArgs): Month {
  const { args: a } = civilArgsFrom(given, [], "tz");
  checkRange("year", a.year, 1900, 2100);
  checkRange("month", a.month, 1, 12);
  const { clock, source } = monthClock(a);
  const s = localMidnightUnixMs(clock, a.year, a.month, 1);
  const e = localMidnightUnixMs(clock, a.month === 12 ? a.year + 1 : a.year, a.month === 12 ? 1 : a.month + 1, 1);
  return { startJd: jdFromUnixMs(s), endJd: jdFromUnixMs(e), clock, conv: conventionsFrom(a.options), source };
}

export interface LunarArgs extends CivilArgs { datetime: string; days: number; options?: ConventionsInput | null }
export function lunarArgsFrom(given: LunarArgs): { startJd: number; endJd: number; clock: Clock; conv: Conventions; iso: string; civil: CivilEcho | null } {
  const { args: a, civil } = civilArgsFrom(given, ["datetime"]);
  const m = momentFromDateTime("datetime", a.datetime);
  checkRange("days", a.days, 1, 31);
  return { startJd: m.instant.jdUt, endJd: m.instant.jdUt + a.days, clock: fixedClock(m.offsetMinutes), conv: conventionsFrom(a.options), iso: m.iso, civil };
}

function scan(
  startJd: number, endJd: number, clock: Clock, conv: Conventions, timeZoneSource: string | null = null, civil: CivilEcho | null = null,
): TimeScanType {
  return {
    start: isoOfJd(clock, startJd)!, end: isoOfJd(clock, endJd)!, timeZone: clock.label, timeZoneSource, conventions: conv,
    subLordChanges: null, ingresses: null, stations: null, aspects: null, civilTime: civil,
  };
}

function ingressOut(i: Ingress, clock: Clock): IngressType {
  return {
    planet: i.graha, datetime: isoOfJd(clock, i.jdUt)!, julianDayUt: i.jdUt, fromSign: i.fromSign, toSign: i.toSign,
    fromSignName: signName(i.fromSign), toSignName: signName(i.toSign), speed: i.speedDegPerDay, retrograde: i.speedDegPerDay < 0,
  };
}

/**
 * When the pair's orb from the hit's angle last came within `orb` before the hit and first
 * leaves it after: crossings of angle ± orb by the signed separation in a window around the
 * hit (the time to move 2·orb at the hit's rate, at most 40 days each way).
 */
function orbProfile(h: AspectHit, conv: Conventions, orb: number, clock: Clock): { enters: string | null; leaves: string | null } {
  const la = longitudeFn(h.a, conv);
  const lb = longitudeFn(h.b, conv);
  const sep = (jd: number): number => norm360(la(jd) - lb(jd));
  const d0 = norm360(h.lonA - h.lonB);
  const targets = [norm360(d0 - orb), norm360(d0 + orb)];
  const w = Math.min(40, (2 * orb) / Math.max(Math.abs(h.speedDegPerDay), 1e-3));
  const moon = h.a === "moon" || h.b === "moon";
  const opts = { pieceDays: moon ? 1 : 5, turnStepDays: moon ? null : 1 };
  const before = crossings(sep, targets, h.jdUt - w, h.jdUt, opts);
  const after = crossings(sep, targets, h.jdUt + 1e-5, h.jdUt + w, opts);
  return { enters: isoOfJd(clock, before.at(-1)?.jd ?? null), leaves: isoOfJd(clock, after[0]?.jd ?? null) };
}

function aspectOut(h: AspectHit | LunarAspect, clock: Clock, profile: { enters: string | null; leaves: string | null } | null): AspectHitType {
  const folded = Math.abs(((((h.lonA - h.lonB) % 360) + 540) % 360) - 180);
  const moonSign = "moonSign" in h ? h.moonSign : null;
  return {
    planetA: h.a, planetB: h.b, aspect: ASPECT_NAMES[h.angle], angle: h.angle, datetime: isoOfJd(clock, h.jdUt)!, julianDayUt: h.jdUt,
    longitudeA: h.lonA, longitudeB: h.lonB, orb: Math.abs(folded - h.angle), relativeSpeed: h.speedDegPerDay,
    entersOrb: profile?.enters ?? null, leavesOrb: profile?.leaves ?? null,
    moonSign, moonSignName: moonSign === null ? null : signName(moonSign),
  };
}

const PlanetArg = () => GrahaEnum;

@Resolver(() => TimeScanType)
export class ScansResolver {
  @Cost(SCAN_CREDITS.subLordChanges)
  @Query(() => TimeScanType, {
    description:
      `KP sub-lord changes of a planet between start and end (exact instants). Krishnamurti ayanamsha unless options say otherwise. ` +
      `Range at most ${SCAN_RANGE_CAP_DAYS.moon} days for the Moon, ${SCAN_RANGE_CAP_DAYS.other} for the others.`,
  })
  async kpSubLordChanges(
    @Arg("planet", PlanetArg) planet: Graha,
    @Arg("start", { description: "ISO 8601 with UTC offset (or local time with timezone or place); times are echoed in this offset." }) start: string,
    @Arg("end") end: string,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: ZONE_PLACE_ARG }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
    @Ctx() ctx?: GraphQLContext,
  ): Promise<TimeScanType> {
    const r = kpRangeArgsFrom({ planet, start, end, options, timezone, place, fold });
    // Up to 366 days of root finding: an engine task, off the event loop (src/engine-pool).
    const changes = await engineTask(ctx, "subLordChanges", { graha: r.planet, startJdUt: r.startJd, endJdUt: r.endJd, conv: r.conv }, {});
    return {
      ...scan(r.startJd, r.endJd, r.clock, r.conv, null, r.civil),
      subLordChanges: changes.map((c) => ({
        datetime: isoOfJd(r.clock, c.jdUt)!, julianDayUt: c.jdUt, longitude: c.lonSidDeg, fromSubLord: c.fromSubLord,
        toSubLord: c.toSubLord, fromStarLord: c.fromStarLord, toStarLord: c.toStarLord, speed: c.speedDegPerDay,
      })),
    };
  }

  @Cost(SCAN_CREDITS.ingress)
  @Query(() => TimeScanType, { description: "Every rashi ingress of a planet in the range (retrograde re-entries included); same range caps as kpSubLordChanges." })
  async kpIngresses(
    @Arg("planet", PlanetArg) planet: Graha,
    @Arg("start") start: string,
    @Arg("end") end: string,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: ZONE_PLACE_ARG }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
    @Ctx() ctx?: GraphQLContext,
  ): Promise<TimeScanType> {
    const r = kpRangeArgsFrom({ planet, start, end, options, timezone, place, fold });
    const found = await engineTask(ctx, "ingresses", { graha: r.planet, startJdUt: r.startJd, endJdUt: r.endJd, conv: r.conv }, {});
    return { ...scan(r.startJd, r.endJd, r.clock, r.conv, null, r.civil), ingresses: found.map((i) => ingressOut(i, r.clock)) };
  }

  @Cost(SCAN_CREDITS.transitsMonthly)
  @Query(() => TimeScanType, { description: "Sidereal ingresses of the nine grahas and stations of Mercury … Saturn in a calendar month of the zone `tz` (UTC by default)." })
  transitsMonthly(
    @Arg("year", () => Int) year: number,
    @Arg("month", () => Int) month: number,
    @Arg("tz", () => String, { nullable: true, description: TZ_ARG }) tz: string | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("latitude", () => Float, { nullable: true, description: COORD_ARG }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: COORD_ARG }) longitude: number | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ONLY_ARG }) place?: string | null,
  ): TimeScanType {
    const m = monthArgsFrom({ year, month, tz, latitude, longitude, options, place });
    const ing = GRAHAS.flatMap((g) => ingresses(g, m.startJd, m.endJd, m.conv)).sort((a, b) => a.jdUt - b.jdUt);
    const st = (["mercury", "venus", "mars", "jupiter", "saturn"] as const)
      .flatMap((g) => stations(g, m.startJd, m.endJd, m.conv)).sort((a, b) => a.jdUt - b.jdUt);
    return {
      ...scan(m.startJd, m.endJd, m.clock, m.conv, m.source),
      ingresses: ing.map((i) => ingressOut(i, m.clock)),
      stations: st.map((s): StationType => {
        const sign = Math.floor(s.lonSidDeg / 30) + 1;
        return { planet: s.graha, kind: s.kind, datetime: isoOfJd(m.clock, s.jdUt)!, julianDayUt: s.jdUt, longitude: s.lonSidDeg, sign, signName: signName(sign) };
      }),
    };
  }

  @Cost(SCAN_CREDITS.aspectsMonthly)
  @Query(() => TimeScanType, {
    description:
      "Exact conjunctions, sextiles, squares, trines and oppositions between all pairs of Sun, Mercury, Venus, Mars, Jupiter, Saturn, " +
      `Rahu, Ketu (Rahu–Ketu excluded) in a calendar month, each with when the orb enters and leaves ${MONTHLY_ASPECT_ORB_DEG}°.`,
  })
  aspectsMonthly(
    @Arg("year", () => Int) year: number,
    @Arg("month", () => Int) month: number,
    @Arg("tz", () => String, { nullable: true, description: TZ_ARG }) tz: string | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("latitude", () => Float, { nullable: true, description: COORD_ARG }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: COORD_ARG }) longitude: number | null,
    @Arg("place", () => ID, { nullable: true, description: PLACE_ONLY_ARG }) place?: string | null,
  ): TimeScanType {
    const m = monthArgsFrom({ year, month, tz, latitude, longitude, options, place });
    return {
      ...scan(m.startJd, m.endJd, m.clock, m.conv, m.source),
      aspects: aspectHits(MONTHLY_ASPECT_GRAHAS, m.startJd, m.endJd, m.conv)
        .map((h) => aspectOut(h, m.clock, orbProfile(h, m.conv, MONTHLY_ASPECT_ORB_DEG, m.clock))),
    };
  }

  @Cost(SCAN_CREDITS.lunarAspects)
  @Query(() => TimeScanType, { description: "The Moon's exact aspects to the eight other grahas over `days` days from `datetime`, with the Moon's sign." })
  lunarAspects(
    @Arg("datetime", { description: "ISO 8601 with offset, or local time with timezone or place." }) datetime: string,
    @Arg("days", () => Int, { defaultValue: 7, description: "1–31." }) days: number,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: ZONE_PLACE_ARG }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
  ): TimeScanType {
    const l = lunarArgsFrom({ datetime, days, options, timezone, place, fold });
    return { ...scan(l.startJd, l.endJd, l.clock, l.conv, null, l.civil), aspects: lunarAspects(l.startJd, l.endJd, l.conv).map((h) => aspectOut(h, l.clock, null)) };
  }
}
