import { Arg, Ctx, Field, FieldResolver, Float, Int, ObjectType, Query, Resolver, Root, registerEnumType } from "type-graphql";
import type { ChartInput } from "../../engine/chart/chart-input.js";
import { houseFrom } from "../../engine/chart/chart-input.js";
import { houseCuspsForAscendant, type HouseCusps } from "../../engine/astro/houses.js";
import { KP_NUMBER_MAX, KP_NUMBER_MIN, kpHoraryJudgement, kpHoraryRow } from "../../engine/kp/horary-249.js";
import { kpChart } from "../../engine/kp/kp-chart.js";
import type { KpLords } from "../../engine/kp/sub-lords.js";
import { prashnaReading } from "../../engine/prashna/prashna.js";
import { PRASHNA_QUESTION_TYPES, type PrashnaQuestionType } from "../../engine/tables/prashna.js";
import { RASHIS, rashiOf } from "../../engine/tables/rashis.js";
import { GRAHAS, type Conventions, type Graha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom, type Birth } from "../chart/birth-input.js";
import { badUserInput } from "../common/input-errors.js";
import { GrahaEnum } from "../common/enums.js";
import type { GraphQLContext } from "../context.js";
import { birthRangeProblem, chartInputOf } from "../kundali/chart-core-of.js";
import { KpPointType, KpSignificatorsType } from "../kp/kp-types.js";

export const QuestionTypeEnum: Record<string, PrashnaQuestionType> = Object.fromEntries(PRASHNA_QUESTION_TYPES.map((q) => [q.toUpperCase(), q]));
registerEnumType(QuestionTypeEnum, { name: "PrashnaQuestionType", description: "The spec's ten question types." });

/** POST /prashna costs 2 (the spec): the chart of the question 0.75, the reading 0.75, the KP-249 chart 0.5 (REST always selects it). */
export const PRASHNA_CREDITS = { chart: 0.75, reading: 0.75, kp249: 0.5 } as const;

interface PrashnaRoot {
  readonly chart: () => ChartInput;
  readonly questionType: PrashnaQuestionType;
  readonly birth: Birth;
  /** The KP horary number and its cusps (checked by prashnaArgsFrom), or null when none was sent. */
  readonly kp: { readonly n: number; readonly conv: Conventions; readonly cusps: HouseCusps } | null;
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

@ObjectType("KpHoraryJudgement", { description: "KP's judgement: the sub lord of the cusp of the matter and the houses it signifies (KP Reader VI)." })
class KpHoraryJudgementType {
  @Field(() => Int) cusp!: number;
  @Field(() => GrahaEnum) subLord!: Graha;
  @Field(() => [Int]) subLordSignifies!: number[];
  @Field(() => [Int]) favourableHouses!: number[];
  @Field(() => [Int], { description: "The 12th from each favourable house." }) negatingHouses!: number[];
  @Field({ description: "yes, yes_with_obstacles or no." }) verdict!: string;
  @Field() reason!: string;
}

@ObjectType("KpHorary", { description: "The KP-249 horary chart: the number's sub gives the ascendant; Placidus cusps for it at the place; planets at the moment (Krishnamurti ayanamsha)." })
class KpHoraryType {
  @Field(() => Int) number!: number;
  @Field(() => Int, { description: "Sign of the number's row, 1 = Aries." }) sign!: number;
  @Field(() => GrahaEnum) signLord!: Graha;
  @Field(() => GrahaEnum) starLord!: Graha;
  @Field(() => GrahaEnum) subLord!: Graha;
  @Field(() => Float, { description: "Start of the row, sidereal degrees: the horary ascendant." }) ascendant!: number;
  @Field(() => Float, { description: "End of the row, sidereal degrees." }) end!: number;
  @Field() ayanamsha!: string;
  @Field({ description: "placidus, or porphyry where Placidus is undefined." }) houseSystem!: string;
  @Field(() => String, { nullable: true }) houseFallback!: string | null;
  @Field(() => [KpPointType]) cusps!: KpPointType[];
  @Field(() => [KpPointType]) planets!: KpPointType[];
  @Field(() => [KpSignificatorsType]) significators!: KpSignificatorsType[];
  @Field(() => KpHoraryJudgementType) judgement!: KpHoraryJudgementType;
}

@ObjectType("Prashna", { description: "Horary chart for the moment and place of a question." })
export class PrashnaType {}

/**
 * Moment, place and the optional KP number, validated. Also run by prevalidate.ts. A KP number's
 * ascendant must rise at the place: inside the polar circles some degrees never do, and that
 * number is refused there with the reason.
 */
export function prashnaArgsFrom(a: { question: BirthInput; kpNumber?: number | null }): { birth: Birth; kp: PrashnaRoot["kp"] } {
  const b = birthFrom("question", a.question);
  const problem = birthRangeProblem(b.moment.instant.unixMs);
  if (problem) throw badUserInput("question.datetime", problem);
  if (a.kpNumber === undefined || a.kpNumber === null) return { birth: b, kp: null };
  const n = a.kpNumber;
  if (!Number.isInteger(n) || n < KP_NUMBER_MIN || n > KP_NUMBER_MAX) {
    throw badUserInput("kpNumber", `kp_number must be an integer from ${KP_NUMBER_MIN} to ${KP_NUMBER_MAX}, got ${n}`);
  }
  const conv: Conventions = { ...b.conventions, ayanamsha: "krishnamurti" };
  const row = kpHoraryRow(n);
  const cusps = houseCuspsForAscendant(b.moment.instant, b.place, "placidus", conv, row.startDeg);
  if (!cusps) {
    throw badUserInput("kpNumber", `the ascendant of KP number ${n} (${row.startDeg.toFixed(4)}° sidereal) never rises at latitude ${b.place.latDeg}°: inside the polar circle that degree stays above or below the horizon`);
  }
  return { birth: b, kp: { n, conv, cusps } };
}

const kpPoint = (name: string, l: KpLords, house: number | null, signified: number[] | null): KpPointType => ({
  name, longitude: l.lonSidDeg, sign: l.sign, signLord: l.signLord, nakshatra: l.nakshatra, starLord: l.starLord, subLord: l.subLord,
  subSubLord: l.subSubLord, subMarginArcsec: l.subMarginArcsec, house, signifiedHouses: signified,
});

@Resolver(() => PrashnaType)
export class PrashnaResolver {
  @Query(() => PrashnaType, { description: "Prashna (horary): the chart of the question's moment and place and its reading." })
  prashna(
    @Arg("question", () => BirthInput, { description: "Moment and place the question is asked." }) question: BirthInput,
    @Arg("questionType", () => QuestionTypeEnum, { defaultValue: "general" }) questionType: PrashnaQuestionType,
    @Arg("kpNumber", () => Int, { nullable: true, description: "Optional KP horary number 1–249 (KP Reader VI): adds the KP-249 chart and judgement." })
    kpNumber: number | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): PrashnaRoot {
    const { birth: b, kp } = prashnaArgsFrom({ question, kpNumber });
    return { chart: () => chartInputOf(b, ctx.engine), questionType, birth: b, kp };
  }

  @FieldResolver(() => KpHoraryType, { nullable: true, description: "The KP-249 horary chart and judgement; null when no kpNumber was given." })
  @Cost(PRASHNA_CREDITS.kp249)
  kp249(@Root() r: PrashnaRoot, @Ctx() ctx: GraphQLContext): KpHoraryType | null {
    if (!r.kp) return null;
    const { n, conv, cusps } = r.kp;
    const row = kpHoraryRow(n);
    const pos = ctx.engine.positions(r.birth.moment.instant, conv, GRAHAS);
    const lons = Object.fromEntries(pos.map((p) => [p.graha, p.lonSidDeg])) as Record<Graha, number>;
    // Cusp 1 is the row's start exactly and cusp 7 its opposite (every quadrant system has it so); the
    // closed-form meridian reproduces them only to ~1e-9°, which can drop a cusp on a sub boundary into the sub before.
    const exact = cusps.cuspsSidDeg.map((c, i) => (i === 0 ? row.startDeg : i === 6 ? (row.startDeg + 180) % 360 : c));
    const c = kpChart(lons, exact);
    const j = kpHoraryJudgement(c, r.questionType);
    return {
      number: n, sign: row.sign, signLord: row.signLord, starLord: row.starLord, subLord: row.subLord, ascendant: row.startDeg, end: row.endDeg,
      ayanamsha: conv.ayanamsha, houseSystem: cusps.fallback ? "porphyry" : "placidus", houseFallback: cusps.fallback?.reason ?? null,
      cusps: c.cusps.map((l, i) => kpPoint(String(i + 1), l, null, null)),
      planets: GRAHAS.map((g) => kpPoint(g, c.planets[g], c.planets[g].house, c.signifiedHouses[g])),
      significators: c.significators,
      judgement: { ...j, subLordSignifies: [...j.subLordSignifies], favourableHouses: [...j.favourableHouses], negatingHouses: [...j.negatingHouses] },
    };
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
