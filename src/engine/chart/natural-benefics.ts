import { norm360, rashiOf } from "../tables/rashis.js";
import type { Graha } from "../types.js";
import type { ChartInput } from "./chart-input.js";

/**
 * Whether a graha acts as a natural benefic (saumya) in this chart — the one rule every part of the
 * engine that asks "is it a benefic here?" reads (paksha and drik bala, the yoga and dosha facts):
 *
 * - Jupiter and Venus always; the Sun, Mars, Saturn, Rahu and Ketu never.
 * - The Moon while waxing (Moon − Sun under 180°); the waning (kshina) Moon is a malefic.
 * - Mercury unless he shares a sign with ANY malefic — the Sun, Mars, Saturn, Rahu, Ketu or the
 *   waning Moon — whatever benefics join him too.
 *
 * Sources: BPHS ch. 3 (Grahaguna Svarupa) v. 11–12: "the Sun, Saturn, Mars, the decreasing Moon,
 * Rahu and Ketu are malefics, the rest benefics; Mercury, however, is a malefic if he joins a
 * malefic"; Brihat Jataka ch. 2 v. 5: "the waning Moon, the Sun, Mars and Saturn are malefics;
 * Mercury joined with any of them is malefic too"; Jataka Parijata ch. 2 (Mercury "benefic except
 * when conjunct a malefic"); B.V. Raman's worked shadbala example ("Graha and Bhava Balas": Mercury
 * with the Sun takes the malefic paksha bala). No classical text weighs Mercury's company by count:
 * the majority and nearest-planet rules (P.V.R. Narasimha Rao, "Integrated Vedic Astrology";
 * V.P. Jain's worked shadbala example, which makes Mercury with Jupiter and Saturn a benefic; PyJHora
 * follows them and also leaves the nodes out) are modern and are not used here.
 *
 * The lordship rules (functional natures, BPHS ch. 34, tables/karakas.ts) are a different matter:
 * they grade a planet by its nature alone, per lagna, and keep Mercury among the benefics.
 */
export function isNaturalBenefic(chart: ChartInput, g: Graha): boolean {
  switch (g) {
    case "jupiter":
    case "venus":
      return true;
    case "moon":
      return moonWaxing(chart);
    case "mercury":
      return !MERCURY_SPOILERS.some((m) => (m !== "moon" || !moonWaxing(chart)) && sameSign(chart, m, "mercury"));
    default:
      return false;
  }
}

/** The malefics whose company makes Mercury a malefic (the Moon only while waning). */
const MERCURY_SPOILERS: readonly Graha[] = ["sun", "moon", "mars", "saturn", "rahu", "ketu"];

function moonWaxing(chart: ChartInput): boolean {
  return norm360(chart.grahas.moon.lonSidDeg - chart.grahas.sun.lonSidDeg) < 180;
}

function sameSign(chart: ChartInput, a: Graha, b: Graha): boolean {
  return rashiOf(chart.grahas[a].lonSidDeg) === rashiOf(chart.grahas[b].lonSidDeg);
}
