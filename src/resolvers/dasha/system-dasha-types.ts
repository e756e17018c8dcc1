import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { DASHA_SYSTEMS, type DashaSystemKey, type SystemDashaResult } from "../../engine/dasha/dasha-systems.js";
import type { DashaSpan } from "../../engine/dasha/dasha-span.js";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";
import type { Moment } from "../common/moment.js";

export const DashaSystemEnum: Record<string, DashaSystemKey> = Object.fromEntries(DASHA_SYSTEMS.map((k) => [k.toUpperCase(), k]));
registerEnumType(DashaSystemEnum, {
  name: "DashaSystem",
  description:
    "Dasha systems besides Vimshottari (Query.dasha): YOGINI; ASHTOTTARI; the BPHS conditional dashas SHODASOTTARI, DWADASOTTARI, " +
    "PANCHOTTARI, SHATABDIKA, CHATURASEETI_SAMA, DWISAPTATI_SAMA, SHASHTIHAYANI, SHATTRIMSA_SAMA (each reports its condition); " +
    "CHARA (rashi dasha, K.N. Rao's method); NARAYANA (rashi dasha, Sanjay Rath / P.V.R. Narasimha Rao); KALACHAKRA (BPHS ch. 46, " +
    "by the Moon's nakshatra pada).",
});

/** What a DashaSpan resolves from: its plain fields, plus the system and what subPeriods needs. */
export interface SpanRoot {
  readonly lord: string;
  readonly planet: Graha | null;
  readonly sign: number | null;
  readonly level: number;
  readonly levelName: string;
  readonly start: string;
  readonly end: string;
  readonly durationYears: number;
  readonly p: DashaSpan;
  readonly d: SystemDashaResult;
  readonly offsetMinutes: number;
}

export interface SystemDashaRoot {
  readonly d: SystemDashaResult;
  readonly offsetMinutes: number;
  readonly at: Moment;
}

@ObjectType("DashaSpan", { description: "One period of a dasha system other than Vimshottari, at any level; dates in the caller's offset." })
export class DashaSpanType {
  @Field({ description: "The period's lord: a graha key (\"venus\") or a sign name (\"Aries\")." }) lord!: string;
  @Field(() => GrahaEnum, { nullable: true, description: "Graha dashas: the lord." }) planet!: Graha | null;
  @Field(() => Int, { nullable: true, description: "Rashi dashas: the sign 1..12 (1 = Aries)." }) sign!: number | null;
  @Field(() => Int, { description: "1 maha, 2 antar, 3 pratyantar, …" }) level!: number;
  @Field() levelName!: string;
  @Field({ description: "ISO 8601 in the caller's offset." }) start!: string;
  @Field({ description: "ISO 8601 in the caller's offset." }) end!: string;
  @Field(() => Float) durationYears!: number;
}

@ObjectType("DashaClause")
export class DashaClauseType {
  @Field() rule!: string;
  @Field() met!: boolean;
}

@ObjectType("DashaCondition", { description: "When a conditional dasha applies; it is computed whether or not it does." })
export class DashaConditionType {
  @Field({ description: "True when any clause holds (Yogini: always)." }) met!: boolean;
  @Field() rule!: string;
  @Field(() => [DashaClauseType]) clauses!: DashaClauseType[];
  @Field() source!: string;
}

@ObjectType("SystemDashaBalance", { description: "The first maha period's lord and the years of it left at birth." })
export class SystemDashaBalanceType {
  @Field() lord!: string;
  @Field(() => GrahaEnum, { nullable: true }) planet!: Graha | null;
  @Field(() => Int, { nullable: true }) sign!: number | null;
  @Field(() => Float) years!: number;
  @Field(() => Float) elapsedFraction!: number;
}

@ObjectType("NarayanaSeed", { description: "How Narayana dasha starts and moves (docs/dashas-and-jaimini.md)." })
export class NarayanaSeedType {
  @Field(() => Int, { description: "The first dasha sign 1..12: the stronger of the lagna and the 7th." }) seed!: number;
  @Field({ description: "lagna or 7th." }) seedFrom!: string;
  @Field(() => String, { nullable: true, description: "The strength rule that chose the seed; null when every rule tied (the lagna kept)." })
  strengthRule!: string | null;
  @Field(() => Int, { description: "1 forward (zodiacal), −1 backward." }) direction!: number;
  @Field({ description: "consecutive (movable seed or Saturn in it), every 6th (fixed), trines (dual)." }) progression!: string;
  @Field(() => String, { nullable: true, description: "saturn, ketu or saturn+ketu: the exception that applied in the seed." })
  exception!: string | null;
  @Field(() => [Int], { description: "The twelve maha signs in order." }) order!: number[];
}

@ObjectType("KalachakraPlace", { description: "Where the Moon's nakshatra pada puts the Kalachakra dasha." })
export class KalachakraPlaceType {
  @Field(() => Int) nakshatra!: number;
  @Field(() => Int) pada!: number;
  @Field({ description: "savya (zodiacal) or apasavya." }) group!: string;
  @Field({ description: "The rows the star reads: ashwini, bharani, rohini or mrigashira." }) chakra!: string;
  @Field(() => [Int], { description: "The birth pada's nine signs." }) signs!: number[];
  @Field(() => Int, { description: "Sum of the nine signs' years (83, 85, 86 or 100)." }) paramayush!: number;
  @Field(() => Int, { description: "Deha sign: the row's first (savya) or last (apasavya)." }) deha!: number;
  @Field(() => Int, { description: "Jeeva sign: the row's last (savya) or first (apasavya)." }) jeeva!: number;
  @Field(() => Float, { description: "Fraction of the pada the Moon had crossed at birth." }) padaElapsedFraction!: number;
}

@ObjectType("SystemDasha", { description: "A dasha system other than Vimshottari for one birth." })
export class SystemDashaType {}
