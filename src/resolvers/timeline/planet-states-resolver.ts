import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { avasthasOf } from "../../engine/chart/avasthas.js";
import { isCombust } from "../../engine/chart/dignity.js";
import { heliacalAround, type HeliacalEvent } from "../../engine/transits/heliacal.js";
import { formatIso } from "../../engine/time/iso.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { SAPTA_GRAHAS, type SaptaGraha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { GraphQLContext } from "../context.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import { badUserInput } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import { BIRTH_YEAR_MAX, BIRTH_YEAR_MIN, birthRangeProblem, chartInputOf } from "../kundali/chart-core-of.js";
import { HeliacalAroundType, PlanetStateType } from "./planet-states-types.js";

/** Prices: the states (combustion and avasthas of the chart) 0.5; the heliacal searches 1 (all seven grahas). */
export const PLANET_STATES_CREDITS = { planetStates: 0.5, heliacal: 1 } as const;

interface PlanetStateRoot extends Omit<PlanetStateType, "heliacal"> {
  readonly birth: Birth;
}

/** PlanetState.heliacal's `at`, checked (prevalidate.ts too): the searches reach ~2.2 years each way. */
export function heliacalAtMoment(at: string | null | undefined): Moment | null {
  if (!at) return null;
  const m = momentFromDateTime("at", at);
  const margin = 3 * 365.25 * 86_400_000;
  if (birthRangeProblem(m.instant.unixMs - margin) ?? birthRangeProblem(m.instant.unixMs + margin)) {
    throw badUserInput("at", `must lie within ${BIRTH_YEAR_MIN + 3}–${BIRTH_YEAR_MAX - 3} (the searches reach about two years each way)`);
  }
  return m;
}

@Resolver(() => ChartType)
export class ChartPlanetStatesResolver {
  @FieldResolver(() => [PlanetStateType], {
    description: "Combustion (Surya Siddhanta orbs, Mercury and Venus narrower while retrograde) and the baladi, jagradadi and deeptadi avasthas (BPHS ch. 45) of Sun … Saturn.",
  })
  @Cost(PLANET_STATES_CREDITS.planetStates)
  planetStates(@Root() b: Birth, @Ctx() ctx: GraphQLContext): PlanetStateRoot[] {
    const chart = chartInputOf(b, ctx.engine);
    return SAPTA_GRAHAS.map((g) => {
      const c = isCombust(chart, g);
      const p = chart.grahas[g];
      return {
        birth: b, graha: g, longitude: p.lonSidDeg, retrograde: p.speedDegPerDay < 0,
        distanceFromSun: c.distanceDeg, combust: c.combust, combustionOrb: c.orbDeg, avasthas: avasthasOf(chart, g),
      };
    });
  }
}

@Resolver(() => PlanetStateType)
export class PlanetStateResolver {
  @FieldResolver(() => HeliacalAroundType, { nullable: true, description: "Entering (setting) and leaving (rising) the combustion orb around `at` (default the birth)." })
  @Cost(PLANET_STATES_CREDITS.heliacal)
  heliacal(
    @Root() r: PlanetStateRoot,
    @Arg("at", () => String, { nullable: true, description: "ISO 8601 with offset; default the birth moment." }) at: string | null,
  ): HeliacalAroundType | null {
    if (r.graha === "sun") return null;
    const m = heliacalAtMoment(at) ?? r.birth.moment;
    const h = heliacalAround(r.graha as Exclude<SaptaGraha, "sun">, m.instant.jdUt, r.birth.conventions);
    const ev = (e: HeliacalEvent | null) => e && { kind: e.kind, datetime: formatIso(unixMsFromJd(e.jdUt), m.offsetMinutes), orb: e.orbDeg, retrograde: e.retrograde };
    return {
      at: m.iso, combust: h.combust,
      lastSetting: ev(h.lastSetting), lastRising: ev(h.lastRising), nextSetting: ev(h.nextSetting), nextRising: ev(h.nextRising),
    };
  }
}
