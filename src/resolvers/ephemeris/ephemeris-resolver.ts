import { Arg, Ctx, FieldResolver, Float, ID, Int, Query, Resolver, Root } from "type-graphql";
import { civilArgsFrom, type CivilArgs, type CivilEcho } from "../common/civil-input.js";
import { CIVIL_TIME_FIELD, CivilTimeType, FOLD_ARG, TIMEZONE_ARG } from "../common/civil-time-type.js";
import { Cost } from "../../costing/cost-decorator.js";
import { GRAHAS, type Graha } from "../../engine/types.js";
import type { GraphQLContext } from "../context.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { GrahaEnum } from "../common/enums.js";
import { GrahaPositionType, grahaPositionOf } from "../common/graha-position-type.js";
import { badUserInput } from "../common/input-errors.js";
import { momentFromDateOrDateTime } from "../common/moment.js";
import { EphemerisType, type EphemerisSource } from "./ephemeris-type.js";

/** The ephemeris arguments, validated (errors name the argument); also run before pricing by prevalidate.ts. */
export function ephemerisSourceFrom(given: CivilArgs & {
  datetime: string; planets?: Graha[] | null; options?: ConventionsInput | null;
}): EphemerisSource {
  // A local datetime with timezone or place (its zone): the same resolution as REST.
  const { args, civil } = civilArgsFrom(given, ["datetime"]);
  const moment = momentFromDateOrDateTime("datetime", args.datetime);
  if (args.planets && args.planets.length === 0) throw badUserInput("planets", "planets must name at least one graha when given");
  const grahas = args.planets ? [...new Set(args.planets)] : [...GRAHAS];
  return { moment, conventions: conventionsFrom(args.options), grahas, civil };
}

@Resolver(() => EphemerisType)
export class EphemerisResolver {
  // GET /ephemeris costs 1 (docs/architecture.md §5: the original service's published price), whatever is selected.
  @Cost(1)
  @Query(() => EphemerisType, { description: "Sidereal positions of the grahas at an instant. Computes only the fields selected." })
  ephemeris(
    @Arg("datetime", { description: "ISO 8601: a date (00:00 UT), a datetime with UTC offset, or a local datetime with timezone or place." }) datetime: string,
    @Arg("planets", () => [GrahaEnum], { nullable: true, description: "Grahas to include, in this order (default all nine)." })
    planets: Graha[] | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("timezone", () => String, { nullable: true, description: TIMEZONE_ARG }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: "A place id (places): its zone for a local datetime." }) place?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: FOLD_ARG }) fold?: number | null,
  ): EphemerisSource {
    return ephemerisSourceFrom({ datetime, planets, options, timezone, place, fold });
  }

  @FieldResolver(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD })
  civilTime(@Root() src: EphemerisSource): CivilEcho | null {
    return src.civil ?? null;
  }

  @FieldResolver(() => String)
  datetime(@Root() src: EphemerisSource): string {
    return src.moment.iso;
  }

  @FieldResolver(() => Float)
  julianDayUt(@Root() src: EphemerisSource): number {
    return src.moment.instant.jdUt;
  }

  @FieldResolver(() => Float, { description: "True ayanamsha (with nutation) at the instant, degrees." })
  ayanamsha(@Root() src: EphemerisSource, @Ctx() ctx: GraphQLContext): number {
    return ctx.engine.ayanamshaDeg(src.moment.instant, src.conventions.ayanamsha);
  }

  @FieldResolver(() => [GrahaPositionType], { description: "The requested grahas' positions." })
  planets(@Root() src: EphemerisSource, @Ctx() ctx: GraphQLContext): GrahaPositionType[] {
    return ctx.engine.positions(src.moment.instant, src.conventions, src.grahas).map(grahaPositionOf);
  }
}
