import { siderealLongitudeDeg } from "../astro/positions.js";
import { MASAS, masaOfSunRashiAtNewMoon } from "../tables/masas.js";
import { rashiOf } from "../tables/rashis.js";
import { SAMVATSARAS, SAMVATSARA_CONVENTION, samvatsaraOfShakaYear } from "../tables/samvatsaras.js";
import type { Conventions, MonthConvention } from "../types.js";
import { unixMsFromJd } from "../time/julian.js";

/** Mean synodic month, days (Meeus, Astronomical Algorithms ch. 49). */
const SYNODIC_MONTH_DAYS = 29.530588861;
const MEAN_ELONGATION_RATE = 360 / SYNODIC_MONTH_DAYS;

export interface NewMoon {
  readonly jdUt: number;
  /** Sidereal rashi (1..12) of the Sun at the new moon. */
  readonly sunRashi: number;
}

function elongationDeg(jd: number, conv: Conventions): number {
  return siderealLongitudeDeg("moon", jd, conv) - siderealLongitudeDeg("sun", jd, conv);
}
const wrap180 = (d: number) => d - 360 * Math.round(d / 360);

/**
 * The new moon (Moon − Sun = 0) nearest to `guessJd` (which must be within a few days of
 * it): secant iteration on the exact elongation to 1e-6 day (0.1 s). The elongation is
 * continuous through 0 within ±14 days, so the iteration never meets the wrap.
 */
export function newMoonNear(guessJd: number, conv: Conventions): NewMoon {
  let t0 = guessJd;
  let f0 = wrap180(elongationDeg(t0, conv));
  let t1 = t0 - f0 / MEAN_ELONGATION_RATE;
  for (let i = 0; i < 20; i++) {
    const f1 = wrap180(elongationDeg(t1, conv));
    const rate = f1 === f0 ? MEAN_ELONGATION_RATE : (f1 - f0) / (t1 - t0);
    const t2 = t1 - f1 / (rate > 9 && rate < 16 ? rate : MEAN_ELONGATION_RATE);
    t0 = t1;
    f0 = f1;
    t1 = t2;
    if (Math.abs(t1 - t0) < 1e-6) break;
  }
  return { jdUt: t1, sunRashi: rashiOf(siderealLongitudeDeg("sun", t1, conv)) };
}

/** The amanta month containing `jd`: its opening and closing new moons. */
export function amantaMonthAt(jd: number, elongationAtJdDeg: number, conv: Conventions): { start: NewMoon; end: NewMoon } {
  const e = ((elongationAtJdDeg % 360) + 360) % 360;
  let start = newMoonNear(jd - e / MEAN_ELONGATION_RATE, conv);
  if (start.jdUt > jd) start = newMoonNear(start.jdUt - SYNODIC_MONTH_DAYS, conv);
  let end = newMoonNear(start.jdUt + SYNODIC_MONTH_DAYS, conv);
  if (end.jdUt <= jd) {
    start = end;
    end = newMoonNear(start.jdUt + SYNODIC_MONTH_DAYS, conv);
  }
  return { start, end };
}

export interface MasaInfo {
  readonly number: number;
  readonly name: string;
  /** The reckoning the name follows (Conventions.month). */
  readonly system: MonthConvention;
  /** A lunar month in which the Sun changes no rashi. */
  readonly isAdhika: boolean;
  /** The amanta month (new moon to new moon) containing the moment, Julian days UT. */
  readonly amantaStartJd: number;
  readonly amantaEndJd: number;
}

export interface SamvatsaraInfo {
  readonly number: number;
  readonly name: string;
  readonly convention: typeof SAMVATSARA_CONVENTION;
  readonly shakaYear: number;
  /** Vikram Samvat (Chaitradi) = Shaka + 135. */
  readonly vikramYear: number;
}

export interface LunarYearInfo {
  readonly masa: MasaInfo;
  /** Amanta masa number (1..12), what ritu follows whichever month system is chosen. */
  readonly amantaMasaNumber: number;
  readonly samvatsara: SamvatsaraInfo;
}

/**
 * Masa and samvatsara of a moment (tables/masas.ts for the naming rule). Purnimanta months
 * end at the full moon: their Krishna paksha carries the name of the following amanta month
 * (and its adhika flag), their Shukla paksha the same name as amanta.
 */
export function lunarYearAt(jd: number, elongationAtJdDeg: number, conv: Conventions): LunarYearInfo {
  const { start, end } = amantaMonthAt(jd, elongationAtJdDeg, conv);
  const amantaNumber = masaOfSunRashiAtNewMoon(start.sunRashi);
  const amantaAdhika = start.sunRashi === end.sunRashi;
  let number = amantaNumber;
  let isAdhika = amantaAdhika;
  const krishna = (((elongationAtJdDeg % 360) + 360) % 360) >= 180;
  if (conv.month === "purnimanta" && krishna) {
    const after = newMoonNear(end.jdUt + SYNODIC_MONTH_DAYS, conv);
    number = masaOfSunRashiAtNewMoon(end.sunRashi);
    isAdhika = end.sunRashi === after.sunRashi;
  }
  // The lunar year opens with Chaitra (adhika Chaitra if there is one): count back to it.
  const chaitraStartApproxJd = start.jdUt - (amantaNumber - 1) * SYNODIC_MONTH_DAYS;
  const gregorianYear = new Date(unixMsFromJd(chaitraStartApproxJd)).getUTCFullYear();
  const shakaYear = gregorianYear - 78;
  const samvatsaraNumber = samvatsaraOfShakaYear(shakaYear);
  return {
    masa: {
      number,
      name: MASAS[number - 1]!.name,
      system: conv.month,
      isAdhika,
      amantaStartJd: start.jdUt,
      amantaEndJd: end.jdUt,
    },
    amantaMasaNumber: amantaNumber,
    samvatsara: {
      number: samvatsaraNumber,
      name: SAMVATSARAS[samvatsaraNumber - 1]!,
      convention: SAMVATSARA_CONVENTION,
      shakaYear,
      vikramYear: shakaYear + 135,
    },
  };
}
