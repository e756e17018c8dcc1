import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { signOf } from "../../engine/transits/gochar.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { formatIso } from "../../engine/time/iso.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import {
  PASSAGES_MAX_JD_UT, PASSAGES_MIN_JD_UT, SATURN_PASSAGES_SOURCE, sadeSatiSpells, saturnPassages, type SaturnPassage,
} from "../../engine/timeline/saturn-passages.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { GraphQLContext } from "../context.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import { badUserInput } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import { chartInputOf } from "../kundali/chart-core-of.js";
import { SaturnStayType, SaturnTimelineType } from "./saturn-timeline-types.js";

/** Price: one lifetime scan (a few ms; bench/timeline.bench.ts). */
export const SATURN_TIMELINE_CREDITS = 1;
/** The default range: from the birth, this many years (clamped to 1900–2100). */
export const SATURN_TIMELINE_DEFAULT_YEARS = 100;

const MIN_ISO = "1900-01-01T00:00:00Z";
const MAX_ISO = "2101-01-01T00:00:00Z";

/**
 * Chart.saturnTimeline's explicit `from`/`to`, checked (also run before pricing by prevalidate.ts):
 * each inside 1900-01-01 … 2101-01-01, `to` after `from`. Null where not given.
 */
export function saturnTimelineRange(from: string | null | undefined, to: string | null | undefined): { from: Moment | null; to: Moment | null } {
  const check = (field: string, text: string | null | undefined): Moment | null => {
    if (text === null || text === undefined) return null;
    const m = momentFromDateTime(field, text);
    if (!(m.instant.jdUt >= PASSAGES_MIN_JD_UT && m.instant.jdUt <= PASSAGES_MAX_JD_UT)) {
      throw badUserInput(field, `must lie from ${MIN_ISO} to ${MAX_ISO}`);
    }
    return m;
  };
  const f = check("from", from);
  const t = check("to", to);
  if (f && t && !(t.instant.jdUt > f.instant.jdUt)) throw badUserInput("to", "to must come after from");
  return { from: f, to: t };
}

@Resolver(() => ChartType)
export class ChartSaturnTimelineResolver {
  @FieldResolver(() => SaturnTimelineType, {
    description:
      "Lifetime Sade Sati (each with its rising/peak/setting stays and retrograde interruptions), Kantaka Shani (4th, 7th, 10th from " +
      `the Moon) and Ashtama Shani (8th), exact sidereal ingresses. Default range: the birth to ${SATURN_TIMELINE_DEFAULT_YEARS} years ` +
      "later (or from \`from\`), clamped to 1900–2100; empty when the range is (the birth after 2100, or \`to\` before it).",
  })
  @Cost(SATURN_TIMELINE_CREDITS)
  saturnTimeline(
    @Root() b: Birth,
    @Arg("from", () => String, { nullable: true, description: "Range start, ISO 8601 with offset (1900–2100); default the birth." }) from: string | null,
    @Arg("to", () => String, { nullable: true, description: "Range end, ISO 8601 with offset (1900–2100); default 100 years after the start." }) to: string | null,
    @Ctx() ctx: GraphQLContext,
  ): SaturnTimelineType {
    const r = saturnTimelineRange(from, to);
    const off = r.from?.offsetMinutes ?? b.moment.offsetMinutes;
    const clamp = (jd: number) => Math.min(PASSAGES_MAX_JD_UT, Math.max(PASSAGES_MIN_JD_UT, jd));
    const fromJd = r.from?.instant.jdUt ?? clamp(b.moment.instant.jdUt);
    const toJd = r.to?.instant.jdUt ?? clamp(fromJd + SATURN_TIMELINE_DEFAULT_YEARS * 365.25);
    const moonSign = signOf(chartInputOf(b, ctx.engine).grahas.moon.lonSidDeg);
    const iso = (jd: number | null) => (jd === null ? null : formatIso(unixMsFromJd(jd), off));
    const stays = toJd > fromJd ? saturnPassages(moonSign, fromJd, toJd, b.conventions) : [];
    const stay = (p: SaturnPassage): SaturnStayType => ({
      kind: p.kind, phase: p.phase ?? null, sign: p.sign, signName: RASHIS[p.sign - 1]!.name, house: p.house, start: iso(p.start), end: iso(p.end),
    });
    return {
      natalMoonSign: moonSign,
      from: iso(fromJd)!,
      to: iso(Math.max(fromJd, toJd))!,
      sadeSati: sadeSatiSpells(stays).map((s) => ({
        start: iso(s.start), end: iso(s.end), phases: s.phases.map(stay),
        interruptions: s.interruptions.map((i) => ({ left: iso(i.left)!, returned: iso(i.returned)! })),
      })),
      kantakaShani: stays.filter((p) => p.kind === "kantaka").map(stay),
      ashtamaShani: stays.filter((p) => p.kind === "ashtama").map(stay),
      stays: stays.map(stay),
      source: SATURN_PASSAGES_SOURCE,
    };
  }
}
