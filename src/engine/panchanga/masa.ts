import { siderealLongitudeDeg } from "../astro/positions.js";
import { MASAS, masaOfSunRashiAtNewMoon } from "../tables/masas.js";
import { rashiOf } from "../tables/rashis.js";
import { SAMVATSARAS, SAMVATSARA_CONVENTION, samvatsaraOfShakaYear } from "../tables/samvatsaras.js";
import type { Conventions, MonthConvention } from "../types.js";
import type { LunisolarSeries } from "./lunisolar-series.js";
import { unixMsFromJd } from "../time/julian.js";

/** Mean synodic month, days (Meeus, Astronomical Algorithms ch. 49). */
const SYNODIC_MONTH_DAYS = 29.530588861;
const MEAN_ELONGATION_RATE = 360 / SYNODIC_MONTH_DAYS;

export interface NewMoon {
  readonly jdUt: number;
  /** Sidereal rashi (1..12) of the Sun at the new moon. */
  readonly sunRashi: number;
}

const wrap180 = (d: number) => d - 360 * Math.round(d / 360);
/** How near (degrees) a rashi boundary the Sun at a new moon must be for us to solve it exactly. */
const SANKRANTI_GUARD_DEG = 0.02;

function exactElongationDeg(jd: number, conv: Conventions): number {
  return siderealLongitudeDeg("moon", jd, conv) - siderealLongitudeDeg("sun", jd, conv);
}

/** Secant iteration on an elongation function to its zero nearest `guessJd` (within a few days). */
function secantZero(elongationDeg: (jd: number) => number, guessJd: number, tolDays: number): number {
  let t0 = guessJd;
  let f0 = wrap180(elongationDeg(t0));
  let t1 = t0 - f0 / MEAN_ELONGATION_RATE;
  for (let i = 0; i < 20; i++) {
    const f1 = wrap180(elongationDeg(t1));
    const rate = f1 === f0 ? MEAN_ELONGATION_RATE : (f1 - f0) / (t1 - t0);
    const t2 = t1 - f1 / (rate > 9 && rate < 16 ? rate : MEAN_ELONGATION_RATE);
    t0 = t1;
    f0 = f1;
    t1 = t2;
    if (Math.abs(t1 - t0) < tolDays) break;
  }
  return t1;
}

/**
 * The new moon (Moon − Sun = 0) nearest to `guessJd` (within a few days of it). Located on the
 * series' far model (≈ 20″ of elongation, well under a minute of time), which is all the month
 * name needs: the Sun's rashi at that moment (far model, ≈ 0.01°). Only when the Sun sits
 * within 0.02° (≈ 30 min of its motion) of a rashi boundary are the new moon and the Sun
 * solved on the exact longitudes.
 */
export function newMoonNear(guessJd: number, series: LunisolarSeries): NewMoon {
  const conv = series.conv;
  let jd = secantZero((t) => series.farElongationDeg(t), guessJd, 1e-5);
  let sunDeg = series.farSunDeg(jd);
  const toBoundary = Math.abs(wrap180(sunDeg - 30 * Math.round(sunDeg / 30)));
  if (toBoundary < SANKRANTI_GUARD_DEG) {
    jd = secantZero((t) => exactElongationDeg(t, conv), jd, 1e-6);
    sunDeg = siderealLongitudeDeg("sun", jd, conv);
  }
  return { jdUt: jd, sunRashi: rashiOf(sunDeg) };
}

/** The amanta month containing `jd`: its opening and closing new moons. */
export function amantaMonthAt(jd: number, elongationAtJdDeg: number, series: LunisolarSeries): { start: NewMoon; end: NewMoon } {
  const e = ((elongationAtJdDeg % 360) + 360) % 360;
  let start = newMoonNear(jd - e / MEAN_ELONGATION_RATE, series);
  if (start.jdUt > jd) start = newMoonNear(start.jdUt - SYNODIC_MONTH_DAYS, series);
  let end = newMoonNear(start.jdUt + SYNODIC_MONTH_DAYS, series);
  if (end.jdUt <= jd) {
    start = end;
    end = newMoonNear(start.jdUt + SYNODIC_MONTH_DAYS, series);
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
  /** The amanta month (new moon to new moon) containing the moment, Julian days UT (to about a minute). */
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
 * end at the full moon: their Krishna paksha carries the name of the following amanta month,
 * their Shukla paksha the same name as amanta.
 *
 * The adhika flag, in both reckonings, belongs to the amanta lunation containing the moment:
 * an adhika month always runs new moon to new moon, and in purnimanta it sits between the two
 * halves of its nija month — nija X krishna, adhika X shukla, adhika X krishna, nija X shukla
 * (Adhika Shravana 2023, New Delhi: 18 July – 16 August; 10 July was nija Shravana krishna,
 * 5 August adhika Shravana krishna — Drik Panchang). The krishna paksha before an adhika
 * lunation therefore takes the following month's name but not its flag, and the krishna paksha
 * of the adhika lunation keeps both (the following amanta month has the same name).
 */
export function lunarYearAt(jd: number, elongationAtJdDeg: number, series: LunisolarSeries): LunarYearInfo {
  const conv = series.conv;
  const { start, end } = amantaMonthAt(jd, elongationAtJdDeg, series);
  const amantaNumber = masaOfSunRashiAtNewMoon(start.sunRashi);
  const amantaAdhika = start.sunRashi === end.sunRashi;
  let number = amantaNumber;
  const isAdhika = amantaAdhika;
  const krishna = (((elongationAtJdDeg % 360) + 360) % 360) >= 180;
  if (conv.month === "purnimanta" && krishna) number = masaOfSunRashiAtNewMoon(end.sunRashi);
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
