import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { ASHTAKAVARGA_TABLES, type AshtakavargaTable } from "../../engine/tables/ashtakavarga.js";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";

/** GraphQL object types of the kundali fields on Chart (camelCase; the REST layer maps them to the spec's snake_case). */

@ObjectType("Lagna", { description: "The lagna (ascendant) of a birth chart." })
export class LagnaType {
  @Field(() => Float, { description: "Sidereal longitude, degrees [0, 360)." }) longitude!: number;
  @Field(() => Int, { description: "Rashi 1 = Aries … 12 = Pisces." }) rashi!: number;
  @Field({ description: "Rashi name in English." }) sign!: string;
  @Field(() => Float, { description: "Degrees within the sign, [0, 30)." }) degree!: number;
  @Field() dms!: string;
  @Field(() => Int) nakshatra!: number;
  @Field() nakshatraName!: string;
  @Field(() => Int) pada!: number;
  @Field(() => GrahaEnum, { description: "Lord of the lagna's sign." }) lord!: Graha;
  @Field(() => GrahaEnum) nakshatraLord!: Graha;
  @Field({ description: "Same sign in D1 and D9." }) vargottama!: boolean;
}

@ObjectType("ChartGraha", { description: "One graha in the birth chart (whole-sign houses from the lagna)." })
export class ChartGrahaType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => Float) longitude!: number;
  @Field(() => Int) rashi!: number;
  @Field() sign!: string;
  @Field(() => Float, { description: "Degrees within the sign, [0, 30)." }) signDegree!: number;
  @Field() dms!: string;
  @Field(() => Int, { description: "Whole-sign house from the lagna, 1–12." }) house!: number;
  @Field(() => Int) nakshatra!: number;
  @Field() nakshatraName!: string;
  @Field(() => Int) pada!: number;
  @Field(() => GrahaEnum) nakshatraLord!: Graha;
  @Field(() => Float, { description: "Degrees per day (negative when retrograde)." }) speed!: number;
  @Field() retrograde!: boolean;
  @Field() combust!: boolean;
  @Field(() => Float, { nullable: true, description: "Combustion orb used (Surya Siddhanta), degrees; null for the Sun and the nodes." })
  combustOrb!: number | null;
  @Field(() => Float, { description: "Angular distance from the Sun, degrees." }) distanceFromSun!: number;
  @Field({ description: "exalted, debilitated, moolatrikona, own, or the compound relation to the sign lord (great_friend … great_enemy)." })
  dignity!: string;
  @Field() vargottama!: boolean;
}

@ObjectType("Bhava", { description: "One whole-sign house from the lagna." })
export class BhavaType {
  @Field(() => Int) house!: number;
  @Field(() => Int) rashi!: number;
  @Field() sign!: string;
  @Field(() => GrahaEnum) lord!: Graha;
  @Field(() => [GrahaEnum], { description: "Grahas in the house." }) planets!: Graha[];
  @Field(() => [GrahaEnum], { description: "Grahas casting a full aspect (7th or special) on the house." }) aspectedBy!: Graha[];
}

@ObjectType("HouseDrishti", { description: "A graha's aspect onto a house." })
export class HouseDrishtiType {
  @Field(() => GrahaEnum) from!: Graha;
  @Field(() => Int, { description: "Counted from the aspecting graha's sign (7 = opposition)." }) nth!: number;
  @Field(() => Int) house!: number;
  @Field(() => Int) rashi!: number;
  @Field(() => Float, { description: "0–1: 1 for full aspects, 0.25/0.5/0.75 for the BPHS partial ones." }) strength!: number;
  @Field() full!: boolean;
}

@ObjectType("GrahaDrishti", { description: "A graha's aspect onto another graha (by sign)." })
export class GrahaDrishtiType {
  @Field(() => GrahaEnum) from!: Graha;
  @Field(() => GrahaEnum) to!: Graha;
  @Field(() => Int) nth!: number;
  @Field(() => Int, { description: "House of the aspecting graha." }) fromHouse!: number;
  @Field(() => Int, { description: "House of the aspected graha." }) toHouse!: number;
  @Field(() => Float) strength!: number;
  @Field() full!: boolean;
}

@ObjectType("Drishti", { description: "Vedic graha drishti (BPHS ch. 26): 7th for all; Mars 4/8, Jupiter 5/9, Saturn 3/10 in full." })
export class DrishtiType {
  @Field(() => [HouseDrishtiType]) onHouses!: HouseDrishtiType[];
  @Field(() => [GrahaDrishtiType]) onGrahas!: GrahaDrishtiType[];
  @Field(() => [HouseDrishtiType]) partialOnHouses!: HouseDrishtiType[];
  @Field(() => [GrahaDrishtiType]) partialOnGrahas!: GrahaDrishtiType[];
}

@ObjectType("VargaPoint", { description: "A point's sign and degree within that sign in a divisional chart." })
export class VargaPointType {
  @Field(() => Int) rashi!: number;
  @Field() sign!: string;
  @Field(() => Float, { description: "Degrees within the varga sign, [0, 30)." }) degree!: number;
}

@ObjectType("VargaGraha")
export class VargaGrahaType extends VargaPointType {
  @Field(() => GrahaEnum) graha!: Graha;
}

@ObjectType("Varga", { description: "One divisional chart (Parashari methods)." })
export class VargaType {
  @Field({ description: "D1 … D60." }) chart!: string;
  @Field() name!: string;
  @Field({ description: "The method used, e.g. parashari_sun_moon_hora for D2." }) method!: string;
  @Field(() => VargaPointType) lagna!: VargaPointType;
  @Field(() => [VargaGrahaType]) planets!: VargaGrahaType[];
}

@ObjectType("FunctionalRole")
export class FunctionalRoleType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => [Int], { description: "Houses from the lagna it owns." }) lordOf!: number[];
  @Field({ description: "yogakaraka, benefic, malefic or neutral." }) nature!: string;
  @Field() reason!: string;
}

@ObjectType("CharaKaraka")
export class CharaKarakaType {
  @Field({ description: "atma, amatya, bhratri, matri, (pitri,) putra, gnati, dara." }) karaka!: string;
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => Float, { description: "Degrees counted for the ranking (Rahu: 30° − degree in sign)." }) degree!: number;
}

@ObjectType("Karakas", { description: "Functional natures for the lagna (BPHS ch. 34) and the chara karakas (BPHS ch. 32)." })
export class KarakasType {
  @Field(() => [GrahaEnum]) functionalBenefics!: Graha[];
  @Field(() => [GrahaEnum]) functionalMalefics!: Graha[];
  @Field(() => [GrahaEnum]) functionalNeutrals!: Graha[];
  @Field(() => GrahaEnum, { nullable: true }) yogaKaraka!: Graha | null;
  @Field(() => [FunctionalRoleType]) roles!: FunctionalRoleType[];
  @Field() functionalSource!: string;
  @Field(() => Int, { description: "7 (Rahu excluded, default) or 8." }) charaKarakaScheme!: number;
  @Field(() => [CharaKarakaType]) charaKarakas!: CharaKarakaType[];
}

@ObjectType("Prastharashtakavarga", { description: "One contributor's bindus to a graha's ashtakavarga, per sign (Aries … Pisces)." })
export class PrasthaType {
  @Field({ description: "sun … saturn, or lagna." }) contributor!: string;
  @Field(() => [Int]) bindus!: number[];
}

@ObjectType("Bhinnashtakavarga")
export class BhinnashtakavargaType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => [Int], { description: "Bindus per sign, Aries … Pisces." }) scores!: number[];
  @Field(() => Int) total!: number;
  @Field(() => [PrasthaType]) prastharashtakavarga!: PrasthaType[];
}

@ObjectType("ShodhyaPinda")
export class ShodhyaPindaType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => [Int]) afterTrikona!: number[];
  @Field(() => [Int]) afterEkadhipatya!: number[];
  @Field(() => Int) rashiPinda!: number;
  @Field(() => Int) grahaPinda!: number;
  @Field(() => Int) shodhyaPinda!: number;
}

export const AshtakavargaTableEnum: Record<string, AshtakavargaTable> = Object.fromEntries(
  ASHTAKAVARGA_TABLES.map((t) => [t.toUpperCase(), t]),
);
registerEnumType(AshtakavargaTableEnum, {
  name: "AshtakavargaTable",
  description:
    "Benefic places and shodhana: BPHS (Santhanam's BPHS ch. 66–69, default) or JAGANNATHA_HORA " +
    "(P. V. R. Narasimha Rao's book and Jagannatha Hora: other places in the Moon's and Venus's rows, the lagna occupies in ekadhipatya shodhana).",
});

@ObjectType("Ashtakavarga", { description: "BPHS ch. 66–69, or Narasimha Rao's variant (see AshtakavargaTable)." })
export class AshtakavargaType {
  @Field(() => AshtakavargaTableEnum, { description: "The table and shodhana the figures follow." }) table!: AshtakavargaTable;
  @Field(() => [BhinnashtakavargaType]) bhinnashtakavarga!: BhinnashtakavargaType[];
  @Field(() => [Int], { description: "Sarvashtakavarga per sign, Aries … Pisces." }) sarvashtakavarga!: number[];
  @Field(() => Int) sarvashtakavargaTotal!: number;
  @Field(() => [ShodhyaPindaType]) shodhyaPinda!: ShodhyaPindaType[];
  @Field() strongestSign!: string;
  @Field() weakestSign!: string;
  @Field() source!: string;
}

@ObjectType("ChartYoga", { description: "A classical yoga present in the chart." })
export class ChartYogaType {
  @Field({ description: "The yoga's name, in the language asked (docs/languages.md)." }) name!: string;
  @Field({ description: "Stable language-free key (gaja_kesari, ruchaka, neecha_bhanga_raja …), the same in every language." }) key!: string;
  @Field() type!: string;
  @Field() category!: string;
  @Field(() => [GrahaEnum]) planets!: Graha[];
  @Field(() => [Int]) housesInvolved!: number[];
  @Field({ description: "strong, moderate or weak." }) strength!: string;
  @Field() description!: string;
}

@ObjectType("MarsReference", { description: "Mars's house counted from one reference and whether it gives Mangal dosha." })
export class MarsReferenceType {
  @Field(() => Int) house!: number;
  @Field() dosha!: boolean;
}

@ObjectType("Dosha")
export class DoshaType {
  @Field() name!: string;
  @Field() present!: boolean;
  @Field({ description: "The dosha's own condition holds (before cancellations)." }) formed!: boolean;
  @Field() cancelled!: boolean;
  @Field({ description: "none, low, medium or high (after cancellations)." }) severity!: string;
  @Field() severityBeforeCancellation!: string;
  @Field(() => [Int]) affectedHouses!: number[];
  @Field(() => [GrahaEnum]) planets!: Graha[];
  @Field(() => [String]) cancellationFactors!: string[];
  @Field(() => [String]) rulesMet!: string[];
  @Field() description!: string;
  @Field(() => MarsReferenceType, { nullable: true, description: "Mangal only." }) fromLagna!: MarsReferenceType | null;
  @Field(() => MarsReferenceType, { nullable: true, description: "Mangal only." }) fromMoon!: MarsReferenceType | null;
  @Field(() => MarsReferenceType, { nullable: true, description: "Mangal only." }) fromVenus!: MarsReferenceType | null;
  @Field(() => String, { nullable: true, description: "Kalsarpa only: full or partial." }) kind!: string | null;
  @Field(() => String, { nullable: true, description: "Kalsarpa only: the named type by Rahu's house." }) kalsarpaType!: string | null;
  @Field(() => String, { nullable: true, description: "Kalsarpa only: rahu_to_ketu or ketu_to_rahu." }) direction!: string | null;
}

@ObjectType("Doshas")
export class DoshasType {
  @Field(() => DoshaType) mangal!: DoshaType;
  @Field(() => DoshaType) kalsarpa!: DoshaType;
  @Field(() => DoshaType) pitra!: DoshaType;
}
