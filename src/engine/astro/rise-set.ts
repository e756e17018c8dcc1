/**
 * Sunrise, sunset, moonrise and moonset against an explicit horizon (DESIGN.md §3 "Rise and set").
 *
 * A rise is the moment the body's centre reaches a target altitude while climbing:
 *  - upper_limb  (default): upper limb on the horizon with refraction → centre at −(R + s);
 *  - disc_center: centre on the horizon with refraction → centre at −R;
 *  - hindu: centre on the geocentric horizon, no refraction → geocentric centre at 0.
 * R = 0.5598874331123389°, the refraction at the horizon for 1013.25 hPa and 15 °C (the value the
 * reference Swiss Ephemeris data use); s = the body's semi-diameter at that moment. The first two
 * are topocentric (parallax from the observer's place on the IERS ellipsoid; Place.heightM lifts
 * the observer but the horizon stays the astronomical one, with no dip, as in the reference data);
 * astronomy-engine's stock SearchRiseSet is not used because it assumes a 34′ horizon and runs
 * 2–3 s early.
 *
 * Method. Over a window of at most one day the body's apparent geocentric right ascension,
 * declination and distance (true equator and equinox of date, from astronomy-engine) are smooth,
 * so they are sampled on a fixed grid (every 12 h for the Sun, 6 h for the Moon; memoized, so the
 * searches of one day share samples) and interpolated (Lagrange); the altitude at any moment is then a
 * few trigonometric operations. The window is cut at the body's meridian transits (hour angle 0
 * and 180°), between which altitude is monotone; each piece whose ends straddle the target is
 * refined with Brent's method (junction.ts). Interpolation error: < 0.01″ for the Sun, < 0.1″ for
 * the Moon.
 *
 * astronomy-engine's Sun is up to ~2″ off (truncated VSOP87), harmless where the Sun crosses the
 * horizon briskly but worth seconds where it grazes it (high latitudes near polar day or night).
 * Where the altitude changes slower than 6″/s at a sunrise or sunset, the window is solved again
 * with the Sun's direction corrected by the full-series position (positions.ts) at that moment;
 * the correction is constant to far below 0.01″ over a day.
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
/** Upper bound of |dδ/dt| of the Sun, degrees/day (ε·2π/365.25 with the perihelion speed-up). */
const SUN_MAX_DEC_RATE_DEG_PER_DAY = 0.45;

type RiseSetBody = "sun" | "moon";

interface BodySample {
  readonly jdUt: number;
  /** Right ascension minus (GAST − ERA), degrees: hour angle = ERA + longitude − this. */
  readonly raFromEraDeg: number;
  readonly decDeg: number;
  readonly distAu: number;
}

/**
 * Apparent geocentric place of the body at jdUt, true equator and equinox of date. With
 * eclipticLatitudeZero (the hindu convention, as the reference's SE_BIT_GEOCTR_NO_ECL_LAT) the Sun
 * is moved onto the ecliptic first.
 */
function sampleBody(body: RiseSetBody, jdUt: number, eclipticLatitudeZero = false): BodySample {
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
    const xe = r * Math.cos(lat) * Math.cos(lon);
    const ye = r * Math.cos(lat) * Math.sin(lon);
    const ze = r * Math.sin(lat);
    x = xe;
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
    raFromEraDeg: Math.atan2(y, x) * RAD - gastMinusEra,
    decDeg: Math.atan2(z, rxy) * RAD,
    distAu: Math.hypot(rxy, z),
  };
}

/** Lagrange interpolation of (ra, dec, dist) through equally spaced samples. */
class BodyTrack {
  private readonly t0: number;
  private readonly step: number;
  private readonly ra: number[];
  private readonly dec: number[];
  private readonly dist: number[];
  /** Mean rate of (ra − (GAST − ERA)), degrees/day. */
  readonly raRateDegPerDay: number;

  constructor(samples: readonly BodySample[]) {
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    this.t0 = first.jdUt;
    this.step = (last.jdUt - first.jdUt) / (samples.length - 1);
    // Unwrap RA across 0/360 relative to the first sample.
    this.ra = samples.map((s) => first.raFromEraDeg + wrap180(s.raFromEraDeg - first.raFromEraDeg));
    this.dec = samples.map((s) => s.decDeg);
    this.dist = samples.map((s) => s.distAu);
    this.raRateDegPerDay = (this.ra[this.ra.length - 1]! - this.ra[0]!) / (last.jdUt - first.jdUt);
  }

  /** Constant corrections (degrees) added to the interpolated right ascension and declination. */
  raOffsetDeg = 0;
  decOffsetDeg = 0;

  /** Writes ra, dec, dist at jdUt into out (no allocation in the root-finding loop). */
  at(jdUt: number, out: { ra: number; dec: number; dist: number }): void {
    const x = (jdUt - this.t0) / this.step;
    const n = this.ra.length;
    let ra = 0;
    let dec = 0;
    let dist = 0;
    for (let i = 0; i < n; i++) {
      let w = 1;
      for (let j = 0; j < n; j++) if (j !== i) w *= (x - j) / (i - j);
      ra += w * this.ra[i]!;
      dec += w * this.dec[i]!;
      dist += w * this.dist[i]!;
    }
    out.ra = ra + this.raOffsetDeg;
    out.dec = dec + this.decOffsetDeg;
    out.dist = dist;
  }
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
  switch (convention) {
    case "upper_limb":
      return { topocentric: true, refractionDeg: HORIZON_REFRACTION_DEG, limb: 1, radiusKm: SUN_RADIUS_KM, eclipticLatitudeZero: false };
    case "disc_center":
      return { topocentric: true, refractionDeg: HORIZON_REFRACTION_DEG, limb: 0, radiusKm: SUN_RADIUS_KM, eclipticLatitudeZero: false };
    case "hindu":
      return { topocentric: false, refractionDeg: 0, limb: 0, radiusKm: SUN_RADIUS_KM, eclipticLatitudeZero: true };
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
  /** Events at which the altitude changes slower than SLOW_ALTITUDE_RATE (sensitive to position errors). */
  slow: number[];
}

/** Below this altitude rate (degrees/day; 6″/s) a 2″ position error would move the event by > 0.3 s. */
const SLOW_ALTITUDE_RATE_DEG_PER_DAY = (6 / 3600) * 86_400;

/**
 * All crossings of one body in [a, b) (b − a ≤ ~1 day) from a track covering [a, b].
 * Altitude is monotone between meridian transits, so the window is cut there.
 */
function crossingsInWindow(track: BodyTrack, a: number, b: number, place: Place, horizon: Horizon): WindowEvents {
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
    if (!horizon.topocentric) {
      return Math.asin((x * cosLat + z * sinLat) / s.dist) * RAD;
    }
    const y = s.dist * Math.cos(dec) * Math.sin(h);
    const tx = x - obs.rhoCosAu;
    const tz = z - obs.rhoSinAu;
    const r = Math.sqrt(tx * tx + y * y + tz * tz);
    const altDeg = Math.asin((tx * cosLat + tz * sinLat) / r) * RAD;
    const semiDiameterDeg = horizon.limb ? Math.asin(horizon.radiusKm / KM_PER_AU / r) * RAD : 0;
    return altDeg + semiDiameterDeg + horizon.refractionDeg;
  };

  // Cut points: a, every transit (hour angle ≡ 0 or 180°) inside (a, b), b.
  const cuts = [a];
  const rateDegPerDay = SIDEREAL_RATE_DEG_PER_DAY - track.raRateDegPerDay;
  const h0 = hourAngleDeg(a);
  let target = Math.floor(h0 / 180) * 180 + 180; // next multiple of 180° above h0
  for (;;) {
    let t = a + (target - h0) / rateDegPerDay;
    if (t >= b + 0.01) break;
    for (let i = 0; i < 2; i++) {
      // Unwrap the hour angle around its linear prediction, then take a Newton step.
      const predicted = h0 + rateDegPerDay * (t - a);
      const unwrapped = predicted + wrap180(hourAngleDeg(t) - predicted);
      t += (target - unwrapped) / rateDegPerDay;
    }
    if (t > a && t < b) cuts.push(t);
    target += 180;
  }
  cuts.push(b);

  const out: WindowEvents = { rises: [], sets: [], slow: [] };
  let fPrev = f(a);
  for (let i = 1; i < cuts.length; i++) {
    const lo = cuts[i - 1]!;
    const hi = cuts[i]!;
    const fHi = f(hi);
    if ((fPrev < 0 && fHi >= 0) || (fPrev >= 0 && fHi < 0)) {
      const jd = findRoot(f, lo, hi, TOL_DAYS, fPrev, fHi);
      if (jd < b) {
        (fPrev < 0 ? out.rises : out.sets).push(jd);
        const dt = 1e-4;
        if (Math.abs(f(jd + dt) - f(jd - dt)) / (2 * dt) < SLOW_ALTITUDE_RATE_DEG_PER_DAY) out.slow.push(jd);
      }
    }
    fPrev = fHi;
  }
  return out;
}

/** Samples sit on a fixed grid of Julian days, so the windows of different calls share them. */
const GRID_STEP_DAYS: Readonly<Record<RiseSetBody, number>> = { sun: 0.5, moon: 0.25 };
/**
 * Geocentric samples depend only on the moment, so the several rise/set searches of one day (and
 * of consecutive days) share them through this memo. Only a cache: results are the same without it.
 */
const sampleCache = new Map<number, BodySample>();
const SAMPLE_CACHE_LIMIT = 2048;

function gridSample(body: RiseSetBody, eclipticLatitudeZero: boolean, index: number): BodySample {
  const key = index * 4 + (body === "moon" ? 2 : eclipticLatitudeZero ? 1 : 0);
  let sample = sampleCache.get(key);
  if (sample === undefined) {
    if (sampleCache.size >= SAMPLE_CACHE_LIMIT) sampleCache.clear();
    sample = sampleBody(body, index * GRID_STEP_DAYS[body], eclipticLatitudeZero);
    sampleCache.set(key, sample);
  }
  return sample;
}

/**
 * Walks one-day windows from startJd in direction dir until visit returns true or limitDays
 * (finite) pass. Each window is interpolated through the grid samples covering it: 3–4 for the
 * Sun (every 12 h), 5–6 for the fast Moon (every 6 h).
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
  const step = GRID_STEP_DAYS[body];
  const minNodes = body === "sun" ? 3 : 5;
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
    const far = near + dir * span;
    const a = Math.min(near, far);
    const b = Math.max(near, far);
    const i0 = Math.floor(a / step);
    const i1 = Math.max(Math.ceil(b / step), i0 + minNodes - 1);
    const samples: BodySample[] = [];
    for (let i = i0; i <= i1; i++) samples.push(gridSample(body, eclipticLatitudeZero, i));
    if (visit(a, b, new BodyTrack(samples))) return;
    covered += span;
  }
}

/**
 * Whole days the Sun certainly cannot cross the horizon (polar night or day), judged from its
 * declination now and how fast that can change; 0 when a crossing is possible within a day.
 */
function sunSkipDays(place: Place, horizon: Horizon): (s: BodySample) => number {
  return (s) => {
    const targetDeg = -(horizon.refractionDeg + (horizon.limb ? 0.28 : 0)); // generous semi-diameter
    const maxAltDeg = 90 - Math.abs(place.latDeg - s.decDeg);
    const minAltDeg = Math.abs(place.latDeg + s.decDeg) - 90;
    const marginDeg = Math.max(targetDeg - maxAltDeg, minAltDeg - targetDeg) - 0.1; // 0.1°: parallax etc.
    // Less half a day: the sample may lie up to a quarter of a day from the window's start.
    return marginDeg > 0 ? marginDeg / SUN_MAX_DEC_RATE_DEG_PER_DAY - 0.5 : 0;
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
  walkWindows(
    "sun",
    horizon.eclipticLatitudeZero,
    startJd,
    limitDays,
    dir,
    (a, b, track) => {
      let events = crossingsInWindow(track, a, b, place, horizon);
      const slowJd = events.slow[0];
      if (slowJd !== undefined) {
        const full = fullSeriesSunEquatorial(slowJd, conv, horizon.eclipticLatitudeZero);
        const fast = sampleBody("sun", slowJd, horizon.eclipticLatitudeZero);
        track.raOffsetDeg = wrap180(full.raDeg - (fast.raFromEraDeg + gastMinusEraDeg(slowJd)));
        track.decOffsetDeg = full.decDeg - fast.decDeg;
        events = crossingsInWindow(track, a, b, place, horizon);
      }
      return visit(events, a, b);
    },
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
  sunWalk(beforeJdUt, place, conv, limitDays, -1, (ev, _a, b) => {
    const rises = ev.rises.filter((jd) => jd < b);
    found = rises[rises.length - 1] ?? null;
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
