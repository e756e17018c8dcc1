/**
 * Ayanamsha (the sidereal zodiac's offset from the tropical), obliquity and nutation.
 *
 * Mean ayanamsha: the longitude, measured on the ecliptic of a fixed epoch t0, of the mean
 * equinox of date, subtracted from the ayanamsha's value at t0 — i.e. the value at t0 carried
 * by general precession in longitude (precession.ts). This is the Swiss Ephemeris construction
 * of its sidereal modes; like it, Lahiri is carried from its epoch to J2000 with IAU 1976
 * precession (the model of the Indian Astronomical Ephemeris that defined it; with IAU 2006 it
 * would be 0.13″ smaller at J2000), Krishnamurti and Raman with Newcomb's (with IAU 2006 they
 * would be 0.83″ larger), and every ayanamsha from J2000 to the date with IAU 2006. True
 * ayanamsha = mean + nutation in longitude,
 * so that tropical apparent − true = mean-of-date − mean (nutation cancels; docs/architecture.md §3).
 *
 * Definitions (epoch JD TT, ayanamsha at that epoch, the precession that carries it to J2000):
 * - lahiri: 2435553.5 (1956-03-21 0h TT), 23.245524743°, IAU 1976 — Swiss Ephemeris
 *   SE_SIDM_LAHIRI, the Indian Astronomical Ephemeris' "Lahiri" (Calendar Reform Committee)
 *   value; 23.857092354° at J2000.
 * - krishnamurti: 2415020.0 (1900-01-00.5), 360° − 337.636111° = 22.363889° (22°21′50″),
 *   Newcomb — SE_SIDM_KRISHNAMURTI (K. S. Krishnamurti's KP Reader value; the Swiss Ephemeris
 *   table credits Robert Hand for it and carries it with Newcomb's precession); 23.760240° at J2000.
 * - raman: 2415020.0, 360° − 338.98556° = 21.01444°, Newcomb — SE_SIDM_RAMAN (B. V. Raman,
 *   "Hindu Predictive Astrology", as Robert Hand tabulated it for the Swiss Ephemeris).
 * - true_chitra: Spica (α Vir, Chitra) held at 180° sidereal, as the Swiss Ephemeris'
 *   SE_SIDM_TRUE_CITRA does it: the mean ayanamsha is Spica's *apparent* geocentric longitude
 *   on the mean ecliptic and equinox of date (proper motion, annual aberration and solar light
 *   deflection applied; no nutation) − 180°. So Spica's apparent sidereal longitude — what a
 *   chart shows for a planet in the same place — is exactly 180°; the annual aberration makes
 *   this ayanamsha swing by ±20″ over the year (measured on 1996-12-07 it is 12.7″ below the
 *   value from Spica's aberration-free position). Spica: Hipparcos new reduction (van Leeuwen
 *   2007), ICRS J2000 RA 201.2982474°, Dec −11.1613195°, μα* −42.35, μδ −30.67 mas/yr; its
 *   13 mas parallax and 1 km/s radial velocity move it by < 0.02″ and are left out.
 */
import type { AyanamshaName } from "../types.js";
import { J2000 } from "../time/julian.js";
import { VSOP_TO_FK5, aberrate, deflectBySun, vsopToEclipticOfDate } from "./apparent.js";
import { type Nutation, nutation as nutationIau2000b } from "./nutation.js";
import {
  type Mat3,
  apply,
  centuriesTt,
  gcrsToEclipticOfDate,
  meanObliquityArcsec,
  meanObliquityIau1976Arcsec,
  meanObliquityNewcombArcsec,
  mul,
  precessionIau1976,
  precessionNewcomb,
  rot1,
  transpose,
} from "./precession.js";
import { vsop87State } from "./vsop87-series.js";

const DEG = Math.PI / 180;

interface EpochAyanamsha {
  readonly epochJdTt: number;
  readonly valueDeg: number;
  /** The precession model the definition carries its value with. */
  readonly precession: "iau1976" | "newcomb";
}

const EPOCH_DEFINED: Readonly<Record<Exclude<AyanamshaName, "true_chitra">, EpochAyanamsha>> = {
  lahiri: { epochJdTt: 2435553.5, valueDeg: 23.245524743, precession: "iau1976" },
  krishnamurti: { epochJdTt: 2415020.0, valueDeg: 360 - 337.636111, precession: "newcomb" },
  raman: { epochJdTt: 2415020.0, valueDeg: 360 - 338.98556, precession: "newcomb" },
};

const SPICA = {
  raDeg: 201.2982474,
  decDeg: -11.1613195,
  pmRaCosDecMasPerYear: -42.35,
  pmDecMasPerYear: -30.67,
} as const;

/** GCRS → ecliptic of each epoch, built once per epoch. */
const epochFrames = new Map<number, Mat3>();
function epochFrame(epochJdTt: number): Mat3 {
  let m = epochFrames.get(epochJdTt);
  if (!m) {
    m = gcrsToEclipticOfDate(epochJdTt);
    epochFrames.set(epochJdTt, m);
  }
  return m;
}

/** Longitude (deg) of the mean equinox of date on the ecliptic of the epoch, IAU 2006: −(precession since then). */
function equinoxOfDateOnEpochEclipticDeg(jdTt: number, epochJdTt: number): number {
  // The equinox of date is the x axis of the date's ecliptic frame; carry it into the epoch's.
  // Only the first column is needed: epochFrame · (dateFrame)ᵀ · x̂.
  const date = gcrsToEclipticOfDate(jdTt);
  const [x, y] = apply(epochFrame(epochJdTt), date[0], date[1], date[2]);
  return Math.atan2(y, x) / DEG;
}

/** J2000 equator → ecliptic of the epoch in an older model (its precession, then its obliquity at the epoch). */
function epochFrameOldModel(epochJdTt: number, model: EpochAyanamsha["precession"]): Mat3 {
  if (model === "iau1976") {
    return mul(rot1((meanObliquityIau1976Arcsec(centuriesTt(epochJdTt)) / 3600) * DEG), precessionIau1976(epochJdTt));
  }
  return mul(rot1((meanObliquityNewcombArcsec(epochJdTt) / 3600) * DEG), precessionNewcomb(epochJdTt));
}

/** Longitude (deg) of the J2000 mean equinox on the ecliptic of the epoch, in an older model. */
function j2000EquinoxOnEpochEclipticDeg(epochJdTt: number, model: EpochAyanamsha["precession"]): number {
  const m = epochFrameOldModel(epochJdTt, model);
  return Math.atan2(m[3], m[0]) / DEG;
}

/** Each definition's value at J2000, carried there with its own precession model. */
const valueAtJ2000Deg = new Map<AyanamshaName, number>();
function atJ2000Deg(name: Exclude<AyanamshaName, "true_chitra">): number {
  let v = valueAtJ2000Deg.get(name);
  if (v === undefined) {
    const def = EPOCH_DEFINED[name];
    v = def.valueDeg - j2000EquinoxOnEpochEclipticDeg(def.epochJdTt, def.precession);
    valueAtJ2000Deg.set(name, v);
  }
  return v;
}

/**
 * Spica's apparent geocentric longitude on the mean ecliptic and equinox of date, degrees: the
 * catalogue direction carried by proper motion, bent by the Sun's gravity and aberrated by the
 * Earth's orbital velocity (VSOP87 heliocentric; the barycentric velocity differs by ~1e-4 of
 * it, < 0.01″ here), then precessed — what SE_SIDM_TRUE_CITRA measures (SEFLG_NONUT without
 * SEFLG_TRUEPOS: an apparent position, nutation left to the true ayanamsha).
 */
function spicaApparentLongitudeOfDateDeg(jdTt: number): number {
  const years = centuriesTt(jdTt) * 100;
  const dec = (SPICA.decDeg + (SPICA.pmDecMasPerYear * years) / 3.6e6) * DEG;
  const ra =
    (SPICA.raDeg + (SPICA.pmRaCosDecMasPerYear * years) / 3.6e6 / Math.cos(SPICA.decDeg * DEG)) * DEG;
  // ICRS (≈ FK5 J2000 equator) → VSOP87 J2000 ecliptic, the frame of the Earth's state vector.
  const toVsop = transpose(VSOP_TO_FK5);
  const star = apply(toVsop, Math.cos(dec) * Math.cos(ra), Math.cos(dec) * Math.sin(ra), Math.sin(dec));
  const earth = vsop87State("earth", jdTt);
  const eDist = Math.hypot(earth.x, earth.y, earth.z);
  const p = [...star];
  // A star is so far away that its heliocentric and geocentric directions coincide (q = p).
  deflectBySun(p, star, [earth.x / eDist, earth.y / eDist, earth.z / eDist], eDist);
  aberrate(p, earth.vx, earth.vy, earth.vz);
  const [x, y] = apply(vsopToEclipticOfDate(jdTt), p[0]!, p[1]!, p[2]!);
  return Math.atan2(y, x) / DEG;
}

/** One-entry memo: a chart asks for the same instant's ayanamsha once per graha. */
let lastSpica: { jdTt: number; lonDeg: number } | undefined;
function spicaLongitudeDeg(jdTt: number): number {
  if (lastSpica?.jdTt !== jdTt) lastSpica = { jdTt, lonDeg: spicaApparentLongitudeOfDateDeg(jdTt) };
  return lastSpica.lonDeg;
}

function norm180(deg: number): number {
  return deg - 360 * Math.round(deg / 360);
}

/**
 * Whether the ayanamsha is defined by a value at an epoch carried by precession (all but
 * true_chitra): two such ayanamshas differ by a constant, and each equals its J2000 value minus the
 * same precession term — so a longitude with that term added back turns sidereal by a subtraction.
 */
export function isEpochDefinedAyanamsha(name: AyanamshaName): boolean {
  return name !== "true_chitra";
}

/** Mean ayanamsha (no nutation), degrees, at a Julian day TT. */
export function meanAyanamshaDeg(jdTt: number, name: AyanamshaName): number {
  if (name === "true_chitra") return norm180(spicaLongitudeDeg(jdTt) - 180);
  return atJ2000Deg(name) - equinoxOfDateOnEpochEclipticDeg(jdTt, J2000);
}

/**
 * The part of the mean ayanamsha's rate that general precession does not explain, degrees per
 * day: 0 for the epoch-defined ayanamshas (they move with the frame of date, so a longitude rate
 * in that frame is already the sidereal rate); for true_chitra the rate of Spica's annual
 * aberration (up to ±0.35″ a day), by a central difference over ±0.5 day.
 */
export function ayanamshaRateBeyondPrecessionDegPerDay(jdTt: number, name: AyanamshaName): number {
  if (name !== "true_chitra") return 0;
  // One-entry memo: a chart asks once per graha at the same instant.
  if (lastSpicaRate?.jdTt !== jdTt) {
    const beyond = (jd: number) => spicaApparentLongitudeOfDateDeg(jd) - meanAyanamshaDeg(jd, "lahiri");
    lastSpicaRate = { jdTt, degPerDay: norm180(beyond(jdTt + 0.5) - beyond(jdTt - 0.5)) };
  }
  return lastSpicaRate.degPerDay;
}
let lastSpicaRate: { jdTt: number; degPerDay: number } | undefined;

/** True ayanamsha = mean ayanamsha + nutation in longitude, degrees; subtract it from apparent tropical longitudes. */
export function trueAyanamshaDeg(jdTt: number, name: AyanamshaName): number {
  return meanAyanamshaDeg(jdTt, name) + nutationIau2000b(jdTt).dPsiDeg;
}

/** Nutation in longitude and obliquity (IAU 2000B), degrees. */
export function nutation(jdTt: number): Nutation {
  return nutationIau2000b(jdTt);
}

/** Mean obliquity of the ecliptic (IAU 2006), degrees. */
export function meanObliquityDeg(jdTt: number): number {
  return meanObliquityArcsec(centuriesTt(jdTt)) / 3600;
}

/** True obliquity = mean obliquity + nutation in obliquity, degrees. */
export function trueObliquityDeg(jdTt: number): number {
  return meanObliquityDeg(jdTt) + nutationIau2000b(jdTt).dEpsDeg;
}
