import { Field, Float, Int, ObjectType } from "type-graphql";

@ObjectType("TaraBala", { description: "The day's nakshatra counted from the birth nakshatra (Muhurta Chintamani ch. 1)." })
export class TaraBalaType {
  @Field(() => Int) natalNakshatra!: number;
  @Field(() => Int) nakshatra!: number;
  @Field() nakshatraName!: string;
  @Field(() => Int, { description: "1..27, inclusive count." }) count!: number;
  @Field(() => Int, { description: "1 Janma … 9 Parama Mitra." }) taraNumber!: number;
  @Field() tara!: string;
  @Field(() => String, { nullable: true }) alsoCalled!: string | null;
  @Field() meaning!: string;
  @Field(() => Boolean, { nullable: true, description: "null for Janma (mixed)." }) favourable!: boolean | null;
}

@ObjectType("ChandraBala", { description: "The transit Moon's sign counted from the natal Moon sign: good in 1, 3, 6, 7, 10, 11." })
export class ChandraBalaType {
  @Field(() => Int) natalSign!: number;
  @Field(() => Int) sign!: number;
  @Field(() => Int) count!: number;
  @Field() favourable!: boolean;
  @Field({ description: "The 8th: Chandrashtama." }) chandrashtama!: boolean;
}

@ObjectType("DailyStrength", { description: "Tara bala and chandra bala at an instant for a birth." })
export class DailyStrengthType {
  @Field() datetime!: string;
  @Field(() => Float, { description: "The transit Moon's sidereal longitude, degrees." }) moonLongitude!: number;
  @Field(() => TaraBalaType) taraBala!: TaraBalaType;
  @Field(() => ChandraBalaType) chandraBala!: ChandraBalaType;
  @Field({ description: "When the Moon leaves its nakshatra (tara bala changes), ISO 8601." }) nakshatraEnds!: string;
  @Field({ description: "When the Moon leaves its sign (chandra bala changes), ISO 8601." }) signEnds!: string;
  @Field() source!: string;
}

@ObjectType("ChandrashtamaPeriod", { description: "The transit Moon in the 8th sign from the natal Moon sign, exact start and end." })
export class ChandrashtamaPeriodType {
  @Field(() => Int) sign!: number;
  @Field() signName!: string;
  @Field() start!: string;
  @Field() end!: string;
}
