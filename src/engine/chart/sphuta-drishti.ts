import { norm360 } from "../tables/rashis.js";
import type { Graha } from "../types.js";

/**
 * Sphuta (virupa) drishti: the strength in virupas (0..60, more with the special aspects) of the
 * aspect a graha casts on a point `angleDeg` ahead of it (aspected − aspecting, 0..360), BPHS ch. 26
 * as worked in B.V. Raman, "Graha and Bhava Balas":
 *   0–30° nil; 30–60° (a−30)/2; 60–90° a−45; 90–120° 30+(120−a)/2; 120–150° 150−a;
 *   150–180° 2(a−150); 180–300° (300−a)/2; 300–360° nil.
 * Special aspects add (Raman): Saturn +45 on 60–90° and 270–300° (3rd/10th), Mars +15 on 90–120° and
 * 210–240° (4th/8th), Jupiter +30 on 120–150° and 240–270° (5th/9th). Nodes cast none here.
 * Drik bala (strength/drik-bala.ts) and bhava drishti bala use this one function.
 */
export function sphutaDrishti(from: Graha, angleDeg: number): number {
  if (from === "rahu" || from === "ketu") return 0;
  const a = norm360(angleDeg);
  let v: number;
  if (a < 30) v = 0;
  else if (a < 60) v = (a - 30) / 2;
  else if (a < 90) v = a - 45;
  else if (a < 120) v = 30 + (120 - a) / 2;
  else if (a < 150) v = 150 - a;
  else if (a < 180) v = 2 * (a - 150);
  else if (a < 300) v = (300 - a) / 2;
  else v = 0;
  if (from === "saturn" && ((a >= 60 && a < 90) || (a >= 270 && a < 300))) v += 45;
  else if (from === "mars" && ((a >= 90 && a < 120) || (a >= 210 && a < 240))) v += 15;
  else if (from === "jupiter" && ((a >= 120 && a < 150) || (a >= 240 && a < 270))) v += 30;
  return v;
}
