import { UPAGRAHAS } from "../../i18n/tables/event-types.js";
import { Arg, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { formatIso } from "../../engine/time/iso.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { upagrahas, type TimeUpagrahaPoint, type UpagrahaMoment, type UpagrahaPoint } from "../../engine/upagraha/upagrahas.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { Birth } from "../chart/birth-input.js";
import { ChartType } from "../chart/chart-type.js";
import type { GraphQLContext } from "../context.js";
import { birthKey, chartInputOf } from "../kundali/chart-core-of.js";
import { UpagrahaMomentEnum, UpagrahasType, type UpagrahaType } from "./upagraha-types.js";

/** POST /upagrahas's price (spec: 2). */
export const UPAGRAHAS_CREDITS = 2;

function upagrahaOf(u: UpagrahaPoint | TimeUpagrahaPoint, offsetMinutes: number): UpagrahaType {
  const t = "lord" in u ? u : null;
  const iso = (jd: number): string => formatIso(unixMsFromJd(jd), offsetMinutes);
  return {
    name: u.name, title: UPAGRAHAS.rows[u.name]?.en ?? u.name, kind: u.kind, longitude: u.lonSidDeg, rashi: u.rashi, sign: u.rashiName, degree: u.rashiDegree, dms: u.dms,
    nakshatra: u.nakshatra, nakshatraName: u.nakshatraName, pada: u.pada,
    lord: t?.lord ?? null, moment: t?.moment ?? null, part: t?.part ?? null, portion: t?.portion ?? null,
    portionStart: t ? iso(t.portionStartJdUt) : null, portionEnd: t ? iso(t.portionEndJdUt) : null,
  };
}

@Resolver(() => ChartType)
export class UpagrahaResolver {
  @FieldResolver(() => UpagrahasType, { description: "The 11 upagrahas with longitude, sign, nakshatra and pada." })
  @Cost(UPAGRAHAS_CREDITS)
  upagrahas(
    @Root() b: Birth,
    @Ctx() ctx: GraphQLContext,
    @Arg("moment", () => UpagrahaMomentEnum, { defaultValue: "classical" }) moment: UpagrahaMoment,
  ): UpagrahasType {
    return ctx.engine.derived("upagrahas", `${birthKey(b)}|${b.conventions.sunrise}|${moment}`, () => {
      const sun = chartInputOf(b, ctx.engine).grahas.sun.lonSidDeg;
      const u = upagrahas(b.moment.instant, b.place, b.conventions, sun, moment);
      const off = b.moment.offsetMinutes;
      return {
        sunBased: u.sunBased.map((x) => upagrahaOf(x, off)),
        timeBased: u.timeBased ? u.timeBased.map((x) => upagrahaOf(x, off)) : null,
        timeBasedAbsentReason: u.timeBasedAbsentReason,
        moment: u.moment,
      };
    });
  }
}
