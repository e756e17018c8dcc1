/**
 * Sidereal apparent geocentric positions of the nine grahas (DESIGN.md §3 "Positions",
 * "Planetary theory"):
 * - Sun … Saturn: full VSOP87B (vsop87-series.ts) for the planet and the Earth; the Moon:
 *   ELP/MPP02 (elp-mpp02.ts);
 * - then light time, solar light deflection, annual aberration, VSOP87 → FK5 and IAU 2006
 *   precession to the mean ecliptic of date (apparent.ts);
 * - sidereal longitude = mean-of-date apparent longitude − mean ayanamsha, which equals the
 *   true-of-date apparent longitude − true ayanamsha (nutation cancels).
 * Rahu is the mean node by default, the true (osculating) node with conv.node = "true"; Ketu is
 * Rahu + 180°. Speeds are rates of the sidereal longitude (deg/day) from analytic series
 * derivatives; a graha is retrograde when its speed is negative (Rahu and Ketu normally are).
 */
import type { Conventions, Graha, Instant } from "../types.js";
import { GRAHAS } from "../types.js";
import { norm360 } from "../tables/rashis.js";
import { instantFromJdUt } from "../time/instant.js";
import { meanAyanamshaDeg } from "./ayanamsha.js";
import { C_AU_PER_DAY, KM_PER_AU, aberrate, deflectBySun, vsopToEclipticOfDate } from "./apparent.js";
import { elpMoonState } from "./elp-mpp02.js";
import { meanNodeDeg, trueNodeDeg } from "./nodes.js";
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
/** Mean geocentric rate of the Moon's longitude, deg/day (only to absorb a light-time guess). */
const MOON_MEAN_RATE_DEG_PER_DAY = 13.176;
/** Step for the true node's numerical rate, days. */
const TRUE_NODE_STEP_DAYS = 0.05;

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
  const p = aberrate([-e.x / dist, -e.y / dist, -e.z / dist], e.vx, e.vy, e.vz);
  const out = toDate(f.toDate, p[0]!, p[1]!, p[2]!, -e.vx / dist, -e.vy / dist, -e.vz / dist);
  out.distAu = dist;
  return out;
}

function planetTropical(body: VsopBody, f: Frame): Tropical {
  const e = f.earth;
  const s = vsop87State(body, f.jdTt);
  // Light time: step the planet back along its velocity (the curvature over ≤ 1.5 h is < 0.005″).
  let px = s.x;
  let py = s.y;
  let pz = s.z;
  let dist = Math.hypot(px - e.x, py - e.y, pz - e.z);
  for (let i = 0; i < 2; i++) {
    const tau = dist / C_AU_PER_DAY;
    px = s.x - s.vx * tau;
    py = s.y - s.vy * tau;
    pz = s.z - s.vz * tau;
    dist = Math.hypot(px - e.x, py - e.y, pz - e.z);
  }
  const gx = px - e.x;
  const gy = py - e.y;
  const gz = pz - e.z;
  const eDist = Math.hypot(e.x, e.y, e.z);
  const pDist = Math.hypot(px, py, pz);
  const p = [gx / dist, gy / dist, gz / dist];
  deflectBySun(p, [px / pDist, py / pDist, pz / pDist], [e.x / eDist, e.y / eDist, e.z / eDist], eDist);
  aberrate(p, e.vx, e.vy, e.vz);
  const out = toDate(f.toDate, p[0]!, p[1]!, p[2]!, (s.vx - e.vx) / dist, (s.vy - e.vy) / dist, (s.vz - e.vz) / dist);
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
  out.distAu = Math.hypot(x, y, z) / KM_PER_AU;
  return out;
}

let lastMoonDistKm = 385_000;
/** Moon longitude (tropical, of date) without velocity: evaluate at a guessed light time, then absorb the guess's error. */
function moonLongitudeFast(jdTt: number, toDateM: Mat3): number {
  const tauGuess = lastMoonDistKm / KM_PER_AU / C_AU_PER_DAY;
  const m = elpMoonState(jdTt - tauGuess, false);
  const distKm = Math.hypot(m.x, m.y, m.z);
  lastMoonDistKm = distKm;
  const tau = distKm / KM_PER_AU / C_AU_PER_DAY;
  const X = toDateM[0] * m.x + toDateM[1] * m.y + toDateM[2] * m.z;
  const Y = toDateM[3] * m.x + toDateM[4] * m.y + toDateM[5] * m.z;
  return Math.atan2(Y, X) * RAD - (tau - tauGuess) * MOON_MEAN_RATE_DEG_PER_DAY;
}

function trueNodeAt(jdTt: number): number {
  return trueNodeDeg(elpMoonState(jdTt, true), vsopToEclipticOfDate(jdTt));
}

function rahuTropical(jdTt: number, conv: Conventions, withSpeed: boolean): Tropical {
  if (conv.node === "mean") {
    const n = meanNodeDeg(jdTt);
    return { lonDeg: n.lonDeg, latDeg: 0, speedDegPerDay: n.speedDegPerDay, distAu: null };
  }
  const lonDeg = trueNodeAt(jdTt);
  let speedDegPerDay = 0;
  if (withSpeed) {
    const after = trueNodeAt(jdTt + TRUE_NODE_STEP_DAYS);
    const before = trueNodeAt(jdTt - TRUE_NODE_STEP_DAYS);
    speedDegPerDay = wrap180(after - before) / (2 * TRUE_NODE_STEP_DAYS);
  }
  return { lonDeg, latDeg: 0, speedDegPerDay, distAu: null };
}

function wrap180(deg: number): number {
  return deg - 360 * Math.round(deg / 360);
}

/** Rate of the mean ayanamsha, deg/day: the mean node's rate is of date, so it must be taken out. */
function ayanamshaRateDegPerDay(jdTt: number, conv: Conventions): number {
  return (meanAyanamshaDeg(jdTt + 0.5, conv.ayanamsha) - meanAyanamshaDeg(jdTt - 0.5, conv.ayanamsha)) / 1;
}

function tropicalOf(graha: Graha, f: Frame, conv: Conventions): Tropical {
  switch (graha) {
    case "sun":
      return sunTropical(f);
    case "moon":
      return moonTropical(f);
    case "rahu":
    case "ketu": {
      const r = rahuTropical(f.jdTt, conv, true);
      if (conv.node === "mean") r.speedDegPerDay -= ayanamshaRateDegPerDay(f.jdTt, conv);
      if (graha === "ketu") r.lonDeg += 180;
      return r;
    }
    default:
      return planetTropical(PLANET_BODY[graha]!, f);
  }
}

/** Sidereal apparent position of one graha at an instant. */
export function grahaPosition(graha: Graha, instant: Instant, conv: Conventions): GrahaPosition {
  const f = frameAt(instant.jdTt);
  const t = tropicalOf(graha, f, conv);
  const ayan = meanAyanamshaDeg(instant.jdTt, conv.ayanamsha);
  return {
    graha,
    lonSidDeg: norm360(t.lonDeg - ayan),
    latDeg: t.latDeg,
    speedDegPerDay: t.speedDegPerDay,
    retrograde: t.speedDegPerDay < 0,
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

/** Fast sidereal apparent longitude only (no speed), degrees [0, 360), for root finding. */
export function siderealLongitudeDeg(graha: Graha, jdUt: number, conv: Conventions): number {
  const jdTt = instantFromJdUt(jdUt).jdTt;
  const ayan = meanAyanamshaDeg(jdTt, conv.ayanamsha);
  if (graha === "moon") return norm360(moonLongitudeFast(jdTt, vsopToEclipticOfDate(jdTt)) - ayan);
  if (graha === "rahu" || graha === "ketu") {
    const lon = rahuTropical(jdTt, conv, false).lonDeg + (graha === "ketu" ? 180 : 0);
    return norm360(lon - ayan);
  }
  return norm360(tropicalOf(graha, frameAt(jdTt), conv).lonDeg - ayan);
}
