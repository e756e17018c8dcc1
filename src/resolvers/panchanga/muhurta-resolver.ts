import { Arg, Float, Int, Query, Resolver } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { findMuhurtaWindows, scanDays } from "../../engine/muhurta/muhurta-windows.js";
import type { MuhurtaType } from "../../engine/muhurta/muhurta-rules.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { checkRange, forField } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import type { Conventions, Place } from "../../engine/types.js";
import { MuhurtaResultType, MuhurtaTypeEnum } from "./muhurta-type.js";
import { fixedClock, isoOfJd } from "./time-zone.js";

/** muhurta's datetime, place and conventions, validated; also run before pricing by prevalidate.ts. */
export function muhurtaArgsFrom(args: {
  datetime: string; latitude: number; longitude: number; options?: ConventionsInput | null; days?: number | null;
}): { moment: Moment; place: Place; conv: Conventions } {
  const moment = momentFromDateTime("datetime", args.datetime);
  forField("days", () => scanDays(args.days ?? undefined));
  const place = { latDeg: checkRange("latitude", args.latitude, -90, 90, "°"), lonDeg: checkRange("longitude", args.longitude, -180, 180, "°") };
  return { moment, place, conv: conventionsFrom(args.options) };
}

@Resolver(() => MuhurtaResultType)
export class MuhurtaResolver {
  @Cost(1)
  @Query(() => MuhurtaResultType, {
    description: "Windows from `datetime` over `days` days where tithi, nakshatra, yoga and vara all favour the event type, Rahu Kala excluded.",
  })
  muhurta(
    @Arg("datetime", { description: "ISO 8601 datetime with offset: scan forward from here." }) datetime: string,
    @Arg("latitude", () => Float) latitude: number,
    @Arg("longitude", () => Float) longitude: number,
    @Arg("type", () => MuhurtaTypeEnum, { defaultValue: "general" }) type: MuhurtaType,
    @Arg("days", () => Int, { nullable: true, description: "Days to scan, 1–90 (default 30)." }) days: number | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
  ): MuhurtaResultType {
    const { moment, place, conv } = muhurtaArgsFrom({ datetime, latitude, longitude, options, days });
    const r = forField("datetime", () =>
      findMuhurtaWindows({ place, from: moment.instant, type, days: days ?? undefined, conv }));
    const clock = fixedClock(moment.offsetMinutes);
    const iso = (jd: number): string => isoOfJd(clock, jd)!;
    return {
      type: r.type, source: r.source, rule: r.rule, scanFrom: iso(r.scanFromJdUt), scanTo: iso(r.scanToJdUt), scanDays: r.scanDays,
      windows: r.windows.map((w) => ({
        start: iso(w.startJd), end: iso(w.endJd), tithi: w.tithi, nakshatra: w.nakshatra, yoga: w.yoga, vara: w.vara,
        reasons: [...w.reasons],
      })),
    };
  }
}
