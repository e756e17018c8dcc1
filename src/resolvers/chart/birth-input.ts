import { Field, Float, ID, InputType, Int } from "type-graphql";
import type { Conventions, Place } from "../../engine/types.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { momentAndPlaceFrom, type CivilEcho } from "../common/civil-input.js";
import type { Moment } from "../common/moment.js";

@InputType("BirthInput", { description: "One moment and place: the input of every chart." })
export class BirthInput {
  @Field({
    description: "ISO 8601 datetime WITH UTC offset, e.g. 1990-05-15T14:30:00+05:30 (the default form); or a local " +
      "datetime without offset (1990-05-15T14:30:00) together with `timezone` or `place` (docs/places-and-time.md).",
  })
  datetime!: string;

  @Field(() => Float, { nullable: true, description: "Degrees, north positive, -90..90. Required unless `place` is given." })
  latitude?: number | null;

  @Field(() => Float, { nullable: true, description: "Degrees, east positive, -180..180. Required unless `place` is given." })
  longitude?: number | null;

  @Field(() => String, { nullable: true, description: "IANA zone (e.g. Asia/Kolkata) whose rules for that date give the offset of a datetime without one." })
  timezone?: string | null;

  @Field(() => ID, { nullable: true, description: "A place id from `places` (GeoNames): its coordinates and zone." })
  place?: string | null;

  @Field(() => Int, { nullable: true, description: "For a local time that happens twice (clocks set back): 0 the first, 1 the second." })
  fold?: number | null;

  @Field(() => ConventionsInput, { nullable: true })
  options?: ConventionsInput | null;
}

/** A validated birth: errors name `argName.field` (e.g. "birth.latitude"). */
export interface Birth {
  readonly moment: Moment;
  readonly place: Place;
  readonly conventions: Conventions;
  /** How the moment's offset was found (echoed as Chart.civilTime). */
  readonly civil: CivilEcho;
}

export function birthFrom(argName: string, input: BirthInput): Birth {
  const { moment, place, civil } = momentAndPlaceFrom(argName, input);
  return { moment, place, conventions: conventionsFrom(input.options), civil };
}
