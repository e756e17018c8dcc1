import { Field, Float, Int, ObjectType } from "type-graphql";
import { describeLongitude } from "../../engine/tables/longitude.js";
import type { Graha } from "../../engine/types.js";
import { GrahaEnum } from "./enums.js";

/** Where a sidereal longitude falls: rashi, degree in it, nakshatra and pada (a base: not a schema type itself). */
@ObjectType()
export abstract class Placement {
  @Field(() => Float, { description: "Sidereal longitude, degrees [0, 360)." })
  longitude!: number;

  @Field(() => Int, { description: "Rashi (sign) number, 1 = Mesha (Aries) … 12 = Meena (Pisces)." })
  rashi!: number;

  @Field({ description: "Rashi name in English (Aries … Pisces)." })
  rashiName!: string;

  @Field(() => Float, { description: "Degrees within the rashi, [0, 30)." })
  rashiDegree!: number;

  @Field(() => Int, { description: "Nakshatra number, 1 = Ashwini … 27 = Revati." })
  nakshatra!: number;

  @Field()
  nakshatraName!: string;

  @Field(() => GrahaEnum, { description: "Vimshottari lord of the nakshatra." })
  nakshatraLord!: Graha;

  @Field(() => Int, { description: "Nakshatra pada (quarter), 1–4." })
  pada!: number;

  @Field({ description: "Degrees, minutes, seconds within the rashi, e.g. 15°04′09″ Aries." })
  dms!: string;
}

/** The Placement fields of a sidereal longitude. */
export function placementOf(lonSidDeg: number): Placement {
  const d = describeLongitude(lonSidDeg);
  return {
    longitude: d.lonSidDeg,
    rashi: d.rashi,
    rashiName: d.rashiName,
    rashiDegree: d.rashiDegree,
    nakshatra: d.nakshatra,
    nakshatraName: d.nakshatraName,
    nakshatraLord: d.nakshatraLord,
    pada: d.pada,
    dms: d.dms,
  };
}
