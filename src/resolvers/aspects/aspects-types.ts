import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Graha, SaptaGraha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";

/** GraphQL types of graha drishti, Jaimini rashi drishti and mutual aspects (engine/chart/drishti.ts). */

@ObjectType("DrishtiTarget", { description: "A sign aspected by a graha (Parashari, whole sign)." })
export class DrishtiTargetType {
  @Field(() => Int, { description: "Counted from the graha's sign." }) nth!: number;
  @Field(() => Int) rashi!: number;
  @Field() sign!: string;
  @Field(() => Int, { description: "Whole-sign house from the lagna." }) house!: number;
  @Field(() => Int, { description: "25, 50, 75 or 100." }) strengthPercent!: number;
  @Field({ description: "Mars 4/8, Jupiter 5/9, Saturn 3/10 (full)." }) special!: boolean;
  @Field(() => [GrahaEnum]) grahas!: Graha[];
}

@ObjectType("SphutaDrishti", { description: "Virupa (sphuta) drishti on one graha, the value drik bala uses." })
export class SphutaDrishtiType {
  @Field(() => GrahaEnum) graha!: SaptaGraha;
  @Field(() => Float) virupas!: number;
}

@ObjectType("GrahaAspects", { description: "Aspects cast by one graha." })
export class GrahaDrishtiType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => Int) rashi!: number;
  @Field() sign!: string;
  @Field(() => Int) house!: number;
  @Field(() => [DrishtiTargetType]) targets!: DrishtiTargetType[];
  @Field(() => [SphutaDrishtiType], { description: "Empty for Rahu and Ketu." }) virupas!: SphutaDrishtiType[];
}

@ObjectType("RashiDrishti", { description: "Jaimini rashi drishti of one sign." })
export class RashiDrishtiType {
  @Field(() => Int) rashi!: number;
  @Field() sign!: string;
  @Field(() => Int) house!: number;
  @Field(() => [GrahaEnum]) grahas!: Graha[];
  @Field(() => [Int], { description: "The signs it aspects." }) aspects!: number[];
  @Field(() => [String]) aspectSigns!: string[];
  @Field(() => [GrahaEnum], { description: "Grahas in the aspected signs." }) aspectedGrahas!: Graha[];
}

@ObjectType("MutualAspect", { description: "Two grahas aspecting each other's sign." })
export class MutualAspectType {
  @Field(() => GrahaEnum) a!: Graha;
  @Field(() => GrahaEnum) b!: Graha;
  @Field(() => Int) aToBPercent!: number;
  @Field(() => Int) bToAPercent!: number;
  @Field() full!: boolean;
}
