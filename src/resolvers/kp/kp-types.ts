import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Conventions, Graha } from "../../engine/types.js";
import { CostCap } from "../../costing/cost-decorator.js";
import { ConventionsType } from "../common/conventions.js";
import { GrahaEnum } from "../common/enums.js";
import type { Birth } from "../chart/birth-input.js";

/** What Chart.kp hands its fields: the birth under the KP conventions; nothing computed yet. */
export interface KpRoot {
  readonly birth: Birth;
  readonly conv: Conventions;
}

@ObjectType("KpPoint", { description: "A graha or a cusp with its KP lords." })
export class KpPointType {
  @Field({ description: "Graha name, or cusp number 1..12 as text." }) name!: string;
  @Field(() => Float) longitude!: number;
  @Field(() => Int) sign!: number;
  @Field(() => GrahaEnum) signLord!: Graha;
  @Field(() => Int) nakshatra!: number;
  @Field(() => GrahaEnum) starLord!: Graha;
  @Field(() => GrahaEnum) subLord!: Graha;
  @Field(() => GrahaEnum) subSubLord!: Graha;
  @Field(() => Float, { description: "Arc to the nearer edge of the sub, arcseconds." }) subMarginArcsec!: number;
  @Field(() => Int, { nullable: true, description: "Grahas: the Placidus house occupied." }) house!: number | null;
  @Field(() => [Int], { nullable: true, description: "Grahas: houses signified (any level of the KP hierarchy)." }) signifiedHouses!: number[] | null;
}

@ObjectType("KpSignificators", { description: "Significators of a house by the KP hierarchy (strongest level first)." })
export class KpSignificatorsType {
  @Field(() => Int) house!: number;
  @Field(() => [GrahaEnum], { description: "Level 1: in the star of an occupant." }) inStarOfOccupants!: Graha[];
  @Field(() => [GrahaEnum], { description: "Level 2: occupants." }) occupants!: Graha[];
  @Field(() => [GrahaEnum], { description: "Level 3: in the star of the owner." }) inStarOfOwner!: Graha[];
  @Field(() => GrahaEnum, { description: "Level 4: the owner (lord of the cusp's sign)." }) owner!: Graha;
  @Field(() => [GrahaEnum], { description: "All levels merged, each graha once." }) all!: Graha[];
}

@ObjectType("KpRulingPlanets", { description: "KP ruling planets at the chart moment." })
export class KpRulingPlanetsType {
  @Field(() => GrahaEnum, { description: "Lord of the weekday counted from sunrise to sunrise." }) dayLord!: Graha;
  @Field() dayStartsAtSunrise!: boolean;
  @Field(() => GrahaEnum) moonSignLord!: Graha;
  @Field(() => GrahaEnum) moonStarLord!: Graha;
  @Field(() => GrahaEnum) ascendantSignLord!: Graha;
  @Field(() => GrahaEnum) ascendantStarLord!: Graha;
  @Field(() => GrahaEnum, { description: "Extra: the Moon's sub lord." }) moonSubLord!: Graha;
  @Field(() => GrahaEnum, { description: "Extra: the ascendant's sub lord." }) ascendantSubLord!: Graha;
  @Field(() => [GrahaEnum], { description: "The five, each once." }) distinct!: Graha[];
}

@CostCap(3)
@ObjectType("Kp", { description: "Krishnamurti Paddhati view of a chart (Krishnamurti ayanamsha unless asked otherwise)." })
export class KpType {
  @Field(() => ConventionsType) conventions!: Conventions;
  @Field() houseSystem!: string;
  @Field(() => String, { nullable: true, description: "Set when Placidus is undefined at this latitude and Porphyry cusps are used." })
  houseFallback!: string | null;
}
