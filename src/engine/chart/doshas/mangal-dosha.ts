import type { Graha } from "../../types.js";
import { houseFrom, signFrom } from "../chart-input.js";
import type { ChartFacts } from "../yogas/chart-facts.js";
import { uniqSorted } from "../yogas/chart-facts.js";
import { verdict, type DoshaResult, type DoshaSeverity } from "./dosha-types.js";

/** Houses that give Mangal (Kuja) dosha when Mars occupies them from the reference point. */
export const MANGAL_DOSHA_HOUSES: readonly number[] = [1, 2, 4, 7, 8, 12];

/**
 * Mars in a dosha house in one of these signs carries no dosha: the exemption list printed with
 * Kuja dosha in South Indian matching practice (e.g. the parihara verses quoted in muhurta
 * manuals): 2nd in Gemini/Virgo, 4th in Aries/Scorpio, 7th in Cancer/Capricorn, 8th in
 * Sagittarius/Pisces, 12th in Taurus/Libra (the 1st has no sign of its own in that list; Leo and
 * Aquarius exempt every house, below). Kept here beside the one module that uses it.
 */
const EXEMPT_SIGNS_BY_HOUSE: Readonly<Record<number, readonly number[]>> = {
  1: [],
  2: [3, 6],
  4: [1, 8],
  7: [4, 10],
  8: [9, 12],
  12: [2, 7],
};

const ordinal = (n: number): string => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
const cap = (g: string): string => g[0]!.toUpperCase() + g.slice(1);

export interface MangalDosha extends DoshaResult {
  /** Mars's house counted from the lagna, the Moon and Venus, and whether each gives the dosha. */
  readonly fromLagna: { readonly house: number; readonly dosha: boolean };
  readonly fromMoon: { readonly house: number; readonly dosha: boolean };
  readonly fromVenus: { readonly house: number; readonly dosha: boolean };
}

/**
 * Mangal (Kuja) dosha: Mars in the 1st, 2nd, 4th, 7th, 8th or 12th from the lagna, the Moon or
 * Venus. Severity by how many of the three references give it (1 low, 2 medium, 3 high).
 * Cancellations, each named when it applies: Mars in its own sign or exaltation; Mars in the
 * exempt sign for its house (table above); Mars in Leo or Aquarius; Mars joined or aspected by
 * Jupiter; Mars joined with the Moon; Jupiter or Venus in the lagna. No single classical text
 * gives this whole list (BPHS has no Kuja dosha); they are the pariharas in common use.
 */
export function mangalDosha(f: ChartFacts): MangalDosha {
  const marsRashi = f.rashi.mars;
  const ref = (fromRashi: number) => {
    const house = houseFrom(fromRashi, marsRashi);
    return { house, dosha: MANGAL_DOSHA_HOUSES.includes(house) };
  };
  const fromLagna = ref(f.lagnaRashi);
  const fromMoon = ref(f.rashi.moon);
  const fromVenus = ref(f.rashi.venus);
  const count = [fromLagna, fromMoon, fromVenus].filter((r) => r.dosha).length;
  const formed = count > 0;
  const raw: DoshaSeverity = count === 0 ? "none" : count === 1 ? "low" : count === 2 ? "medium" : "high";

  const factors: string[] = [];
  const planets: Graha[] = ["mars"];
  if (formed) {
    const d = f.dignity.mars;
    if (d === "own" || d === "moolatrikona") factors.push("Mars in its own sign (Aries or Scorpio)");
    if (d === "exalted") factors.push("Mars exalted (Capricorn)");
    const refs: [string, { house: number; dosha: boolean }][] = [["the lagna", fromLagna], ["the Moon", fromMoon], ["Venus", fromVenus]];
    for (const [name, r] of refs) {
      if (r.dosha && EXEMPT_SIGNS_BY_HOUSE[r.house]!.includes(marsRashi)) {
        factors.push(`Mars in an exempt sign for the ${ordinal(r.house)} house from ${name}`);
      }
    }
    if (marsRashi === 5 || marsRashi === 11) factors.push("Mars in Leo or Aquarius");
    if (f.rashi.jupiter === marsRashi || f.aspects("jupiter", "mars")) {
      factors.push("Mars joined or aspected by Jupiter");
      planets.push("jupiter");
    }
    if (f.rashi.moon === marsRashi) {
      factors.push("Mars joined with the Moon (Chandra-Mangala)");
      planets.push("moon");
    }
    const inLagna = (["jupiter", "venus"] as Graha[]).filter((g) => f.house[g] === 1);
    if (inLagna.length) {
      factors.push(`${inLagna.map(cap).join(" and ")} in the lagna`);
      planets.push(...inLagna.filter((g) => !planets.includes(g)));
    }
  }
  const v = verdict(formed, raw, factors);
  // Mars's own house and the three it aspects (4th, 7th, 8th from itself), from the lagna.
  const affectedHouses = formed ? uniqSorted([1, 4, 7, 8].map((h) => houseFrom(f.lagnaRashi, signFrom(marsRashi, h)))) : [];
  const refsMet = [["the lagna", fromLagna], ["the Moon", fromMoon], ["Venus", fromVenus]] as const;
  const rulesMet = refsMet.filter(([, r]) => r.dosha).map(([n, r]) => `Mars in the ${ordinal(r.house)} from ${n}`);
  return {
    name: "Mangal Dosha",
    ...v,
    affectedHouses,
    planets: formed ? planets : [],
    cancellationFactors: formed ? factors : [],
    rulesMet,
    fromLagna, fromMoon, fromVenus,
    description: !formed
      ? "Mars is not in the 1st, 2nd, 4th, 7th, 8th or 12th from the lagna, the Moon or Venus."
      : `Mars gives the dosha from ${rulesMet.length} of lagna/Moon/Venus (${rulesMet.join("; ")})` +
        (v.cancelled ? `; cancelled by: ${factors.join("; ")}.` : "; no cancellation applies."),
  };
}
