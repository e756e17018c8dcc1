/**
 * The birth of a birth-keyed subscription (webhook or GraphQL), read by the shared birth input
 * (chart/birth-input.ts: an ISO 8601 datetime with offset, or a local one with `timezone` or
 * `place`) and checked against the chart routes' birth range, so a subscription accepts exactly
 * the births the calculation routes accept. Errors name `birth.datetime`, `birth.latitude` …
 */
import type { StoredBirth } from "../../events/personal-birth.js";
import { birthFrom, type BirthInput } from "../chart/birth-input.js";
import { badUserInput } from "../common/input-errors.js";
import { birthRangeProblem } from "../kundali/chart-core-of.js";

export function storedBirthFrom(input: BirthInput): StoredBirth {
  const b = birthFrom("birth", input);
  const problem = birthRangeProblem(b.moment.instant.unixMs);
  if (problem) throw badUserInput("birth.datetime", problem);
  return {
    instant: new Date(b.moment.instant.unixMs).toISOString(), datetime: b.moment.iso, latitude: b.place.latDeg, longitude: b.place.lonDeg,
    ayanamsha: b.conventions.ayanamsha,
  };
}

/** Price units of a subscription: 3 with a birth (its personal timeline is computed and kept ahead), else 1. */
export const BIRTH_SUBSCRIPTION_CREDITS = 3;
export function subscriptionPriceUnits(hasBirth: boolean): number {
  return hasBirth ? BIRTH_SUBSCRIPTION_CREDITS : 1;
}
