import type { Graha } from "../../types.js";

/** Severity of a dosha as it stands after its cancellations ("none" when absent or cancelled). */
export type DoshaSeverity = "none" | "low" | "medium" | "high";

/**
 * One dosha's verdict. `formed` says the dosha's own condition holds; `cancelled` that at least one
 * classical cancellation applies; `present` = formed and not cancelled. `severity` is what remains
 * (so "none" once cancelled), `severityBeforeCancellation` what the condition alone gives.
 */
export interface DoshaResult {
  readonly name: string;
  readonly present: boolean;
  readonly formed: boolean;
  readonly cancelled: boolean;
  readonly severity: DoshaSeverity;
  readonly severityBeforeCancellation: DoshaSeverity;
  /** Houses from the lagna (whole sign) the dosha affects, 1..12. */
  readonly affectedHouses: readonly number[];
  readonly planets: readonly Graha[];
  /** Each cancellation that applies, named, with the placement that makes it apply. */
  readonly cancellationFactors: readonly string[];
  /** Which of the dosha's rules were met, stated (Pitra lists every rule it used). */
  readonly rulesMet: readonly string[];
  readonly description: string;
}

/** Assemble the verdict fields every dosha shares. */
export function verdict(formed: boolean, raw: DoshaSeverity, cancellationFactors: readonly string[]):
  Pick<DoshaResult, "present" | "formed" | "cancelled" | "severity" | "severityBeforeCancellation"> {
  const cancelled = formed && cancellationFactors.length > 0;
  const present = formed && !cancelled;
  return { present, formed, cancelled, severity: present ? raw : "none", severityBeforeCancellation: formed ? raw : "none" };
}
