/**
 * Sunrise, sunset, moonrise and moonset against an explicit horizon (docs/architecture.md §3 "Rise and set").
 *
 * A rise is the moment the body's centre reaches a target altitude while climbing:
 *  - upper_limb  (default): upper limb on the horizon with refraction → centre at −(R + s);
 *  - disc_center: centre on the horizon with refraction → centre at −R;
 *  - hindu: centre on the geocentric horizon, no refraction, the Sun taken on the ecliptic
 *    (as the reference's SE_BIT_HINDU_RISING) → geocentric centre at 0.
 * R = 0.5598874331123389°, the refraction at the horizon for 1013.25 hPa and 15 °C (the value the
 * reference Swiss Ephemeris data use); s = the body's semi-diameter at that moment. The first two
 * are topocentric (parallax from the observer's place on the IERS ellipsoid; Place.heightM lifts
 * the observer but the horizon stays the astronomical one, with no dip, as in the reference data);
 * astronomy-engine's stock SearchRiseSet is not used because it assumes a 34′ horizon and runs
 * 2–3 s early.
 *
 * Method. The body's apparent geocentric right ascension, declination and distance (true equator
 * and equinox of date, from astronomy-engine) are smooth, so they are sampled on a fixed grid of
 * Julian days (daily for the Sun, twice a day for the Moon; memoized, so the searches of one day
 * and of consecutive days share samples) and interpolated (Lagrange, 4 and 6 points): the altitude
 * at any moment is then a few trigonometric operations, and a function of the moment alone. The
 * time axis is cut at the body's meridian transits (hour angle 0 and 180°), between which the
 * altitude is monotone, and each piece whose ends straddle the target altitude is solved with
 * Brent's method (junction.ts). Because pieces and altitudes do not depend on where a search
 * starts, an event has one time however it is reached: the sunrise that ends one Hindu day is
 * bit-for-bit the sunrise that begins the next.
 *
 * astronomy-engine's Sun is up to ~2″ off (truncated VSOP87), harmless where the Sun crosses the
 * horizon briskly but worth seconds where it grazes it (high latitudes near polar day or night).
 * Where the altitude changes slower than 6″/s at a sunrise or sunset, or a transit passes within
 * 11″ of the target altitude, that piece is solved again with the Sun's direction corrected by the
 * full-series position (positions.ts); the correction is constant to far below 0.01″ over a day.
 *
 * Polar day and night simply give no crossing: results are null, nothing throws.
 */
import type { Conventions, Place, SunriseConvention } from "../types.js";
import { instantFromJdUt } from "../time/instant.js";
import { Astronomy } from "./astronomy.js";
import { trueAyanamshaDeg, trueObliquityDeg } from "./ayanamsha.js";
import { findRoot } from "./junction.js";
import { grahaPosition } from "./positions.js";
import { earthRotationAngleDeg } from "./sidereal-time.js";

/** Refraction at the horizon, degrees: 1013.25 hPa, 15 °C (the reference's horizon value). */
export const HORIZON_REFRACTION_DEG = 0.5598874331123389;
/** Solar radius, km (C. W. Allen, Astrophysical Quantities, 4th ed.: 696 000 km). */
const SUN_RADIUS_KM = 696_000;
/** Mean lunar radius, km (IAU WG on Cartographic Coordinates, 2009). */
const MOON_RADIUS_KM = 1737.4;
/** Astronomical unit, km (IAU 2012 Resolution B2). */
const KM_PER_AU = 149_597_870.7;
/** Earth's equatorial radius (km) and flattening (IERS Conventions 2010, Table 1.2). */
const EARTH_RADIUS_KM = 6378.1366;
const EARTH_FLATTENING = 1 / 298.25642;

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;
const J2000 = 2451545.0;
/** Sidereal rotation of the Earth, degrees per solar day. */
const SIDEREAL_RATE_DEG_PER_DAY = 360.98564736629;
/** Root tolerance: 2e-7 day ≈ 0.017 s. */
const TOL_DAYS = 2e-7;
/** Transit times only bound pieces; rounding them (to 1e-6 day) makes the pieces canonical. */
const TRANSIT_ROUNDING_PER_DAY = 1e6;
/** A transit is at most ~0.52 day from any moment (the Moon's day is 24 h 50 min). */
const TRANSIT_REACH_DAYS = 0.6;
/** Upper bound of |dδ/dt| of the Sun, degrees/day (ε·2π/365.25 with the perihelion speed-up). */
const SUN_MAX_DEC_RATE_DEG_PER_DAY = 0.45;
/** Below this altitude rate (degrees/day; 6″/s) a 2″ position error would move the event by > 0.3 s. */
const SLOW_ALTITUDE_RATE_DEG_PER_DAY = (6 / 3600) * 86_400;
/** A transit this close to the target altitude (degrees; 11″) may hide a grazing rise and set. */
const GRAZING_MARGIN_DEG = 11 / 3600;

type RiseSetBody = "sun" | "moon";

interface BodySample {
  readonly jdUt: number;
  /** Right ascension minus (GAST − ERA), degrees [0, 360): hour angle = ERA + longitude − this. */
  readonly raFromEraDeg: number;
  readonly decDeg: number;
  readonly distAu: number;
}

/**
 * Apparent geocentric place of the body at jdUt, true equator and equinox of date. With
 * eclipticLatitudeZero (the hindu convention) the Sun is moved onto the ecliptic first.
 */
function sampleBody(body: RiseSetBody, jdUt: number, eclipticLatitudeZero: boolean): BodySample {
  const time = Astronomy.MakeTime(jdUt - J2000);
  let x: number;
  let y: number;
  let z: number;
  if (body === "sun") {
    // Apparent ecliptic place of date (the cheaper path: ~12 µs), turned equatorial by the true obliquity.
    const ecl = Astronomy.SunPosition(time);
    const r = ecl.vec.Length();
    const lon = ecl.elon * DEG;
    const lat = eclipticLatitudeZero ? 0 : ecl.elat * DEG;
    const eps = Astronomy.e_tilt(time).tobl * DEG;
    const ye = r * Math.cos(lat) * Math.sin(lon);
    const ze = r * Math.sin(lat);
    x = r * Math.cos(lat) * Math.cos(lon);
    y = ye * Math.cos(eps) - ze * Math.sin(eps);
    z = ye * Math.sin(eps) + ze * Math.cos(eps);
  } else {
    const v = Astronomy.RotateVector(Astronomy.Rotation_EQJ_EQD(time), Astronomy.GeoMoon(time));
    x = v.x;
    y = v.y;
    z = v.z;
  }
  const rxy = Math.hypot(x, y);
  const gastMinusEra = Astronomy.SiderealTime(time) * 15 - earthRotationAngleDeg(jdUt);
  return {
    jdUt,
    raFromEraDeg: norm360(Math.atan2(y, x) * RAD - gastMinusEra),
    decDeg: Math.atan2(z, rxy) * RAD,
    distAu: Math.hypot(rxy, z),
  };
}

/** Grid spacing (days) and interpolation points per body. */
const GRID: Readonly<Record<RiseSetBody, { readonly stepDays: number; readonly points: number }>> = {
  sun: { stepDays: 1, points: 4 },
  moon: { stepDays: 0.5, points: 6 },
};

/**
 * Samples depend only on the moment, not the place, so the several searches of one day (and of
 * consecutive days), and every place's calendar of the same year, share them through this memo.
 * Only a cache: results are the same without it. 24,576 samples ≈ 40 years of daily Sun samples
 * or a mix with the Moon's (≈ 150 bytes each with the map entry, ≈ 3.7 MB); the oldest go first.
 */
const sampleCache = new Map<number, BodySample>();
const SAMPLE_CACHE_LIMIT = 24_576;

function gridSample(body: RiseSetBody, eclipticLatitudeZero: boolean, index: number): BodySample {
  const key = index * 4 + (body === "moon" ? 2 : eclipticLatitudeZero ? 1 : 0);
  let sample = sampleCache.get(key);
  if (sample === undefined) {
    if (sampleCache.size >= SAMPLE_CACHE_LIMIT) sampleCache.delete(sampleCache.keys().next().value!);
    sample = sampleBody(body, index * GRID[body].stepDays, eclipticLatitudeZero);
    sampleCache.set(key, sample);
  }
  return sample;
}

/**
 * The body's place at any moment of [fromJd, toJd], interpolated through the grid points around
 * that moment only (so the value depends on the moment, not on the span the track covers).
 */
class BodyTrack {
  private readonly step: number;
  private readonly points: number;
  private readonly firstIndex: number;
  private readonly samples: BodySample[] = [];
  /** Constant corrections (degrees) added to the interpolated right ascension and declination. */
  raOffsetDeg = 0;
  decOffsetDeg = 0;

  constructor(body: RiseSetBody, eclipticLatitudeZero: boolean, fromJd: number, toJd: number) {
    const { stepDays, points } = GRID[body];
    this.step = stepDays;
    this.points = points;
    const lead = points / 2 - 1; // grid points before the interval holding the moment
    this.firstIndex = Math.floor(fromJd / stepDays) - lead;
    const lastIndex = Math.floor(toJd / stepDays) + points / 2;
    for (let i = this.firstIndex; i <= lastIndex; i++) this.samples.push(gridSample(body, eclipticLatitudeZero, i));
  }

  /** Mean rate of (ra − (GAST − ERA)) over the track, degrees/day (a guide for Newton steps). */
  raRateDegPerDay(): number {
    let total = 0;
    for (let i = 1; i < this.samples.length; i++) {
      total += wrap180(this.samples[i]!.raFromEraDeg - this.samples[i - 1]!.raFromEraDeg);
    }
    return total / (this.step * (this.samples.length - 1));
  }

  /** Writes ra, dec, dist at jdUt into out (no allocation in the root-finding loop). */
  at(jdUt: number, out: { ra: number; dec: number; dist: number }): void {
    const first = Math.floor(jdUt / this.step) - (this.points / 2 - 1) - this.firstIndex;
    const s0 = this.samples[first]!;
    const x = (jdUt - s0.jdUt) / this.step;
    let ra = 0;
    let dec = 0;
    let dist = 0;
    for (let i = 0; i < this.points; i++) {
      let w = 1;
      for (let j = 0; j < this.points; j++) if (j !== i) w *= (x - j) / (i - j);
      const s = this.samples[first + i]!;
      // Unwrap across 0/360° relative to the first point of this stencil.
      ra += w * (s0.raFromEraDeg + wrap180(s.raFromEraDeg - s0.raFromEraDeg));
      dec += w * s.decDeg;
      dist += w * s.distAu;
    }
    out.ra = ra + this.raOffsetDeg;
    out.dec = dec + this.decOffsetDeg;
    out.dist = dist;
  }
}

function norm360(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}

function wrap180(deg: number): number {
  return ((((deg + 180) % 360) + 360) % 360) - 180;
}

/** What a crossing means for one body and convention. */
interface Horizon {
  readonly topocentric: boolean;
  readonly refractionDeg: number;
  /** 1: the upper limb touches; 0: the centre. */
  readonly limb: 0 | 1;
  readonly radiusKm: number;
  /** Ignore the body's ecliptic latitude (the hindu convention). */
  readonly eclipticLatitudeZero: boolean;
}

function sunHorizon(convention: SunriseConvention): Horizon {
  const sun = { radiusKm: SUN_RADIUS_KM };
  switch (convention) {
    case "upper_limb":
      return { ...sun, topocentric: true, refractionDeg: HORIZON_REFRACTION_DEG, limb: 1, eclipticLatitudeZero: false };
    case "disc_center":
      return { ...sun, topocentric: true, refractionDeg: HORIZON_REFRACTION_DEG, limb: 0, eclipticLatitudeZero: false };
    case "hindu":
      return { ...sun, topocentric: false, refractionDeg: 0, limb: 0, eclipticLatitudeZero: true };
  }
}

const MOON_HORIZON: Horizon = {
  topocentric: true,
  refractionDeg: HORIZON_REFRACTION_DEG,
  limb: 1,
  radiusKm: MOON_RADIUS_KM,
  eclipticLatitudeZero: false,
};

/** Observer on the ellipsoid: geocentric components (AU) in the meridian plane. */
function observerVector(place: Place): { rhoCosAu: number; rhoSinAu: number } {
  const lat = place.latDeg * DEG;
  const hKm = (place.heightM ?? 0) / 1000;
  const b2a2 = (1 - EARTH_FLATTENING) ** 2;
  const c = 1 / Math.sqrt(Math.cos(lat) ** 2 + b2a2 * Math.sin(lat) ** 2);
  return {
    rhoCosAu: ((EARTH_RADIUS_KM * c + hKm) * Math.cos(lat)) / KM_PER_AU,
    rhoSinAu: ((EARTH_RADIUS_KM * c * b2a2 + hKm) * Math.sin(lat)) / KM_PER_AU,
  };
}

interface WindowEvents {
  rises: number[];
  sets: number[];
}

/** Supplies a constant direction correction for the track near a moment (the full-series Sun). */
type Correction = (jdUt: number) => { raOffsetDeg: number; decOffsetDeg: number };

/**
 * All crossings in [a, b) from a track covering [a − TRANSIT_REACH_DAYS, b + TRANSIT_REACH_DAYS].
 * Pieces run from transit to transit (hour angle ≡ 0 or 180°), whatever a and b are, so a crossing
 * is found from the same bracket by every search that meets it.
 */
function crossingsInWindow(
  track: BodyTrack,
  a: number,
  b: number,
  place: Place,
  horizon: Horizon,
  correction?: Correction,
): WindowEvents {
  const sinLat = Math.sin(place.latDeg * DEG);
  const cosLat = Math.cos(place.latDeg * DEG);
  const obs = observerVector(place);
  const s = { ra: 0, dec: 0, dist: 0 };
  const hourAngleDeg = (jd: number): number => {
    track.at(jd, s);
    return earthRotationAngleDeg(jd) + place.lonDeg - s.ra;
  };
  // Altitude of the centre minus its target altitude, degrees (uses s filled by hourAngleDeg).
  const f = (jd: number): number => {
    const h = hourAngleDeg(jd) * DEG;
    const dec = s.dec * DEG;
    const x = s.dist * Math.cos(dec) * Math.cos(h);
    const z = s.dist * Math.sin(dec);
    if (!horizon.topocentric) return Math.asin((x * cosLat + z * sinLat) / s.dist) * RAD;
    const y = s.dist * Math.cos(dec) * Math.sin(h);
    const tx = x - obs.rhoCosAu;
    const tz = z - obs.rhoSinAu;
    const r = Math.sqrt(tx * tx + y * y + tz * tz);
    const altDeg = Math.asin((tx * cosLat + tz * sinLat) / r) * RAD;
    const semiDiameterDeg = horizon.limb ? Math.asin(horizon.radiusKm / KM_PER_AU / r) * RAD : 0;
    return altDeg + semiDiameterDeg + horizon.refractionDeg;
  };

  // Transits from the last one at or before a to the first one at or after b.
  const rate = SIDEREAL_RATE_DEG_PER_DAY - track.raRateDegPerDay();
  const hA = hourAngleDeg(a);
  const transits: number[] = [];
  for (let target = Math.floor(hA / 180) * 180; ; target += 180) {
    let t = a + (target - hA) / rate;
    for (let i = 0; i < 8; i++) {
      // Unwrap the hour angle around its linear prediction, then take a Newton step.
      const predicted = hA + rate * (t - a);
      const dt = (target - (predicted + wrap180(hourAngleDeg(t) - predicted))) / rate;
      t += dt;
      if (Math.abs(dt) < 1e-10) break;
    }
    transits.push(Math.round(t * TRANSIT_ROUNDING_PER_DAY) / TRANSIT_ROUNDING_PER_DAY);
    if (t >= b) break;
  }

  const out: WindowEvents = { rises: [], sets: [] };
  let fLo = f(transits[0]!);
  for (let i = 1; i < transits.length; i++) {
    const lo = transits[i - 1]!;
    const hi = transits[i]!;
    const fHi = f(hi);
    // Skip a piece cut by the window when its crossing certainly lies outside (only a shortcut:
    // a crossing that is solved is always solved on the whole piece).
    if ((lo < a && Math.sign(f(a)) === Math.sign(fHi)) || (hi > b && Math.sign(f(b)) === Math.sign(fLo))) {
      fLo = fHi;
      continue;
    }
    let crossing = solvePiece(f, lo, hi, fLo, fHi);
    const sensitive =
      crossing === null
        ? Math.min(Math.abs(fLo), Math.abs(fHi)) < GRAZING_MARGIN_DEG
        : Math.abs(slope(f, crossing.jd)) < SLOW_ALTITUDE_RATE_DEG_PER_DAY;
    if (sensitive && correction) {
      // Solve this piece again with the corrected direction, taken at a moment fixed by the piece.
      const c = correction(crossing?.jd ?? (Math.abs(fLo) < Math.abs(fHi) ? lo : hi));
      track.raOffsetDeg = c.raOffsetDeg;
      track.decOffsetDeg = c.decOffsetDeg;
      crossing = solvePiece(f, lo, hi, f(lo), f(hi));
      track.raOffsetDeg = 0;
      track.decOffsetDeg = 0;
    }
    if (crossing !== null && crossing.jd >= a && crossing.jd < b) (crossing.rising ? out.rises : out.sets).push(crossing.jd);
    fLo = fHi;
  }
  return out;
}

/** The crossing inside a monotone piece, or null when its ends do not straddle the target. */
function solvePiece(
  f: (jd: number) => number,
  lo: number,
  hi: number,
  fLo: number,
  fHi: number,
): { jd: number; rising: boolean } | null {
  const rising = fLo < 0 && fHi >= 0;
  if (!rising && !(fLo >= 0 && fHi < 0)) return null;
  return { jd: findRoot(f, lo, hi, TOL_DAYS, fLo, fHi), rising };
}

function slope(f: (jd: number) => number, jd: number): number {
  const dt = 1e-4;
  return (f(jd + dt) - f(jd - dt)) / (2 * dt);
}

/**
 * Walks one-day windows from startJd in direction dir until visit returns true or limitDays
 * (finite) pass.
 */
function walkWindows(
  body: RiseSetBody,
  eclipticLatitudeZero: boolean,
  startJd: number,
  limitDays: number,
  dir: 1 | -1,
  visit: (a: number, b: number, track: BodyTrack) => boolean,
  skipDays?: (sample: BodySample) => number,
): void {
  // A non-finite start or span (bad input) finds nothing rather than looping for ever.
  if (!Number.isFinite(startJd) || !Number.isFinite(limitDays) || limitDays <= 0) return;
  const step = GRID[body].stepDays;
  let covered = 0;
  while (covered < limitDays) {
    const near = startJd + dir * covered;
    if (skipDays) {
      const skip = Math.min(skipDays(gridSample(body, eclipticLatitudeZero, Math.round(near / step))), limitDays - covered);
      if (skip >= 1) {
        covered += Math.floor(skip);
        continue;
      }
    }
    const span = Math.min(1, limitDays - covered);
    const a = Math.min(near, near + dir * span);
    const b = Math.max(near, near + dir * span);
    const track = new BodyTrack(body, eclipticLatitudeZero, a - TRANSIT_REACH_DAYS, b + TRANSIT_REACH_DAYS);
    if (visit(a, b, track)) return;
    covered += span;
  }
}

/**
 * Whole days the Sun certainly cannot cross the horizon (polar night or day), judged from its
 * declination at a grid sample and how fast that can change; 0 when a crossing is possible soon.
 */
function sunSkipDays(place: Place, horizon: Horizon): (s: BodySample) => number {
  return (s) => {
    const targetDeg = -(horizon.refractionDeg + (horizon.limb ? 0.28 : 0)); // generous semi-diameter
    const maxAltDeg = 90 - Math.abs(place.latDeg - s.decDeg);
    const minAltDeg = Math.abs(place.latDeg + s.decDeg) - 90;
    const marginDeg = Math.max(targetDeg - maxAltDeg, minAltDeg - targetDeg) - 0.1; // 0.1°: parallax etc.
    // Less a day: the sample may lie up to half a day from the window's start.
    return marginDeg > 0 ? marginDeg / SUN_MAX_DEC_RATE_DEG_PER_DAY - 1 : 0;
  };
}

function sunWalk(
  startJd: number,
  place: Place,
  conv: Conventions,
  limitDays: number,
  dir: 1 | -1,
  visit: (events: WindowEvents, a: number, b: number) => boolean,
): void {
  const horizon = sunHorizon(conv.sunrise);
  const correction: Correction = (jdUt) => {
    // Taken at the nearest hundredth of a day, so every search of this event uses the same one.
    const at = Math.round(jdUt * 100) / 100;
    const full = fullSeriesSunEquatorial(at, conv, horizon.eclipticLatitudeZero);
    const fast = sampleBody("sun", at, horizon.eclipticLatitudeZero);
    return {
      raOffsetDeg: wrap180(full.raDeg - (fast.raFromEraDeg + gastMinusEraDeg(at))),
      decOffsetDeg: full.decDeg - fast.decDeg,
    };
  };
  walkWindows(
    "sun",
    horizon.eclipticLatitudeZero,
    startJd,
    limitDays,
    dir,
    (a, b, track) => visit(crossingsInWindow(track, a, b, place, horizon, correction), a, b),
    sunSkipDays(place, horizon),
  );
}

function gastMinusEraDeg(jdUt: number): number {
  return Astronomy.SiderealTime(Astronomy.MakeTime(jdUt - J2000)) * 15 - earthRotationAngleDeg(jdUt);
}

/** The Sun's apparent right ascension and declination (true equator and equinox of date) from the full series. */
function fullSeriesSunEquatorial(
  jdUt: number,
  conv: Conventions,
  eclipticLatitudeZero: boolean,
): { raDeg: number; decDeg: number } {
  const instant = instantFromJdUt(jdUt);
  const sun = grahaPosition("sun", instant, conv);
  // Sidereal + true ayanamsha = longitude on the true ecliptic and equinox of date.
  const lon = (sun.lonSidDeg + trueAyanamshaDeg(instant.jdTt, conv.ayanamsha)) * DEG;
  const lat = eclipticLatitudeZero ? 0 : sun.latDeg * DEG;
  const eps = trueObliquityDeg(instant.jdTt) * DEG;
  const x = Math.cos(lat) * Math.cos(lon);
  const y = Math.cos(lat) * Math.sin(lon) * Math.cos(eps) - Math.sin(lat) * Math.sin(eps);
  const z = Math.cos(lat) * Math.sin(lon) * Math.sin(eps) + Math.sin(lat) * Math.cos(eps);
  return { raDeg: Math.atan2(y, x) * RAD, decDeg: Math.atan2(z, Math.hypot(x, y)) * RAD };
}

/** First sunrise and first sunset in [fromJdUt, fromJdUt + spanDays), null where none (polar day/night). */
export function sunEventsInWindow(
  fromJdUt: number,
  place: Place,
  conv: Conventions,
  spanDays = 1,
): { sunriseJdUt: number | null; sunsetJdUt: number | null } {
  let sunriseJdUt: number | null = null;
  let sunsetJdUt: number | null = null;
  sunWalk(fromJdUt, place, conv, spanDays, 1, (ev) => {
    sunriseJdUt ??= ev.rises[0] ?? null;
    sunsetJdUt ??= ev.sets[0] ?? null;
    return sunriseJdUt !== null && sunsetJdUt !== null;
  });
  return { sunriseJdUt, sunsetJdUt };
}

/**
 * Every sunrise and sunset in [fromJdUt, toJdUt), in order (a year's calendar walks them in one
 * pass: one window per day instead of a search per day). The crossings are the same instants
 * sunEventsInWindow finds: each is solved on its whole transit-to-transit piece.
 */
export function sunEventsBetween(
  fromJdUt: number,
  toJdUt: number,
  place: Place,
  conv: Conventions,
): { rises: number[]; sets: number[] } {
  const rises: number[] = [];
  const sets: number[] = [];
  sunWalk(fromJdUt, place, conv, toJdUt - fromJdUt, 1, (ev) => {
    rises.push(...ev.rises);
    sets.push(...ev.sets);
    return false;
  });
  return { rises, sets };
}

/** Default search horizon for the next/previous event: a polar night lasts up to ~6 months. */
const DEFAULT_LIMIT_DAYS = 366;

/** First sunrise at or after afterJdUt within limitDays, or null. */
export function nextSunrise(afterJdUt: number, place: Place, conv: Conventions, limitDays = DEFAULT_LIMIT_DAYS): number | null {
  let found: number | null = null;
  sunWalk(afterJdUt, place, conv, limitDays, 1, (ev) => {
    found = ev.rises[0] ?? null;
    return found !== null;
  });
  return found;
}

/** Last sunrise before beforeJdUt within limitDays, or null. */
export function previousSunrise(beforeJdUt: number, place: Place, conv: Conventions, limitDays = DEFAULT_LIMIT_DAYS): number | null {
  let found: number | null = null;
  sunWalk(beforeJdUt, place, conv, limitDays, -1, (ev) => {
    found = ev.rises[ev.rises.length - 1] ?? null;
    return found !== null;
  });
  return found;
}

/** First sunset at or after afterJdUt within limitDays, or null. */
export function nextSunset(afterJdUt: number, place: Place, conv: Conventions, limitDays = DEFAULT_LIMIT_DAYS): number | null {
  let found: number | null = null;
  sunWalk(afterJdUt, place, conv, limitDays, 1, (ev) => {
    found = ev.sets[0] ?? null;
    return found !== null;
  });
  return found;
}

/** Moonrise/moonset (upper limb, refraction, topocentric parallax) in the window, null where none. */
export function moonEventsInWindow(
  fromJdUt: number,
  place: Place,
  spanDays = 1,
): { moonriseJdUt: number | null; moonsetJdUt: number | null } {
  let moonriseJdUt: number | null = null;
  let moonsetJdUt: number | null = null;
  walkWindows("moon", false, fromJdUt, spanDays, 1, (a, b, track) => {
    const ev = crossingsInWindow(track, a, b, place, MOON_HORIZON);
    moonriseJdUt ??= ev.rises[0] ?? null;
    moonsetJdUt ??= ev.sets[0] ?? null;
    return moonriseJdUt !== null && moonsetJdUt !== null;
  });
  return { moonriseJdUt, moonsetJdUt };
}
