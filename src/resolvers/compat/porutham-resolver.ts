import { PORUTHAM_TITLES } from "../../i18n/tables/koots.js";
import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { moonFacts } from "../../engine/compat/ashtakoota.js";
import { dashakoot, dashakootRank } from "../../engine/compat/dashakoot.js";
import { papasamyam, type PapaPoints } from "../../engine/compat/papasamyam.js";
import { porutham, poruthamRank, rashiOfStar, starFacts, type Porutham, type StarFacts } from "../../engine/compat/porutham.js";
import { NAKSHATRAS } from "../../engine/tables/nakshatras.js";
import type { PoruthamSystem } from "../../engine/tables/porutham.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { Cost, CostPerItem } from "../../costing/cost-decorator.js";
import { birthFrom } from "../chart/birth-input.js";
import { badUserInput } from "../common/input-errors.js";
import type { GraphQLContext } from "../context.js";
import type { EngineContext } from "../engine-context.js";
import { birthRangeProblem } from "../kundali/chart-core-of.js";
import { chartOf, moonLon } from "./compatibility-resolver.js";
import { CompatibilityType, type CompatibilityRoot } from "./compatibility-types.js";
import {
  BulkMatchCandidateType, BulkMatchType, BulkRankingEnum, DashakootType, MatchCandidateInput, MatchPartyInput, MatchRoleEnum, MatchStarType, PapasamyamType, PoruthamSystemEnum, PoruthamType,
  StarInput, type BulkRanking, type MatchRole, type PapaPointsType,
} from "./porutham-types.js";

import { BULK_MAX_CANDIDATES, PORUTHAM_CREDITS } from "./porutham-prices.js";

function checkInt(field: string, v: number, min: number, max: number): number {
  if (!Number.isInteger(v) || v < min || v > max) throw badUserInput(field, `${field.split(".").pop()} must be an integer from ${min} to ${max}, got ${v}`);
  return v;
}

/** A star input, validated; a rasi the star does not reach is refused. Errors name `arg.nakshatra` …. */
export function starFrom(arg: string, s: StarInput): StarFacts {
  const nakshatra = checkInt(`${arg}.nakshatra`, s.nakshatra, 1, 27);
  const pada = s.pada == null ? null : checkInt(`${arg}.pada`, s.pada, 1, 4);
  const rashi = s.rashi == null ? null : checkInt(`${arg}.rashi`, s.rashi, 1, 12);
  if (rashi !== null) {
    const reach = pada !== null ? [rashiOfStar(nakshatra, pada)] : [rashiOfStar(nakshatra, 1), rashiOfStar(nakshatra, 4)];
    if (!reach.includes(rashi)) {
      throw badUserInput(`${arg}.rashi`, `rashi ${rashi} is not a sign of ${NAKSHATRAS[nakshatra - 1]!.name}${pada !== null ? ` pada ${pada}` : ""} (${[...new Set(reach)].join(" or ")})`);
    }
  }
  return starFacts(nakshatra, pada, rashi);
}

type Party = { star: StarFacts } | { birth: ReturnType<typeof birthFrom> };

/** Exactly one of birth or star. */
function partyFrom(arg: string, p: MatchPartyInput): Party {
  if ((p.birth == null) === (p.star == null)) throw badUserInput(arg, `${arg} needs exactly one of birth or star`);
  if (p.star != null) return { star: starFrom(`${arg}.star`, p.star) };
  const birth = birthFrom(`${arg}.birth`, p.birth!);
  const problem = birthRangeProblem(birth.moment.instant.unixMs);
  if (problem) throw badUserInput(`${arg}.birth.datetime`, problem);
  return { birth };
}

function partyStar(p: Party, engine: EngineContext): StarFacts {
  if ("star" in p) return p.star;
  const m = moonFacts(moonLon(p.birth, engine));
  return starFacts(m.nakshatra, m.pada, m.rashi);
}

/** starMatch arguments, validated (also run by prevalidate.ts, so refused input costs nothing). */
export function starMatchArgsFrom(a: { groom: StarInput; bride: StarInput }): { groom: StarFacts; bride: StarFacts } {
  return { groom: starFrom("groom", a.groom), bride: starFrom("bride", a.bride) };
}

/** bulkMatch arguments, validated: 1..100 candidates, each a birth or a star with its reference. */
export function bulkMatchArgsFrom(a: { native: MatchPartyInput; candidates: MatchCandidateInput[] }): { native: Party; candidates: { referenceId: string; party: Party }[] } {
  const native = partyFrom("native", a.native);
  if (a.candidates.length < 1 || a.candidates.length > BULK_MAX_CANDIDATES) {
    throw badUserInput("candidates", `candidates must hold 1 to ${BULK_MAX_CANDIDATES} entries, got ${a.candidates.length}`);
  }
  const candidates = a.candidates.map((c, i) => {
    const ref = c.referenceId;
    if (typeof ref !== "string" || ref.length < 1 || ref.length > 100) throw badUserInput(`candidates.${i}.referenceId`, "referenceId must be 1 to 100 characters");
    return { referenceId: ref, party: partyFrom(`candidates.${i}`, c) };
  });
  return { native, candidates };
}

export const starType = (s: StarFacts): MatchStarType => ({
  nakshatra: s.nakshatra, nakshatraName: NAKSHATRAS[s.nakshatra - 1]!.name, pada: s.pada,
  rashi: s.rashi, rashiName: s.rashi === null ? null : RASHIS[s.rashi - 1]!.name,
});

export const poruthamType = (p: Porutham): PoruthamType => ({
  system: p.system, groomStar: starType(p.groom), brideStar: starType(p.bride),
  poruthams: p.poruthams.map((x) => ({ ...x, title: PORUTHAM_TITLES.rows[x.name]!.en })), agreedCount: p.agreedCount, judgedCount: p.judgedCount,
  vetoed: p.vetoed, verdict: p.verdict, reasons: [...p.reasons],
});

export const dashakootType = (p: Porutham): DashakootType => {
  const d = dashakoot(p);
  return {
    system: d.system, groomStar: starType(p.groom), brideStar: starType(p.bride), kootas: d.kootas.map((k) => ({ ...k })),
    total: d.total, maxTotal: d.maxTotal, minimum: d.minimum, vetoed: d.vetoed, verdict: d.verdict, reasons: [...d.reasons],
  };
};

const papaType = (p: PapaPoints): PapaPointsType => ({
  total: p.total, fromLagna: p.byReference.lagna, fromMoon: p.byReference.moon, fromVenus: p.byReference.venus,
  contributions: p.contributions.map((c) => ({ ...c })),
});

@Resolver(() => CompatibilityType)
export class PoruthamResolver {
  @FieldResolver(() => PoruthamType, { description: "The South Indian ten poruthams from both Moons (the chart code's), Rajju and Vedha as vetoes." })
  @Cost(PORUTHAM_CREDITS.porutham)
  porutham(
    @Root() r: CompatibilityRoot,
    @Arg("system", () => PoruthamSystemEnum, { defaultValue: "tamil" }) system: PoruthamSystem,
  ): PoruthamType {
    const { groom, bride } = r.moons();
    return poruthamType(porutham(system, starFacts(groom.nakshatra, groom.pada, groom.rashi), starFacts(bride.nakshatra, bride.pada, bride.rashi)));
  }

  @FieldResolver(() => DashakootType, { description: "Dashakoot: the ten poruthams scored in points out of 36 (uttama full, madhyama half), Rajju and Vedha still vetoes." })
  @Cost(PORUTHAM_CREDITS.dashakoot)
  dashakoot(
    @Root() r: CompatibilityRoot,
    @Arg("system", () => PoruthamSystemEnum, { defaultValue: "tamil" }) system: PoruthamSystem,
  ): DashakootType {
    const { groom, bride } = r.moons();
    return dashakootType(porutham(system, starFacts(groom.nakshatra, groom.pada, groom.rashi), starFacts(bride.nakshatra, bride.pada, bride.rashi)));
  }

  @FieldResolver(() => PapasamyamType, { description: "Papasamyam: Mars, Saturn, Sun and Rahu in houses 1, 2, 4, 7, 8, 12 from the lagna, Moon and Venus of both charts." })
  @Cost(PORUTHAM_CREDITS.papasamyam)
  papasamyam(@Root() r: CompatibilityRoot): PapasamyamType {
    const { groom, bride } = r.charts();
    const p = papasamyam(groom, bride);
    return { groom: papaType(p.groom), bride: papaType(p.bride), balanced: p.balanced, difference: p.difference, description: p.description };
  }

  @Query(() => PoruthamType, { description: "Star matching without birth times: the ten poruthams from the two janma nakshatras (rasi poruthams need pada or rasi where a star spans two signs)." })
  @Cost(PORUTHAM_CREDITS.starMatch)
  starMatch(
    @Arg("groom", () => StarInput) groom: StarInput,
    @Arg("bride", () => StarInput) bride: StarInput,
    @Arg("system", () => PoruthamSystemEnum, { defaultValue: "tamil" }) system: PoruthamSystem,
  ): PoruthamType {
    const s = starMatchArgsFrom({ groom, bride });
    return poruthamType(porutham(system, s.groom, s.bride));
  }

  @Query(() => BulkMatchType, { description: `One native against 1–${BULK_MAX_CANDIDATES} candidates, ranked (vetoed last); ${PORUTHAM_CREDITS.bulkPerCandidate} credit per candidate.` })
  @CostPerItem("candidates", PORUTHAM_CREDITS.bulkPerCandidate)
  bulkMatch(
    @Arg("native", () => MatchPartyInput) native: MatchPartyInput,
    @Arg("candidates", () => [MatchCandidateInput]) candidates: MatchCandidateInput[],
    @Arg("nativeRole", () => MatchRoleEnum, { defaultValue: "groom" }) nativeRole: MatchRole,
    @Arg("system", () => PoruthamSystemEnum, { defaultValue: "tamil" }) system: PoruthamSystem,
    @Arg("rankBy", () => BulkRankingEnum, { defaultValue: "porutham" }) rankBy: BulkRanking,
    @Ctx() ctx: GraphQLContext,
  ): BulkMatchType {
    const a = bulkMatchArgsFrom({ native, candidates });
    const me = partyStar(a.native, ctx.engine);
    const scored = a.candidates.map((c) => {
      const other = partyStar(c.party, ctx.engine);
      const p = nativeRole === "groom" ? porutham(system, me, other) : porutham(system, other, me);
      return { referenceId: c.referenceId, p, rank: rankBy === "dashakoot" ? dashakootRank(dashakoot(p)) : poruthamRank(p) };
    });
    // Stable: equal ranks keep the caller's order.
    const sorted = scored.map((s, i) => ({ ...s, i })).sort((x, y) => y.rank - x.rank || x.i - y.i);
    return {
      system, nativeRole, rankBy, native: starType(me),
      candidates: sorted.map((s, i) => ({ referenceId: s.referenceId, rank: i + 1, porutham: poruthamType(s.p), match: s.p })),
    };
  }
}

@Resolver(() => BulkMatchCandidateType)
export class BulkMatchCandidateResolver {
  /** Covered by the bulk match's per-candidate price: the points are read from the porutham already computed. */
  @FieldResolver(() => DashakootType, { description: "This candidate's dashakoot (the ten kootas in points of 36), from the same porutham." })
  dashakoot(@Root() c: BulkMatchCandidateType): DashakootType {
    return dashakootType(c.match);
  }
}
