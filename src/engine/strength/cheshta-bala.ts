import { separationDeg } from "../chart/dignity.js";
import { MEAN_LONGITUDE } from "../tables/shadbala.js";
import { norm360 } from "../tables/rashis.js";

/** Mean longitude (degrees, mean equinox of date) of the Sun or a planet at `jdTt` (tables/shadbala.ts, Meeus ch. 31). */
export function meanLongitudeDeg(body: keyof typeof MEAN_LONGITUDE, jdTt: number): number {
  const t = (jdTt - 2451545) / 36525;
  const [l0, l1, l2] = MEAN_LONGITUDE[body];
  return norm360(l0 + l1 * t + l2 * t * t);
}

/** Half-way between two longitudes along the shorter arc. */
function midpointDeg(a: number, b: number): number {
  let d = norm360(b - a);
  if (d > 180) d -= 360;
  return norm360(a + d / 2);
}

/**
 * Cheshta (motional) bala of Mars … Saturn, BPHS ch. 27 as worked by Raman: cheshta kendra =
 * seeghrochcha − ½(madhya + spashta), folded to 0..180°, divided by 3. For Mars, Jupiter and Saturn
 * the madhya is the planet's mean longitude and the seeghrochcha the mean Sun; for Mercury and
 * Venus the madhya is the mean Sun and the seeghrochcha the planet's mean (heliocentric) longitude.
 * Spashta is the true geocentric longitude. Everything sayana (of date), so the ayanamsha cancels.
 * 60 at retrogression (kendra 180°), nil near the conjunction with the Sun.
 */
export function cheshtaBala(g: "mars" | "mercury" | "jupiter" | "venus" | "saturn", spashtaSayanaDeg: number, jdTt: number): number {
  const meanSun = meanLongitudeDeg("sun", jdTt);
  const meanPlanet = meanLongitudeDeg(g, jdTt);
  const inferior = g === "mercury" || g === "venus";
  const madhya = inferior ? meanSun : meanPlanet;
  const seeghrochcha = inferior ? meanPlanet : meanSun;
  return separationDeg(seeghrochcha, midpointDeg(madhya, spashtaSayanaDeg)) / 3;
}
