import { inBirthZone, type CivilArgs } from "../common/civil-input.js";
import { Arg, Ctx, Query, Resolver } from "type-graphql";
import { CHANDRASHTAMA_MAX_DAYS, chandrashtamaPeriods, dailyStrength } from "../../engine/personal/daily-strength.js";
import { DAILY_STRENGTH_SOURCE } from "../../engine/tables/taras.js";
import { NAKSHATRAS } from "../../engine/tables/nakshatras.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { formatIso } from "../../engine/time/iso.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom } from "../chart/birth-input.js";
import { badUserInput } from "../common/input-errors.js";
import { momentFromDateTime, type Moment } from "../common/moment.js";
import type { GraphQLContext } from "../context.js";
import { chartInputOf } from "../kundali/chart-core-of.js";
import { ChandrashtamaPeriodType, DailyStrengthType } from "./personal-types.js";

export const PERSONAL_CREDITS = { dailyStrength: 1, chandrashtama: 1 } as const;

/** chandrashtama's range, checked (also run before pricing by prevalidate.ts). */
export function chandrashtamaRange(start: string, end: string, birth?: CivilArgs | null): { from: Moment; to: Moment } {
  // Local start/end are read in the birth's zone (its timezone, else its place's), as REST reads them.
  const from = momentFromDateTime("start", inBirthZone("start", start, birth));
  const to = momentFromDateTime("end", inBirthZone("end", end, birth));
  const days = (to.instant.unixMs - from.instant.unixMs) / 86_400_000;
  if (!(days > 0)) throw badUserInput("end", "end must come after start");
  if (days > CHANDRASHTAMA_MAX_DAYS) throw badUserInput("end", `the range may span at most ${CHANDRASHTAMA_MAX_DAYS} days`);
  return { from, to };
}

/** dailyStrength's instant: with an offset, or local and read in the birth's zone; also run by prevalidate.ts. */
export function dailyStrengthMoment(datetime: string, birth?: CivilArgs | null): Moment {
  return momentFromDateTime("datetime", inBirthZone("datetime", datetime, birth));
}

@Resolver()
export class PersonalResolver {
  @Query(() => DailyStrengthType, { description: "Tara bala and chandra bala of an instant for a birth, with when each changes." })
  @Cost(PERSONAL_CREDITS.dailyStrength)
  dailyStrength(
    @Arg("birth", () => BirthInput) birth: BirthInput,
    @Arg("datetime", { description: "The instant, ISO 8601 with offset (or local, read in the birth's zone); dates are answered in its offset." }) datetime: string,
    @Ctx() ctx: GraphQLContext,
  ): DailyStrengthType {
    const b = birthFrom("birth", birth);
    const at = dailyStrengthMoment(datetime, birth);
    const natal = chartInputOf(b, ctx.engine).grahas.moon.lonSidDeg;
    const s = dailyStrength(natal, at.instant.jdUt, b.conventions);
    const iso = (jd: number) => formatIso(unixMsFromJd(jd), at.offsetMinutes);
    const t = s.taraBala;
    return {
      datetime: at.iso, moonLongitude: s.moonLonSidDeg,
      taraBala: {
        natalNakshatra: t.natalNakshatra, nakshatra: t.nakshatra, nakshatraName: NAKSHATRAS[t.nakshatra - 1]!.name, count: t.count,
        taraNumber: t.tara.number, tara: t.tara.name, alsoCalled: t.tara.alsoCalled, meaning: t.tara.meaning, favourable: t.tara.favourable,
      },
      chandraBala: { natalSign: s.chandraBala.natalRashi, sign: s.chandraBala.rashi, count: s.chandraBala.count, favourable: s.chandraBala.favourable, chandrashtama: s.chandraBala.chandrashtama },
      nakshatraEnds: iso(s.nakshatraEndsJdUt), signEnds: iso(s.rashiEndsJdUt), source: DAILY_STRENGTH_SOURCE,
    };
  }

  @Query(() => [ChandrashtamaPeriodType], { description: `Chandrashtama periods overlapping a range of at most ${CHANDRASHTAMA_MAX_DAYS} days, exact start and end.` })
  @Cost(PERSONAL_CREDITS.chandrashtama)
  chandrashtama(
    @Arg("birth", () => BirthInput) birth: BirthInput,
    @Arg("start", { description: "ISO 8601 with offset (or local, read in the birth's zone); answers in its offset." }) start: string,
    @Arg("end", { description: "ISO 8601 with offset." }) end: string,
    @Ctx() ctx: GraphQLContext,
  ): ChandrashtamaPeriodType[] {
    const b = birthFrom("birth", birth);
    const { from, to } = chandrashtamaRange(start, end, birth);
    const natal = chartInputOf(b, ctx.engine).grahas.moon.lonSidDeg;
    const iso = (jd: number) => formatIso(unixMsFromJd(jd), from.offsetMinutes);
    return chandrashtamaPeriods(natal, from.instant.jdUt, to.instant.jdUt, b.conventions).map((p) => ({
      sign: p.rashi, signName: RASHIS[p.rashi - 1]!.name, start: iso(p.startJdUt), end: iso(p.endJdUt),
    }));
  }
}
