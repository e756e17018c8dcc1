/**
 * Sidereal apparent geocentric positions of the nine grahas (docs/architecture.md §3 "Positions",
 * "Planetary theory"):
 * - Sun … Saturn: full VSOP87B (vsop87-series.ts) for the planet and the Earth; the Moon:
 *   ELP/MPP02 (elp-mpp02.ts);
 * - then light time, solar light deflection, annual aberration, VSOP87 → FK5 and IAU 2006
 *   precession to the mean ecliptic of date (apparent.ts);
 * - sidereal longitude = mean-of-date apparent longitude − mean ayanamsha, which equals the
 *   true-of-date apparent longitude − true ayanamsha (nutation cancels).
 * Rahu is the mean node by default, the true (osculating) node with conv.node = "true"; Ketu is
 * Rahu + 180°. Speeds are rates of the sidereal longitude (deg/day) from analytic series
 * derivatives (the true node's from differences of Moon positions); a graha is retrograde
 * when its speed is negative (Rahu and Ketu normally are).
 * The series' thresholds trade 0.0x″ of accuracy for speed; measured against the Swiss
 * Ephemeris reference (DE431, 1900–2100): Sun 0.05″, Moon 0.14″, Mercury 0.08″, Venus 0.15″,
 * Mars 0.24″, Jupiter 0.42″, Saturn 0.33″, mean node 0.01″, true node 1″
 * (test/engine/positions.test.ts prints the current figures).
 */
import type { Conventions, Graha, Instant } from "../types.js";
import { GRAHAS } from "../types.js";
import { norm360 } from "../tables/rashis.js";
import { instantFromJdUt } from "../time/instant.js";
import { ayanamshaRateBeyondPrecessionDegPerDay, meanAyanamshaDeg } from "./ayanamsha.js";
import { C_AU_PER_DAY, KM_PER_AU, aberrate, deflectBySun, vsopToEclipticOfDate } from "./apparent.js";
import { elpMoonState } from "./elp-mpp02.js";
import { interpolatedTropicalDeg } from "./longitude-interpolation.js";
import { TRUE_NODE_STEP_DAYS, meanNodeDeg, trueNodeFromPositions } from "./nodes.js";
import type { Mat3 } from "./precession.js";
import { type StateVector, type VsopBody, vsop87State } from "./vsop87-series.js";

export interface GrahaPosition {
  graha: Graha;
  /** Sidereal apparent geocentric ecliptic longitude, degrees [0, 360). */
  lonSidDeg: number;
  /** Apparent geocentric ecliptic latitude (mean ecliptic of date), degrees; 0 for the nodes. */
  latDeg: number;
  /** Rate of the sidereal longitude, degrees per day. */
  speedDegPerDay: number;
  /** speed < 0. */
  retrograde: boolean;
  /** Geocentric distance (light-time corrected), AU; null for Rahu and Ketu. */
  distAu: number | null;
}

const RAD = 180 / Math.PI;
const PLANET_BODY: Readonly<Partial<Record<Graha, VsopBody>>> = {
  mercury: "mercury",
  venus: "venus",
  mars: "mars",
  jupiter: "jupiter",
  saturn: "saturn",
};
/** Gaussian gravitational constant squared: GM☉ in AU³/day². */
const GM_SUN = 0.01720209895 ** 2;
/** Mean geocentric rate of the Moon's longitude, deg/day (only to absorb a light-time guess). */
const MOON_MEAN_RATE_DEG_PER_DAY = 13.176;

/** What every graha at one instant shares: the Earth and the frame of date. */
interface Frame {
  readonly jdTt: number;
  readonly toDate: Mat3;
  readonly earth: StateVector;
}

let lastFrame: Frame | undefined;
function frameAt(jdTt: number): Frame {
  if (lastFrame && lastFrame.jdTt === jdTt) return lastFrame;
  lastFrame = { jdTt, toDate: vsopToEclipticOfDate(jdTt), earth: vsop87State("earth", jdTt) };
  return lastFrame;
}

interface Tropical {
  lonDeg: number;
  latDeg: number;
  speedDegPerDay: number;
  distAu: number | null;
}

/** Longitude, latitude (deg) and longitude rate (deg/day) of a J2000-ecliptic direction and velocity, in the frame of date. */
function toDate(m: Mat3, x: number, y: number, z: number, vx: number, vy: number, vz: number): Tropical {
  const X = m[0] * x + m[1] * y + m[2] * z;
  const Y = m[3] * x + m[4] * y + m[5] * z;
  const Z = m[6] * x + m[7] * y + m[8] * z;
  const VX = m[0] * vx + m[1] * vy + m[2] * vz;
  const VY = m[3] * vx + m[4] * vy + m[5] * vz;
  const rho2 = X * X + Y * Y;
  return {
    lonDeg: Math.atan2(Y, X) * RAD,
    latDeg: Math.atan2(Z, Math.sqrt(rho2)) * RAD,
    // The frame's own precession is left out: the ayanamsha moves with it and it cancels.
    speedDegPerDay: ((X * VY - Y * VX) / rho2) * RAD,
    distAu: null,
  };
}

function sunTropical(f: Frame): Tropical {
  const e = f.earth;
  const dist = Math.hypot(e.x, e.y, e.z);
  const ux = -e.x / dist;
  const uy = -e.y / dist;
  const uz = -e.z / dist;
  const radial = (ux * -e.vx + uy * -e.vy + uz * -e.vz) / dist;
  const acc = -GM_SUN / (dist * dist * dist) / C_AU_PER_DAY;
  const rate = toDate(
    f.toDate,
    ux + e.vx / C_AU_PER_DAY,
    uy + e.vy / C_AU_PER_DAY,
    uz + e.vz / C_AU_PER_DAY,
    -e.vx / dist - radial * ux + acc * e.x,
    -e.vy / dist - radial * uy + acc * e.y,
    -e.vz / dist - radial * uz + acc * e.z,
  );
  const p = aberrate([ux, uy, uz], e.vx, e.vy, e.vz);
  const out = toDate(f.toDate, p[0]!, p[1]!, p[2]!, 0, 0, 0);
  out.speedDegPerDay = rate.speedDegPerDay;
  out.distAu = dist;
  return out;
}

/** Deflection displacement of the unit direction, for a planet at P and the Earth at E. */
function deflection(px: number, py: number, pz: number, ex: number, ey: number, ez: number): number[] {
  const gx = px - ex;
  const gy = py - ey;
  const gz = pz - ez;
  const g = Math.hypot(gx, gy, gz);
  const pn = Math.hypot(px, py, pz);
  const en = Math.hypot(ex, ey, ez);
  const u = [gx / g, gy / g, gz / g];
  deflectBySun(u, [px / pn, py / pn, pz / pn], [ex / en, ey / en, ez / en], en);
  return [u[0]! - gx / g, u[1]! - gy / g, u[2]! - gz / g];
}

/**
 * Rate of the deflection displacement (per day), by a central difference over ±0.1 day of
 * straight-line motion: near a conjunction it changes by up to ~1″ a day.
 */
function deflectionRate(
  px: number, py: number, pz: number, pvx: number, pvy: number, pvz: number, e: StateVector,
): number[] {
  const h = 0.1;
  const a = deflection(px + pvx * h, py + pvy * h, pz + pvz * h, e.x + e.vx * h, e.y + e.vy * h, e.z + e.vz * h);
  const b = deflection(px - pvx * h, py - pvy * h, pz - pvz * h, e.x - e.vx * h, e.y - e.vy * h, e.z - e.vz * h);
  return [(a[0]! - b[0]!) / (2 * h), (a[1]! - b[1]!) / (2 * h), (a[2]! - b[2]!) / (2 * h)];
}

function planetTropical(body: VsopBody, f: Frame, withSpeed: boolean): Tropical {
  const e = f.earth;
  const s = vsop87State(body, f.jdTt);
  // Light time: step the planet back along its Keplerian path (velocity, solar attraction).
  const sDist = Math.hypot(s.x, s.y, s.z);
  const accP = -GM_SUN / (sDist * sDist * sDist);
  let px = s.x;
  let py = s.y;
  let pz = s.z;
  let dist = Math.hypot(px - e.x, py - e.y, pz - e.z);
  let tau = 0;
  for (let i = 0; i < 2; i++) {
    tau = dist / C_AU_PER_DAY;
    const half = 0.5 * accP * tau * tau;
    px = s.x - s.vx * tau + half * s.x;
    py = s.y - s.vy * tau + half * s.y;
    pz = s.z - s.vz * tau + half * s.z;
    dist = Math.hypot(px - e.x, py - e.y, pz - e.z);
  }
  const pvx = s.vx - accP * tau * s.x;
  const pvy = s.vy - accP * tau * s.y;
  const pvz = s.vz - accP * tau * s.z;
  const gx = px - e.x;
  const gy = py - e.y;
  const gz = pz - e.z;
  const eDist = Math.hypot(e.x, e.y, e.z);
  const pDist = Math.hypot(px, py, pz);
  const p = [gx / dist, gy / dist, gz / dist];
  deflectBySun(p, [px / pDist, py / pDist, pz / pDist], [e.x / eDist, e.y / eDist, e.z / eDist], eDist);
  if (!withSpeed) {
    aberrate(p, e.vx, e.vy, e.vz);
    const fast = toDate(f.toDate, p[0]!, p[1]!, p[2]!, 0, 0, 0);
    fast.distAu = dist;
    return fast;
  }
  // Rate of the apparent direction u = p + V (V = Earth velocity / c): the planet seen one
  // light time back (its velocity scaled by 1 − dτ/dt), and V turning with the Earth's
  // acceleration (−GM☉ E/|E|³). The rate formula is scale-free, so u need not be a unit vector.
  // The deflection's own rate matters near conjunctions.
  const dDefl = deflectionRate(px, py, pz, pvx, pvy, pvz, e);
  const tauRate = ((pvx - e.vx) * gx + (pvy - e.vy) * gy + (pvz - e.vz) * gz) / dist / C_AU_PER_DAY;
  const k = 1 - tauRate;
  const gdx = pvx * k - e.vx;
  const gdy = pvy * k - e.vy;
  const gdz = pvz * k - e.vz;
  const radial = (p[0]! * gdx + p[1]! * gdy + p[2]! * gdz) / dist;
  const acc = -GM_SUN / (eDist * eDist * eDist) / C_AU_PER_DAY;
  const rate = toDate(
    f.toDate,
    p[0]! + e.vx / C_AU_PER_DAY,
    p[1]! + e.vy / C_AU_PER_DAY,
    p[2]! + e.vz / C_AU_PER_DAY,
    gdx / dist - radial * p[0]! + acc * e.x + dDefl[0]!,
    gdy / dist - radial * p[1]! + acc * e.y + dDefl[1]!,
    gdz / dist - radial * p[2]! + acc * e.z + dDefl[2]!,
  );
  aberrate(p, e.vx, e.vy, e.vz);
  const out = toDate(f.toDate, p[0]!, p[1]!, p[2]!, 0, 0, 0);
  out.speedDegPerDay = rate.speedDegPerDay;
  out.distAu = dist;
  return out;
}

/**
 * The Moon's apparent place is its geocentric place one light time (≈1.3 s) earlier: the
 * Earth's own displacement over that time and the annual aberration cancel for a body that
 * travels with the Earth.
 */
function moonTropical(f: Frame): Tropical {
  const m = elpMoonState(f.jdTt, true);
  const distKm = Math.hypot(m.x, m.y, m.z);
  const tau = distKm / KM_PER_AU / C_AU_PER_DAY;
  const x = m.x - m.vx * tau;
  const y = m.y - m.vy * tau;
  const z = m.z - m.vz * tau;
  const out = toDate(f.toDate, x, y, z, m.vx, m.vy, m.vz);
  // Distance as the reference gives it: from the Earth now to the Moon one light time ago
  // (the Earth has moved ~38 km meanwhile; the direction's share of that is the aberration).
  const e = f.earth;
  const back = tau * KM_PER_AU;
  out.distAu = Math.hypot(x - e.vx * back, y - e.vy * back, z - e.vz * back) / KM_PER_AU;
  return out;
}

/**
 * The Moon's geocentric distance to ~0.1 %, km: the three largest terms of ELP's distance
 * series (Meeus, Astronomical Algorithms 2nd ed., ch. 47), enough to guess the light time.
 */
function moonDistanceRoughKm(jdTt: number): number {
  const t = (jdTt - 2451545.0) / 36525;
  const l = (134.9633964 + 477198.8675055 * t) * (Math.PI / 180);
  const d = (297.8501921 + 445267.1114034 * t) * (Math.PI / 180);
  return 385000.56 - 20905.355 * Math.cos(l) - 3699.111 * Math.cos(2 * d - l) - 2955.968 * Math.cos(2 * d);
}

/** Moon longitude (tropical, of date) without velocity: evaluate at a guessed light time, then absorb the guess's error. */
function moonLongitudeFast(jdTt: number, toDateM: Mat3): number {
  const tauGuess = moonDistanceRoughKm(jdTt) / KM_PER_AU / C_AU_PER_DAY;
  const m = elpMoonState(jdTt - tauGuess, false, true);
  const tau = Math.hypot(m.x, m.y, m.z) / KM_PER_AU / C_AU_PER_DAY;
  const X = toDateM[0] * m.x + toDateM[1] * m.y + toDateM[2] * m.z;
  const Y = toDateM[3] * m.x + toDateM[4] * m.y + toDateM[5] * m.z;
  return Math.atan2(Y, X) * RAD - (tau - tauGuess) * MOON_MEAN_RATE_DEG_PER_DAY;
}

function rahuTropical(jdTt: number, conv: Conventions): Tropical {
  if (conv.node === "mean") {
    const n = meanNodeDeg(jdTt);
    return { lonDeg: n.lonDeg, latDeg: 0, speedDegPerDay: n.speedDegPerDay, distAu: null };
  }
  const at = (jd: number) => {
    const m = elpMoonState(jd, false);
    return [m.x, m.y, m.z];
  };
  const n = trueNodeFromPositions(
    at(jdTt - TRUE_NODE_STEP_DAYS),
    at(jdTt),
    at(jdTt + TRUE_NODE_STEP_DAYS),
    vsopToEclipticOfDate(jdTt),
  );
  return { lonDeg: n.lonDeg, latDeg: 0, speedDegPerDay: n.speedDegPerDay, distAu: null };
}

/** Rate of the mean ayanamsha, deg/day: the mean node's rate is of date, so it must be taken out. */
function ayanamshaRateDegPerDay(jdTt: number, conv: Conventions): number {
  return (meanAyanamshaDeg(jdTt + 0.5, conv.ayanamsha) - meanAyanamshaDeg(jdTt - 0.5, conv.ayanamsha)) / 1;
}

function tropicalOf(graha: Graha, f: Frame, conv: Conventions, withSpeed = true): Tropical {
  switch (graha) {
    case "sun":
      return sunTropical(f);
    case "moon":
      return moonTropical(f);
    case "rahu":
    case "ketu": {
      const r = rahuTropical(f.jdTt, conv);
      if (conv.node === "mean") r.speedDegPerDay -= ayanamshaRateDegPerDay(f.jdTt, conv);
      if (graha === "ketu") r.lonDeg += 180;
      return r;
    }
    default:
      return planetTropical(PLANET_BODY[graha]!, f, withSpeed);
  }
}

/**
 * Load and pack every series now (~0.3–0.5 s once per process) instead of on the first request
 * that needs them. Optional: everything loads lazily anyway.
 */
export function preloadSeries(): void {
  for (const body of ["earth", "mercury", "venus", "mars", "jupiter", "saturn"] as const) vsop87State(body, 2451545.0);
  elpMoonState(2451545.0, true);
}

/** Sidereal apparent position of one graha at an instant. */
export function grahaPosition(graha: Graha, instant: Instant, conv: Conventions): GrahaPosition {
  const f = frameAt(instant.jdTt);
  const t = tropicalOf(graha, f, conv);
  const ayan = meanAyanamshaDeg(instant.jdTt, conv.ayanamsha);
  // Rates are taken in the frame of date, which moves with the epoch-defined ayanamshas; a star-fixed
  // one (true_chitra) also swings with the annual aberration. The mean node's rate has the whole
  // ayanamsha rate removed already (tropicalOf).
  const meanNode = (graha === "rahu" || graha === "ketu") && conv.node === "mean";
  const speed = t.speedDegPerDay - (meanNode ? 0 : ayanamshaRateBeyondPrecessionDegPerDay(instant.jdTt, conv.ayanamsha));
  return {
    graha,
    lonSidDeg: norm360(t.lonDeg - ayan),
    latDeg: t.latDeg,
    speedDegPerDay: speed,
    retrograde: speed < 0,
    distAu: t.distAu,
  };
}

/** Positions of several grahas (all nine by default) at one instant, sharing the Earth and the frame. */
export function grahaPositions(
  instant: Instant,
  conv: Conventions,
  grahas: readonly Graha[] = GRAHAS,
): Partial<Record<Graha, GrahaPosition>> {
  const out: Partial<Record<Graha, GrahaPosition>> = {};
  for (const g of grahas) out[g] = grahaPosition(g, instant, conv);
  return out;
}

/** Tropical (mean ecliptic of date) apparent longitude only, degrees, at a Julian day TT. */
export function tropicalLongitudeDeg(graha: Graha, jdTt: number, conv: Conventions): number {
  if (graha === "moon") return moonLongitudeFast(jdTt, vsopToEclipticOfDate(jdTt));
  if (graha === "rahu" || graha === "ketu") return rahuTropical(jdTt, conv).lonDeg + (graha === "ketu" ? 180 : 0);
  return tropicalOf(graha, frameAt(jdTt), conv, false).lonDeg;
}

/** Fast sidereal apparent longitude only (no speed), degrees [0, 360), for root finding. */
export function siderealLongitudeDeg(graha: Graha, jdUt: number, conv: Conventions): number {
  const jdTt = instantFromJdUt(jdUt).jdTt;
  return norm360(tropicalLongitudeDeg(graha, jdTt, conv) - meanAyanamshaDeg(jdTt, conv.ayanamsha));
}

/**
 * The same longitude from Chebyshev blocks (longitude-interpolation.ts): for searches that ask
 * for one graha dozens of times within a day or two (tithi/nakshatra ends, ingresses, stations).
 * The first call in a block (1 day for the Moon, 4 days otherwise) costs ~12 full evaluations;
 * later ones cost ~1 µs. Agrees with siderealLongitudeDeg to < 1e-4″ (measured 3e-5″).
 */
export function siderealLongitudeForSearchDeg(graha: Graha, jdUt: number, conv: Conventions): number {
  const jdTt = instantFromJdUt(jdUt).jdTt;
  const tropical =
    graha === "rahu" && conv.node === "mean"
      ? tropicalLongitudeDeg(graha, jdTt, conv)
      : graha === "ketu"
        ? interpolatedTropicalDeg("rahu", jdTt, conv, (g, jd) => tropicalLongitudeDeg(g, jd, conv)) + 180
        : interpolatedTropicalDeg(graha, jdTt, conv, (g, jd) => tropicalLongitudeDeg(g, jd, conv));
  return norm360(tropical - meanAyanamshaDeg(jdTt, conv.ayanamsha));
}
