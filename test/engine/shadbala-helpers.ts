import { trueAyanamshaDeg } from "../../src/engine/astro/ayanamsha.js";
import { ascendantAndMc } from "../../src/engine/astro/houses.js";
import { grahaPositions } from "../../src/engine/astro/positions.js";
import type { ChartGraha, ChartInput } from "../../src/engine/chart/chart-input.js";
import { shadbalaInput, type ShadbalaInput } from "../../src/engine/strength/shadbala-input.js";
import { instantFromUnixMs } from "../../src/engine/time/instant.js";
import { GRAHAS, withDefaults, type AyanamshaName, type Graha, type SunriseConvention } from "../../src/engine/types.js";

/** The engine's shadbala input of a birth (ISO datetime with offset), computed from scratch. */
export function birthShadbalaInput(
  iso: string, latDeg: number, lonDeg: number, ayanamsha: AyanamshaName = "lahiri", sunrise: SunriseConvention = "upper_limb",
): ShadbalaInput {
  const instant = instantFromUnixMs(Date.parse(iso));
  const place = { latDeg, lonDeg };
  const conv = withDefaults({ ayanamsha, sunrise });
  const pos = grahaPositions(instant, conv, [...GRAHAS]);
  const grahas = {} as Record<Graha, ChartGraha>;
  for (const g of GRAHAS) grahas[g] = { lonSidDeg: pos[g]!.lonSidDeg, latDeg: pos[g]!.latDeg, speedDegPerDay: pos[g]!.speedDegPerDay };
  const angles = ascendantAndMc(instant, place, conv);
  const chart: ChartInput = { lagnaSidDeg: angles.ascendantSidDeg, grahas };
  return shadbalaInput(chart, instant, place, conv, angles, trueAyanamshaDeg(instant.jdTt, ayanamsha));
}
