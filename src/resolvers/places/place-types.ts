import { Field, Float, ID, Int, ObjectType } from "type-graphql";

@ObjectType("Place", { description: "A populated place of the GeoNames gazetteer (CC BY 4.0, geonames.org)." })
export class PlaceType {
  @Field(() => ID, { description: "The GeoNames id: stable; give it as `place` to any birth or moment input." })
  id!: string;

  @Field()
  name!: string;

  @Field({ description: "The name in plain ASCII." })
  asciiName!: string;

  @Field({ description: "GeoNames' first-order administrative division code within the country (e.g. 25 = Tamil Nadu), or empty." })
  admin1Code!: string;

  @Field({ description: "ISO 3166-1 alpha-2." })
  country!: string;

  @Field(() => Float)
  latitude!: number;

  @Field(() => Float)
  longitude!: number;

  @Field({ description: "IANA time zone." })
  timezone!: string;

  @Field(() => Int)
  population!: number;
}

@ObjectType("PlaceMatch", { description: "A place found, and how." })
export class PlaceMatchType {
  @Field(() => PlaceType)
  place!: PlaceType;

  @Field({ description: "exact | prefix | fuzzy (a name within one or two letters' edits)." })
  match!: string;

  @Field({ description: "The name (or alternate name) that matched, folded: lower case, no diacritics." })
  matchedName!: string;

  @Field(() => Float, { nullable: true, description: "Kilometres from the point asked (nearest place only)." })
  distanceKm?: number | null;
}
