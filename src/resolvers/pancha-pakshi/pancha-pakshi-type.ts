import { CIVIL_TIME_FIELD, CivilTimeType } from "../common/civil-time-type.js";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { ConventionsType } from "../common/conventions.js";

@ObjectType("PakshiSubPeriod", { description: "A sub-period of a yama: a bird and the activity it carries there." })
export class PakshiSubPeriodType {
  @Field({ description: "vulture, owl, crow, cock or peacock" }) bird!: string;
  @Field({ description: "ruling, eating, walking, sleeping or dying" }) activity!: string;
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType("PakshiBirdActivity", { description: "A bird's activity for a whole yama." })
export class PakshiBirdActivityType {
  @Field() bird!: string;
  @Field() activity!: string;
}

@ObjectType("PakshiYama", { description: "One of the five day (sunrise→sunset) or five night (sunset→next sunrise) yamas, equal fifths." })
export class PakshiYamaType {
  @Field({ description: "day or night" }) part!: string;
  @Field(() => Int, { description: "1–5 within the day or the night" }) yama!: number;
  @Field() start!: string;
  @Field() end!: string;
  @Field({ description: "The bird whose activity for this yama is ruling." }) rulingBird!: string;
  @Field(() => [PakshiBirdActivityType], { description: "Each bird's activity for the yama (vulture, owl, crow, cock, peacock)." })
  activities!: PakshiBirdActivityType[];
  @Field(() => [PakshiSubPeriodType], { description: "The five sub-periods in the ruling bird's order (it rules the first); lengths by activity: ruling 2, eating 1¼, walking 1½, sleeping ¾, dying ½ of 6 ghatikas." })
  subPeriods!: PakshiSubPeriodType[];
}

@ObjectType("PakshiNow", { description: "The yama and the (ruling-order) sub-period holding the requested moment." })
export class PakshiNowType {
  @Field() part!: string;
  @Field(() => Int) yama!: number;
  @Field({ description: "The yama's ruling bird." }) rulingBird!: string;
  @Field({ description: "The bird of the current sub-period." }) bird!: string;
  @Field({ description: "Its activity in that sub-period." }) activity!: string;
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType("PakshiBirthPeriod", { description: "The birth bird in one yama: its activity and its own sub-periods." })
export class PakshiBirthPeriodType {
  @Field() part!: string;
  @Field(() => Int) yama!: number;
  @Field() start!: string;
  @Field() end!: string;
  @Field({ description: "The birth bird's activity for the yama." }) activity!: string;
  @Field(() => [PakshiSubPeriodType], { description: "Its sub-periods, starting with itself." }) subPeriods!: PakshiSubPeriodType[];
}

@ObjectType("PakshiWindow", { description: "A best window: a sub-period of the birth bird's own where it rules or eats." })
export class PakshiWindowType {
  @Field() part!: string;
  @Field(() => Int) yama!: number;
  @Field() start!: string;
  @Field() end!: string;
  @Field({ description: "The birth bird's yama activity." }) activity!: string;
  @Field({ description: "The sub-period's bird." }) subBird!: string;
  @Field({ description: "The sub-period's activity." }) subActivity!: string;
}

@ObjectType("PakshiBirth", { description: "The birth bird (from birth nakshatra and paksha) over the day." })
export class PakshiBirthType {
  @Field(() => Int) nakshatra!: number;
  @Field({ description: "shukla or krishna: the paksha of birth used." }) paksha!: string;
  @Field() bird!: string;
  @Field(() => [String], { nullable: true, description: "Friendly birds (shukla births; the source lists none for krishna births)." })
  friends!: string[] | null;
  @Field(() => [String], { nullable: true, description: "Enemy birds (shukla births only, as friends)." }) enemies!: string[] | null;
  @Field(() => String, { nullable: true, description: "The birth bird's yama activity at the moment; null where polar." }) activityNow!: string | null;
  @Field(() => PakshiSubPeriodType, { nullable: true, description: "Its own sub-period holding the moment; null where polar." })
  subPeriodNow!: PakshiSubPeriodType | null;
  @Field(() => [PakshiBirthPeriodType]) periods!: PakshiBirthPeriodType[];
  @Field(() => [PakshiWindowType]) bestWindows!: PakshiWindowType[];
  @Field({ description: "How best windows are chosen." }) bestRule!: string;
}

@ObjectType("PakshiName", { description: "A bird's or an activity's key and its name (in the language asked: docs/languages.md)." })
export class PakshiNameType {
  @Field() key!: string;
  @Field() name!: string;
}

@ObjectType("PakshiNames", { description: "The names of the five birds and five activities the answer's keys stand for." })
export class PakshiNamesType {
  @Field(() => [PakshiNameType]) birds!: PakshiNameType[];
  @Field(() => [PakshiNameType]) activities!: PakshiNameType[];
}

@ObjectType("PanchaPakshi", { description: "Pancha Pakshi (the five birds) of the Hindu day containing a moment." })
export class PanchaPakshiType {
  @Field(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD })
  civilTime?: CivilTimeType | null;

  @Field() datetime!: string;
  @Field(() => Float) latitude!: number;
  @Field(() => Float) longitude!: number;
  @Field(() => String, { nullable: true }) sunrise!: string | null;
  @Field(() => String, { nullable: true }) sunset!: string | null;
  @Field(() => String, { nullable: true }) nextSunrise!: string | null;
  @Field(() => Int, { nullable: true, description: "Weekday 1–7 (Sunday = 1) by the day's sunrise." }) varaNumber!: number | null;
  @Field(() => String, { nullable: true, description: "shukla or krishna, of the tithi at the day's sunrise (picks the tables)." }) paksha!: string | null;
  @Field(() => Int, { nullable: true, description: "The tithi (1–30) at the day's sunrise." }) tithiNumber!: number | null;
  @Field(() => [PakshiYamaType], { description: "Five day yamas; empty where polar." }) day!: PakshiYamaType[];
  @Field(() => [PakshiYamaType], { description: "Five night yamas; empty where polar." }) night!: PakshiYamaType[];
  @Field(() => PakshiNowType, { nullable: true }) now!: PakshiNowType | null;
  @Field(() => PakshiBirthType, { nullable: true, description: "Only with birthNakshatra." }) birth!: PakshiBirthType | null;
  @Field(() => String, { nullable: true, description: "Why the lists are empty (polar day or night), else null." }) polarReason!: string | null;
  @Field(() => ConventionsType) conventions!: ConventionsType;
  @Field(() => PakshiNamesType, { description: "The birds' and activities' names, for the keys the answer carries (vulture … peacock, ruling … dying)." })
  names!: PakshiNamesType;
}
