import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { BHAVA_SYSTEMS, type BhavaSystem } from "../../engine/chart/bhava-chalit.js";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";

export const BhavaSystemEnum = Object.fromEntries(BHAVA_SYSTEMS.map((v) => [v.toUpperCase(), v])) as Record<string, BhavaSystem>;
registerEnumType(BhavaSystemEnum, {
  name: "BhavaSystem",
  description: "EQUAL (default): the lagna is the 1st bhava's madhya, 30° each; SRIPATI: Porphyry madhyas (lagna, IC, descendant, MC; quadrants trisected).",
});

@ObjectType("BhavaChalitCusp", { description: "One bhava: madhya (midpoint), start and end sandhis, sidereal degrees." })
export class BhavaChalitCuspType {
  @Field(() => Int) house!: number;
  @Field(() => Float) madhyaSidDeg!: number;
  @Field(() => Float) startSidDeg!: number;
  @Field(() => Float) endSidDeg!: number;
  @Field(() => Int) madhyaRashi!: number;
  @Field() madhyaSign!: string;
}

@ObjectType("BhavaChalitPlanet", { description: "A graha's whole-sign house and bhava house." })
export class BhavaChalitPlanetType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => Float) lonSidDeg!: number;
  @Field(() => Int) rashiHouse!: number;
  @Field(() => Int) bhavaHouse!: number;
  @Field() shifted!: boolean;
}

@ObjectType("BhavaChalit", { description: "The bhava chalit chart." })
export class BhavaChalitType {
  @Field(() => BhavaSystemEnum) system!: BhavaSystem;
  @Field(() => [BhavaChalitCuspType]) cusps!: BhavaChalitCuspType[];
  @Field(() => [BhavaChalitPlanetType]) planets!: BhavaChalitPlanetType[];
  @Field(() => [GrahaEnum]) shiftedPlanets!: Graha[];
}
