import { Astronomy } from "../astro/astronomy.js";

/**
 * The shadow cones of eclipses, by similar triangles on geocentric vectors (the geometry behind
 * Besselian elements: Chauvenet, "Spherical and Practical Astronomy" (1863) vol. I ch. on
 * eclipses; Meeus, "Astronomical Algorithms" 2nd ed. ch. 54). A body of radius R seen against
 * the Sun casts an umbral cone and a penumbral cone along the Sun → body line; at the plane
 * through `target` perpendicular to that line they have radii k (umbra; negative past the
 * cone's vertex, where the antumbra begins) and p (penumbra), and `target` lies r from the axis.
 * Positions come from astronomy-engine (apparent Sun with aberration, geocentric Moon), through
 * the engine's one door to it (astro/astronomy.ts, which installs the engine's ΔT).
 */

/** Solar radius, km: the IAU 2015 nominal value (Resolution B3). */
export const SUN_RADIUS_KM = 695_700;
/** Earth's equatorial radius, km (WGS 84 / IERS). */
export const EARTH_EQUATORIAL_RADIUS_KM = 6378.137;
/** Mean lunar radius, km (IAU Working Group on Cartographic Coordinates, 2009). */
export const MOON_RADIUS_KM = 1737.4;
/**
 * Earth's radius for its shadow, km: the mean radius enlarged for the atmosphere, the value
 * astronomy-engine uses to classify lunar eclipses, so the kinds and magnitudes here agree
 * with its search.
 */
export const EARTH_SHADOW_RADIUS_KM = 6459;

export interface Shadow {
  /** Distance of the target from the shadow axis, km. */
  readonly rKm: number;
  /** Umbral radius at the target's plane, km (negative: antumbra). */
  readonly umbraKm: number;
  /** Penumbral radius at the target's plane, km. */
  readonly penumbraKm: number;
}

type Vec = { x: number; y: number; z: number };

function shadowOf(bodyRadiusKm: number, target: Vec, dir: Vec): Shadow {
  // target and dir are in AU, from the shadow-casting body; u = how far along dir (in |dir|) the target's plane lies.
  const u = (dir.x * target.x + dir.y * target.y + dir.z * target.z) / (dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
  const rKm = Astronomy.KM_PER_AU * Math.hypot(u * dir.x - target.x, u * dir.y - target.y, u * dir.z - target.z);
  return {
    rKm,
    umbraKm: SUN_RADIUS_KM - (1 + u) * (SUN_RADIUS_KM - bodyRadiusKm),
    penumbraKm: -SUN_RADIUS_KM + (1 + u) * (SUN_RADIUS_KM + bodyRadiusKm),
  };
}

/** The Earth's shadow at the Moon (lunar eclipses). */
export function earthShadowAt(time: Astronomy.AstroTime): Shadow {
  const s = Astronomy.GeoVector(Astronomy.Body.Sun, time, true);
  const m = Astronomy.GeoMoon(time);
  return shadowOf(EARTH_SHADOW_RADIUS_KM, m, { x: -s.x, y: -s.y, z: -s.z });
}

/** The Moon's shadow at the Earth's centre (solar eclipses). */
export function moonShadowAt(time: Astronomy.AstroTime): Shadow {
  const s = Astronomy.GeoVector(Astronomy.Body.Sun, time, true);
  const m = Astronomy.GeoMoon(time);
  return shadowOf(MOON_RADIUS_KM, { x: -m.x, y: -m.y, z: -m.z }, { x: m.x - s.x, y: m.y - s.y, z: m.z - s.z });
}
