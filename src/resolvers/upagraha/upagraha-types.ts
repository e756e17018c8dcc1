import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { UPAGRAHA_MOMENTS, type UpagrahaMoment } from "../../engine/upagraha/upagrahas.js";
import type { SaptaGraha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";

export const UpagrahaMomentEnum = Object.fromEntries(UPAGRAHA_MOMENTS.map((v) => [v.toUpperCase(), v])) as Record<string, UpagrahaMoment>;
registerEnumType(UpagrahaMomentEnum, {
  name: "UpagrahaMoment",
  description:
    "Moment of a graha's eighth whose rising degree gives a time-based upagraha: CLASSICAL (default: Gulika, Kaala, Mrityu, " +
    "Ardhaprahara, Yamaghantaka at the start, BPHS ch. 3; Mandi at the middle), START or MIDDLE for all.",
});

@ObjectType("Upagraha", { description: "One upagraha: its sidereal longitude described." })
export class UpagrahaType {
  @Field({ description: "The upagraha's key: dhuma, vyatipata, parivesha, indrachapa, upaketu, kaala, mrityu, ardhaprahara, yamaghantaka, gulika, mandi." }) name!: string;
  @Field({ description: "Its name (Dhuma … Mandi), in the language asked (docs/languages.md)." }) title!: string;
  @Field({ description: "sun (an arc from the Sun) or time (the lagna during a graha's eighth of the day/night)." }) kind!: string;
  @Field(() => Float) longitude!: number;
  @Field(() => Int) rashi!: number;
  @Field() sign!: string;
  @Field(() => Float) degree!: number;
  @Field() dms!: string;
  @Field(() => Int) nakshatra!: number;
  @Field() nakshatraName!: string;
  @Field(() => Int) pada!: number;
  @Field(() => GrahaEnum, { nullable: true, description: "Time-based: the graha whose eighth it is." }) lord!: SaptaGraha | null;
  @Field(() => String, { nullable: true, description: "Time-based: start or middle of the eighth." }) moment!: string | null;
  @Field(() => String, { nullable: true, description: "Time-based: day or night." }) part!: string | null;
  @Field(() => Int, { nullable: true, description: "Time-based: which eighth, 1..8." }) portion!: number | null;
  @Field(() => String, { nullable: true, description: "Time-based: the eighth's start, ISO 8601 in the caller's offset." }) portionStart!: string | null;
  @Field(() => String, { nullable: true }) portionEnd!: string | null;
}

@ObjectType("Upagrahas", { description: "The eleven upagrahas (BPHS ch. 3)." })
export class UpagrahasType {
  @Field(() => [UpagrahaType], { description: "Dhuma, Vyatipata, Parivesha, Indrachapa, Upaketu." }) sunBased!: UpagrahaType[];
  @Field(() => [UpagrahaType], { nullable: true, description: "Kaala, Mrityu, Ardhaprahara, Yamaghantaka, Gulika, Mandi; null where the Sun does not rise or set." })
  timeBased!: UpagrahaType[] | null;
  @Field(() => String, { nullable: true }) timeBasedAbsentReason!: string | null;
  @Field(() => UpagrahaMomentEnum) moment!: UpagrahaMoment;
}
