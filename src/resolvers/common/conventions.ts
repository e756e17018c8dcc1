import { Field, InputType, ObjectType } from "type-graphql";
import {
  withDefaults, type AyanamshaName, type Conventions, type MonthConvention, type NodeKind, type SunriseConvention,
} from "../../engine/types.js";
import { AyanamshaEnum, MonthConventionEnum, NodeKindEnum, SunriseConventionEnum } from "./enums.js";

@InputType("ConventionsInput", { description: "Calculation conventions; every field is optional and defaults as documented on its enum." })
export class ConventionsInput {
  @Field(() => AyanamshaEnum, { nullable: true })
  ayanamsha?: AyanamshaName;

  @Field(() => NodeKindEnum, { nullable: true })
  node?: NodeKind;

  @Field(() => SunriseConventionEnum, { nullable: true })
  sunrise?: SunriseConvention;

  @Field(() => MonthConventionEnum, { nullable: true })
  month?: MonthConvention;
}

@ObjectType("Conventions", { description: "The conventions a result was computed with (defaults filled in)." })
export class ConventionsType {
  @Field(() => AyanamshaEnum)
  ayanamsha!: AyanamshaName;

  @Field(() => NodeKindEnum)
  node!: NodeKind;

  @Field(() => SunriseConventionEnum)
  sunrise!: SunriseConvention;

  @Field(() => MonthConventionEnum)
  month!: MonthConvention;
}

/** Conventions from an optional input (GraphQL passes null for omitted nullable fields). */
export function conventionsFrom(input: ConventionsInput | null | undefined): Conventions {
  return withDefaults({
    ayanamsha: input?.ayanamsha ?? undefined,
    node: input?.node ?? undefined,
    sunrise: input?.sunrise ?? undefined,
    month: input?.month ?? undefined,
  });
}
