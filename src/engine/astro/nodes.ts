/**
 * The lunar nodes (Rahu = ascending node; Ketu = Rahu + 180°).
 * - Mean node: mean longitude of the Moon's ascending node on the mean ecliptic and equinox of
 *   date (ELP/MPP02 W3 + IAU 2006 precession; see meanNodeDeg).
 * - True node: the osculating node — where the plane through the Earth containing the Moon's
 *   geometric geocentric position and velocity (ELP/MPP02) cuts the mean ecliptic of date.
 */
import { centuriesTt } from "./precession.js";
import type { Mat3 } from "./precession.js";

/**
 * Mean node: tropical longitude on the mean ecliptic of date (deg) and its rate (deg/day).
 * ELP/MPP02's mean node W3 (Chapront & Francou 2003, table of the mean arguments for the
 * DE405 fit; longitude from the fixed departure point of J2000) plus IAU 2006 general
 * precession in longitude p_A (Capitaine et al. 2003) to refer it to the equinox of date.
 */
export function meanNodeDeg(jdTt: number): { lonDeg: number; speedDegPerDay: number } {
  const t = centuriesTt(jdTt);
  const w3 = 450160.39816 + t * (-6967919.5383 + t * (6.359 + t * (0.007625 + t * -0.00003586)));
  const dw3 = -6967919.5383 + t * (2 * 6.359 + t * (3 * 0.007625 + t * 4 * -0.00003586));
  const pA = t * (5028.796195 + t * (1.1054348 + t * (0.00007964 + t * (-0.000023857 + t * -0.0000000383))));
  const dpA = 5028.796195 + t * (2 * 1.1054348 + t * (3 * 0.00007964 + t * (4 * -0.000023857 + t * 5 * -0.0000000383)));
  return { lonDeg: (w3 + pA) / 3600, speedDegPerDay: (dw3 + dpA) / 3600 / 36525 };
}

/** Step for the osculating node's velocity and acceleration differences, days. */
export const TRUE_NODE_STEP_DAYS = 0.05;

/**
 * Osculating (true) node on the mean ecliptic of date: longitude (deg) and rate (deg/day), from
 * three geometric Moon positions (J2000 ecliptic, km) at t − h, t, t + h (h = TRUE_NODE_STEP_DAYS).
 * Velocity and acceleration come from central differences; their truncation errors lie along
 * v and r respectively for near-circular motion, which leaves the orbital plane unchanged.
 * The rate is taken in the frame fixed at t (the ayanamsha carries the precession of the frame).
 */
export function trueNodeFromPositions(
  before: readonly number[],
  at: readonly number[],
  after: readonly number[],
  toDate: Mat3,
): { lonDeg: number; speedDegPerDay: number } {
  const h = TRUE_NODE_STEP_DAYS;
  const rot = (v: readonly number[]) => [
    toDate[0] * v[0]! + toDate[1] * v[1]! + toDate[2] * v[2]!,
    toDate[3] * v[0]! + toDate[4] * v[1]! + toDate[5] * v[2]!,
    toDate[6] * v[0]! + toDate[7] * v[1]! + toDate[8] * v[2]!,
  ];
  const r = rot(at);
  const rm = rot(before);
  const rp = rot(after);
  const v = [0, 1, 2].map((i) => (rp[i]! - rm[i]!) / (2 * h));
  const a = [0, 1, 2].map((i) => (rp[i]! - 2 * r[i]! + rm[i]!) / (h * h));
  // h = r × v; the ascending node lies along ẑ × h = (−h_y, h_x, 0); dh/dt = r × a.
  const hx = r[1]! * v[2]! - r[2]! * v[1]!;
  const hy = r[2]! * v[0]! - r[0]! * v[2]!;
  const dhx = r[1]! * a[2]! - r[2]! * a[1]!;
  const dhy = r[2]! * a[0]! - r[0]! * a[2]!;
  return {
    lonDeg: (Math.atan2(hx, -hy) * 180) / Math.PI,
    speedDegPerDay: (((hx * dhy - hy * dhx) / (hx * hx + hy * hy)) * 180) / Math.PI,
  };
}
