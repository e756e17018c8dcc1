import { CIVIL_TIME_FIELD, CivilTimeType } from "../common/civil-time-type.js";
import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { MUHURTA_TYPES, type MuhurtaType } from "../../engine/muhurta/muhurta-rules.js";

/** GraphQL name MARRIAGE ↔ engine value "marriage" (as the other enums of the API). */
export const MuhurtaTypeEnum: Record<string, MuhurtaType> = Object.fromEntries(MUHURTA_TYPES.map((t) => [t.toUpperCase(), t]));

registerEnumType(MuhurtaTypeEnum, {
  name: "MuhurtaType",
  description:
    "Event types with their own favourable tithi, nakshatra, yoga and vara sets (Muhurta Chintamani): GENERAL (default), MARRIAGE, " +
    "GRIHA_PRAVESHA (house-warming), VEHICLE_PURCHASE, BUSINESS_START, TRAVEL, EDUCATION_START (vidyarambha), " +
    "PROPERTY_PURCHASE, NAMAKARANA (naming), MUNDAN (first tonsure).",
});

@ObjectType("MuhurtaElement")
export class MuhurtaElementType {
  @Field(() => Int) number!: number;
  @Field() name!: string;
}

@ObjectType("MuhurtaWindow", { description: "A stretch where tithi, nakshatra, yoga and vara are all favourable, outside Rahu Kala." })
export class MuhurtaWindowType {
  @Field() start!: string;
  @Field() end!: string;
  @Field(() => MuhurtaElementType) tithi!: MuhurtaElementType;
  @Field(() => MuhurtaElementType) nakshatra!: MuhurtaElementType;
  @Field(() => MuhurtaElementType) yoga!: MuhurtaElementType;
  @Field(() => MuhurtaElementType, { description: "By the Hindu day's sunrise; 1–7, Sunday = 1." }) vara!: MuhurtaElementType;
  @Field(() => [String], { description: "Why each element qualifies." }) reasons!: string[];
}

@ObjectType("Muhurta", { description: "Auspicious windows found by scanning forward from a moment." })
export class MuhurtaResultType {
  @Field(() => MuhurtaTypeEnum) type!: MuhurtaType;
  @Field({ description: "Where the favourable sets come from." }) source!: string;
  @Field({ description: "What a window is." }) rule!: string;
  @Field({ description: "Start of the scanned window (the given moment)." }) scanFrom!: string;
  @Field({ description: "End of the scanned window." }) scanTo!: string;
  @Field(() => Int) scanDays!: number;
  @Field(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD }) civilTime?: CivilTimeType | null;
  @Field(() => [MuhurtaWindowType]) windows!: MuhurtaWindowType[];
}
