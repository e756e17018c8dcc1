/**
 * The free `price(query, variables, operationName)` root field: what an operation would cost,
 * without running or charging it (docs/architecture.md §5). Add `PriceResolver` to the schema's resolvers.
 */
import { GraphQLError, parse, specifiedRules, validate, type GraphQLResolveInfo } from "graphql";
import { GraphQLJSONObject } from "graphql-scalars";
import { Arg, Field, Float, Info, Int, ObjectType, Query, Resolver } from "type-graphql";
import { priceOperation } from "./price.js";

@ObjectType({ description: "One line of a price: a billable field, or a bundle cap's discount (negative)." })
export class PriceLine {
  @Field(() => String, { description: "field or cap" })
  kind!: "field" | "cap";

  @Field({ description: "Response path, e.g. chart.planets" })
  path!: string;

  @Field({ description: "Schema coordinate: Type.field, or the capped type" })
  coordinate!: string;

  @Field(() => Float)
  credits!: number;
}

@ObjectType({ description: "The price of an operation, computed without running it." })
export class PriceQuote {
  @Field(() => Float, { description: "Credits the operation costs (before the daily free requests)." })
  credits!: number;

  @Field(() => Int, { description: "The same in milli-credits (1 credit = 1000)." })
  milliCredits!: number;

  @Field(() => [PriceLine])
  breakdown!: PriceLine[];
}

@Resolver()
export class PriceResolver {
  @Query(() => PriceQuote, { description: "Price a GraphQL operation without running it. Free." })
  price(
    @Arg("query", () => String) query: string,
    @Arg("variables", () => GraphQLJSONObject, { nullable: true }) variables: Record<string, unknown> | null,
    @Arg("operationName", () => String, { nullable: true }) operationName: string | null,
    @Info() info: GraphQLResolveInfo,
  ): PriceQuote {
    let document;
    try {
      document = parse(query, { maxTokens: 5000 });
    } catch (err) {
      throw new GraphQLError(`query: ${(err as Error).message}`, { extensions: { code: "BAD_USER_INPUT" } });
    }
    const errors = validate(info.schema, document, specifiedRules);
    if (errors.length > 0) {
      throw new GraphQLError(`query is not valid: ${errors.map((e) => e.message).join(" ")}`, {
        extensions: { code: "BAD_USER_INPUT" },
      });
    }
    const price = priceOperation(info.schema, document, variables, operationName);
    return {
      credits: price.milli / 1000,
      milliCredits: price.milli,
      breakdown: price.breakdown.map((item) => ({ ...item, credits: item.milli / 1000 })),
    };
  }
}
