import { Arg, Ctx, Field, FieldResolver, Float, Int, ObjectType, Query, Resolver, Root, registerEnumType } from "type-graphql";
import type { ChartInput } from "../../engine/chart/chart-input.js";
import { houseFrom } from "../../engine/chart/chart-input.js";
import { prashnaReading } from "../../engine/prashna/prashna.js";
import { PRASHNA_QUESTION_TYPES, type PrashnaQuestionType } from "../../engine/tables/prashna.js";
import { RASHIS, rashiOf } from "../../engine/tables/rashis.js";
import { GRAHAS, type Graha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom, type Birth } from "../chart/birth-input.js";
import { badUserInput } from "../common/input-errors.js";
import { GrahaEnum } from "../common/enums.js";
import type { GraphQLContext } from "../context.js";
import { birthRangeProblem, chartInputOf } from "../kundali/chart-core-of.js";

export const QuestionTypeEnum: Record<string, PrashnaQuestionType> = Object.fromEntries(PRASHNA_QUESTION_TYPES.map((q) => [q.toUpperCase(), q]));
registerEnumType(QuestionTypeEnum, { name: "PrashnaQuestionType", description: "The spec's ten question types." });

/** POST /prashna costs 2 (the spec): the chart of the question 1, the reading 1. */
export const PRASHNA_CREDITS = { chart: 1, reading: 1 } as const;

interface PrashnaRoot {
  readonly chart: () => ChartInput;
  readonly questionType: PrashnaQuestionType;
}

@ObjectType("PrashnaPoint", { description: "Lagna or a graha in the prashna chart (whole-sign house from the lagna)." })
class PrashnaPointType {
  @Field() name!: string;
  @Field(() => Float) longitude!: number;
  @Field(() => Int) sign!: number;
  @Field() signName!: string;
  @Field(() => Int) house!: number;
}

@ObjectType("MoonApplication", { description: "The Moon's next exact aspect (0, 60, 90, 120, 180 … degrees of elongation) to a planet." })
class MoonApplicationType {
  @Field(() => GrahaEnum) planet!: Graha;
  @Field(() => Int) angle!: number;
  @Field(() => Float) degreesToGo!: number;
}

@ObjectType("PrashnaReading", { description: "The horary reading for the question type (Prashna Tantra, Tajaka style)." })
class PrashnaReadingType {
  @Field() questionType!: string;
  @Field(() => [Int], { description: "Karya bhava first, then its supporting houses." }) significantHouses!: number[];
  @Field(() => [GrahaEnum]) karakas!: Graha[];
  @Field(() => GrahaEnum) lagnaLord!: Graha;
  @Field(() => Int) lagnaLordHouse!: number;
  @Field(() => GrahaEnum) karyaLord!: Graha;
  @Field(() => Int) karyaLordHouse!: number;
  @Field(() => Int) moonHouse!: number;
  @Field() moonWaxing!: boolean;
  @Field() ithasala!: boolean;
  @Field(() => MoonApplicationType, { nullable: true }) moonNextAspect!: MoonApplicationType | null;
  @Field({ description: "favourable, mixed or unfavourable." }) tendency!: string;
  @Field(() => [String]) reasons!: string[];
}

@ObjectType("Prashna", { description: "Horary chart for the moment and place of a question." })
export class PrashnaType {}

/** Moment, place and question type, validated. Also run by prevalidate.ts. */
export function prashnaArgsFrom(a: { question: BirthInput }): Birth {
  const b = birthFrom("question", a.question);
  const problem = birthRangeProblem(b.moment.instant.unixMs);
  if (problem) throw badUserInput("question.datetime", problem);
  return b;
}

@Resolver(() => PrashnaType)
export class PrashnaResolver {
  @Query(() => PrashnaType, { description: "Prashna (horary): the chart of the question's moment and place and its reading." })
  prashna(
    @Arg("question", () => BirthInput, { description: "Moment and place the question is asked." }) question: BirthInput,
    @Arg("questionType", () => QuestionTypeEnum, { defaultValue: "general" }) questionType: PrashnaQuestionType,
    @Ctx() ctx: GraphQLContext,
  ): PrashnaRoot {
    const b = prashnaArgsFrom({ question });
    return { chart: () => chartInputOf(b, ctx.engine), questionType };
  }

  @FieldResolver(() => [PrashnaPointType], { description: "Lagna then the nine grahas." })
  @Cost(PRASHNA_CREDITS.chart)
  chart(@Root() r: PrashnaRoot): PrashnaPointType[] {
    const c = r.chart();
    const lagna = rashiOf(c.lagnaSidDeg);
    const point = (name: string, lon: number): PrashnaPointType => {
      const sign = rashiOf(lon);
      return { name, longitude: lon, sign, signName: RASHIS[sign - 1]!.name, house: houseFrom(lagna, sign) };
    };
    return [point("lagna", c.lagnaSidDeg), ...GRAHAS.map((g) => point(g, c.grahas[g].lonSidDeg))];
  }

  @FieldResolver(() => PrashnaReadingType)
  @Cost(PRASHNA_CREDITS.reading)
  reading(@Root() r: PrashnaRoot): PrashnaReadingType {
    const p = prashnaReading(r.chart(), r.questionType);
    return {
      ...p, significantHouses: [...p.significantHouses], karakas: [...p.karakas], reasons: [...p.reasons],
      moonNextAspect: p.moonNextAspect ? { ...p.moonNextAspect } : null,
    };
  }
}
