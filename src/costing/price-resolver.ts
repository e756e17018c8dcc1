/**
 * The free `price(query, variables, operationName)` root field: what an operation would cost,
 * without running or charging it (docs/architecture.md §5). Add `PriceResolver` to the schema's resolvers.
 */
import { GraphQLError, parse, specifiedRules, validate, type GraphQLResolveInfo } from "graphql";
import { GraphQLJSONObject } from "graphql-scalars";
import { Arg, Ctx, Field, Float, Info, Int, ObjectType, Query, Resolver } from "type-graphql";
import { documentLimitRules } from "../gates/document-limits.js";
import { DEFAULT_MAX_FIELDS, countSelections } from "../gates/document-size.js";
import type { EngineContext } from "../resolvers/engine-context.js";
import { priceOperation } from "./price.js";
import { estimateWork } from "./work.js";
import { workSurchargeMilli } from "./work-gate.js";

/**
 * Selections already priced by `price` fields in this request: one budget per request, kept in
 * the request's EngineContext (a slot, not a WeakMap keyed by the context: docs/architecture.md §11).
 */
const PRICED_SELECTIONS = Symbol("pricedSelections");

const badQuery = (message: string, extra: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", field: "query", ...extra } });

@ObjectType({ description: "One line of a price: a billable field, or a bundle cap's discount (negative)." })
export class PriceLine {
  @Field(() => String, { description: "field, cap, or work (the surcharge for work beyond what listed prices include, docs/limits.md)" })
  kind!: "field" | "cap" | "work";

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
    @Ctx() ctx: { maxDocumentFields?: number; engine?: EngineContext } | undefined,
  ): PriceQuote {
    let document;
    try {
      document = parse(query, { maxTokens: 5000 });
    } catch (err) {
      throw new GraphQLError(`query: ${(err as Error).message}`, { extensions: { code: "BAD_USER_INPUT" } });
    }
    // Bounded like a request's own document (GRAPHQL_MAX_FIELDS), and all price fields of one
    // request share that budget: aliasing `price` must not multiply the free work (issue 8).
    const max = ctx?.maxDocumentFields ?? DEFAULT_MAX_FIELDS;
    const budget = ctx?.engine?.slot(PRICED_SELECTIONS, () => ({ used: 0 })) ?? { used: 0 };
    const used = budget.used;
    const size = countSelections(document, max);
    if (used + size > max) {
      throw badQuery(
        used === 0
          ? `query has more than ${max} field selections; the limit is ${max}.`
          : `the price fields of this request exceed ${max} field selections together; the limit is ${max}.`,
        { limit: "fields", max },
      );
    }
    budget.used = used + size;
    // The cheap limits (depth, aliases, root fields) first: they refuse before the costlier rules run.
    const limitErrors = validate(info.schema, document, documentLimitRules());
    if (limitErrors.length > 0) throw badQuery(`query is not valid: ${limitErrors.map((e) => e.message).join(" ")}`);
    const errors = validate(info.schema, document, specifiedRules);
    if (errors.length > 0) {
      throw badQuery(`query is not valid: ${errors.map((e) => e.message).join(" ")}`);
    }
    const listed = priceOperation(info.schema, document, variables, operationName);
    const surcharge = workSurchargeMilli(estimateWork(info.schema, document, variables, operationName).work);
    const price = surcharge > 0
      ? { milli: listed.milli + surcharge, breakdown: [...listed.breakdown, { kind: "work" as const, path: "", coordinate: "work", milli: surcharge }] }
      : listed;
    return {
      credits: price.milli / 1000,
      milliCredits: price.milli,
      breakdown: price.breakdown.map((item) => ({ ...item, credits: item.milli / 1000 })),
    };
  }
}
