import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("LunarDate", { description: "The lunar date of the tithi at the day's sunrise." })
export class LunarDateType {
  @Field() month!: string;
  @Field(() => Int, { description: "1 Chaitra … 12 Phalguna." }) monthNumber!: number;
  @Field() adhika!: boolean;
  @Field() paksha!: string;
  @Field(() => Int, { description: "1–15 within the paksha." }) tithi!: number;
  @Field() tithiName!: string;
}

@ObjectType("SolarDate", { description: "A day of a regional solar calendar and the rule that began its month." })
export class SolarDateType {
  @Field() tradition!: string;
  @Field(() => Int, { description: "1–12 from the Mesha month." }) month!: number;
  @Field() monthName!: string;
  @Field(() => Int) day!: number;
  @Field({ description: "Civil date (YYYY-MM-DD) of day 1 of the month." }) monthStart!: string;
  @Field({ description: "The sankranti that opened the month (in the answer's zone)." }) sankranti!: string;
  @Field() rule!: string;
}

@ObjectType("TamilYear", { description: "The Tamil year (from Chithirai 1) and its name in the 60-year Jovian cycle." })
export class TamilYearType {
  @Field(() => Int, { description: "Gregorian year in whose April the Tamil year began." }) startYear!: number;
  @Field(() => Int, { description: "1–60, 1 = Prabhava." }) jovianNumber!: number;
  @Field() jovianName!: string;
}

@ObjectType("CalendarDate", { description: "One civil date at a place in the lunar, solar and era reckonings (docs/calendars.md)." })
export class CalendarDateType {
  @Field() date!: string;
  @Field() latitude!: number;
  @Field() longitude!: number;
  @Field() timeZone!: string;
  @Field({ description: "The day's sunrise, whose tithi dates the lunar calendars." }) sunrise!: string;
  @Field(() => LunarDateType) amanta!: LunarDateType;
  @Field(() => LunarDateType) purnimanta!: LunarDateType;
  @Field(() => SolarDateType) tamil!: SolarDateType;
  @Field(() => SolarDateType) malayalam!: SolarDateType;
  @Field(() => SolarDateType) bengali!: SolarDateType;
  @Field(() => SolarDateType) odia!: SolarDateType;
  @Field(() => SolarDateType) assamese!: SolarDateType;
  @Field(() => SolarDateType) punjabi!: SolarDateType;
  @Field(() => Int, { description: "Vikram Samvat (Chaitradi): from Chaitra Shukla Pratipada." }) vikramSamvat!: number;
  @Field(() => Int, { description: "Shaka Samvat (lunisolar, from Ugadi); not the national civil Saka calendar." }) shakaSamvat!: number;
  @Field(() => Int, { description: "Kollam (Malayalam era), from Chingam 1." }) kollam!: number;
  @Field(() => Int, { description: "Bangabda (Bengali era), from Boishakh 1." }) bangabda!: number;
  @Field(() => TamilYearType) tamilYear!: TamilYearType;
}

@ObjectType("SolarToCivil", { description: "The civil date of a day of a regional solar calendar." })
export class SolarToCivilType {
  @Field() tradition!: string;
  @Field(() => Int) year!: number;
  @Field(() => Int) month!: number;
  @Field() monthName!: string;
  @Field(() => Int) day!: number;
  @Field(() => Int, { description: "Days in that month at the place." }) monthLength!: number;
  @Field({ description: "Civil date (YYYY-MM-DD) at the place." }) date!: string;
  @Field() rule!: string;
}
