import { norm360, rashiOf } from "../tables/rashis.js";
import { GRAHAS, type Graha } from "../types.js";
import { houseFrom, type ChartInput } from "./chart-input.js";

/** Bhava systems of the chalit chart. */
export const BHAVA_SYSTEMS = ["equal", "sripati"] as const;
export type BhavaSystem = (typeof BHAVA_SYSTEMS)[number];

/** One bhava: its madhya (midpoint) and sandhis (start, end), sidereal degrees. */
export interface BhavaCusp {
  readonly house: number;
  readonly madhyaSidDeg: number;
  readonly startSidDeg: number;
  readonly endSidDeg: number;
  readonly madhyaRashi: number;
}

export interface BhavaPlanet {
  readonly graha: Graha;
  readonly lonSidDeg: number;
  /** Whole-sign house from the lagna. */
  readonly rashiHouse: number;
  readonly bhavaHouse: number;
  readonly shifted: boolean;
}

export interface BhavaChalit {
  readonly system: BhavaSystem;
  readonly cusps: readonly BhavaCusp[];
  readonly planets: readonly BhavaPlanet[];
  readonly shiftedPlanets: readonly Graha[];
}

/**
 * Bhava madhyas. `equal`: the lagna is the madhya of the 1st bhava and each next madhya is 30°
 * on (the spec's system). `sripati` (Sripati Paddhati): Porphyry — the lagna, IC, descendant and MC
 * are the madhyas of the 1st, 4th, 7th and 10th, and each quadrant is trisected for the others.
 */
export function bhavaMadhyas(system: BhavaSystem, lagnaSidDeg: number, mcSidDeg: number): number[] {
  if (system === "equal") return Array.from({ length: 12 }, (_, i) => norm360(lagnaSidDeg + 30 * i));
  const angles = [lagnaSidDeg, mcSidDeg + 180, lagnaSidDeg + 180, mcSidDeg].map(norm360);
  const out: number[] = [];
  for (let q = 0; q < 4; q++) {
    const from = angles[q]!;
    const arc = norm360(angles[(q + 1) % 4]! - from);
    for (let k = 0; k < 3; k++) out.push(norm360(from + (arc * k) / 3));
  }
  return out;
}

/** Whether `lon` lies in [start, end) going forward from start. */
const within = (lon: number, start: number, end: number): boolean => norm360(lon - start) < norm360(end - start);

/**
 * The bhava chalit chart: each bhava runs from the sandhi before its madhya to the sandhi after
 * (sandhi = the point half-way between neighbouring madhyas); each graha's bhava against its
 * whole-sign house, and which grahas shift.
 */
export function bhavaChalit(chart: ChartInput, mcSidDeg: number, system: BhavaSystem = "equal"): BhavaChalit {
  const m = bhavaMadhyas(system, chart.lagnaSidDeg, mcSidDeg);
  const sandhi = (i: number): number => norm360(m[(i + 11) % 12]! + norm360(m[i]! - m[(i + 11) % 12]!) / 2);
  const cusps = m.map((madhya, i) => ({
    house: i + 1, madhyaSidDeg: madhya, startSidDeg: sandhi(i), endSidDeg: sandhi((i + 1) % 12), madhyaRashi: rashiOf(madhya),
  }));
  const lagnaRashi = rashiOf(chart.lagnaSidDeg);
  const planets = GRAHAS.map((g) => {
    const lon = chart.grahas[g].lonSidDeg;
    const bhavaHouse = cusps.find((c) => within(lon, c.startSidDeg, c.endSidDeg))?.house ?? 1;
    const rashiHouse = houseFrom(lagnaRashi, rashiOf(lon));
    return { graha: g, lonSidDeg: lon, rashiHouse, bhavaHouse, shifted: bhavaHouse !== rashiHouse };
  });
  return { system, cusps, planets, shiftedPlanets: planets.filter((p) => p.shifted).map((p) => p.graha) };
}
