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
