import { keyOfName } from "../../i18n/localize.js";
import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { siderealLongitudeForSearchDeg } from "../../engine/astro/positions.js";
import type { ChartGraha, ChartInput } from "../../engine/chart/chart-input.js";
import { houseFrom } from "../../engine/chart/chart-input.js";
import { VARSHAPHAL_YEAR_MAX, varshaPraveshJdUt, varshaphalCore } from "../../engine/tajaka/varshaphal.js";
import { muddaDasha } from "../../engine/tajaka/mudda-dasha.js";
import { tajakaYogas } from "../../engine/tajaka/tajaka-yogas.js";
import { panchaVargeeyaBala, type PanchaVargeeyaBala } from "../../engine/tajaka/pancha-vargeeya.js";
import { yearLord } from "../../engine/tajaka/year-lord.js";
import { RASHIS, rashiOf } from "../../engine/tables/rashis.js";
import { formatIso } from "../../engine/time/iso.js";
import { instantFromJdUt } from "../../engine/time/instant.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { GRAHAS, SAPTA_GRAHAS, type Graha, type SaptaGraha } from "../../engine/types.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom, type Birth } from "../chart/birth-input.js";
import { badUserInput, forField } from "../common/input-errors.js";
import type { GraphQLContext } from "../context.js";
import { birthRangeProblem, chartInputOf } from "../kundali/chart-core-of.js";
import {
  AnnualPointType, MuddaPeriodType, MunthaType, OfficeBearerType, TajakaYogaType, VarshaphalType, YearLordType, type PanchaVargeeyaBalaType,
  type VarshaphalRoot,
} from "./varshaphal-types.js";

const saptaLon = (r: VarshaphalRoot) => Object.fromEntries(SAPTA_GRAHAS.map((g) => [g, r.chart.grahas[g].lonSidDeg])) as Record<SaptaGraha, number>;
const balaOut = (b: PanchaVargeeyaBala): PanchaVargeeyaBalaType =>
  ({ kshetra: b.kshetra, uchcha: b.uchcha, hadda: b.hadda, drekkana: b.drekkana, navamsha: b.navamsha, total: b.total });

/**
 * POST /varshaphal costs 2 (the spec). The root finds the pravesh instant (a root search) up front,
 * so it is priced itself (0.5); the annual chart, muntha, office bearers, year lord, mudda dasha
 * and Tajaka yogas add 0.25 each (2 in all).
 */
export const VARSHAPHAL_CREDITS = { pravesh: 0.5, annualChart: 0.25, muntha: 0.25, officeBearers: 0.25, yearLord: 0.25, muddaDasha: 0.25, tajakaYogas: 0.25 } as const;

/** ISO 8601 with milliseconds in the given offset (formatIso rounds to the second; a return is quoted to the ms). */
function isoMs(unixMs: number, offsetMinutes: number): string {
  const ms = Math.round(unixMs);
  const sec = Math.floor(ms / 1000) * 1000;
  const base = formatIso(sec, offsetMinutes);
  return `${base.slice(0, 19)}.${String(ms - sec).padStart(3, "0")}${base.slice(19)}`;
}

/** Birth and year, validated: the year is the birth's calendar year or later, up to 2399. Also run by prevalidate.ts. */
export function varshaphalArgsFrom(a: { birth: BirthInput; year: number }): { birth: Birth; year: number; completedYears: number } {
  const birth = birthFrom("birth", a.birth);
  const problem = birthRangeProblem(birth.moment.instant.unixMs);
  if (problem) throw badUserInput("birth.datetime", problem);
  const birthYear = new Date(birth.moment.instant.unixMs + birth.moment.offsetMinutes * 60_000).getUTCFullYear();
  if (!Number.isInteger(a.year) || a.year < birthYear || a.year > VARSHAPHAL_YEAR_MAX) {
    throw badUserInput("year", `year must be an integer from the birth year (${birthYear}) to ${VARSHAPHAL_YEAR_MAX}, got ${a.year}`);
  }
  return { birth, year: a.year, completedYears: a.year - birthYear };
}

@Resolver(() => VarshaphalType)
export class VarshaphalResolver {
  @Query(() => VarshaphalType, {
    description: "Tajaka annual chart (varshaphal): the instant the sidereal Sun returns to its natal longitude in `year`, at the birth place.",
  })
  @Cost(VARSHAPHAL_CREDITS.pravesh)
  varshaphal(
    @Arg("birth", () => BirthInput) birthIn: BirthInput,
    @Arg("year", () => Int, { description: "Calendar year of the solar return (the birth's offset); the birth year or later." }) yearIn: number,
    @Ctx() ctx: GraphQLContext,
  ): VarshaphalRoot {
    const { birth, year, completedYears } = varshaphalArgsFrom({ birth: birthIn, year: yearIn });
    const conv = birth.conventions;
    const sun = (jd: number) => siderealLongitudeForSearchDeg("sun", jd, conv);
    const birthJd = birth.moment.instant.jdUt;
    const praveshJd = varshaPraveshJdUt(sun, sun(birthJd), birthJd, completedYears);
    const instant = instantFromJdUt(praveshJd);
    const positions = ctx.engine.positions(instant, conv, GRAHAS);
    const { ascendantSidDeg } = forField("birth", () => ctx.engine.ascendant(instant, birth.place, conv));
    const grahas = {} as Record<Graha, ChartGraha>;
    for (const p of positions) grahas[p.graha] = { lonSidDeg: p.lonSidDeg, latDeg: p.latDeg, speedDegPerDay: p.speedDegPerDay };
    const chart: ChartInput = { lagnaSidDeg: ascendantSidDeg, grahas };
    const natal = chartInputOf(birth, ctx.engine);
    const lonSid = Object.fromEntries(GRAHAS.map((g) => [g, grahas[g].lonSidDeg])) as Record<Graha, number>;
    const core = varshaphalCore({ completedYears, praveshJdUt: praveshJd, natalLagnaSidDeg: natal.lagnaSidDeg, varshaLagnaSidDeg: ascendantSidDeg, lonSid });
    const off = birth.moment.offsetMinutes;
    const mudda = () => {
      const next = varshaPraveshJdUt(sun, sun(birthJd), birthJd, completedYears + 1);
      return muddaDasha(natal.grahas.moon.lonSidDeg, completedYears, praveshJd, next).map((p) => ({
        planet: p.lord, start: isoMs(unixMsFromJd(p.startJdUt), off), end: isoMs(unixMsFromJd(p.endJdUt), off), days: p.days,
      }));
    };
    return { year, completedYears, praveshIso: isoMs(unixMsFromJd(praveshJd), off), chart, core, mudda };
  }

  @FieldResolver(() => Int) year(@Root() r: VarshaphalRoot): number {
    return r.year;
  }

  @FieldResolver(() => Int, { description: "Completed years at the pravesh (year − birth year)." }) completedYears(@Root() r: VarshaphalRoot): number {
    return r.completedYears;
  }

  @FieldResolver({ description: "Varsha pravesh instant, ISO 8601 in the birth's offset (milliseconds)." })
  praveshDatetime(@Root() r: VarshaphalRoot): string {
    return r.praveshIso;
  }

  @FieldResolver({ description: "The Sun above the horizon at the pravesh (by ecliptic longitude from the lagna)." })
  dayChart(@Root() r: VarshaphalRoot): boolean {
    return r.core.dayChart;
  }

  @FieldResolver(() => [AnnualPointType], { description: "The annual chart: lagna then the nine grahas." })
  @Cost(VARSHAPHAL_CREDITS.annualChart)
  annualChart(@Root() r: VarshaphalRoot): AnnualPointType[] {
    const lagnaSign = rashiOf(r.chart.lagnaSidDeg);
    const point = (name: string, lon: number, retrograde: boolean): AnnualPointType => {
      const sign = rashiOf(lon);
      return { name, longitude: lon, sign, signName: RASHIS[sign - 1]!.name, house: houseFrom(lagnaSign, sign), retrograde };
    };
    return [
      point("lagna", r.chart.lagnaSidDeg, false),
      ...GRAHAS.map((g) => point(g, r.chart.grahas[g].lonSidDeg, r.chart.grahas[g].speedDegPerDay < 0)),
    ];
  }

  @FieldResolver(() => MunthaType)
  @Cost(VARSHAPHAL_CREDITS.muntha)
  muntha(@Root() r: VarshaphalRoot): MunthaType {
    const s = r.core.munthaSign;
    return { sign: s, signName: RASHIS[s - 1]!.name, house: r.core.munthaHouse, lord: RASHIS[s - 1]!.lord };
  }

  @FieldResolver(() => [OfficeBearerType], { description: "The five office bearers (Panchadhikaris) with their Tajaka aspect on the varsha lagna." })
  @Cost(VARSHAPHAL_CREDITS.officeBearers)
  officeBearers(@Root() r: VarshaphalRoot): OfficeBearerType[] {
    const lon = saptaLon(r);
    return r.core.officeBearers.map((o) => ({ ...o, panchaVargeeyaBala: balaOut(panchaVargeeyaBala(o.planet as SaptaGraha, lon)) }));
  }

  @FieldResolver(() => YearLordType, {
    description: "Lord of the year: of the office bearers aspecting the varsha lagna, the strongest by pancha-vargeeya bala (Tajaka Neelakanthi); the reason says which rule decided.",
  })
  @Cost(VARSHAPHAL_CREDITS.yearLord)
  yearLord(@Root() r: VarshaphalRoot): YearLordType {
    const lon = saptaLon(r);
    const y = yearLord(r.core.officeBearers, (g) => panchaVargeeyaBala(g, lon));
    const c = y.candidates.find((k) => k.planet === y.planet)!;
    return { planet: y.planet, roles: [...c.roles], rule: y.rule, tieBrokenBy: y.tieBrokenBy, aspectOnLagna: c.aspectOnLagna, panchaVargeeyaBala: balaOut(c.bala), reason: y.reason };
  }

  @FieldResolver(() => [MuddaPeriodType], { description: "Mudda dasha: Vimshottari compressed into this year, pravesh to next pravesh." })
  @Cost(VARSHAPHAL_CREDITS.muddaDasha)
  muddaDasha(@Root() r: VarshaphalRoot): MuddaPeriodType[] {
    return r.mudda();
  }

  @FieldResolver(() => [TajakaYogaType], { description: "The sixteen Tajaka yogas present, each with the planets forming it (Tajaka Neelakanthi, Samjna Tantra)." })
  @Cost(VARSHAPHAL_CREDITS.tajakaYogas)
  tajakaYogas(@Root() r: VarshaphalRoot): TajakaYogaType[] {
    const speed = Object.fromEntries(SAPTA_GRAHAS.map((g) => [g, r.chart.grahas[g].speedDegPerDay])) as Record<SaptaGraha, number>;
    return tajakaYogas(r.chart.lagnaSidDeg, saptaLon(r), speed).map((y) => ({ name: y.name, key: keyOfName("tajaka_yogas", y.name) ?? y.name, planets: [...y.planets], description: y.description }));
  }
}
