import { Field, Float, ObjectType } from "type-graphql";
import type { Graha } from "../../engine/types.js";
import type { GrahaPosition } from "../../engine/astro/positions.js";
import { GrahaEnum } from "./enums.js";
import { Placement, placementOf } from "./placement-type.js";

@ObjectType("GrahaPosition", { description: "A graha's sidereal apparent geocentric position." })
export class GrahaPositionType extends Placement {
  @Field(() => GrahaEnum)
  graha!: Graha;

  @Field(() => Float, { description: "Ecliptic latitude, degrees." })
  latitude!: number;

  @Field(() => Float, { description: "Speed in longitude, degrees per day (negative when retrograde)." })
  speed!: number;

  @Field({ description: "True when the graha moves backwards in longitude (the mean nodes always do)." })
  retrograde!: boolean;

  @Field(() => Float, { nullable: true, description: "Geocentric distance, astronomical units (null for the nodes)." })
  distanceAu!: number | null;
}

export function grahaPositionOf(p: GrahaPosition): GrahaPositionType {
  return {
    ...placementOf(p.lonSidDeg),
    graha: p.graha,
    latitude: p.latDeg,
    speed: p.speedDegPerDay,
    retrograde: p.retrograde,
    distanceAu: p.distAu !== null && Number.isFinite(p.distAu) && p.distAu > 0 ? p.distAu : null,
  };
}
