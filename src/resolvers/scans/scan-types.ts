import { CIVIL_TIME_FIELD, CivilTimeType } from "../common/civil-time-type.js";
import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Conventions, Graha } from "../../engine/types.js";
import { ConventionsType } from "../common/conventions.js";
import { GrahaEnum } from "../common/enums.js";

@ObjectType("SubLordChange", { description: "A KP sub-lord change: the graha crosses a sub boundary (from/to in time order)." })
export class SubLordChangeType {
  @Field({ description: "Exact instant, ISO 8601 in the requested zone." }) datetime!: string;
  @Field(() => Float) julianDayUt!: number;
  @Field(() => Float, { description: "The sub boundary crossed, sidereal degrees (a multiple of 1/9°)." }) longitude!: number;
  @Field(() => GrahaEnum) fromSubLord!: Graha;
  @Field(() => GrahaEnum) toSubLord!: Graha;
  @Field(() => GrahaEnum) fromStarLord!: Graha;
  @Field(() => GrahaEnum) toStarLord!: Graha;
  @Field(() => Float, { description: "deg/day at the instant; negative when retrograde." }) speed!: number;
}

@ObjectType("Ingress", { description: "A rashi ingress (retrograde re-entries included)." })
export class IngressType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field() datetime!: string;
  @Field(() => Float) julianDayUt!: number;
  @Field(() => Int, { description: "Rashi left, 1 = Aries." }) fromSign!: number;
  @Field(() => Int, { description: "Rashi entered, 1 = Aries." }) toSign!: number;
  @Field() fromSignName!: string;
  @Field() toSignName!: string;
  @Field(() => Float) speed!: number;
  @Field() retrograde!: boolean;
}

@ObjectType("Station", { description: "A station in sidereal longitude." })
export class StationType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field({ description: "retrograde_start (longitude at a maximum) or retrograde_end (a minimum)." }) kind!: string;
  @Field() datetime!: string;
  @Field(() => Float) julianDayUt!: number;
  @Field(() => Float) longitude!: number;
  @Field(() => Int) sign!: number;
  @Field() signName!: string;
}

@ObjectType("AspectHit", { description: "An exact aspect between two grahas." })
export class AspectHitType {
  @Field(() => GrahaEnum) planetA!: Graha;
  @Field(() => GrahaEnum) planetB!: Graha;
  @Field() aspect!: string;
  @Field(() => Int) angle!: number;
  @Field() datetime!: string;
  @Field(() => Float) julianDayUt!: number;
  @Field(() => Float) longitudeA!: number;
  @Field(() => Float) longitudeB!: number;
  @Field(() => Float, { description: "Orb at the exact instant (0 up to root tolerance), degrees." }) orb!: number;
  @Field(() => Float, { description: "d(lonA − lonB)/dt, deg/day." }) relativeSpeed!: number;
  @Field(() => String, { nullable: true, description: "When the orb first came within the orb limit (null: before the window or never bracketed)." })
  entersOrb!: string | null;
  @Field(() => String, { nullable: true, description: "When the orb leaves the orb limit." }) leavesOrb!: string | null;
  @Field(() => Int, { nullable: true, description: "Lunar aspects: the Moon's rashi at the hit." }) moonSign!: number | null;
  @Field(() => String, { nullable: true }) moonSignName!: string | null;
}

@ObjectType("TimeScan", { description: "Events found by exact search over a time range." })
export class TimeScanType {
  @Field({ description: "Range start, ISO 8601." }) start!: string;
  @Field({ description: "Range end (exclusive), ISO 8601." }) end!: string;
  @Field({ description: "Zone the times are written in." }) timeZone!: string;
  @Field(() => String, {
    nullable: true,
    description: "Where the monthly scans' zone came from: tz (the caller's), coordinates (the place's, looked up offline) or utc (neither given).",
  })
  timeZoneSource!: string | null;
  @Field(() => ConventionsType) conventions!: Conventions;
  @Field(() => [SubLordChangeType], { nullable: true }) subLordChanges!: SubLordChangeType[] | null;
  @Field(() => [IngressType], { nullable: true }) ingresses!: IngressType[] | null;
  @Field(() => [StationType], { nullable: true }) stations!: StationType[] | null;
  @Field(() => [AspectHitType], { nullable: true }) aspects!: AspectHitType[] | null;
  @Field(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD }) civilTime?: CivilTimeType | null;
}
