import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Ashtakoota, MoonFacts } from "../../engine/compat/ashtakoota.js";
import type { ChartInput } from "../../engine/chart/chart-input.js";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";
import { DoshaType } from "../kundali/kundali-types.js";

/** What Compatibility fields resolve from: both charts' inputs are built only when a field needs the lagna. */
export interface CompatibilityRoot {
  /** Both Moons, from the chart code's positions: every part of the match reads these. */
  readonly moons: () => { groom: MoonFacts; bride: MoonFacts };
  readonly ashtakoota: () => Ashtakoota;
  readonly charts: () => { groom: ChartInput; bride: ChartInput };
}

@ObjectType("MatchMoon", { description: "One partner's Moon as the match reads it (sidereal)." })
export class MatchMoonType {
  @Field(() => Float) longitude!: number;
  @Field(() => Int, { description: "1 = Ashwini … 27 = Revati." }) nakshatra!: number;
  @Field() nakshatraName!: string;
  @Field(() => Int) pada!: number;
  @Field(() => Int, { description: "1 = Aries … 12 = Pisces." }) rashi!: number;
  @Field() rashiName!: string;
  @Field(() => GrahaEnum) rashiLord!: Graha;
}

@ObjectType("KootScore", { description: "One of the eight kootas: its points, maximum and each partner's class." })
export class KootScoreType {
  @Field({ description: "varna, vashya, tara, yoni, graha_maitri, gana, bhakoot or nadi: the koota's stable key." }) name!: string;
  @Field({ description: "The koota's name (Varna … Graha Maitri … Nadi), in the language asked (docs/languages.md)." }) title!: string;
  @Field(() => Float) score!: number;
  @Field(() => Int) max!: number;
  @Field({ description: "The groom's class (for tara: his star's count to the bride's, with its tara name)." }) boy!: string;
  @Field() girl!: string;
  @Field() description!: string;
}

@ObjectType("KootaDosha", { description: "Nadi or Bhakoot dosha (the koota scores 0) and the exceptions that cancel it." })
export class KootaDoshaType {
  @Field() present!: boolean;
  @Field() cancelled!: boolean;
  @Field(() => [String]) cancellations!: string[];
}

@ObjectType("Ashtakoota", { description: "The 36-point Ashtakoota match (Muhurta Chintamani, Vivaha prakarana)." })
export class AshtakootaType {
  @Field(() => MatchMoonType) groomMoon!: MatchMoonType;
  @Field(() => MatchMoonType) brideMoon!: MatchMoonType;
  @Field(() => [KootScoreType], { description: "Varna, Vashya, Tara, Yoni, Graha Maitri, Gana, Bhakoot, Nadi, in that order." })
  koots!: KootScoreType[];
  @Field(() => Float) totalScore!: number;
  @Field(() => Int) maxScore!: number;
  @Field(() => KootaDoshaType) nadiDosha!: KootaDoshaType;
  @Field(() => KootaDoshaType) bhakootDosha!: KootaDoshaType;
  @Field({
    description: "excellent (≥ 33), good (≥ 25), average (≥ 18) or not_recommended (< 18); one band lower for each uncancelled Nadi or Bhakoot dosha.",
  })
  recommendation!: string;
  @Field(() => [String]) reasons!: string[];
}

@ObjectType("MangalMatch", { description: "Mangal dosha of both charts; a Manglik with a Manglik cancels it for both." })
export class MangalMatchType {
  @Field(() => DoshaType) groom!: DoshaType;
  @Field(() => DoshaType) bride!: DoshaType;
  @Field() mutuallyCancelled!: boolean;
  @Field({ description: "Exactly one partner has an uncancelled Mangal dosha." }) blocksMatch!: boolean;
  @Field() description!: string;
}

@ObjectType("Compatibility", { description: "Marriage compatibility of two births." })
export class CompatibilityType {}
