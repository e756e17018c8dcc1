import { Arg, Float, Int, Query, Resolver } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { findMuhurtaWindows } from "../../engine/muhurta/muhurta-windows.js";
import type { MuhurtaType } from "../../engine/muhurta/muhurta-rules.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { checkRange, forField } from "../common/input-errors.js";
import { momentFromDateTime } from "../common/moment.js";
import { MuhurtaResultType, MuhurtaTypeEnum } from "./muhurta-type.js";
import { fixedClock, isoOfJd } from "./time-zone.js";

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
    const moment = momentFromDateTime("datetime", datetime);
    const place = { latDeg: checkRange("latitude", latitude, -90, 90, "°"), lonDeg: checkRange("longitude", longitude, -180, 180, "°") };
    const r = forField("datetime", () =>
      findMuhurtaWindows({ place, from: moment.instant, type, days: days ?? undefined, conv: conventionsFrom(options) }));
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
