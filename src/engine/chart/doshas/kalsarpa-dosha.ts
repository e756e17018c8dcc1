import type { Graha } from "../../types.js";
import { norm360 } from "../../tables/rashis.js";
import { KENDRAS, SEVEN, type ChartFacts } from "../yogas/chart-facts.js";
import { verdict, type DoshaResult, type DoshaSeverity } from "./dosha-types.js";

/**
 * The twelve named Kalsarpa types by Rahu's house from the lagna (1 Anant … 12 Sheshnag), as
 * named in the modern Kalsarpa literature (the yoga itself is post-classical; BPHS and
 * Phaladeepika do not define it).
 */
export const KALSARPA_TYPES: readonly string[] = [
  "Anant", "Kulik", "Vasuki", "Shankhpal", "Padma", "Mahapadma",
  "Takshak", "Karkotak", "Shankhachud", "Ghatak", "Vishdhar", "Sheshnag",
];

export interface KalsarpaDosha extends DoshaResult {
  /** "full": all seven grahas inside the Rahu–Ketu half; "partial": exactly one outside it; null when not formed. */
  readonly kind: "full" | "partial" | null;
  /** Named type by Rahu's house (null when not formed). */
  readonly type: string | null;
  readonly rahuHouse: number;
  /**
   * "rahu_to_ketu": the grahas lie on the zodiacal arc from Rahu forward to Ketu (the form usually
   * called Kalsarpa); "ketu_to_rahu": from Ketu forward to Rahu (called Kala Amrita by some).
   */
  readonly direction: "rahu_to_ketu" | "ketu_to_rahu" | null;
  /** The graha outside the half in a partial Kalsarpa. */
  readonly outside: Graha | null;
}

/**
 * Kalsarpa dosha: the seven grahas (Sun…Saturn) hemmed on one side of the Rahu–Ketu axis, by
 * longitude (a graha exactly on a node counts as inside). Severity: full high, partial medium.
 * Cancellations in common use, each named: a graha in the sign of Rahu or Ketu (the axis is
 * "broken" by a conjunction), Jupiter in a kendra from the lagna, Rahu in an upachaya house
 * (3rd, 6th or 11th) where malefics do well.
 */
export function kalsarpaDosha(f: ChartFacts): KalsarpaDosha {
  const rahuLon = f.chart.grahas.rahu.lonSidDeg;
  const forward: Graha[] = [];
  const backward: Graha[] = [];
  for (const g of SEVEN) {
    const d = norm360(f.chart.grahas[g].lonSidDeg - rahuLon);
    if (d === 0 || d === 180) continue; // on the axis: inside either half
    (d < 180 ? forward : backward).push(g);
  }
  let kind: KalsarpaDosha["kind"] = null;
  let direction: KalsarpaDosha["direction"] = null;
  let outside: Graha | null = null;
  if (backward.length === 0 || forward.length === 0) {
    kind = "full";
    direction = backward.length === 0 ? "rahu_to_ketu" : "ketu_to_rahu";
  } else if (backward.length === 1 || forward.length === 1) {
    kind = "partial";
    direction = backward.length === 1 ? "rahu_to_ketu" : "ketu_to_rahu";
    outside = (backward.length === 1 ? backward[0] : forward[0])!;
  }
  const formed = kind !== null;
  const raw: DoshaSeverity = kind === "full" ? "high" : kind === "partial" ? "medium" : "none";
  const rahuHouse = f.house.rahu;

  const factors: string[] = [];
  const planets: Graha[] = ["rahu", "ketu"];
  if (formed) {
    const onAxis = SEVEN.filter((g) => f.rashi[g] === f.rashi.rahu || f.rashi[g] === f.rashi.ketu);
    if (onAxis.length) {
      factors.push(`${onAxis.join(", ")} joined with Rahu or Ketu in its sign`);
      planets.push(...onAxis);
    }
    if (KENDRAS.includes(f.house.jupiter)) {
      factors.push(`Jupiter in a kendra from the lagna (house ${f.house.jupiter})`);
      if (!planets.includes("jupiter")) planets.push("jupiter");
    }
    if ([3, 6, 11].includes(rahuHouse)) factors.push(`Rahu in an upachaya house (${rahuHouse})`);
  }
  const v = verdict(formed, raw, factors);
  const type = formed ? KALSARPA_TYPES[rahuHouse - 1]! : null;
  return {
    name: "Kalsarpa Dosha",
    ...v,
    kind, type, rahuHouse, direction, outside,
    affectedHouses: formed ? [rahuHouse, f.house.ketu].sort((a, b) => a - b) : [],
    planets: formed ? planets : [],
    cancellationFactors: formed ? factors : [],
    rulesMet: formed ? [`${kind} hemming ${direction === "rahu_to_ketu" ? "from Rahu to Ketu" : "from Ketu to Rahu"}${outside ? `, ${outside} outside` : ""}`] : [],
    description: !formed
      ? "The seven grahas are not hemmed on one side of the Rahu–Ketu axis."
      : `${type} Kalsarpa (Rahu in house ${rahuHouse}), ${kind}` +
        (v.cancelled ? `; cancelled by: ${factors.join("; ")}.` : "; no cancellation applies."),
  };
}
