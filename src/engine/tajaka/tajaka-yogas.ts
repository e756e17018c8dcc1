import { houseFrom } from "../chart/chart-input.js";
import { DEEPTAMSHA, TAJAKA_SPEED_ORDER } from "../tables/tajaka.js";
import { rashiDegree, rashiOf } from "../tables/rashis.js";
import type { SaptaGraha } from "../types.js";
import { tajakaAspect } from "./varshaphal.js";

export interface TajakaYoga {
  readonly name: "Ikkavala" | "Induvara" | "Ithasala" | "Eesarpha";
  readonly planets: readonly SaptaGraha[];
  readonly description: string;
}

/**
 * The Tajaka yogas of an annual chart that follow from positions alone (Tajaka Neelakanthi,
 * Samjna Tantra): Ikkavala (all seven planets in kendras and panapharas), Induvara (all in
 * apoklimas), and for each pair of planets in Tajaka aspect, Ithasala (the faster planet, by the
 * classical order of mean motion, behind the slower in degrees within the sign and within the
 * mean of their deeptamshas: applying) or Eesarpha (just past it within the same orb: separating).
 * Retrograde motion is not considered (the classical order of speed is used).
 */
export function tajakaYogas(lagnaSidDeg: number, lonSid: Readonly<Record<SaptaGraha, number>>): TajakaYoga[] {
  const out: TajakaYoga[] = [];
  const lagna = rashiOf(lagnaSidDeg);
  const houses = TAJAKA_SPEED_ORDER.map((g) => houseFrom(lagna, rashiOf(lonSid[g])));
  if (houses.every((h) => h % 3 !== 0)) {
    out.push({ name: "Ikkavala", planets: [...TAJAKA_SPEED_ORDER], description: "all seven planets in kendras and panapharas from the varsha lagna" });
  }
  if (houses.every((h) => h % 3 === 0)) {
    out.push({ name: "Induvara", planets: [...TAJAKA_SPEED_ORDER], description: "all seven planets in apoklimas from the varsha lagna" });
  }
  for (let i = 0; i < TAJAKA_SPEED_ORDER.length; i++) {
    for (let j = i + 1; j < TAJAKA_SPEED_ORDER.length; j++) {
      const fast = TAJAKA_SPEED_ORDER[i]!;
      const slow = TAJAKA_SPEED_ORDER[j]!;
      if (tajakaAspect(rashiOf(lonSid[fast]), rashiOf(lonSid[slow])) === "none") continue;
      const orb = (DEEPTAMSHA[fast] + DEEPTAMSHA[slow]) / 2;
      const gap = rashiDegree(lonSid[slow]) - rashiDegree(lonSid[fast]);
      if (gap >= 0 && gap <= orb) {
        out.push({ name: "Ithasala", planets: [fast, slow], description: `${fast} applies to ${slow} (${gap.toFixed(2)}° behind, orb ${orb}°)` });
      } else if (gap < 0 && -gap <= orb) {
        out.push({ name: "Eesarpha", planets: [fast, slow], description: `${fast} separates from ${slow} (${(-gap).toFixed(2)}° past, orb ${orb}°)` });
      }
    }
  }
  return out;
}
