import type { Graha } from "../../types.js";
import { signFrom } from "../chart-input.js";
import type { ChartFacts } from "../yogas/chart-facts.js";
import { uniqSorted } from "../yogas/chart-facts.js";
import { verdict, type DoshaResult, type DoshaSeverity } from "./dosha-types.js";

/**
 * The Pitra dosha rules used here (the dosha is a later tradition, not a BPHS chapter; these are
 * the placements most commonly read as affliction of the Sun, karaka of the father, and of the
 * 9th house of the fathers):
 *   1. the Sun joined with Rahu;  2. the Sun joined with Ketu;  3. the Sun joined or aspected by
 *   Saturn;  4. Rahu or Ketu in the 9th house;  5. the 9th lord joined with Rahu or Ketu.
 * Severity by how many rules are met: 1 low, 2 medium, 3 or more high.
 * Cancellations: Jupiter joined with or aspecting the 9th house; Jupiter joined with or aspecting
 * the Sun; the 9th lord exalted or in its own sign.
 */
export const PITRA_RULES: readonly string[] = [
  "Sun joined with Rahu",
  "Sun joined with Ketu",
  "Sun joined or aspected by Saturn",
  "Rahu or Ketu in the 9th house",
  "9th lord joined with Rahu or Ketu",
];

export function pitraDosha(f: ChartFacts): DoshaResult {
  const l9 = f.lordOf(9);
  const ninthRashi = signFrom(f.lagnaRashi, 9);
  const met: boolean[] = [
    f.rashi.sun === f.rashi.rahu,
    f.rashi.sun === f.rashi.ketu,
    f.rashi.sun === f.rashi.saturn || f.aspects("saturn", "sun"),
    f.house.rahu === 9 || f.house.ketu === 9,
    l9 !== "rahu" && l9 !== "ketu" && (f.rashi[l9] === f.rashi.rahu || f.rashi[l9] === f.rashi.ketu),
  ];
  const rulesMet = PITRA_RULES.filter((_, i) => met[i]);
  const count = rulesMet.length;
  const formed = count > 0;
  const raw: DoshaSeverity = count === 0 ? "none" : count === 1 ? "low" : count === 2 ? "medium" : "high";

  const planets = new Set<Graha>();
  if (met[0]) planets.add("sun").add("rahu");
  if (met[1]) planets.add("sun").add("ketu");
  if (met[2]) planets.add("sun").add("saturn");
  if (met[3]) planets.add(f.house.rahu === 9 ? "rahu" : "ketu");
  if (met[4]) planets.add(l9);

  const factors: string[] = [];
  if (formed) {
    if (f.house.jupiter === 9 || f.aspectsRashi("jupiter", ninthRashi)) factors.push("Jupiter joined with or aspecting the 9th house");
    if (f.rashi.jupiter === f.rashi.sun || f.aspects("jupiter", "sun")) factors.push("Jupiter joined with or aspecting the Sun");
    const d = f.dignity[l9];
    if (d === "exalted" || d === "moolatrikona" || d === "own") factors.push(`9th lord ${l9} ${d === "exalted" ? "exalted" : "in its own sign"}`);
  }
  const v = verdict(formed, raw, factors);
  const houses = formed ? uniqSorted([9, ...[...planets].map((g) => f.house[g])]) : [];
  return {
    name: "Pitra Dosha",
    ...v,
    affectedHouses: houses,
    planets: [...planets],
    cancellationFactors: formed ? factors : [],
    rulesMet,
    description: !formed
      ? `None of the Pitra rules is met (${PITRA_RULES.join("; ")}).`
      : `Rules met: ${rulesMet.join("; ")}` + (v.cancelled ? `; cancelled by: ${factors.join("; ")}.` : "; no cancellation applies."),
  };
}
