import { Ctx, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../context.js";
import { SERVICE_VERSION } from "../common/service-info.js";
import { engineSelfCheck } from "./engine-self-check.js";
import { HealthType } from "./health-type.js";

@Resolver()
export class HealthResolver {
  @Query(() => HealthType, { description: "Service health: version, engine self-check, database reachability. Free." })
  async health(@Ctx() ctx: GraphQLContext): Promise<HealthType> {
    const engine = engineSelfCheck();
    let database = false;
    try {
      database = ctx.database ? await ctx.database.ping() : false;
    } catch {
      database = false;
    }
    return { status: engine.ok && database ? "ok" : "degraded", version: SERVICE_VERSION, engine, database };
  }
}
