/**
 * Ayanamsha (the sidereal zodiac's offset from the tropical), obliquity and nutation.
 *
 * Mean ayanamsha: the longitude, measured on the ecliptic of a fixed epoch t0, of the mean
 * equinox of date, subtracted from the ayanamsha's value at t0 — i.e. the value at t0 carried
 * by general precession in longitude (precession.ts). This is the Swiss Ephemeris construction
 * of its sidereal modes; like it, Lahiri is carried from its epoch to J2000 with IAU 1976
 * precession (the model of the Indian Astronomical Ephemeris that defined it; with IAU 2006 it
 * would be 0.13″ smaller at J2000), and every ayanamsha from J2000 to the date with IAU 2006. True ayanamsha = mean + nutation in longitude,
 * so that tropical apparent − true = mean-of-date − mean (nutation cancels; DESIGN.md §3).
 *
 * Definitions (epoch JD TT, ayanamsha at that epoch):
 * - lahiri: 2435553.5 (1956-03-21 0h TT), 23.245524743° — Swiss Ephemeris SE_SIDM_LAHIRI, the
 *   Indian Astronomical Ephemeris' "Lahiri" (Calendar Reform Committee) value; 23.857092354° at J2000.
 * - krishnamurti: 2415020.0 (1900-01-00.5), 22°21′50″ = 22.363889° — SE_SIDM_KRISHNAMURTI
 *   (K. S. Krishnamurti's KP Reader value as tabulated by the Swiss Ephemeris).
 * - raman: 2415020.0, 21°00′53″ = 21.014722° — SE_SIDM_RAMAN (B. V. Raman, "Hindu Predictive
 *   Astrology", as tabulated by the Swiss Ephemeris).
 * - true_chitra: Spica (α Vir, Chitra) held at 180° sidereal: mean ayanamsha = Spica's mean
 *   ecliptic longitude of date − 180°. Spica: Hipparcos new reduction (van Leeuwen 2007),
 *   ICRS J2000 RA 201.2982474°, Dec −11.1613195°, proper motion μα* −42.35, μδ −30.67 mas/yr.
 */
import type { AyanamshaName } from "../types.js";
import { J2000 } from "../time/julian.js";
import { type Nutation, nutation as nutationIau2000b } from "./nutation.js";
import {
  type Mat3,
  apply,
  centuriesTt,
  gcrsToEclipticOfDate,
  meanObliquityArcsec,
  meanObliquityIau1976Arcsec,
  mul,
  precessionIau1976,
  rot1,
} from "./precession.js";

const DEG = Math.PI / 180;

interface EpochAyanamsha {
  readonly epochJdTt: number;
  readonly valueDeg: number;
  /** The precession model the definition carries its value with. */
  readonly precession: "iau1976" | "iau2006";
}

const EPOCH_DEFINED: Readonly<Record<Exclude<AyanamshaName, "true_chitra">, EpochAyanamsha>> = {
  lahiri: { epochJdTt: 2435553.5, valueDeg: 23.245524743, precession: "iau1976" },
  krishnamurti: { epochJdTt: 2415020.0, valueDeg: 22 + 21 / 60 + 50 / 3600, precession: "iau2006" },
  raman: { epochJdTt: 2415020.0, valueDeg: 21 + 0 / 60 + 53 / 3600, precession: "iau2006" },
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

/** J2000 equator → ecliptic of the epoch, IAU 1976 (precession, then the epoch's obliquity). */
const epochFrames1976 = new Map<number, Mat3>();
function epochFrame1976(epochJdTt: number): Mat3 {
  let m = epochFrames1976.get(epochJdTt);
  if (!m) {
    m = mul(rot1((meanObliquityIau1976Arcsec(centuriesTt(epochJdTt)) / 3600) * DEG), precessionIau1976(epochJdTt));
    epochFrames1976.set(epochJdTt, m);
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

/** The same, IAU 1976 precession (J2000 equator → equator of date, then the epoch's obliquity). */
function equinoxOfDateOnEpochEclipticIau1976Deg(jdTt: number, epochJdTt: number): number {
  const date = precessionIau1976(jdTt);
  const epoch = mul(rot1((meanObliquityIau1976Arcsec(centuriesTt(epochJdTt)) / 3600) * DEG), precessionIau1976(epochJdTt));
  const [x, y] = apply(epoch, date[0], date[1], date[2]);
  return Math.atan2(y, x) / DEG;
}

/** Each definition's value at J2000, carried there with its own precession model. */
const valueAtJ2000Deg = new Map<AyanamshaName, number>();
function atJ2000Deg(name: Exclude<AyanamshaName, "true_chitra">): number {
  let v = valueAtJ2000Deg.get(name);
  if (v === undefined) {
    const def = EPOCH_DEFINED[name];
    v =
      def.valueDeg -
      (def.precession === "iau1976"
        ? equinoxOfDateOnEpochEclipticIau1976Deg(J2000, def.epochJdTt)
        : equinoxOfDateOnEpochEclipticDeg(J2000, def.epochJdTt));
    valueAtJ2000Deg.set(name, v);
  }
  return v;
}

function spicaMeanLongitudeOfDateDeg(jdTt: number): number {
  const years = centuriesTt(jdTt) * 100;
  const dec = (SPICA.decDeg + (SPICA.pmDecMasPerYear * years) / 3.6e6) * DEG;
  const ra =
    (SPICA.raDeg + (SPICA.pmRaCosDecMasPerYear * years) / 3.6e6 / Math.cos(SPICA.decDeg * DEG)) * DEG;
  const [x, y, z] = apply(
    gcrsToEclipticOfDate(jdTt),
    Math.cos(dec) * Math.cos(ra),
    Math.cos(dec) * Math.sin(ra),
    Math.sin(dec),
  );
  void z;
  return Math.atan2(y, x) / DEG;
}

function norm180(deg: number): number {
  return deg - 360 * Math.round(deg / 360);
}

/** Mean ayanamsha (no nutation), degrees, at a Julian day TT. */
export function meanAyanamshaDeg(jdTt: number, name: AyanamshaName): number {
  if (name === "true_chitra") return norm180(spicaMeanLongitudeOfDateDeg(jdTt) - 180);
  return atJ2000Deg(name) - equinoxOfDateOnEpochEclipticDeg(jdTt, J2000);
}

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
