import { bhavaMadhyas } from "../chart/bhava-chalit.js";
import { signLord } from "../chart/dignity.js";
import { rashiDegree, rashiOf } from "../tables/rashis.js";
import type { SaptaGraha } from "../types.js";
import { drishtiOnPoint } from "./drik-bala.js";
import type { Shadbala } from "./shadbala.js";
import type { ChartInput } from "../chart/chart-input.js";

/** One bhava's strength, virupas (BPHS ch. 27; Raman, "Graha and Bhava Balas", "Bhava Bala"). */
export interface BhavaBalaEntry {
  readonly house: number;
  /** The bhava madhya (equal houses, lagna = madhya of the 1st), sidereal degrees. */
  readonly madhyaSidDeg: number;
  readonly lord: SaptaGraha;
  /** Bhavadhipati bala: the lord's shadbala total. */
  readonly adhipati: number;
  readonly dig: number;
  readonly drishti: number;
  readonly totalVirupas: number;
  readonly totalRupas: number;
  /** 1 = the strongest bhava. */
  readonly rank: number;
}

/**
 * The house (1, 4, 7, 10) where a bhava whose madhya falls in this sign is strongest (Raman):
 * human signs (Gemini, Virgo, Libra, Aquarius, Sagittarius 0–15°) the 1st, quadrupeds (Aries,
 * Taurus, Leo, Sagittarius 15–30°, Capricorn 0–15°) the 10th, watery (Cancer, Pisces, Capricorn
 * 15–30°) the 4th, Scorpio (insect) the 7th.
 */
export function bhavaDigStrongHouse(madhyaSidDeg: number): 1 | 4 | 7 | 10 {
  const sign = rashiOf(madhyaSidDeg);
  const firstHalf = rashiDegree(madhyaSidDeg) < 15;
  if ([3, 6, 7, 11].includes(sign) || (sign === 9 && firstHalf)) return 1;
  if ([1, 2, 5].includes(sign) || (sign === 9 && !firstHalf) || (sign === 10 && firstHalf)) return 10;
  if (sign === 8) return 7;
  return 4;
}

/** Bhava dig bala: 60 in the strong house, 10 less for each house away from it (0 opposite). */
export function bhavaDigBala(house: number, madhyaSidDeg: number): number {
  const d = Math.abs(house - bhavaDigStrongHouse(madhyaSidDeg));
  return (6 - Math.min(d, 12 - d)) * 10;
}

/**
 * Bhava bala of the twelve bhavas: bhavadhipati bala (the lord's shadbala) + bhava dig bala +
 * bhava drishti bala (the aspects on the madhya, as drik bala counts them). Madhyas: equal houses
 * with the lagna as the 1st madhya (the bhava chalit system, chart/bhava-chalit.ts).
 */
export function bhavaBala(chart: ChartInput, sb: Shadbala): BhavaBalaEntry[] {
  const total = new Map(sb.grahas.map((g) => [g.graha, g.totalVirupas]));
  const madhyas = bhavaMadhyas("equal", chart.lagnaSidDeg, 0);
  const rows = [];
  for (let h = 1; h <= 12; h++) {
    const madhya = madhyas[h - 1]!;
    const lord = signLord(rashiOf(madhya)) as SaptaGraha;
    const adhipati = total.get(lord)!;
    const dig = bhavaDigBala(h, madhya);
    const drishti = drishtiOnPoint(chart, madhya);
    const totalVirupas = adhipati + dig + drishti;
    rows.push({ house: h, madhyaSidDeg: madhya, lord, adhipati, dig, drishti, totalVirupas, totalRupas: totalVirupas / 60, rank: 0 });
  }
  const order = [...rows].sort((a, b) => b.totalVirupas - a.totalVirupas);
  return rows.map((r) => ({ ...r, rank: order.indexOf(r) + 1 }));
}
