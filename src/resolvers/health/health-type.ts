import { Field, Float, ObjectType } from "type-graphql";

@ObjectType("EngineSelfCheck", {
  description: "The engine computes the Sun at a fixed instant and compares it with the Swiss Ephemeris value.",
})
export class EngineSelfCheckType {
  @Field()
  ok!: boolean;

  @Field({ description: "The instant checked, ISO 8601 UTC." })
  instant!: string;

  @Field(() => Float, { description: "Sun's sidereal (Lahiri) longitude from Swiss Ephemeris 2.10.03, degrees." })
  expectedLongitude!: number;

  @Field(() => Float, { nullable: true, description: "The engine's value, degrees (null when it failed)." })
  computedLongitude!: number | null;

  @Field(() => Float, { nullable: true, description: "|computed − expected|, arcseconds." })
  errorArcsec!: number | null;

  @Field(() => Float, { description: "Largest error accepted, arcseconds." })
  toleranceArcsec!: number;
}

@ObjectType("Health")
export class HealthType {
  @Field({ description: "ok when the engine check passes and the database answers, else degraded." })
  status!: string;

  @Field()
  version!: string;

  @Field(() => EngineSelfCheckType)
  engine!: EngineSelfCheckType;

  @Field({ description: "The database answered a trivial query." })
  database!: boolean;
}
