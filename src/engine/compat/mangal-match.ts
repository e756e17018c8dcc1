import type { ChartInput } from "../chart/chart-input.js";
import { mangalDosha, type MangalDosha } from "../chart/doshas/mangal-dosha.js";
import { chartFacts } from "../chart/yogas/chart-facts.js";

/** Mangal dosha of both partners and whether it blocks the match. */
export interface MangalMatch {
  readonly groom: MangalDosha;
  readonly bride: MangalDosha;
  /** Both charts carry the dosha (each uncancelled in its own chart): the two cancel each other. */
  readonly mutuallyCancelled: boolean;
  /** True when exactly one partner has an uncancelled dosha: the match keeps it. */
  readonly blocksMatch: boolean;
  readonly description: string;
}

/**
 * Mangal (Kuja) dosha compared across the two charts, each read by the kundali's own rule
 * (src/engine/chart/doshas/mangal-dosha.ts). The matching rule in common practice: a Manglik
 * marrying a Manglik cancels the dosha for both; one Manglik with a non-Manglik keeps it.
 */
export function mangalMatch(groom: ChartInput, bride: ChartInput): MangalMatch {
  const g = mangalDosha(chartFacts(groom));
  const b = mangalDosha(chartFacts(bride));
  const mutuallyCancelled = g.present && b.present;
  const blocksMatch = g.present !== b.present;
  const who = g.present ? "the groom" : "the bride";
  const description = mutuallyCancelled
    ? "Both charts have Mangal dosha: it cancels for both (Manglik with Manglik)."
    : blocksMatch
      ? `Only ${who} has Mangal dosha (uncancelled): it stands for the match.`
      : "Neither chart has an uncancelled Mangal dosha.";
  return { groom: g, bride: b, mutuallyCancelled, blocksMatch, description };
}
