import { Astronomy } from "../astro/astronomy.js";
import { findRoot } from "../astro/junction.js";
import { J2000 } from "../time/julian.js";
import { EARTH_EQUATORIAL_RADIUS_KM, MOON_RADIUS_KM, SUN_RADIUS_KM, earthShadowAt, moonShadowAt } from "./shadow-geometry.js";

/**
 * Solar and lunar eclipses at a given new or full moon. The search and classification are
 * astronomy-engine's (SearchGlobalSolarEclipse, SearchLunarEclipse: greatest eclipse = the
 * instant the shadow axis passes closest to the Earth's centre, resp. the Moon's centre closest
 * to the axis of the Earth's shadow — Espenak's definition in the NASA canons); magnitudes,
 * hybrid detection and lunar contact times are computed here from the shadow geometry
 * (shadow-geometry.ts). Times are UT: astronomy-engine's AstroTime.ut, under the engine's ΔT.
 *
 * Each search starts one day before the given syzygy, a junction of the engine's own tithi
 * finder, so the instants found do not depend on the window a caller scans (detect.ts).
 */

export type SolarEclipseKind = "partial" | "annular" | "total" | "hybrid";
export type LunarEclipseKind = "penumbral" | "partial" | "total";

export interface SolarEclipse {
  readonly kind: SolarEclipseKind;
  /** Greatest eclipse, Julian day UT. */
  readonly peakJdUt: number;
  /** Fraction of the Sun's diameter covered at greatest eclipse (NASA's "eclipse magnitude"). */
  readonly magnitude: number;
  /** Fraction of the Sun's disc area covered, where astronomy-engine defines it (central eclipses), else null. */
  readonly obscuration: number | null;
  /** Distance of the shadow axis from the Earth's centre at greatest eclipse, equatorial radii (unsigned). */
  readonly gamma: number;
  /** Where the shadow axis meets the Earth at greatest eclipse (central eclipses), degrees, else null. */
  readonly latitudeDeg: number | null;
  readonly longitudeDeg: number | null;
}

export interface LunarContacts {
  /** Julian days UT, null where the phase does not occur. */
  readonly penumbralStart: number;
  readonly partialStart: number | null;
  readonly totalStart: number | null;
  readonly totalEnd: number | null;
  readonly partialEnd: number | null;
  readonly penumbralEnd: number;
}

export interface LunarEclipse {
  readonly kind: LunarEclipseKind;
  readonly peakJdUt: number;
  /** Fraction of the Moon's diameter inside the umbra at greatest eclipse (negative: penumbral only). */
  readonly umbralMagnitude: number;
  readonly penumbralMagnitude: number;
  readonly contacts: LunarContacts;
}

/** A syzygy with the Moon this far from the ecliptic (degrees) cannot give an eclipse (astronomy-engine prunes at the same value). */
const PRUNE_LATITUDE_DEG = 1.8;
/** Contact instants to ≈ 10 ms. */
const CONTACT_TOL_DAYS = 1e-7;
const MINUTE_DAYS = 1 / 1440;

const timeOf = (jdUt: number) => Astronomy.MakeTime(jdUt - J2000);
const jdOf = (t: Astronomy.AstroTime) => t.ut + J2000;

function moonNearEcliptic(jdUt: number): boolean {
  return Math.abs(Astronomy.EclipticGeoMoon(timeOf(jdUt)).lat) < PRUNE_LATITUDE_DEG;
}

/** The solar eclipse at the new moon `newMoonJdUt` (Moon − Sun = 0), or null. */
export function solarEclipseAt(newMoonJdUt: number): SolarEclipse | null {
  if (!moonNearEcliptic(newMoonJdUt)) return null;
  const e = Astronomy.SearchGlobalSolarEclipse(timeOf(newMoonJdUt - 1));
  const peakJdUt = jdOf(e.peak);
  if (Math.abs(peakJdUt - newMoonJdUt) > 1) return null;
  const shadow = moonShadowAt(e.peak);
  const gamma = shadow.rKm / EARTH_EQUATORIAL_RADIUS_KM;
  // Meeus (Astronomical Algorithms, ch. 54) in his notation: u = umbral radius on the fundamental plane
  // (negative for a total eclipse), penumbral radius = 0.5461 + u there, Earth radii.
  const u = -shadow.umbraKm / EARTH_EQUATORIAL_RADIUS_KM;
  const penumbra = shadow.penumbraKm / EARTH_EQUATORIAL_RADIUS_KM;
  const central = e.kind !== Astronomy.EclipseKind.Partial;
  let kind: SolarEclipseKind = e.kind === Astronomy.EclipseKind.Total ? "total" : e.kind === Astronomy.EclipseKind.Annular ? "annular" : "partial";
  // Meeus ch. 54: a central eclipse with 0 ≤ u < 0.00464·√(1 − γ²) is annular-total (hybrid).
  if (central && u >= 0 && u < 0.00464 * Math.sqrt(Math.max(0, 1 - gamma * gamma))) kind = "hybrid";
  const magnitude = central
    ? diameterRatioAt(e.peak, e.latitude!, e.longitude!)
    // Meeus ch. 54: greatest magnitude of a partial eclipse, (1.5433 + u − |γ|)/(0.5461 + 2u), with the
    // fundamental-plane radii taken from the geometry instead of his mean values (0.9972: polar flattening).
    : (0.9972 + penumbra - gamma) / (penumbra + u);
  return {
    kind, peakJdUt, magnitude, gamma,
    obscuration: e.obscuration ?? null,
    latitudeDeg: central ? e.latitude! : null,
    longitudeDeg: central ? e.longitude! : null,
  };
}

/** Moon's over the Sun's apparent diameter seen from a place at sea level (the magnitude of a central eclipse there). */
function diameterRatioAt(time: Astronomy.AstroTime, latDeg: number, lonDeg: number): number {
  const observer = new Astronomy.Observer(latDeg, lonDeg, 0);
  const moon = Astronomy.Equator(Astronomy.Body.Moon, time, observer, true, true).dist;
  const sun = Astronomy.Equator(Astronomy.Body.Sun, time, observer, true, true).dist;
  return (MOON_RADIUS_KM / moon) / (SUN_RADIUS_KM / sun);
}

/** The lunar eclipse at the full moon `fullMoonJdUt` (Moon − Sun = 180°), or null. */
export function lunarEclipseAt(fullMoonJdUt: number): LunarEclipse | null {
  if (!moonNearEcliptic(fullMoonJdUt)) return null;
  const e = Astronomy.SearchLunarEclipse(timeOf(fullMoonJdUt - 1));
  const peakJdUt = jdOf(e.peak);
  if (Math.abs(peakJdUt - fullMoonJdUt) > 1) return null;
  const s = earthShadowAt(e.peak);
  const kind: LunarEclipseKind = e.kind === Astronomy.EclipseKind.Total ? "total" : e.kind === Astronomy.EclipseKind.Partial ? "partial" : "penumbral";
  // Contacts: the Moon's limb meets a shadow edge, r = edge ± R_moon, searched either side of the
  // peak within the semi-duration astronomy-engine reports plus a margin.
  const contact = (edge: (x: ReturnType<typeof earthShadowAt>) => number, semiMinutes: number): [number, number] => {
    const g = (jd: number) => { const x = earthShadowAt(timeOf(jd)); return x.rKm - edge(x); };
    const reach = (semiMinutes + 10) * MINUTE_DAYS;
    return [findRoot(g, peakJdUt - reach, peakJdUt, CONTACT_TOL_DAYS), findRoot(g, peakJdUt, peakJdUt + reach, CONTACT_TOL_DAYS)];
  };
  const [p1, p4] = contact((x) => x.penumbraKm + MOON_RADIUS_KM, e.sd_penum);
  const [u1, u4] = kind === "penumbral" ? [null, null] : contact((x) => x.umbraKm + MOON_RADIUS_KM, e.sd_partial);
  const [u2, u3] = kind === "total" ? contact((x) => x.umbraKm - MOON_RADIUS_KM, e.sd_total) : [null, null];
  return {
    kind, peakJdUt,
    umbralMagnitude: (s.umbraKm + MOON_RADIUS_KM - s.rKm) / (2 * MOON_RADIUS_KM),
    penumbralMagnitude: (s.penumbraKm + MOON_RADIUS_KM - s.rKm) / (2 * MOON_RADIUS_KM),
    contacts: { penumbralStart: p1, partialStart: u1, totalStart: u2, totalEnd: u3, partialEnd: u4, penumbralEnd: p4 },
  };
}
