import { siderealLongitudeForSearchDeg } from "../astro/positions.js";
import type { Conventions, Graha } from "../types.js";
import { rateOf, type CrossingOptions } from "./crossings.js";

/** Sidereal longitude of a graha as a function of JD UT, for searches (Chebyshev-cached, positions.ts). */
export function longitudeFn(graha: Graha, conv: Conventions): (jdUt: number) => number {
  return (jd) => siderealLongitudeForSearchDeg(graha, jd, conv);
}

/** Rate of the sidereal longitude, deg/day. */
export function speedFn(graha: Graha, conv: Conventions): (jdUt: number) => number {
  return rateOf(longitudeFn(graha, conv));
}

/**
 * How to scan one graha's longitude: the Moon moves ≤ 15.4°/day (1-day pieces), the rest
 * ≤ 2.2°/day. Mercury … Saturn turn (stations weeks apart: a 2-day grid brackets every one);
 * the true node wobbles through short direct spells (a 0.25-day grid); the Sun, the Moon and
 * the mean node never turn.
 */
export function scanOptionsFor(graha: Graha, conv: Conventions): CrossingOptions {
  if (graha === "moon") return { pieceDays: 1, turnStepDays: null };
  if (graha === "sun") return { pieceDays: 5, turnStepDays: null };
  if (graha === "rahu" || graha === "ketu") return { pieceDays: 5, turnStepDays: conv.node === "true" ? 0.25 : null };
  return { pieceDays: 5, turnStepDays: 2 };
}
