import { Field, Float, ObjectType } from "type-graphql";

@ObjectType("HeliacalEvent", { description: "The graha enters (setting) or leaves (rising) its combustion orb." })
export class HeliacalEventType {
  @Field() kind!: string;
  @Field() datetime!: string;
  @Field(() => Float, { description: "The orb crossed, degrees (Mercury and Venus: the retrograde orb while retrograde)." }) orb!: number;
  @Field() retrograde!: boolean;
}

@ObjectType("HeliacalAround", { description: "Combustion periods around a date: the last setting and rising before it, the next ones after it." })
export class HeliacalAroundType {
  @Field() at!: string;
  @Field({ description: "Within its orb at `at`." }) combust!: boolean;
  @Field(() => HeliacalEventType, { nullable: true }) lastSetting!: HeliacalEventType | null;
  @Field(() => HeliacalEventType, { nullable: true }) lastRising!: HeliacalEventType | null;
  @Field(() => HeliacalEventType, { nullable: true }) nextSetting!: HeliacalEventType | null;
  @Field(() => HeliacalEventType, { nullable: true }) nextRising!: HeliacalEventType | null;
}

@ObjectType("Avasthas", { description: "BPHS ch. 45: baladi by degree, jagradadi by dignity, deeptadi by dignity and compound friendship." })
export class AvasthasType {
  @Field() baladi!: string;
  @Field() baladiResult!: string;
  @Field() jagradadi!: string;
  @Field() jagradadiResult!: string;
  @Field({ description: "deepta, swastha, pramudita, shanta, deena, dukhita or khala, by the sign." }) deeptadi!: string;
  @Field({ description: "Vikala: a malefic shares its sign." }) vikala!: boolean;
  @Field({ description: "Kopa: combust." }) kopa!: boolean;
}

@ObjectType("PlanetState", { description: "Combustion and avasthas of one of the seven grahas in the birth chart." })
export class PlanetStateType {
  @Field() graha!: string;
  @Field(() => Float) longitude!: number;
  @Field() retrograde!: boolean;
  @Field(() => Float, { description: "Angular distance from the Sun in longitude, degrees (0 for the Sun)." }) distanceFromSun!: number;
  @Field() combust!: boolean;
  @Field(() => Float, { nullable: true, description: "The orb that applies (its motion's), degrees; null for the Sun." }) combustionOrb!: number | null;
  @Field(() => AvasthasType) avasthas!: AvasthasType;
  @Field(() => HeliacalAroundType, { nullable: true, description: "Priced apart; null for the Sun." }) heliacal!: HeliacalAroundType | null;
}
