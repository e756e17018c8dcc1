import { Field, Float, Int, ObjectType, registerEnumType } from "type-graphql";
import { CostCap } from "../../costing/cost-decorator.js";
import type { Conventions } from "../../engine/types.js";
import { ConventionsType } from "../common/conventions.js";
import { Placement } from "../common/placement-type.js";

/** How the day of a `panchanga` query is chosen (POST vs GET /panchanga). */
export enum PanchangaAnchor {
  MOMENT = "moment",
  SUNRISE = "sunrise",
}
registerEnumType(PanchangaAnchor, {
  name: "PanchangaAnchor",
  description:
    "MOMENT: the Hindu day containing `datetime`, elements running at that moment. SUNRISE: the day beginning at the first sunrise of `datetime`'s calendar date (in `tz`, else its offset, else UTC), elements at that sunrise (udaya).",
});

@ObjectType("TimeWindow", { description: "A stretch of time, ISO 8601 in the caller's offset." })
export class TimeWindowType {
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType("DurMuhurta", { description: "An inauspicious muhurta (1/15 of the day or night) of the weekday." })
export class DurMuhurtaType extends TimeWindowType {
  @Field({ description: "day or night" }) part!: string;
  @Field(() => Int, { description: "Which of the 15 muhurtas of that part, 1–15." }) muhurta!: number;
}

@ObjectType("Vara", { description: "The weekday of the Hindu day, by its sunrise (not the civil date)." })
export class VaraType {
  @Field(() => Int, { description: "1–7, Sunday = 1." }) number!: number;
  @Field() name!: string;
  @Field() sanskrit!: string;
  @Field({ description: "Ruling graha (lower case, e.g. sun)." }) lord!: string;
}

@ObjectType("PanchangaElement", { description: "A yoga or karana and when it runs." })
export class ElementSpanType {
  @Field(() => Int) number!: number;
  @Field() name!: string;
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType("TithiSpan", { description: "The tithi (lunar day, 12° of Moon−Sun elongation) and when it runs." })
export class TithiSpanType extends ElementSpanType {
  @Field({ description: "shukla or krishna" }) paksha!: string;
}

@ObjectType("NakshatraSpan", { description: "The Moon's nakshatra and when the Moon is in it." })
export class NakshatraSpanType extends ElementSpanType {
  @Field(() => Int, { description: "Pada 1–4 at the reported moment." }) pada!: number;
  @Field({ description: "Vimshottari lord (lower case)." }) lord!: string;
}

@ObjectType("PanchangaTransition", { description: "One tithi, nakshatra, yoga or karana running during the day." })
export class TransitionType extends ElementSpanType {
  @Field({ description: "tithi, nakshatra, yoga or karana" }) element!: string;
}

@ObjectType("Masa", { description: "The lunar month." })
export class MasaType {
  @Field(() => Int, { description: "1 = Chaitra … 12 = Phalguna." }) number!: number;
  @Field() name!: string;
  @Field({ description: "amanta or purnimanta (the reckoning the name follows)." }) system!: string;
  @Field({ description: "A month in which the Sun enters no rashi (adhika masa)." }) isAdhika!: boolean;
}

@ObjectType("Samvatsara", { description: "The year of the 60-year Jovian cycle." })
export class SamvatsaraType {
  @Field(() => Int, { description: "1–60, 1 = Prabhava." }) number!: number;
  @Field() name!: string;
  @Field({ description: "The reckoning used." }) convention!: string;
  @Field(() => Int, { description: "Vikram Samvat (Chaitradi, from Chaitra Shukla Pratipada) = Shaka + 135." }) vikramYear!: number;
  @Field(() => Int, { description: "Shaka Samvat, lunisolar (from Ugadi, Chaitra Shukla Pratipada); not the national civil Saka calendar." }) shakaYear!: number;
}

@ObjectType("Ritu", { description: "The season (two lunar months)." })
export class RituType {
  @Field(() => Int) number!: number;
  @Field() name!: string;
  @Field() english!: string;
}

@ObjectType("LuminaryPosition", { description: "Sidereal position of the Sun or Moon at the reported moment." })
export class LuminaryType extends Placement {}

/**
 * One Hindu day at a place. Every part is a lazily resolved field over one memoized day;
 * the bundle is capped at the spec's 1 credit (docs/architecture.md §5).
 */
@CostCap(1)
@ObjectType("Panchanga", {
  description: "One Hindu day (sunrise to next sunrise) at a place. Parts are computed once, on first selection.",
})
export class PanchangaType {
  @Field({ description: "The moment the elements are given for (POST: the given moment; GET: the day's sunrise)." })
  datetime!: string;

  @Field({ description: "The zone times are written in: the tz given, the datetime's offset, or UTC." })
  timezone!: string;

  @Field(() => String, { nullable: true, description: "Set when no zone or offset was given (times in UTC)." })
  timezoneNote!: string | null;

  @Field(() => Float) latitude!: number;
  @Field(() => Float) longitude!: number;
  @Field(() => ConventionsType) conventions!: Conventions;
}
