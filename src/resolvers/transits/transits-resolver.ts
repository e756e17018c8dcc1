import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from "type-graphql";
import { gochar, signOf } from "../../engine/transits/gochar.js";
import { specialTransits, type Span, type SpecialTransit } from "../../engine/transits/special-transits.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { formatIso } from "../../engine/time/iso.js";
import { instantFromUnixMs } from "../../engine/time/instant.js";
import { GRAHAS, type Conventions, type Graha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { GraphQLContext } from "../context.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import { ConventionsType } from "../common/conventions.js";
import { badUserInput } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import { BIRTH_YEAR_MAX, BIRTH_YEAR_MIN, birthRangeProblem, chartInputOf } from "../kundali/chart-core-of.js";
import { inChartZone } from "../common/civil-input.js";
import {
  GocharPlanetType, SpecialTransitType, SpecialTransitsType, TransitsType, type TransitsRoot,
} from "./transits-types.js";

/**
 * Prices (docs/architecture.md §5): the node 0.5 (natal chart and the transit positions),
 * `planets` 0.5 (the gochar table), `special` 1 (Saturn, Jupiter and node ingress scans over
 * up to ±10 years) — POST /transits selects all three: 2.
 */
export const TRANSITS_CREDITS = { transits: 0.5, planets: 0.5, special: 1 } as const;

/**
 * Chart.transits's `at`, validated (null: now); also run before pricing by prevalidate.ts. The
 * scans reach 10 years each side, so `at` keeps inside the chart span less that margin.
 */
export function transitsAtMoment(at: string | null | undefined): Moment | null {
  if (!at) return null;
  const m = momentFromDateTime("at", at);
  const margin = 11 * 365.25 * 86_400_000;
  const problem = birthRangeProblem(m.instant.unixMs - margin) ?? birthRangeProblem(m.instant.unixMs + margin);
  if (problem) throw badUserInput("at", `must lie within ${BIRTH_YEAR_MIN + 11}–${BIRTH_YEAR_MAX - 11} (the transit scans reach 10 years each way)`);
  return m;
}

const iso = (jd: number | null, offsetMinutes: number): string | null => (jd === null ? null : formatIso(unixMsFromJd(jd), offsetMinutes));
const span = (s: Span, off: number) => ({ start: iso(s.startJdUt, off), end: iso(s.endJdUt, off) });
const special = (s: SpecialTransit | null, off: number): SpecialTransitType | null =>
  s && { graha: s.graha, sign: s.sign, ...span(s.span, off) };

function positionsAt(r: TransitsRoot, ctx: GraphQLContext) {
  return ctx.engine.positions(r.at.instant, r.birth.conventions, GRAHAS);
}

function natalSigns(r: TransitsRoot, ctx: GraphQLContext): { moon: number; lagna: number } {
  const input = chartInputOf(r.birth, ctx.engine);
  return { moon: signOf(input.grahas.moon.lonSidDeg), lagna: signOf(input.lagnaSidDeg) };
}

@Resolver(() => ChartType)
export class ChartTransitsResolver {
  @FieldResolver(() => TransitsType, { description: "Gochar from the natal Moon at `at` (priced per part: 2 in all)." })
  @Cost(TRANSITS_CREDITS.transits)
  transits(
    @Root() b: Birth,
    @Arg("at", () => String, { nullable: true, description: "Transit instant, ISO 8601 with offset, or local (read in the birth's zone); default now." }) at: string | null,
  ): TransitsRoot {
    // "Now" enters here, in the resolver: the engine takes the instant as an argument.
    const m = transitsAtMoment(at && inChartZone("at", at, b.civil))
      ?? { instant: instantFromUnixMs(Date.now()), offsetMinutes: b.moment.offsetMinutes, iso: formatIso(Date.now(), b.moment.offsetMinutes) };
    return { birth: b, at: m };
  }
}

@Resolver(() => TransitsType)
export class TransitsResolver {
  @FieldResolver(() => String, { description: "The transit instant, ISO 8601." })
  at(@Root() r: TransitsRoot): string {
    return r.at.iso;
  }

  @FieldResolver(() => ConventionsType)
  conventions(@Root() r: TransitsRoot): Conventions {
    return r.birth.conventions;
  }

  @FieldResolver(() => Int, { description: "Sign (1..12) of the natal Moon." })
  natalMoonSign(@Root() r: TransitsRoot, @Ctx() ctx: GraphQLContext): number {
    return natalSigns(r, ctx).moon;
  }

  @FieldResolver(() => Int, { description: "Sign (1..12) of the natal lagna." })
  natalLagnaSign(@Root() r: TransitsRoot, @Ctx() ctx: GraphQLContext): number {
    return natalSigns(r, ctx).lagna;
  }

  @FieldResolver(() => [GocharPlanetType])
  @Cost(TRANSITS_CREDITS.planets)
  planets(@Root() r: TransitsRoot, @Ctx() ctx: GraphQLContext): GocharPlanetType[] {
    const pos = positionsAt(r, ctx);
    const signs = Object.fromEntries(pos.map((p) => [p.graha, signOf(p.lonSidDeg)])) as Record<Graha, number>;
    const byGraha = new Map(pos.map((p) => [p.graha, p]));
    return gochar(natalSigns(r, ctx).moon, signs).map((e) => ({
      graha: e.graha, longitude: byGraha.get(e.graha)!.lonSidDeg, sign: e.sign, retrograde: byGraha.get(e.graha)!.retrograde,
      houseFromMoon: e.houseFromMoon, favourableHouse: e.favourableHouse, vedhaHouse: e.vedhaHouse, vedhaBy: [...e.vedhaBy], effect: e.effect,
    }));
  }

  @FieldResolver(() => SpecialTransitsType)
  @Cost(TRANSITS_CREDITS.special)
  special(@Root() r: TransitsRoot, @Ctx() ctx: GraphQLContext): SpecialTransitsType {
    const lon = new Map(positionsAt(r, ctx).map((p) => [p.graha, p.lonSidDeg]));
    const n = natalSigns(r, ctx);
    const s = specialTransits(n.moon, n.lagna, r.at.instant.jdUt, (g) => lon.get(g)!, r.birth.conventions);
    const off = r.at.offsetMinutes;
    return {
      sadeSati: s.sadeSati && {
        phase: s.sadeSati.phase, phaseStart: iso(s.sadeSati.phaseSpan.startJdUt, off), phaseEnd: iso(s.sadeSati.phaseSpan.endJdUt, off),
        ...span(s.sadeSati.span, off),
      },
      kantakaShani: special(s.kantakaShani, off), ashtamaShani: special(s.ashtamaShani, off), guruOverMoon: special(s.guruOverMoon, off),
      nodeOverMoon: special(s.nodeOverMoon, off), nodeOverLagna: special(s.nodeOverLagna, off),
    };
  }
}
