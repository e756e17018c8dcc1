import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import { jaimini } from "../../engine/chart/jaimini.js";
import { jaiminiLord } from "../../engine/chart/jaimini-lords.js";
import { RASHIS } from "../../engine/tables/rashis.js";
import { Cost } from "../../costing/cost-decorator.js";
import { BirthInput, birthFrom } from "../chart/birth-input.js";
import { badUserInput } from "../common/input-errors.js";
import type { GraphQLContext } from "../context.js";
import { chartInputOf } from "../kundali/chart-core-of.js";
import { JaiminiType } from "./jaimini-types.js";

export const JAIMINI_CREDITS = 1;
export const JAIMINI_RULES =
  "Chara karakas: grahas ranked by degrees in their sign (Jaimini Sutras 1.1; BPHS ch. 32), 7-scheme Sun…Saturn or 8-scheme with Rahu " +
  "counted backwards (30° − degree); ties keep the graha order. Arudha padas: BPHS ch. 29 — as many signs from the lord as the lord is from " +
  "the house; a pada in the house itself moves to the 10th from it, one in the 7th to the 4th from the house. Scorpio and Aquarius: the " +
  "stronger of Mars/Ketu and Saturn/Rahu (docs/dashas-and-jaimini.md). Upapada: A12. Karakamsha: the atmakaraka's navamsha sign.";

const signName = (s: number): string => RASHIS[s - 1]!.name;

/** The chara karaka scheme argument: 7 or 8. Also run before pricing by prevalidate.ts. */
export function jaiminiScheme(scheme: number | null | undefined): 7 | 8 {
  const s = scheme ?? 7;
  if (s !== 7 && s !== 8) throw badUserInput("scheme", "scheme must be 7 (Sun…Saturn) or 8 (with Rahu)");
  return s;
}

@Resolver(() => JaiminiType)
export class JaiminiResolver {
  @Query(() => JaiminiType, { description: "Chara karakas (7 or 8 scheme), arudha padas A1–A12, upapada, karakamsha and swamsha of a birth." })
  @Cost(JAIMINI_CREDITS)
  jaimini(
    @Arg("birth", () => BirthInput) birth: BirthInput,
    @Ctx() ctx: GraphQLContext,
    @Arg("scheme", () => Int, { defaultValue: 7, description: "Chara karaka scheme: 7 (default) or 8." }) scheme: number,
  ): JaiminiType {
    const s = jaiminiScheme(scheme);
    const chart = chartInputOf(birthFrom("birth", birth), ctx.engine);
    const j = jaimini(chart, s);
    const pada = (p: (typeof j.arudhaPadas)[number]) => ({ ...p, signName: signName(p.sign) });
    return {
      scheme: j.scheme,
      charaKarakas: j.charaKarakas.map((k) => ({ karaka: k.karaka, planet: k.graha, degree: k.degreeDeg })),
      arudhaPadas: j.arudhaPadas.map(pada),
      upapada: pada(j.upapada),
      karakamsha: { ...j.karakamsha, grahasInRashiChart: [...j.karakamsha.grahasInRashiChart], grahasInNavamsha: [...j.karakamsha.grahasInNavamsha], signName: signName(j.karakamsha.sign) },
      coLords: [8, 11].map((sign) => {
        const l = jaiminiLord(chart, sign);
        return { sign, planet: l.graha, rule: l.rule ?? 0 };
      }),
      rules: JAIMINI_RULES,
    };
  }
}
