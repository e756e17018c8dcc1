import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("SaturnStay", { description: "One stay of Saturn in a sign counted from the natal Moon: from its entering the sign to its leaving it." })
export class SaturnStayType {
  @Field({ description: "sade_sati, kantaka or ashtama." }) kind!: string;
  @Field(() => String, { nullable: true, description: "Sade Sati only: rising (12th from the Moon), peak (1st), setting (2nd)." }) phase!: string | null;
  @Field(() => Int, { description: "The sign, 1..12 (Aries = 1)." }) sign!: number;
  @Field() signName!: string;
  @Field(() => Int, { description: "The sign counted from the natal Moon's sign (1 = the Moon's sign)." }) house!: number;
  @Field(() => String, { nullable: true, description: "Saturn enters the sign (ISO 8601); null before 1899-07, beyond the table." }) start!: string | null;
  @Field(() => String, { nullable: true, description: "Saturn leaves the sign (ISO 8601); null after 2101-06, beyond the table." }) end!: string | null;
}

@ObjectType("SaturnInterruption", { description: "A retrograde excursion out of the Sade Sati signs and the return." })
export class SaturnInterruptionType {
  @Field() left!: string;
  @Field() returned!: string;
}

@ObjectType("SadeSatiSpell", { description: "One Sade Sati: Saturn's first entry into the 12th from the natal Moon to its final exit from the 2nd." })
export class SadeSatiSpellType {
  @Field(() => String, { nullable: true }) start!: string | null;
  @Field(() => String, { nullable: true }) end!: string | null;
  @Field(() => [SaturnStayType], { description: "The stays in the 12th, 1st and 2nd in time order; a retrograde re-entry repeats a phase." }) phases!: SaturnStayType[];
  @Field(() => [SaturnInterruptionType]) interruptions!: SaturnInterruptionType[];
}

@ObjectType("SaturnTimeline", { description: "Sade Sati, Kantaka and Ashtama Shani over a range of 1900–2100, counted from the natal Moon's sign." })
export class SaturnTimelineType {
  @Field(() => Int) natalMoonSign!: number;
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => [SadeSatiSpellType]) sadeSati!: SadeSatiSpellType[];
  @Field(() => [SaturnStayType], { description: "Saturn in the 4th, 7th or 10th from the natal Moon." }) kantakaShani!: SaturnStayType[];
  @Field(() => [SaturnStayType], { description: "Saturn in the 8th from the natal Moon." }) ashtamaShani!: SaturnStayType[];
  @Field(() => [SaturnStayType], { description: "Every stay above in time order." }) stays!: SaturnStayType[];
  @Field() source!: string;
}
