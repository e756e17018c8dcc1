import type { CivilEcho } from "../common/civil-input.js";
import { Field, Float, ObjectType } from "type-graphql";
import type { Conventions, Graha } from "../../engine/types.js";
import { ConventionsType } from "../common/conventions.js";
import type { Moment } from "../common/moment.js";

/** What the ephemeris root resolver hands its fields: nothing computed yet. */
export interface EphemerisSource {
  readonly moment: Moment;
  readonly conventions: Conventions;
  readonly grahas: readonly Graha[];
  /** How a local datetime's offset was found (timezone or place given), else null. */
  readonly civil?: CivilEcho | null;
}

@ObjectType("Ephemeris", { description: "Positions of the grahas at one instant." })
export class EphemerisType {
  @Field({ description: "The instant, ISO 8601 in the caller's offset (a date alone means 00:00 UT)." })
  datetime!: string;

  @Field(() => Float, { description: "Julian day (UT) of the instant." })
  julianDayUt!: number;

  @Field(() => ConventionsType)
  conventions!: Conventions;
}
