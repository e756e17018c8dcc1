import { ChartCore } from "../../engine/chart/chart-core.js";
import type { ChartGraha, ChartInput } from "../../engine/chart/chart-input.js";
import { GRAHAS, type Graha } from "../../engine/types.js";
import type { Birth } from "../chart/birth-input.js";
import type { EngineContext } from "../engine-context.js";
import { badUserInput, forField } from "../common/input-errors.js";

/** Birth years the chart faces accept (inclusive): the span the engine's series are checked over. */
export const BIRTH_YEAR_MIN = 1800;
export const BIRTH_YEAR_MAX = 2400;
const MIN_MS = Date.UTC(BIRTH_YEAR_MIN, 0, 1);
const MAX_MS = Date.UTC(BIRTH_YEAR_MAX + 1, 0, 1);

/** What is wrong with a birth instant (unix ms), or undefined. Shared by GraphQL and REST validation. */
export function birthRangeProblem(unixMs: number): string | undefined {
  if (unixMs >= MIN_MS && unixMs < MAX_MS) return undefined;
  return `datetime must fall in the years ${BIRTH_YEAR_MIN}–${BIRTH_YEAR_MAX} (UTC)`;
}

/** Memo key of everything a chart's positions depend on: instant, place, ayanamsha, node. */
export function birthKey(b: Birth): string {
  return `${b.moment.instant.unixMs}|${b.place.latDeg},${b.place.lonDeg}|${b.conventions.ayanamsha}/${b.conventions.node}`;
}

/**
 * The ChartInput of a birth (sidereal lagna and the nine grahas), from the request's memoized
 * positions and ascendant: built once per birth per request.
 */
export function chartInputOf(b: Birth, engine: EngineContext): ChartInput {
  return engine.derived("chartInput", birthKey(b), () => {
    const problem = birthRangeProblem(b.moment.instant.unixMs);
    if (problem) throw badUserInput("birth.datetime", problem);
    const positions = engine.positions(b.moment.instant, b.conventions, GRAHAS);
    const { ascendantSidDeg } = forField("birth", () => engine.ascendant(b.moment.instant, b.place, b.conventions));
    const grahas = {} as Record<Graha, ChartGraha>;
    for (const p of positions) grahas[p.graha] = { lonSidDeg: p.lonSidDeg, latDeg: p.latDeg, speedDegPerDay: p.speedDegPerDay };
    return { lagnaSidDeg: ascendantSidDeg, grahas };
  });
}

/** The one memoized ChartCore of a birth in this request (every kundali field reads it). */
export function chartCoreOf(b: Birth, engine: EngineContext): ChartCore {
  return engine.derived("chartCore", birthKey(b), () => new ChartCore(chartInputOf(b, engine), b.moment.instant.jdUt, { dashaDepth: 1 }));
}
