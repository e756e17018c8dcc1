import { readFileSync } from "node:fs";
import type { ChartInput, ChartGraha } from "../../src/engine/chart/chart-input.js";
import { GRAHAS, type Graha } from "../../src/engine/types.js";

/** A sign (1..12) and a degree within it → sidereal longitude. */
export const at = (rashi: number, deg = 15): number => (rashi - 1) * 30 + deg;

/**
 * Build a ChartInput from longitudes (or sign numbers via `at`). Unlisted grahas default to
 * spread-out places; Ketu is kept opposite Rahu. Negative speeds mark retrograde grahas.
 */
export function chartOf(
  lagnaSidDeg: number,
  lons: Partial<Record<Graha, number>>,
  retrograde: Graha[] = [],
): ChartInput {
  const defaults: Record<Graha, number> = {
    sun: 10, moon: 100, mars: 200, mercury: 20, jupiter: 250, venus: 40, saturn: 300, rahu: 130, ketu: 310,
  };
  const merged = { ...defaults, ...lons };
  if (lons.rahu !== undefined && lons.ketu === undefined) merged.ketu = (lons.rahu + 180) % 360;
  const grahas = {} as Record<Graha, ChartGraha>;
  for (const g of GRAHAS) {
    const nodeSpeed = g === "rahu" || g === "ketu" ? -0.053 : 1;
    grahas[g] = { lonSidDeg: merged[g], latDeg: 0, speedDegPerDay: retrograde.includes(g) ? -0.1 : nodeSpeed };
  }
  return { lagnaSidDeg, grahas };
}

export { rng } from "../helpers/rng.js";

/** A random chart: every longitude uniform in [0, 360), Ketu opposite Rahu, random retrogression. */
export function randomChart(next: () => number): ChartInput {
  const grahas = {} as Record<Graha, ChartGraha>;
  for (const g of GRAHAS) {
    grahas[g] = { lonSidDeg: next() * 360, latDeg: 0, speedDegPerDay: next() < 0.2 ? -0.2 : 0.8 };
  }
  grahas.ketu = { ...grahas.rahu, lonSidDeg: (grahas.rahu.lonSidDeg + 180) % 360 };
  return { lagnaSidDeg: next() * 360, grahas };
}

interface FixtureGraha {
  readonly lon: number;
  readonly lat: number;
  readonly speed: number;
  /** The reference's sign 1..12 (Aries = 1). */
  readonly rashi: number;
}
interface FixtureCase {
  readonly id: string;
  readonly jd_ut: number;
  readonly ascendant: number;
  readonly grahas: Readonly<Record<string, FixtureGraha>>;
}

/**
 * Real charts: the 300 Swiss Ephemeris reference cases (test/fixtures/swisseph-positions.json,
 * Lahiri, mean node) as ChartInputs with their birth Julian days.
 */
export function fixtureCharts(): { id: string; jdUt: number; chart: ChartInput; rashi: Record<Graha, number> }[] {
  const data = JSON.parse(readFileSync(new URL("../fixtures/swisseph-positions.json", import.meta.url), "utf8")) as {
    cases: FixtureCase[];
  };
  const names: Record<Graha, string> = {
    sun: "Sun", moon: "Moon", mars: "Mars", mercury: "Mercury", jupiter: "Jupiter", venus: "Venus", saturn: "Saturn",
    rahu: "Rahu", ketu: "Ketu",
  };
  return data.cases.map((c) => {
    const grahas = {} as Record<Graha, ChartGraha>;
    const rashi = {} as Record<Graha, number>;
    for (const g of GRAHAS) {
      const f = c.grahas[names[g]]!;
      grahas[g] = { lonSidDeg: f.lon, latDeg: f.lat, speedDegPerDay: f.speed };
      rashi[g] = f.rashi;
    }
    return { id: c.id, jdUt: c.jd_ut, chart: { lagnaSidDeg: c.ascendant, grahas }, rashi };
  });
}
