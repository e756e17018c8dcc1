import type { Graha } from "../../types.js";
import type { ChartFacts } from "./chart-facts.js";

/** How fully a yoga's conditions are met; the spec's default is "moderate". */
export type YogaStrength = "strong" | "moderate" | "weak";

/** Family of a yoga, the spec's `type` (free string in the spec; these are the values we emit). */
export type YogaType =
  | "mahapurusha"
  | "raja"
  | "dhana"
  | "chandra"
  | "surya"
  | "nabhasa"
  | "parivartana"
  | "viparita_raja"
  | "neecha_bhanga"
  | "arishta"
  | "daridra"
  | "kartari"
  | "shubha";

/** One detected yoga, the spec's ChartYoga in camelCase (resolvers map to snake_case). */
export interface ChartYoga {
  readonly name: string;
  readonly type: YogaType;
  readonly category: string;
  readonly planets: readonly Graha[];
  readonly housesInvolved: readonly number[];
  readonly strength: YogaStrength;
  readonly description: string;
}

/** What a rule's detect function reports for one occurrence. */
export interface YogaHit {
  readonly planets: readonly Graha[];
  /** Houses counted from the lagna (whole sign), 1..12. */
  readonly housesInvolved: readonly number[];
  readonly strength: YogaStrength;
  /** Why this strength: the dignities, combustion or counts that decided it. */
  readonly reason: string;
  /** Occurrence-specific detail (which lords, which relation); prefixed to the reason. */
  readonly detail?: string;
}

/**
 * One classical yoga, written once: its name, family, the source it is taken from and a detect
 * function over the precomputed chart facts. `detect` returns one hit per occurrence (most rules
 * return at most one; Raja, Dhana, Parivartana and Neecha Bhanga can occur several times).
 */
export interface YogaRule {
  readonly name: string;
  readonly type: YogaType;
  readonly category: string;
  /** Classical source, e.g. "BPHS ch. 35 v. 7" (R. Santhanam's translation numbering). */
  readonly source: string;
  /** One-line statement of the condition, used in the description. */
  readonly summary: string;
  readonly detect: (f: ChartFacts) => readonly YogaHit[];
}
