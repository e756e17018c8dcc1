import { Arg, Ctx, FieldResolver, Float, ID, Int, Query, Resolver, Root } from "type-graphql";
import { Cost } from "../../costing/cost-decorator.js";
import { choghadiyaAtMoment, type ChoghadiyaDay } from "../../engine/panchanga/choghadiya-day.js";
import { DEFAULT_HORA_SYSTEM, type HoraSystem } from "../../engine/panchanga/hora.js";
import { NATURAL_BENEFICS } from "../../engine/tables/karakas.js";
import type { Conventions, Place } from "../../engine/types.js";
import type { GraphQLContext } from "../context.js";
import { ConventionsInput, conventionsFrom } from "../common/conventions.js";
import { momentAndPlaceFrom, wantsCivilResolution, type CivilEcho, type CivilFields } from "../common/civil-input.js";
import { CIVIL_TIME_FIELD, CivilTimeType } from "../common/civil-time-type.js";
import { forField } from "../common/input-errors.js";
import type { Moment } from "../common/moment.js";
import { HoraSystemEnum } from "../common/enums.js";
import { ChoghadiyaConventionsType, ChoghadiyaPeriodType, ChoghadiyaType, HoraPeriodType } from "./choghadiya-type.js";
import { convKey, placeKey } from "./panchanga-memo.js";
import { fixedClock, isoOfJd, type Clock } from "./time-zone.js";

interface ChoghadiyaSource {
  readonly moment: Moment;
  readonly place: Place;
  readonly clock: Clock;
  readonly conv: Conventions;
  readonly horaSystem: HoraSystem;
  readonly civil: CivilEcho | null;
  /** The day's periods, computed by the first field that needs them. */
  readonly day: () => ChoghadiyaDay;
}

/** choghadiya's arguments, validated (errors name the argument); also run before pricing by prevalidate.ts. */
export function choghadiyaArgsFrom(args: CivilFields & { options?: ConventionsInput | null }): {
  moment: Moment; place: Place; conv: Conventions; civil: CivilEcho | null;
} {
  const { moment, place, civil } = momentAndPlaceFrom("", args);
  return { moment, place, conv: conventionsFrom(args.options), civil: wantsCivilResolution(args) ? civil : null };
}

const title = (g: string): string => g[0]!.toUpperCase() + g.slice(1);

@Resolver(() => ChoghadiyaType)
export class ChoghadiyaResolver {
  @Query(() => ChoghadiyaType, { description: "Choghadiya (8 + 8) and the horas of the Hindu day containing `datetime`." })
  choghadiya(
    @Arg("datetime", { description: "ISO 8601 datetime with offset, or local time with timezone or place." }) datetime: string,
    @Arg("latitude", () => Float, { nullable: true, description: "Required unless place is given." }) latitude: number | null,
    @Arg("longitude", () => Float, { nullable: true, description: "Required unless place is given." }) longitude: number | null,
    @Arg("options", () => ConventionsInput, { nullable: true }) options: ConventionsInput | null,
    @Arg("hora", () => HoraSystemEnum, { nullable: true, description: "How horas are cut (default SIXTY_MINUTES, as the spec says)." })
    hora: HoraSystem | null,
    @Ctx() ctx: GraphQLContext,
    @Arg("timezone", () => String, { nullable: true, description: "IANA zone for a datetime without offset." }) timezone?: string | null,
    @Arg("place", () => ID, { nullable: true, description: "A place id (places): its coordinates and zone." }) placeId?: string | null,
    @Arg("fold", () => Int, { nullable: true, description: "A repeated local time: 0 the first, 1 the second." }) fold?: number | null,
  ): ChoghadiyaSource {
    const { moment, place, conv, civil } = choghadiyaArgsFrom({ datetime, latitude, longitude, options, timezone, place: placeId, fold });
    const horaSystem = hora ?? DEFAULT_HORA_SYSTEM;
    // Through the request's engine memo: shared by aliases, and counted in its derivedBuilds.
    const key = `${moment.instant.jdUt}|${placeKey(place)}|${convKey(conv)}|${horaSystem}`;
    return {
      moment, place, clock: fixedClock(moment.offsetMinutes), conv, horaSystem, civil,
      day: () => ctx.engine.derived("choghadiya", key, () =>
        forField("datetime", () => choghadiyaAtMoment(moment.instant.jdUt, place, conv, horaSystem))),
    };
  }

  @FieldResolver(() => CivilTimeType, { nullable: true, description: CIVIL_TIME_FIELD })
  civilTime(@Root() s: ChoghadiyaSource): CivilEcho | null {
    return s.civil;
  }

  @FieldResolver(() => ChoghadiyaConventionsType)
  conventions(@Root() s: ChoghadiyaSource): ChoghadiyaConventionsType {
    return { ...s.conv, hora: s.horaSystem };
  }

  @FieldResolver(() => String)
  datetime(@Root() s: ChoghadiyaSource): string {
    return s.moment.iso;
  }

  @FieldResolver(() => Float)
  latitude(@Root() s: ChoghadiyaSource): number {
    return s.place.latDeg;
  }

  @FieldResolver(() => Float)
  longitude(@Root() s: ChoghadiyaSource): number {
    return s.place.lonDeg;
  }

  @Cost(0.1)
  @FieldResolver(() => String, { nullable: true })
  sunrise(@Root() s: ChoghadiyaSource): string | null {
    return isoOfJd(s.clock, s.day().sunriseJdUt);
  }

  @Cost(0.1)
  @FieldResolver(() => String, { nullable: true })
  sunset(@Root() s: ChoghadiyaSource): string | null {
    return isoOfJd(s.clock, s.day().sunsetJdUt);
  }

  @Cost(0.1)
  @FieldResolver(() => String, { nullable: true })
  nextSunrise(@Root() s: ChoghadiyaSource): string | null {
    return isoOfJd(s.clock, s.day().nextSunriseJdUt);
  }

  @Cost(0.1)
  @FieldResolver(() => Int, { nullable: true, description: "Weekday 1–7 (Sunday = 1) by the day's sunrise." })
  varaNumber(@Root() s: ChoghadiyaSource): number | null {
    return s.day().varaNumber;
  }

  @Cost(0.1)
  @FieldResolver(() => String, { nullable: true, description: "Why the lists are empty (polar day or night), else null." })
  polarReason(@Root() s: ChoghadiyaSource): string | null {
    return s.day().polarReason;
  }

  @Cost(0.4)
  @FieldResolver(() => [ChoghadiyaPeriodType], { description: "Sunrise→sunset in 8 equal parts; empty without a sunrise." })
  day(@Root() s: ChoghadiyaSource): ChoghadiyaPeriodType[] {
    return this.periods(s, s.day().day);
  }

  @Cost(0.4)
  @FieldResolver(() => [ChoghadiyaPeriodType], { description: "Sunset→next sunrise in 8 equal parts; empty without a sunrise." })
  night(@Root() s: ChoghadiyaSource): ChoghadiyaPeriodType[] {
    return this.periods(s, s.day().night);
  }

  @Cost(0.4)
  @FieldResolver(() => [HoraPeriodType], { description: "The horas from sunrise to the next sunrise, cut as `hora` says (echoed in conventions)." })
  hora(@Root() s: ChoghadiyaSource): HoraPeriodType[] {
    return s.day().hora.map((h) => ({
      periodNumber: h.horaNumber, name: title(h.planet), planet: h.planet,
      nature: NATURAL_BENEFICS.includes(h.planet) ? "benefic" : "malefic", part: h.part,
      start: isoOfJd(s.clock, h.startJd)!, end: isoOfJd(s.clock, h.endJd)!,
    }));
  }

  private periods(s: ChoghadiyaSource, list: ChoghadiyaDay["day"]): ChoghadiyaPeriodType[] {
    return list.map((p) => ({
      periodNumber: p.periodNumber, name: p.name, planet: p.planet, nature: p.nature,
      start: isoOfJd(s.clock, p.startJd)!, end: isoOfJd(s.clock, p.endJd)!,
    }));
  }
}
