import { Field, Int, ObjectType } from "type-graphql";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";

@ObjectType("RemedyFinding", { description: "A fact of the chart that calls for a remedy." })
export class RemedyFindingType {
  @Field() id!: string;
  @Field({ description: "weak_shadbala, debilitated, combust, dusthana, mangal_dosha, kalsarpa_dosha, pitra_dosha, running_dasha_lord." })
  kind!: string;
  @Field(() => [GrahaEnum]) grahas!: Graha[];
  @Field() description!: string;
}

@ObjectType("Gemstone")
export class GemstoneType {
  @Field() stone!: string;
  @Field({ description: "False for a functional malefic of the lagna and for the nodes." }) recommended!: boolean;
  @Field() caution!: string;
}

@ObjectType("Remedy", { description: "Remedies for one graha, naming the findings that call for them." })
export class RemedyType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => [String]) triggeredBy!: string[];
  @Field() beejMantra!: string;
  @Field(() => Int) japaCount!: number;
  @Field(() => GemstoneType) gemstone!: GemstoneType;
  @Field(() => [String]) charityItems!: string[];
  @Field() charityDay!: string;
  @Field() fastingDay!: string;
  @Field() deity!: string;
  @Field(() => [String]) lalKitab!: string[];
}

@ObjectType("Remedies")
export class RemediesType {
  @Field(() => [RemedyFindingType]) findings!: RemedyFindingType[];
  @Field(() => [RemedyType]) remedies!: RemedyType[];
  @Field({ description: "The instant whose running dasha was used, ISO 8601." }) queryDatetime!: string;
}
