/**
 * The lunar nodes (Rahu = ascending node; Ketu = Rahu + 180°).
 * - Mean node: mean longitude of the Moon's ascending node on the mean ecliptic and equinox of
 *   date, Ω of Simon et al. (1994, A&A 282, 663) as adopted by the IERS Conventions 2003 (5.43).
 * - True node: the osculating node — where the plane through the Earth containing the Moon's
 *   geocentric position and velocity (ELP/MPP02) cuts the mean ecliptic of date.
 */
import { centuriesTt } from "./precession.js";
import type { Mat3 } from "./precession.js";
import type { StateVector } from "./vsop87-series.js";

/** Mean node: tropical longitude on the mean ecliptic of date (deg) and its rate (deg/day). */
export function meanNodeDeg(jdTt: number): { lonDeg: number; speedDegPerDay: number } {
  const t = centuriesTt(jdTt);
  const arcsec = 450160.398036 + t * (-6962890.5431 + t * (7.4722 + t * (0.007702 + t * -0.00005939)));
  const rate = -6962890.5431 + t * (2 * 7.4722 + t * (3 * 0.007702 + t * 4 * -0.00005939));
  return { lonDeg: arcsec / 3600, speedDegPerDay: rate / 3600 / 36525 };
}

/** Osculating (true) node longitude on the mean ecliptic of date, deg, from a J2000-ecliptic Moon state. */
export function trueNodeDeg(moon: StateVector, toDate: Mat3): number {
  const rx = toDate[0] * moon.x + toDate[1] * moon.y + toDate[2] * moon.z;
  const ry = toDate[3] * moon.x + toDate[4] * moon.y + toDate[5] * moon.z;
  const rz = toDate[6] * moon.x + toDate[7] * moon.y + toDate[8] * moon.z;
  const vx = toDate[0] * moon.vx + toDate[1] * moon.vy + toDate[2] * moon.vz;
  const vy = toDate[3] * moon.vx + toDate[4] * moon.vy + toDate[5] * moon.vz;
  const vz = toDate[6] * moon.vx + toDate[7] * moon.vy + toDate[8] * moon.vz;
  // Angular momentum h = r × v; the ascending node lies along ẑ × h = (−h_y, h_x, 0).
  const hx = ry * vz - rz * vy;
  const hy = rz * vx - rx * vz;
  return (Math.atan2(hx, -hy) * 180) / Math.PI;
}
