import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { COST_DIRECTIVES } from "../costing/cost-decorator.js";
import { ChartResolver } from "./chart/chart-resolver.js";
import { EphemerisResolver } from "./ephemeris/ephemeris-resolver.js";
import { HealthResolver } from "./health/health-resolver.js";

/** Every resolver class of the API; a new domain adds its resolver here. */
export const RESOLVERS = [HealthResolver, EphemerisResolver, ChartResolver] as const;

let built: Promise<GraphQLSchema> | undefined;

/**
 * The one GraphQL schema (type-graphql). Built once per process and shared: building is slow
 * and type-graphql's metadata is global anyway. Entry points import "reflect-metadata" first.
 */
export function buildAppSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [...RESOLVERS],
    // Inputs are validated by the resolvers themselves (errors name the field); no class-validator.
    validate: false,
    // Declares @cost/@costCap (the price list, DESIGN.md §5) next to the built-in directives.
    directives: COST_DIRECTIVES,
    emitSchemaFile: false,
  });
  return built;
}
