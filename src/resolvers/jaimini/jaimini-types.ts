import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";

@ObjectType("CharaKarakaRank", { description: "One chara karaka: the graha and the degrees that ranked it (Rahu: 30° − degree)." })
export class CharaKarakaRankType {
  @Field({ description: "atma, amatya, bhratri, matri, (pitri,) putra, gnati, dara." }) karaka!: string;
  @Field(() => GrahaEnum) planet!: Graha;
  @Field(() => Float) degree!: number;
}

@ObjectType("ArudhaPada", { description: "The arudha (pada) of one house, BPHS ch. 29." })
export class ArudhaPadaType {
  @Field(() => Int) house!: number;
  @Field({ description: "A1 (arudha lagna) … A12 (upapada)." }) name!: string;
  @Field(() => Int, { description: "Sign 1..12 (1 = Aries)." }) sign!: number;
  @Field() signName!: string;
  @Field(() => GrahaEnum, { description: "The house's lord used (Scorpio/Aquarius: the stronger co-lord)." }) lord!: Graha;
  @Field(() => Int, { description: "Where the count alone put the pada." }) countedSign!: number;
  @Field(() => String, { nullable: true, description: "\"1st\": the count fell in the house itself, moved to the 10th from it; \"7th\": fell in the 7th, moved to the 4th from the house." })
  exception!: string | null;
}

@ObjectType("Karakamsha", { description: "The atmakaraka's navamsha sign, read in the rashi chart (karakamsha) and in the navamsha (swamsha)." })
export class KarakamshaType {
  @Field(() => GrahaEnum) atmakaraka!: Graha;
  @Field(() => Int) sign!: number;
  @Field() signName!: string;
  @Field(() => [GrahaEnum], { description: "Grahas in the karakamsha sign in the rashi chart." }) grahasInRashiChart!: Graha[];
  @Field(() => [GrahaEnum], { description: "Swamsha: grahas in that sign in the navamsha chart." }) grahasInNavamsha!: Graha[];
  @Field(() => Int, { description: "The navamsha lagna (some authors call it swamsha)." }) navamshaLagna!: number;
}

@ObjectType("CoLord", { description: "The lord used for a sign with two lords (Scorpio: Mars/Ketu, Aquarius: Saturn/Rahu)." })
export class CoLordType {
  @Field(() => Int) sign!: number;
  @Field(() => GrahaEnum) planet!: Graha;
  @Field(() => Int, { description: "The strength rule (1–5, docs/dashas-and-jaimini.md) that chose it." }) rule!: number;
}

@ObjectType("Jaimini", { description: "Jaimini items of a birth chart." })
export class JaiminiType {
  @Field(() => Int, { description: "Chara karaka scheme used: 7 (Sun…Saturn) or 8 (with Rahu), echoed." }) scheme!: number;
  @Field(() => [CharaKarakaRankType]) charaKarakas!: CharaKarakaRankType[];
  @Field(() => [ArudhaPadaType]) arudhaPadas!: ArudhaPadaType[];
  @Field(() => ArudhaPadaType, { description: "A12, the upapada lagna (UL)." }) upapada!: ArudhaPadaType;
  @Field(() => KarakamshaType) karakamsha!: KarakamshaType;
  @Field(() => [CoLordType]) coLords!: CoLordType[];
  @Field({ description: "The rules and their sources." }) rules!: string;
}
