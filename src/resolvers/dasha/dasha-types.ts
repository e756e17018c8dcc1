import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { DASHA_YEAR_DAYS, type DashaPeriod, type DashaYearConvention, type VimshottariDasha } from "../../engine/dasha/vimshottari.js";
import type { Moment } from "../common/moment.js";
import { GrahaEnum } from "../common/enums.js";
import type { Graha } from "../../engine/types.js";

export const DashaYearEnum: Record<string, DashaYearConvention> = Object.fromEntries(
  (Object.keys(DASHA_YEAR_DAYS) as DashaYearConvention[]).map((k) => [k.toUpperCase(), k]),
);
registerEnumType(DashaYearEnum, {
  name: "DashaYear",
  description: "Length of a dasha year: JULIAN 365.25 days (default), SIDEREAL 365.256363, SAVANA 360.",
});

/**
 * What a DashaPeriod resolves from: its plain fields, filled in up front (plain properties are
 * far cheaper for GraphQL than field resolvers, and a /dasha reply has 819 periods), plus the
 * engine period and what `subPeriods` needs to go one level down.
 */
export interface PeriodRoot {
  readonly planet: Graha;
  readonly level: number;
  readonly levelName: string;
  readonly start: string;
  readonly end: string;
  readonly durationYears: number;
  readonly p: DashaPeriod;
  readonly yearDays: number;
  /** The caller's UTC offset, for the dates. */
  readonly offsetMinutes: number;
}

/** What a Dasha field resolves from. */
export interface DashaRoot {
  readonly d: VimshottariDasha;
  readonly offsetMinutes: number;
  /** The instant `current` is taken at (the caller's, or now). */
  readonly at: Moment;
}

@ObjectType("DashaPeriod", { description: "One Vimshottari period at any level (maha … prana); dates in the caller's offset." })
export class DashaPeriodType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field(() => Int, { description: "1 maha, 2 antar, 3 pratyantar, 4 sookshma, 5 prana." }) level!: number;
  @Field() levelName!: string;
  @Field({ description: "ISO 8601 in the caller's offset." }) start!: string;
  @Field({ description: "ISO 8601 in the caller's offset." }) end!: string;
  @Field(() => Float) durationYears!: number;
}

@ObjectType("DashaCurrent", { description: "The chain of periods running at the query instant." })
export class DashaCurrentType {
  @Field(() => DashaPeriodType) mahaDasha!: PeriodRoot;
  @Field(() => DashaPeriodType, { nullable: true }) antarDasha!: PeriodRoot | null;
  @Field(() => DashaPeriodType, { nullable: true }) pratyantarDasha!: PeriodRoot | null;
  @Field(() => DashaPeriodType, { nullable: true }) sookshmaDasha!: PeriodRoot | null;
  @Field(() => DashaPeriodType, { nullable: true }) pranaDasha!: PeriodRoot | null;
}

@ObjectType("DashaBalance", { description: "The first maha dasha's lord and the years of it left at birth." })
export class DashaBalanceType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field(() => Float) years!: number;
  @Field(() => Float, { description: "Fraction of the Moon's nakshatra (and the first maha dasha) elapsed at birth." })
  elapsedFraction!: number;
}

@ObjectType("Dasha", { description: "Vimshottari dasha (BPHS ch. 46) from the Moon's nakshatra at birth." })
export class DashaType {}


