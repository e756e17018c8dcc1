import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Conventions } from "../../engine/types.js";
import { ConventionsType } from "../common/conventions.js";
import { HouseSystemEnum, type HouseSystemName } from "../common/enums.js";
import { Placement } from "../common/placement-type.js";

@ObjectType("Ascendant", { description: "The lagna: the sidereal ecliptic degree rising in the east." })
export class AscendantType extends Placement {}

@ObjectType("HouseCusp", { description: "The start (cusp) of one bhava." })
export class HouseCuspType extends Placement {
  @Field(() => Int, { description: "House number 1–12." })
  house!: number;
}

@ObjectType("Houses")
export class HousesType {
  @Field(() => HouseSystemEnum, { description: "The system requested (where it is undefined, `fallback` names the one used)." })
  system!: HouseSystemName;

  @Field(() => String, {
    nullable: true,
    description: "Set when the requested system is undefined here (Placidus near the poles): the system used instead (porphyry).",
  })
  fallback!: string | null;

  @Field(() => String, { nullable: true, description: "Why the fallback was needed." })
  fallbackReason!: string | null;

  @Field(() => [HouseCuspType])
  cusps!: HouseCuspType[];
}

@ObjectType("Chart", { description: "A birth chart for one moment and place. Each field is computed only when selected." })
export class ChartType {
  @Field({ description: "The birth instant, ISO 8601 in the caller's offset." })
  datetime!: string;

  @Field(() => Float)
  latitude!: number;

  @Field(() => Float)
  longitude!: number;

  @Field(() => ConventionsType)
  conventions!: Conventions;
}
