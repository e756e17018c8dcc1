import { Arg, Ctx, Field, Float, ID, Int, ObjectType, Query, Resolver } from "type-graphql";
import { civilArgsFrom, type CivilArgs } from "../common/civil-input.js";
import { CIVIL_TIME_FIELD, CivilTimeType, FOLD_ARG, TIMEZONE_ARG, ZONE_PLACE_ARG } from "../common/civil-time-type.js";
import { kpLordsOf } from "../../engine/kp/sub-lords.js";
import { instantFromUnixMs } from "../../engine/time/instant.js";
import { GRAHAS, type Conventions, type Graha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import type { GraphQLContext } from "../context.js";
import { ConventionsInput, ConventionsType } from "../common/conventions.js";
import { GrahaEnum } from "../common/enums.js";
import { badUserInput } from "../common/input-errors.js";
import { momentFromDateTime } from "../common/moment.js";
import { formatIso } from "../../engine/time/iso.js";
import { INTERVAL_CREDITS, INTERVAL_STEP_CAP, MAX_INTERVAL_HOURS } from "../scans/scan-limits.js";
import { kpConventions } from "../scans/scans-resolver.js";

@ObjectType("KpIntervalPlanet")
class KpIntervalPlanetType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field(() => Float) longitude!: number;
  @Field(() => Float) speed!: number;
  @Field(() => Int) sign!: number;
  @Field(() => GrahaEnum) signLord!: Graha;
  @Field(() => Int) nakshatra!: number;
  @Field(() => GrahaEnum) starLord!: Graha;
  @Field(() => GrahaEnum) subLord!: Graha;
}

@ObjectType("KpIntervalStep")
class KpIntervalStepType {
  @Field() datetime!: string;
  @Field(() => [KpIntervalPlanetType]) planets!: KpIntervalPlanetType[];
}

@ObjectType("KpIntervals", { description: "Positions with KP lords at regular steps." })
class KpIntervalsType {
  @Field(() => ConventionsType) conventions!: Conventions;
  @Field(() => Float) intervalHours!: number;
  @Field(() => [KpIntervalStepType]) steps!: KpIntervalStepType[];
  @Field(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD }) civilTime?: CivilTimeType | null;
}

export interface IntervalArgs extends CivilArgs { start: string; end: string; intervalHours: number; options?: ConventionsInput | null }

/** Validated arguments (also run before pricing by prevalidate.ts): the steps from start to end inclusive, capped. */
export function kpIntervalArgsFrom(given: IntervalArgs) {
  // Local start/end with timezone or place: the same resolution as REST (docs/places-and-time.md).
  const { args: a, civil } = civilArgsFrom(given, ["start", "end"]);
  const s = momentFromDateTime("start", a.start);
  const e = momentFromDateTime("end", a.end);
  if (!(e.instant.unixMs >= s.instant.unixMs)) throw badUserInput("end", "end must not be before start");
  if (!(a.intervalHours > 0)) throw badUserInput("intervalHours", "interval_hours must be greater than 0");
  // A step longer than any range the service takes (1800–2400) only ever gives the start; an
  // infinite one would make 0 × ∞ = NaN of it.
  if (!(a.intervalHours <= MAX_INTERVAL_HOURS)) throw badUserInput("intervalHours", `interval_hours must be at most ${MAX_INTERVAL_HOURS} (366 days)`);
  const stepMs = a.intervalHours * 3_600_000;
  const steps = Math.floor((e.instant.unixMs - s.instant.unixMs) / stepMs + 1e-9) + 1;
  if (steps > INTERVAL_STEP_CAP) {
    throw badUserInput("intervalHours", `at most ${INTERVAL_STEP_CAP} steps per request; this range at ${a.intervalHours} h makes ${steps}`);
  }
  return { s, stepMs, steps, conv: kpConventions(a.options), civil };
}

@Resolver(() => KpIntervalsType)
export class KpIntervalsResolver {
  @Cost(INTERVAL_CREDITS)
  @Query(() => KpIntervalsType, { description: `Positions of the nine grahas with sign, star and sub lord every intervalHours from start to end (at most ${INTERVAL_STEP_CAP} steps).` })
  kpPlanetsAtIntervals(
    @Arg("start") start: string,
    @Arg("end") end: string,
    @Arg("intervalHours", () => Float) intervalHours: number,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Ctx() ctx: GraphQLContext,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: ZONE_PLACE_ARG }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
  ): KpIntervalsType {
    const a = kpIntervalArgsFrom({ start, end, intervalHours, options, timezone, place, fold });
    const steps: KpIntervalStepType[] = [];
    for (let i = 0; i < a.steps; i++) {
      const ms = a.s.instant.unixMs + i * a.stepMs;
      const pos = ctx.engine.positions(instantFromUnixMs(ms), a.conv, GRAHAS);
      steps.push({
        datetime: formatIso(ms, a.s.offsetMinutes),
        planets: pos.map((p) => {
          const l = kpLordsOf(p.lonSidDeg);
          return { planet: p.graha, longitude: p.lonSidDeg, speed: p.speedDegPerDay, sign: l.sign, signLord: l.signLord, nakshatra: l.nakshatra, starLord: l.starLord, subLord: l.subLord };
        }),
      });
    }
    return { conventions: a.conv, intervalHours, steps, civilTime: a.civil };
  }
}
