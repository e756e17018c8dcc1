/**
 * Greenwich sidereal time from the Earth rotation angle (IAU 2000/2006 conventions).
 *
 * Sources: IERS Conventions (2010), eq. 5.15 (ERA) and eq. 5.32 (GMST polynomial of Capitaine,
 * Wallace & Chapront 2003); the equation of the equinoxes is Δψ·cos ε_A plus the two largest
 * complementary terms of IERS Conventions Table 5.2e (the rest are below 1 µas).
 */
import { J2000 } from "../time/julian.js";
import { norm360 } from "../tables/rashis.js";
import { meanObliquityDeg, nutation } from "./ayanamsha.js";

const DEG = Math.PI / 180;

/** Earth rotation angle, degrees [0, 360), from the UT1 Julian day. */
export function earthRotationAngleDeg(jdUt: number): number {
  const du = jdUt - J2000;
  // Split the day fraction off first so the large product keeps its precision.
  const frac = (du % 1) + 0.779057273264 + 0.00273781191135448 * du;
  return norm360(360 * (frac % 1));
}

/** Greenwich mean sidereal time, degrees [0, 360). jdTt drives the precession polynomial. */
export function gmstDeg(jdUt: number, jdTt: number): number {
  const t = (jdTt - J2000) / 36525;
  const polyArcsec =
    0.014506 + t * (4612.156534 + t * (1.3915817 + t * (-0.00000044 + t * (-0.000029956 + t * -0.0000000368))));
  return norm360(earthRotationAngleDeg(jdUt) + polyArcsec / 3600);
}

/** Equation of the equinoxes, degrees (GAST − GMST). */
export function equationOfEquinoxesDeg(jdTt: number): number {
  const t = (jdTt - J2000) / 36525;
  // Mean longitude of the Moon's ascending node (IERS Conventions 2010, eq. 5.43), degrees.
  const omegaRad = (125.04455501 - 1934.1361851 * t) * DEG;
  const complementaryArcsec = 0.00264096 * Math.sin(omegaRad) + 0.00006352 * Math.sin(2 * omegaRad);
  return nutation(jdTt).dPsiDeg * Math.cos(meanObliquityDeg(jdTt) * DEG) + complementaryArcsec / 3600;
}

/** Greenwich apparent sidereal time (true equinox of date), degrees [0, 360). */
export function gastDeg(jdUt: number, jdTt: number): number {
  return norm360(gmstDeg(jdUt, jdTt) + equationOfEquinoxesDeg(jdTt));
}
