/**
 * From geometric series positions to apparent geocentric ecliptic coordinates of date:
 * light time, solar light deflection, annual aberration, the VSOP87 → FK5 rotation and IAU
 * 2006 precession. Formulas: Explanatory Supplement to the Astronomical Almanac (1992),
 * §3.3 (deflection eq. 3.26-3 … 3.26-4, aberration eq. 3.252-3); VSOP87 → FK5 rotation from
 * Bretagnon & Francou (1988). Nutation is left out on purpose: sidereal longitudes are
 * mean-of-date longitude − mean ayanamsha, where nutation cancels (docs/architecture.md §3).
 */
import { type Mat3, gcrsToEclipticOfDate, mul } from "./precession.js";

/** Speed of light, AU per day (IAU 2012: c = 299792.458 km/s, au = 149597870.7 km). */
export const C_AU_PER_DAY = 173.1446326846693;
/** 2 G M_sun / c², AU (IERS Conventions 2010 constants). */
const SOLAR_SCHWARZSCHILD_AU = 1.97412574336e-8;
export const KM_PER_AU = 149_597_870.7;

/**
 * VSOP87 (dynamical ecliptic and equinox J2000) → FK5 equatorial J2000 (Bretagnon & Francou
 * 1988). ELP/MPP02's J2000 ecliptic agrees with it to < 1 mas, so the Moon shares it.
 */
export const VSOP_TO_FK5: Mat3 = [
  1, 0.00000044036, -0.000000190919,
  -0.000000479966, 0.917482137087, -0.397776982902,
  0, 0.397776982902, 0.917482137087,
];

/** VSOP87/ELP J2000 ecliptic → mean ecliptic and equinox of date (FK5 taken as GCRS). */
export function vsopToEclipticOfDate(jdTt: number): Mat3 {
  return mul(gcrsToEclipticOfDate(jdTt), VSOP_TO_FK5);
}

/**
 * Bend the geocentric unit direction p (to a body whose heliocentric unit direction is q) by
 * the Sun's gravity, for an observer whose heliocentric unit direction is e at eDistAu.
 * Mutates and returns p (not renormalised: the change is ~1e-8).
 */
export function deflectBySun(p: number[], q: readonly number[], e: readonly number[], eDistAu: number): number[] {
  const pq = p[0]! * q[0]! + p[1]! * q[1]! + p[2]! * q[2]!;
  const ep = e[0]! * p[0]! + e[1]! * p[1]! + e[2]! * p[2]!;
  const qe = q[0]! * e[0]! + q[1]! * e[1]! + q[2]! * e[2]!;
  const g = SOLAR_SCHWARZSCHILD_AU / eDistAu / (1 + qe);
  for (let i = 0; i < 3; i++) p[i] = p[i]! + g * (pq * e[i]! - ep * q[i]!);
  return p;
}

/**
 * Annual aberration (relativistic form) of unit direction p for an observer moving with
 * velocity v (AU/day). Mutates and returns p, renormalised.
 */
export function aberrate(p: number[], vx: number, vy: number, vz: number): number[] {
  const bx = vx / C_AU_PER_DAY;
  const by = vy / C_AU_PER_DAY;
  const bz = vz / C_AU_PER_DAY;
  const invGamma = Math.sqrt(1 - (bx * bx + by * by + bz * bz));
  const pv = p[0]! * bx + p[1]! * by + p[2]! * bz;
  const f = 1 + pv / (1 + invGamma);
  const x = invGamma * p[0]! + f * bx;
  const y = invGamma * p[1]! + f * by;
  const z = invGamma * p[2]! + f * bz;
  const n = Math.hypot(x, y, z);
  p[0] = x / n;
  p[1] = y / n;
  p[2] = z / n;
  return p;
}
