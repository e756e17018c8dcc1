/**
 * Lagna (ascendant), MC and the bhava (house) cusps.
 *
 * Everything is computed in the tropical frame of date — the right ascension of the meridian
 * (ARMC) from apparent sidereal time (GAST), the true obliquity — and turned sidereal at the end
 * by subtracting the TRUE ayanamsha (mean ayanamsha + nutation in longitude), because GAST and
 * the true obliquity already carry nutation and it must cancel.
 *
 * Formulas: the ascendant and MC are the standard spherical-astronomy relations (e.g. J. Meeus,
 * Astronomical Algorithms, 2nd ed., ch. 13 conversions applied to the horizon and meridian);
 * Placidus cusps trisect each ecliptic point's own diurnal/nocturnal semi-arc, solved by
 * fixed-point iteration (R. Holden, "The Elements of House Division", 1977); Porphyry trisects
 * the ecliptic quadrants between the angles.
 */
import type { Conventions, Instant, Place } from "../types.js";
import { norm360 } from "../tables/rashis.js";
import { trueAyanamshaDeg, trueObliquityDeg } from "./ayanamsha.js";
import { gastDeg } from "./sidereal-time.js";

export type HouseSystem = "whole_sign" | "equal" | "placidus";
export const HOUSE_SYSTEMS: readonly HouseSystem[] = ["whole_sign", "equal", "placidus"];

export interface AscendantAndMc {
  /** Sidereal ecliptic longitude of the ascendant (lagna), degrees [0, 360). */
  readonly ascendantSidDeg: number;
  /** Sidereal ecliptic longitude of the midheaven (MC), degrees [0, 360). */
  readonly mcSidDeg: number;
  /** Right ascension of the meridian (local apparent sidereal time), degrees [0, 360). */
  readonly armcDeg: number;
}

export interface HouseCusps {
  readonly system: HouseSystem;
  /** Twelve sidereal cusp longitudes, degrees [0, 360); cusp 1 first. */
  readonly cuspsSidDeg: number[];
  /** Set when the requested system is undefined here and Porphyry cusps were returned instead. */
  readonly fallback: null | { readonly system: "porphyry"; readonly reason: string };
}

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** The local frame everything else is derived from (tropical, true equinox of date). */
interface LocalFrame {
  readonly armcDeg: number;
  readonly epsDeg: number;
  readonly latDeg: number;
  readonly ascTropDeg: number;
  readonly mcTropDeg: number;
  readonly ayanamshaDeg: number;
}

function localFrame(instant: Instant, place: Place, conv: Conventions): LocalFrame {
  const armcDeg = norm360(gastDeg(instant.jdUt, instant.jdTt) + place.lonDeg);
  const epsDeg = trueObliquityDeg(instant.jdTt);
  return {
    armcDeg,
    epsDeg,
    latDeg: place.latDeg,
    ascTropDeg: tropicalAscendantDeg(armcDeg, epsDeg, place.latDeg),
    mcTropDeg: eclipticFromRightAscensionDeg(armcDeg, epsDeg),
    ayanamshaDeg: trueAyanamshaDeg(instant.jdTt, conv.ayanamsha),
  };
}

/** Ecliptic longitude (latitude 0) of the point with right ascension raDeg. */
function eclipticFromRightAscensionDeg(raDeg: number, epsDeg: number): number {
  const ra = raDeg * DEG;
  return norm360(Math.atan2(Math.sin(ra), Math.cos(ra) * Math.cos(epsDeg * DEG)) * RAD);
}

/** The ecliptic point rising on the eastern horizon. */
function tropicalAscendantDeg(armcDeg: number, epsDeg: number, latDeg: number): number {
  const ramc = armcDeg * DEG;
  const eps = epsDeg * DEG;
  const y = Math.cos(ramc);
  const x = -(Math.sin(ramc) * Math.cos(eps) + Math.tan(latDeg * DEG) * Math.sin(eps));
  return norm360(Math.atan2(y, x) * RAD);
}

/** Sidereal ascendant and MC at an instant and place. */
export function ascendantAndMc(instant: Instant, place: Place, conv: Conventions): AscendantAndMc {
  const f = localFrame(instant, place, conv);
  return {
    ascendantSidDeg: norm360(f.ascTropDeg - f.ayanamshaDeg),
    mcSidDeg: norm360(f.mcTropDeg - f.ayanamshaDeg),
    armcDeg: f.armcDeg,
  };
}

/** The twelve cusps of the requested system, sidereal. */
export function houseCusps(instant: Instant, place: Place, system: HouseSystem, conv: Conventions): HouseCusps {
  return cuspsOfFrame(localFrame(instant, place, conv), system);
}

/**
 * The cusps when a chosen sidereal degree is rising at this place (the KP horary chart, K. S.
 * Krishnamurti, "KP Reader VI": the number's sub gives the ascendant, the other cusps are those of
 * the sidereal time at which that degree rises at the latitude). The meridian is found in closed
 * form: a point of right ascension α and declination δ rises at hour angle −(90° + AD), sin AD =
 * tan φ · tan δ, so ARMC = α − AD − 90°. Obliquity and ayanamsha are the instant's. Null when the
 * degree never rises or never sets at this latitude (|tan φ · tan δ| ≥ 1, inside the polar circles).
 */
export function houseCuspsForAscendant(instant: Instant, place: Place, system: HouseSystem, conv: Conventions, ascSidDeg: number): HouseCusps | null {
  const f0 = localFrame(instant, place, conv);
  const lam = norm360(ascSidDeg + f0.ayanamshaDeg) * DEG;
  const eps = f0.epsDeg * DEG;
  const ra = Math.atan2(Math.sin(lam) * Math.cos(eps), Math.cos(lam)) * RAD;
  const sinDec = Math.sin(eps) * Math.sin(lam);
  const k = Math.tan(place.latDeg * DEG) * (sinDec / Math.sqrt(1 - sinDec * sinDec));
  if (!(Math.abs(k) < 1)) return null;
  const armcDeg = norm360(ra - Math.asin(k) * RAD - 90);
  const ascTropDeg = tropicalAscendantDeg(armcDeg, f0.epsDeg, place.latDeg);
  // The closed form picks the rising (not setting) branch; check it against the ascendant formula.
  if (Math.abs(((ascTropDeg - lam * RAD + 540) % 360) - 180) > 1e-6) return null;
  return cuspsOfFrame({ ...f0, armcDeg, ascTropDeg, mcTropDeg: eclipticFromRightAscensionDeg(armcDeg, f0.epsDeg) }, system);
}

function cuspsOfFrame(f: LocalFrame, system: HouseSystem): HouseCusps {
  const ascSid = norm360(f.ascTropDeg - f.ayanamshaDeg);
  switch (system) {
    case "whole_sign": {
      const firstSignStart = Math.floor(ascSid / 30) * 30;
      return { system, cuspsSidDeg: twelve((n) => firstSignStart + 30 * n), fallback: null };
    }
    case "equal":
      return { system, cuspsSidDeg: twelve((n) => ascSid + 30 * n), fallback: null };
    case "placidus": {
      const trop = placidusTropical(f);
      if (trop) {
        return { system, cuspsSidDeg: trop.map((c) => norm360(c - f.ayanamshaDeg)), fallback: null };
      }
      const polarCircleDeg = 90 - f.epsDeg;
      return {
        system,
        cuspsSidDeg: porphyryTropical(f).map((c) => norm360(c - f.ayanamshaDeg)),
        fallback: {
          system: "porphyry",
          reason:
            `Placidus is undefined at latitude ${f.latDeg.toFixed(4)}°: within the polar circles ` +
            `(|latitude| ≥ ${polarCircleDeg.toFixed(2)}°) some ecliptic points never rise or set, ` +
            `so their semi-arcs cannot be trisected; Porphyry cusps are returned instead.`,
        },
      };
    }
  }
}

function twelve(cuspDeg: (n: number) => number): number[] {
  return Array.from({ length: 12 }, (_, n) => norm360(cuspDeg(n)));
}

/** Fill cusps 4..9 as the opposites of 10..3 (every quadrant system shares this symmetry). */
function fromUpperCusps(asc: number, mc: number, c11: number, c12: number, c2: number, c3: number): number[] {
  return [asc, c2, c3, mc + 180, c11 + 180, c12 + 180, asc + 180, c2 + 180, c3 + 180, mc, c11, c12].map(norm360);
}

/** Porphyry: each quadrant between the angles divided into three equal ecliptic arcs. */
function porphyryTropical(f: LocalFrame): number[] {
  const asc = f.ascTropDeg;
  const mc = f.mcTropDeg;
  const upper = norm360(asc - mc); // MC → ASC (houses 10, 11, 12)
  const lower = 180 - upper; // ASC → IC (houses 1, 2, 3)
  return fromUpperCusps(asc, mc, mc + upper / 3, mc + (2 * upper) / 3, asc + lower / 3, asc + (2 * lower) / 3);
}

/**
 * Placidus, or null inside the polar circles where it is undefined (the reference Swiss
 * Ephemeris makes the same cut, |φ| ≥ 90° − ε, and falls back to Porphyry).
 */
function placidusTropical(f: LocalFrame): number[] | null {
  if (Math.abs(f.latDeg) >= 90 - f.epsDeg) return null;
  const tanLat = Math.tan(f.latDeg * DEG);
  const sinEps = Math.sin(f.epsDeg * DEG);
  // Cusp → right ascension as a function of the cusp's own diurnal semi-arc DSA (degrees):
  // 11: RAMC + DSA/3, 12: RAMC + 2·DSA/3, 2: RAMC + 180 − 2·NSA/3, 3: RAMC + 180 − NSA/3 (NSA = 180 − DSA).
  const cusp = (raOfDsa: (dsaDeg: number) => number): number | null => {
    let lon = eclipticFromRightAscensionDeg(raOfDsa(90), f.epsDeg);
    for (let i = 0; i < 200; i++) {
      const sinDec = sinEps * Math.sin(lon * DEG);
      const tanDec = sinDec / Math.sqrt(1 - sinDec * sinDec);
      const c = -tanLat * tanDec;
      if (c <= -1 || c >= 1) return null;
      const next = eclipticFromRightAscensionDeg(raOfDsa(Math.acos(c) * RAD), f.epsDeg);
      const step = Math.abs(((next - lon + 540) % 360) - 180);
      lon = next;
      if (step < 1e-10) return lon;
    }
    return null;
  };
  const r = f.armcDeg;
  const c11 = cusp((dsa) => r + dsa / 3);
  const c12 = cusp((dsa) => r + (2 * dsa) / 3);
  const c2 = cusp((dsa) => r + 60 + (2 * dsa) / 3);
  const c3 = cusp((dsa) => r + 120 + dsa / 3);
  if (c11 === null || c12 === null || c2 === null || c3 === null) return null;
  return fromUpperCusps(f.ascTropDeg, f.mcTropDeg, c11, c12, c2, c3);
}
