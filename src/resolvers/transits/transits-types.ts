import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "../common/enums.js";
import type { Birth } from "../chart/birth-input.js";
import type { Moment } from "../common/moment.js";

/** What Chart.transits hands its fields: the birth and the query instant; nothing computed yet. */
export interface TransitsRoot {
  readonly birth: Birth;
  readonly at: Moment;
}

@ObjectType("GocharPlanet", { description: "A graha's transit counted from the natal Moon (Phaladeepika ch. 26, vedha applied)." })
export class GocharPlanetType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => Float, { description: "Sidereal longitude at the query instant, degrees." }) longitude!: number;
  @Field(() => Int) sign!: number;
  @Field() retrograde!: boolean;
  @Field(() => Int, { description: "House from the natal Moon's sign (whole signs; the Moon's sign is 1)." }) houseFromMoon!: number;
  @Field({ description: "Whether the table counts this house from the Moon favourable (before vedha)." }) favourableHouse!: boolean;
  @Field(() => Int, { nullable: true, description: "The vedha (obstruction) house for a favourable house; null otherwise." })
  vedhaHouse!: number | null;
  @Field(() => [GrahaEnum], { description: "Grahas in the vedha house that withhold the favourable result." }) vedhaBy!: Graha[];
  @Field({ description: "favourable, unfavourable, or obstructed (favourable house, vedha in force)." }) effect!: string;
}

@ObjectType("SadeSati", { description: "Saturn in the 12th, 1st or 2nd from the natal Moon; null ends lie beyond the scan window." })
export class SadeSatiType {
  @Field({ description: "rising (12th), peak (1st), setting (2nd)." }) phase!: string;
  @Field(() => String, { nullable: true }) phaseStart!: string | null;
  @Field(() => String, { nullable: true }) phaseEnd!: string | null;
  @Field(() => String, { nullable: true, description: "Saturn's entry into the 12th from the Moon that began this Sade Sati." }) start!: string | null;
  @Field(() => String, { nullable: true, description: "Saturn's exit from the 2nd from the Moon that ends it." }) end!: string | null;
}

@ObjectType("SpecialTransit", { description: "A special transit in force, with the ingresses that began and end it." })
export class SpecialTransitType {
  @Field(() => GrahaEnum) graha!: Graha;
  @Field(() => Int, { description: "The sign transited." }) sign!: number;
  @Field(() => String, { nullable: true }) start!: string | null;
  @Field(() => String, { nullable: true }) end!: string | null;
}

@ObjectType("SpecialTransits", { description: "Each is null when not in force at the query instant." })
export class SpecialTransitsType {
  @Field(() => SadeSatiType, { nullable: true }) sadeSati!: SadeSatiType | null;
  @Field(() => SpecialTransitType, { nullable: true, description: "Saturn in the 4th, 7th or 10th from the natal Moon." })
  kantakaShani!: SpecialTransitType | null;
  @Field(() => SpecialTransitType, { nullable: true, description: "Saturn in the 8th from the natal Moon." }) ashtamaShani!: SpecialTransitType | null;
  @Field(() => SpecialTransitType, { nullable: true, description: "Jupiter in the natal Moon's sign." }) guruOverMoon!: SpecialTransitType | null;
  @Field(() => SpecialTransitType, { nullable: true, description: "Rahu or Ketu in the natal Moon's sign." }) nodeOverMoon!: SpecialTransitType | null;
  @Field(() => SpecialTransitType, { nullable: true, description: "Rahu or Ketu in the natal lagna's sign." }) nodeOverLagna!: SpecialTransitType | null;
}

@ObjectType("Transits", { description: "Gochar: the grahas at an instant counted from the natal Moon, and the special transits." })
export class TransitsType {}
