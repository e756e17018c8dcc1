import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import type { SaptaGraha } from "../../engine/types.js";
import { SUN_MOON_CHESHTA_CONVENTIONS, type SunMoonCheshta } from "../../engine/strength/shadbala-input.js";
import { GrahaEnum } from "../common/enums.js";

/** GraphQL types of shadbala and bhava bala (engine/strength); field names are the engine's, so results pass through unmapped. */

export const SunMoonCheshtaEnum = Object.fromEntries(SUN_MOON_CHESHTA_CONVENTIONS.map((v) => [v.toUpperCase(), v])) as Record<string, SunMoonCheshta>;
registerEnumType(SunMoonCheshtaEnum, {
  name: "SunMoonCheshta",
  description:
    "How the Sun's and the Moon's cheshta bala (their ayana and paksha bala, BPHS ch. 27) enter the total: RAMAN (default) " +
    "shows 0 and does not count them twice, as B.V. Raman's worked totals; BPHS counts them again.",
});

@ObjectType("SthanaBala", { description: "Positional strength and its five parts, virupas." })
export class SthanaBalaType {
  @Field(() => Float, { description: "Arc from the debilitation point / 3." }) uchcha!: number;
  @Field(() => Float, { description: "Dignity in D1, D2, D3, D7, D9, D12, D30." }) saptavargaja!: number;
  @Field(() => Float, { description: "Odd/even sign in rashi and navamsha." }) ojayugma!: number;
  @Field(() => Float, { description: "Kendra 60, panaphara 30, apoklima 15." }) kendradi!: number;
  @Field(() => Float, { description: "Decanate of the graha's gender." }) drekkana!: number;
  @Field(() => Float) total!: number;
}

@ObjectType("KalaBala", { description: "Temporal strength and its parts, virupas." })
export class KalaBalaType {
  @Field(() => Float) nathonnatha!: number;
  @Field(() => Float) paksha!: number;
  @Field(() => Float) tribhaga!: number;
  @Field(() => Float) abda!: number;
  @Field(() => Float) masa!: number;
  @Field(() => Float) vara!: number;
  @Field(() => Float) hora!: number;
  @Field(() => Float) ayana!: number;
  @Field(() => Float, { description: "Planetary war: only between Mars … Saturn within 1°." }) yuddha!: number;
  @Field(() => Float) total!: number;
}

@ObjectType("GrahaShadbala", { description: "Six-fold strength of one graha (BPHS ch. 27; B.V. Raman, Graha and Bhava Balas). Virupas unless named rupas." })
export class GrahaShadbalaType {
  @Field(() => GrahaEnum) graha!: SaptaGraha;
  @Field(() => SthanaBalaType) sthana!: SthanaBalaType;
  @Field(() => Float) dig!: number;
  @Field(() => KalaBalaType) kala!: KalaBalaType;
  @Field(() => Float, { description: "As counted in the total (Sun and Moon: see sunMoonCheshta)." }) cheshta!: number;
  @Field(() => Float) naisargika!: number;
  @Field(() => Float) drik!: number;
  @Field(() => Float) totalVirupas!: number;
  @Field(() => Float) totalRupas!: number;
  @Field(() => Float) requiredRupas!: number;
  @Field(() => Float, { description: "totalRupas / requiredRupas." }) strengthRatio!: number;
  @Field() meetsRequired!: boolean;
  @Field(() => Int, { description: "1 = highest strength ratio." }) rank!: number;
  @Field(() => Float, { description: "√(uchcha · cheshta)." }) ishtaPhala!: number;
  @Field(() => Float, { description: "√((60 − uchcha)(60 − cheshta))." }) kashtaPhala!: number;
}

@ObjectType("KalaLords", { description: "Lords of the birth's year, month, weekday and hora (kala bala)." })
export class KalaLordsType {
  @Field(() => GrahaEnum) abda!: SaptaGraha;
  @Field(() => GrahaEnum) masa!: SaptaGraha;
  @Field(() => GrahaEnum) vara!: SaptaGraha;
  @Field(() => GrahaEnum) hora!: SaptaGraha;
}

@ObjectType("Shadbala", { description: "Shadbala of Sun … Saturn." })
export class ShadbalaType {
  @Field(() => [GrahaShadbalaType]) grahas!: GrahaShadbalaType[];
  @Field(() => KalaLordsType) lords!: KalaLordsType;
  @Field(() => SunMoonCheshtaEnum) sunMoonCheshta!: SunMoonCheshta;
  @Field({ description: "sunrise, or local_mean_time where the Sun does not rise or set (06:00/18:00 local mean time stand in)." })
  daySource!: string;
}

@ObjectType("BhavaBala", { description: "Strength of one bhava (equal houses, lagna = 1st madhya), virupas." })
export class BhavaBalaType {
  @Field(() => Int) house!: number;
  @Field(() => Float, { description: "Bhava madhya, sidereal degrees." }) madhyaSidDeg!: number;
  @Field(() => GrahaEnum, { description: "Lord of the madhya's sign." }) lord!: SaptaGraha;
  @Field(() => Float, { description: "Bhavadhipati bala: the lord's shadbala." }) adhipati!: number;
  @Field(() => Float) dig!: number;
  @Field(() => Float) drishti!: number;
  @Field(() => Float) totalVirupas!: number;
  @Field(() => Float) totalRupas!: number;
  @Field(() => Int) rank!: number;
}
