/**
 * IAU 2006 precession (Capitaine, Wallace & Chapront 2003; Hilton et al. 2006) in the
 * Fukushima–Williams parametrisation (Wallace & Capitaine 2006, A&A 459, 981, eq. 8 and
 * table 1; the same angles as the IERS Conventions 2010, §5.6.4):
 *   γ̄, φ̄, ψ̄ place the mean ecliptic of date relative to the GCRS, ε_A is the mean obliquity.
 * The mean-ecliptic-of-date frame is R3(−ψ̄)·R1(φ̄)·R3(γ̄) applied to a GCRS vector.
 */
import { J2000 } from "../time/julian.js";

const ARCSEC = Math.PI / 648_000;

/** Row-major 3×3 rotation matrix. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];

/** Julian centuries TT since J2000.0. */
export function centuriesTt(jdTt: number): number {
  return (jdTt - J2000) / 36525;
}

/** Mean obliquity of the ecliptic, IAU 2006, arcseconds. */
export function meanObliquityArcsec(t: number): number {
  return 84381.406 + t * (-46.836769 + t * (-0.0001831 + t * (0.0020034 + t * (-0.000000576 + t * -0.0000000434))));
}

/** Rotation from GCRS (≈ FK5 J2000 equatorial) to the mean ecliptic and equinox of date. */
export function gcrsToEclipticOfDate(jdTt: number): Mat3 {
  const t = centuriesTt(jdTt);
  const gam = (-0.052928 + t * (10.556378 + t * (0.4932044 + t * (-0.00031238 + t * (-0.000002788 + t * 0.000000026))))) * ARCSEC;
  const phi = (84381.412819 + t * (-46.811016 + t * (0.0511268 + t * (0.00053289 + t * (-0.00000044 + t * -0.0000000176))))) * ARCSEC;
  const psi = (-0.041775 + t * (5038.481484 + t * (1.5584175 + t * (-0.00018522 + t * (-0.000026452 + t * -0.0000000148))))) * ARCSEC;
  return mul(rot3(-psi), mul(rot1(phi), rot3(gam)));
}

/**
 * IAU 1976 precession (Lieske et al. 1977, A&A 58, 1), J2000 mean equator → mean equator and
 * equinox of date: R3(−z_A)·R2(θ_A)·R3(−ζ_A). Kept because the Lahiri ayanamsha is defined with
 * it (the Indian Astronomical Ephemeris used Newcomb/IAU 1976 precession).
 */
export function precessionIau1976(jdTt: number): Mat3 {
  const t = centuriesTt(jdTt);
  const zeta = t * (2306.2181 + t * (0.30188 + t * 0.017998)) * ARCSEC;
  const z = t * (2306.2181 + t * (1.09468 + t * 0.018203)) * ARCSEC;
  const theta = t * (2004.3109 + t * (-0.42665 + t * -0.041833)) * ARCSEC;
  return mul(rot3(-z), mul(rot2(theta), rot3(-zeta)));
}

/** Mean obliquity of the ecliptic, IAU 1976 (Lieske et al. 1977), arcseconds. */
export function meanObliquityIau1976Arcsec(t: number): number {
  return 84381.448 + t * (-46.815 + t * (-0.00059 + t * 0.001813));
}

/**
 * Newcomb's precession, J2000 mean equator → mean equator and equinox of date:
 * R3(−z)·R2(θ)·R3(−ζ) with Newcomb's angles in Kinoshita's general-epoch form (Kinoshita 1975,
 * "Formulas for precession", SAO Special Report 364; time in tropical millennia, the starting
 * epoch measured from B1850.0). Kept because the Krishnamurti and Raman ayanamshas were
 * tabulated with it (the Swiss Ephemeris carries them from 1900 to J2000 with this model).
 */
export function precessionNewcomb(jdTt: number): Mat3 {
  const t1 = (J2000 - B1850_JD) / TROPICAL_MILLENNIUM_DAYS;
  const t = (jdTt - J2000) / TROPICAL_MILLENNIUM_DAYS;
  const base = 23035.5548 + t1 * (139.72 + t1 * 0.069);
  const zeta = (base * t + (30.242 - 0.269 * t1) * t * t + 17.996 * t * t * t) * ARCSEC;
  const z = (base * t + (109.478 - 0.387 * t1) * t * t + 18.324 * t * t * t) * ARCSEC;
  const theta = ((20051.125 - t1 * (85.294 + t1 * 0.365)) * t + (-42.647 - 0.365 * t1) * t * t - 41.802 * t * t * t) * ARCSEC;
  return mul(rot3(-z), mul(rot2(theta), rot3(-zeta)));
}

/** Besselian epoch 1850.0 (JD TT) and the tropical millennium (days) of Newcomb's formulas. */
const B1850_JD = 2396758.203581;
const TROPICAL_MILLENNIUM_DAYS = 365242.198782;

/** Newcomb's mean obliquity (Explanatory Supplement 1961: 23°27′31.68″ at 1850), arcseconds, at a Julian day TT. */
export function meanObliquityNewcombArcsec(jdTt: number): number {
  const t = (jdTt - 2396758.0) / 36525;
  return 84451.68 + t * (-46.837 + t * (-0.0085 + t * 0.0017));
}

/** R1(a): rotation about x by angle a (the passive, frame-rotation sense used by the IERS). */
export function rot1(a: number): Mat3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [1, 0, 0, 0, c, s, 0, -s, c];
}

/** R2(a): rotation about y by angle a (passive sense). */
export function rot2(a: number): Mat3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c, 0, -s, 0, 1, 0, s, 0, c];
}

/** R3(a): rotation about z by angle a (passive sense). */
export function rot3(a: number): Mat3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c, s, 0, -s, c, 0, 0, 0, 1];
}

export function mul(a: Mat3, b: Mat3): Mat3 {
  const r = new Array<number>(9);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      r[i * 3 + j] = a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!;
    }
  }
  return r as unknown as Mat3;
}

export function transpose(a: Mat3): Mat3 {
  return [a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]];
}

/** m · [x, y, z]. */
export function apply(m: Mat3, x: number, y: number, z: number): [number, number, number] {
  return [m[0] * x + m[1] * y + m[2] * z, m[3] * x + m[4] * y + m[5] * z, m[6] * x + m[7] * y + m[8] * z];
}
