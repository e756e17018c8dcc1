import { Field, ID, ObjectType } from "type-graphql";
import type { CivilEcho, OffsetSource } from "./civil-input.js";

@ObjectType("CivilTime", { description: "How a moment's UTC offset was found (docs/places-and-time.md)." })
export class CivilTimeType implements CivilEcho {
  @Field({ description: "The moment, ISO 8601 with the offset applied." })
  datetime!: string;

  @Field({ description: "The UTC offset applied: +06:30, or with seconds before standard time (+05:21:10)." })
  utcOffset!: string;

  @Field(() => String, { description: "given (in the datetime) | timezone (its tz rules) | place (its zone's tz rules)." })
  offsetSource!: OffsetSource;

  @Field(() => String, { nullable: true, description: "The IANA zone whose rules gave the offset." })
  timezone!: string | null;

  @Field(() => ID, { nullable: true })
  placeId!: string | null;

  @Field(() => String, { nullable: true })
  placeName!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Set when the moment is before its zone kept standard time: the longitude's local mean time was used.",
  })
  warning!: string | null;
}

/** The descriptions of the civil-time arguments every moment-and-place field takes (docs/places-and-time.md). */
export const TIMEZONE_ARG = "IANA zone (e.g. Asia/Kolkata): the field's datetimes may then be local times without offset, read by its rules for the date.";
export const PLACE_ARG = "A place id (places): its coordinates when latitude/longitude are left out, and its zone for local datetimes.";
export const FOLD_ARG = "A local time that happens twice (clocks set back): 0 the first, 1 the second.";
export const CIVIL_TIME_FIELD = "How a local datetime's UTC offset was found (timezone or place given); null when none was read.";
export const PLACE_ONLY_ARG = "A place id (places): its coordinates and zone, instead of latitude/longitude.";
export const ZONE_PLACE_ARG = "A place id (places): its zone for local datetimes (and its longitude before standard time).";
