// A small schema priced with the project's decorators: the costing unit under test, not a stand-in
// for the service schema. Prices mirror the spec's shape (a 3-credit chart bundle, a 1-credit
// panchanga, a 5-credit search) so the cases read like the price list.
import "reflect-metadata";
import { Arg, Field, FieldResolver, Float, ID, InputType, Int, InterfaceType, ObjectType, Query, Resolver, Root, buildSchema, createUnionType } from "type-graphql";
import type { GraphQLSchema } from "graphql";
import { COST_DIRECTIVES, Cost, CostCap } from "../../src/costing/cost-decorator.js";
import { PriceResolver } from "../../src/costing/price-resolver.js";

@ObjectType()
export class Dasha {
  @Field() planet!: string;
  @Field() @Cost(1) antardashas!: string;
}

@ObjectType()
@CostCap(3)
export class Chart {
  @Field(() => ID) id!: string;
  @Field() @Cost(1) lagna!: string;
  @Field(() => [String]) @Cost(1) planets!: string[];
  @Field(() => Dasha) @Cost(1) dasha!: Dasha;
  @Field() @Cost(1) yogas!: string;
  @Field() @Cost(0.5) doshas!: string;
  @Field(() => String) @Cost(1)
  varga(@Arg("division", () => Int, { defaultValue: 9 }) division: number): string {
    return `D${division}`;
  }
}

@ObjectType()
export class Panchanga {
  @Field() date!: string;
  @Field() @Cost(0.5) tithi!: string;
  @Field() @Cost(0.5) nakshatra!: string;
}

@InterfaceType()
export abstract class Hit {
  @Field() label!: string;
}

@ObjectType({ implements: Hit })
export class CheapHit extends Hit {
  @Field() @Cost(1) detail!: string;
}

@ObjectType({ implements: Hit })
export class DearHit extends Hit {
  @Field() @Cost(4) detail!: string;
}

export const AnyNode = createUnionType({ name: "AnyNode", types: () => [Chart, Panchanga] as const });

@InputType()
export class BirthInput {
  @Field() datetime!: string;
  @Field(() => Float) latitude!: number;
  @Field(() => Float) longitude!: number;
}

const chartOf = (b: BirthInput): Chart =>
  Object.assign(new Chart(), {
    id: b.datetime,
    lagna: "Mesha",
    planets: ["sun"],
    dasha: Object.assign(new Dasha(), { planet: "moon", antardashas: "x" }),
    yogas: "y",
    doshas: "d",
  });

/** How many times each root resolver ran: proves that a refused operation executed nothing. */
export const resolverCalls = { total: 0 };

@Resolver()
export class TestRootResolver {
  @Query(() => Chart)
  chart(@Arg("birth", () => BirthInput) birth: BirthInput): Chart {
    resolverCalls.total += 1;
    return chartOf(birth);
  }

  @Query(() => Panchanga)
  panchanga(@Arg("date", () => String) date: string): Panchanga {
    resolverCalls.total += 1;
    return Object.assign(new Panchanga(), { date, tithi: "Ekadashi", nakshatra: "Rohini" });
  }

  @Query(() => [Panchanga])
  @Cost(5)
  search(@Arg("maxResults", () => Int, { defaultValue: 5 }) maxResults: number): Panchanga[] {
    resolverCalls.total += 1;
    return [];
  }

  @Query(() => String)
  @Cost(1)
  ephemeris(@Arg("planets", () => [String], { nullable: true }) planets: string[] | null): string {
    resolverCalls.total += 1;
    return (planets ?? ["all"]).join(",");
  }

  @Query(() => [Hit])
  hits(): Hit[] {
    return [];
  }

  @Query(() => [AnyNode])
  nodes(): Array<Chart | Panchanga> {
    return [];
  }

  @Query(() => String)
  health(): string {
    return "ok";
  }
}

/** A lazily resolved part priced on a field resolver, as the service's node types do. */
@Resolver(() => Chart)
export class ChartPartsResolver {
  @FieldResolver(() => String)
  @Cost(2)
  shadbala(@Root() chart: Chart): string {
    return `shadbala of ${chart.id}`;
  }
}

export function buildPricedSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [TestRootResolver, ChartPartsResolver, PriceResolver],
    orphanedTypes: [CheapHit, DearHit],
    directives: COST_DIRECTIVES,
    validate: false,
  });
}
