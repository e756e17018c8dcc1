import { frameContaining, panchangaFromSunrise, POLAR_REASON, type SunriseDayHead } from "../panchanga/panchanga-day.js";
import type { Paksha } from "../tables/tithis.js";
import { varaOfSunrise } from "../tables/varas.js";
import type { Conventions, Place } from "../types.js";
import {
  ACTIVITY_CYCLE, FIRST_YAMA, SUB_BIRD_ORDER, SUB_PERIOD_GHATIKAS, birthBird, shuklaRelations,
  type Activity, type Bird, type Half,
} from "./pakshi-tables.js";

/** One sub-period of a yama: a bird and the activity it carries, Julian days UT. */
export interface PakshiSubPeriod {
  readonly bird: Bird;
  readonly activity: Activity;
  readonly startJd: number;
  readonly endJd: number;
}

/** One of the five day or five night yamas. */
export interface PakshiYama {
  readonly half: Half;
  /** 1..5 within the day (sunrise→sunset) or the night (sunset→next sunrise). */
  readonly yama: number;
  readonly startJd: number;
  readonly endJd: number;
  /** Each bird's activity for the whole yama. */
  readonly activities: Readonly<Record<Bird, Activity>>;
  /** The bird whose yama activity is ruling. */
  readonly rulingBird: Bird;
  /** The sub-periods in the ruling bird's order (it rules the first). */
  readonly subPeriods: readonly PakshiSubPeriod[];
}

export interface PakshiBirth {
  readonly nakshatra: number;
  readonly paksha: Paksha;
  readonly bird: Bird;
  /** Null for a krishna birth: the source gives relations for shukla births only. */
  readonly friends: readonly Bird[] | null;
  readonly enemies: readonly Bird[] | null;
  /** The birth bird's own sub-periods, yama by yama (day then night). */
  readonly periods: readonly { readonly yama: PakshiYama; readonly activity: Activity; readonly subPeriods: readonly PakshiSubPeriod[] }[];
  /** Its sub-periods where both its yama activity and the sub-period's activity are ruling or eating (BEST_RULE). */
  readonly bestWindows: readonly { readonly yama: PakshiYama; readonly activity: Activity; readonly sub: PakshiSubPeriod }[];
}

export interface PanchaPakshiDay extends SunriseDayHead {
  /** Of the tithi at the day's sunrise (the day's tithi); null without a sunrise. */
  readonly paksha: Paksha | null;
  readonly tithiNumber: number | null;
  readonly day: readonly PakshiYama[];
  readonly night: readonly PakshiYama[];
  /** The yama and ruling-order sub-period holding the moment; null where polar. */
  readonly now: { readonly yama: PakshiYama; readonly sub: PakshiSubPeriod } | null;
  readonly birth: PakshiBirth | null;
}

export const BEST_RULE =
  "the birth bird's own sub-periods in which its yama activity and the sub-period's activity are both ruling or eating " +
  "(the two strongest of the five; Pancha Pakshi Shastra: act when one's bird rules or eats, never when it sleeps or dies)";

const GHATIKAS_PER_YAMA = 6;

/** The ring of sub-birds starting from `first`. */
function ringFrom(order: readonly Bird[], first: Bird): Bird[] {
  const i = order.indexOf(first);
  return [...order.slice(i), ...order.slice(0, i)];
}

/** Sub-periods of a yama seen from `first`: the birds in SUB_BIRD_ORDER, each with its own yama activity, lengths by SUB_PERIOD_GHATIKAS. */
function subPeriods(startJd: number, endJd: number, activities: Readonly<Record<Bird, Activity>>, order: readonly Bird[], first: Bird): PakshiSubPeriod[] {
  const len = (endJd - startJd) / GHATIKAS_PER_YAMA;
  let t = startJd;
  return ringFrom(order, first).map((bird, i, all) => {
    const activity = activities[bird];
    const end = i === all.length - 1 ? endJd : t + SUB_PERIOD_GHATIKAS[activity] * len;
    const s = { bird, activity, startJd: t, endJd: end };
    t = end;
    return s;
  });
}

/** The five yamas of a day or a night: equal fifths of [startJd, endJd]. */
export function yamas(half: Half, startJd: number, endJd: number, paksha: Paksha, weekdayIndex: number): PakshiYama[] {
  const cycle = ACTIVITY_CYCLE[paksha][half];
  const first = FIRST_YAMA[paksha][half][weekdayIndex]!;
  const order = SUB_BIRD_ORDER[paksha][half];
  // Shared boundaries, so each yama starts exactly where the one before ends.
  const edges = [0, 1, 2, 3, 4].map((k) => startJd + (k * (endJd - startJd)) / 5).concat(endJd);
  return Array.from({ length: 5 }, (_, k) => {
    const activities = Object.fromEntries(
      order.map((b) => [b, cycle[(cycle.indexOf(first[b]) + k) % 5]!]),
    ) as Record<Bird, Activity>;
    const rulingBird = order.find((b) => activities[b] === "ruling")!;
    const s = edges[k]!;
    const e = edges[k + 1]!;
    return { half, yama: k + 1, startJd: s, endJd: e, activities, rulingBird, subPeriods: subPeriods(s, e, activities, order, rulingBird) };
  });
}

const GOOD: readonly Activity[] = ["ruling", "eating"];

/** The birth bird's periods and best windows over the given yamas. */
export function birthAnalysis(nakshatra: number, paksha: Paksha, dayPaksha: Paksha, all: readonly PakshiYama[]): PakshiBirth {
  const bird = birthBird(nakshatra, paksha);
  const rel = paksha === "shukla" ? shuklaRelations(bird) : null;
  const periods = all.map((y) => ({
    yama: y,
    activity: y.activities[bird],
    subPeriods: subPeriods(y.startJd, y.endJd, y.activities, SUB_BIRD_ORDER[dayPaksha][y.half], bird),
  }));
  const bestWindows = periods.flatMap((p) =>
    GOOD.includes(p.activity) ? p.subPeriods.filter((s) => GOOD.includes(s.activity)).map((sub) => ({ yama: p.yama, activity: p.activity, sub })) : []);
  return { nakshatra, paksha, bird, friends: rel?.friends ?? null, enemies: rel?.enemies ?? null, periods, bestWindows };
}

/** The birth part of a request: nakshatra 1–27 and the birth paksha (shukla unless said). */
export interface BirthQuery {
  readonly nakshatra: number;
  readonly shukla: boolean;
}

/**
 * Pancha Pakshi of the Hindu day (sunrise ≤ jdUt < next sunrise) containing the moment: the
 * weekday by the sunrise, the paksha by the tithi at sunrise (the panchanga's own), five day and
 * five night yamas, the sub-period holding the moment and, with a birth nakshatra, the birth
 * bird's periods. Sunrise and sunset are the panchanga's (frameContaining). Without a sunrise,
 * sunset and next sunrise (polar) the lists are empty and `polarReason` says why; the birth
 * bird is still given.
 */
export function panchaPakshiAtMoment(jdUt: number, place: Place, conv: Conventions, birth: BirthQuery | null): PanchaPakshiDay {
  const f = frameContaining(jdUt, place, conv);
  const birthPaksha: Paksha | null = birth ? (birth.shukla ? "shukla" : "krishna") : null;
  if (f.sunriseJdUt === null || f.sunsetJdUt === null || f.nextSunriseJdUt === null) {
    const b = birth ? birthAnalysis(birth.nakshatra, birthPaksha!, birthPaksha!, []) : null;
    return {
      sunriseJdUt: f.sunriseJdUt, sunsetJdUt: f.sunsetJdUt, nextSunriseJdUt: f.nextSunriseJdUt,
      varaNumber: f.sunriseJdUt === null ? null : varaOfSunrise(f.sunriseJdUt, place.lonDeg),
      paksha: null, tithiNumber: null, day: [], night: [], now: null, birth: b, polarReason: POLAR_REASON,
    };
  }
  const vara = varaOfSunrise(f.sunriseJdUt, place.lonDeg);
  const tithi = panchangaFromSunrise(f.sunriseJdUt, place, conv, { moonEvents: false, windows: false }).tithi;
  const paksha = tithi.paksha!;
  const day = yamas("day", f.sunriseJdUt, f.sunsetJdUt, paksha, vara - 1);
  const night = yamas("night", f.sunsetJdUt, f.nextSunriseJdUt, paksha, vara - 1);
  const all = [...day, ...night];
  const yama = all.find((y) => jdUt >= y.startJd && jdUt < y.endJd) ?? all[all.length - 1]!;
  const sub = yama.subPeriods.find((s) => jdUt >= s.startJd && jdUt < s.endJd) ?? yama.subPeriods[yama.subPeriods.length - 1]!;
  return {
    sunriseJdUt: f.sunriseJdUt, sunsetJdUt: f.sunsetJdUt, nextSunriseJdUt: f.nextSunriseJdUt,
    varaNumber: vara, paksha, tithiNumber: tithi.number, day, night, now: { yama, sub },
    birth: birth ? birthAnalysis(birth.nakshatra, birthPaksha!, paksha, all) : null,
    polarReason: null,
  };
}
