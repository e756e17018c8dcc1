import { separationDeg } from "../chart/dignity.js";
import { norm360 } from "../tables/rashis.js";
import { DIG_STRONG_ANGLE } from "../tables/shadbala.js";
import type { SaptaGraha } from "../types.js";

/**
 * Dig (directional) bala, BPHS ch. 27: the arc (0..180°) from the point opposite the graha's strong
 * angle, divided by 3 — 60 at the strong angle, 0 opposite it. Angles are the lagna and the MC
 * (the madhyas of the 1st and 10th bhavas in Raman's Sripati houses) and their opposites.
 */
export function digBala(g: SaptaGraha, lonSidDeg: number, lagnaSidDeg: number, mcSidDeg: number): number {
  const strong = { lagna: lagnaSidDeg, mc: mcSidDeg, descendant: lagnaSidDeg + 180, ic: mcSidDeg + 180 }[DIG_STRONG_ANGLE[g]];
  return separationDeg(lonSidDeg, norm360(strong + 180)) / 3;
}
