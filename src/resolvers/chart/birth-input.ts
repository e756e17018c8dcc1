import { Field, Float, InputType } from "type-graphql";
import type { Conventions, Place } from "../../engine/types.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { checkRange } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";

@InputType("BirthInput", { description: "One moment and place: the input of every chart." })
export class BirthInput {
  @Field({ description: "ISO 8601 datetime WITH UTC offset, e.g. 1990-05-15T14:30:00+05:30." })
  datetime!: string;

  @Field(() => Float, { description: "Degrees, north positive, -90..90." })
  latitude!: number;

  @Field(() => Float, { description: "Degrees, east positive, -180..180." })
  longitude!: number;

  @Field(() => ConventionsInput, { nullable: true })
  options?: ConventionsInput | null;
}

/** A validated birth: errors name `argName.field` (e.g. "birth.latitude"). */
export interface Birth {
  readonly moment: Moment;
  readonly place: Place;
  readonly conventions: Conventions;
}

export function birthFrom(argName: string, input: BirthInput): Birth {
  const moment = momentFromDateTime(`${argName}.datetime`, input.datetime);
  const latDeg = checkRange(`${argName}.latitude`, input.latitude, -90, 90, "°");
  const lonDeg = checkRange(`${argName}.longitude`, input.longitude, -180, 180, "°");
  return { moment, place: { latDeg, lonDeg }, conventions: conventionsFrom(input.options) };
}
