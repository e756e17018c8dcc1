import { Arg, Float, ID, Int, Query, Resolver } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { findMuhurtaWindows, scanDays } from "../../engine/muhurta/muhurta-windows.js";
import type { MuhurtaType } from "../../engine/muhurta/muhurta-rules.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { momentAndPlaceFrom, wantsCivilResolution, type CivilEcho, type CivilFields } from "../common/civil-input.js";
import { forField } from "../common/input-errors.js";
import type { Moment } from "../common/moment.js";
import type { Conventions, Place } from "../../engine/types.js";
import { MuhurtaResultType, MuhurtaTypeEnum } from "./muhurta-type.js";
import { fixedClock, isoOfJd } from "./time-zone.js";

/** muhurta's datetime, place and conventions, validated; also run before pricing by prevalidate.ts. */
export function muhurtaArgsFrom(args: CivilFields & { options?: ConventionsInput | null; days?: number | null }): {
  moment: Moment; place: Place; conv: Conventions; civil: CivilEcho | null;
} {
  const { moment, place, civil } = momentAndPlaceFrom("", args);
  forField("days", () => scanDays(args.days ?? undefined));
  return { moment, place, conv: conventionsFrom(args.options), civil: wantsCivilResolution(args) ? civil : null };
}

@Resolver(() => MuhurtaResultType)
export class MuhurtaResolver {
  @Cost(1)
  @Query(() => MuhurtaResultType, {
    description: "Windows from `datetime` over `days` days where tithi, nakshatra, yoga and vara all favour the event type, Rahu Kala excluded.",
  })
  muhurta(
    @Arg("datetime", { description: "ISO 8601 datetime with offset (or local time with timezone or place): scan forward from here." }) datetime: string,
    @Arg("latitude", () => Float, { nullable: true, description: "Required unless place is given." }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "Required unless place is given." }) longitude: number | null,
    @Arg("type", () => MuhurtaTypeEnum, { defaultValue: "general" }) type: MuhurtaType,
    @Arg("days", () => Int, { nullable: true, description: "Days to scan, 1–90 (default 30)." }) days: number | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: "IANA zone for a datetime without offset." }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: "A place id (places): its coordinates and zone." }) placeId?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: "A repeated local time: 0 the first, 1 the second." }) fold?: number | null,
  ): MuhurtaResultType {
    const { moment, place, conv, civil } = muhurtaArgsFrom({ datetime, latitude, longitude, options, days, timezone, place: placeId, fold });
    const r = forField("datetime", () =>
      findMuhurtaWindows({ place, from: moment.instant, type, days: days ?? undefined, conv }));
    const clock = fixedClock(moment.offsetMinutes);
    const iso = (jd: number): string => isoOfJd(clock, jd)!;
    return {
      civilTime: civil, type: r.type, source: r.source, rule: r.rule, scanFrom: iso(r.scanFromJdUt), scanTo: iso(r.scanToJdUt), scanDays: r.scanDays,
      windows: r.windows.map((w) => ({
        start: iso(w.startJd), end: iso(w.endJd), tithi: w.tithi, nakshatra: w.nakshatra, yoga: w.yoga, vara: w.vara,
        reasons: [...w.reasons],
      })),
    };
  }
}
