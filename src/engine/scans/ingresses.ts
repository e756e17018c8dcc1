import type { Conventions, Graha } from "../types.js";
import { crossings, turningPoints, type CrossingOptions } from "./crossings.js";
import { longitudeFn, scanOptionsFor, speedFn } from "./graha-motion.js";

/** A rashi ingress: the graha enters `toSign` from `fromSign` (1..12, in time order). */
export interface Ingress {
  readonly graha: Graha;
  readonly jdUt: number;
  readonly fromSign: number;
  readonly toSign: number;
  /** deg/day at the instant (negative for a retrograde re-entry, and for the nodes). */
  readonly speedDegPerDay: number;
}

const SIGN_STARTS = Array.from({ length: 12 }, (_, i) => i * 30);

/**
 * Every sign change of `graha` with startJd ≤ t < endJd, retrograde re-entries included. `opts`
 * may coarsen the scan grid for long ranges (it must still bracket every station).
 */
export function ingresses(
  graha: Graha, startJdUt: number, endJdUt: number, conv: Conventions, opts: CrossingOptions = scanOptionsFor(graha, conv),
): Ingress[] {
  const lon = longitudeFn(graha, conv);
  const speed = speedFn(graha, conv);
  return crossings(lon, SIGN_STARTS, startJdUt, endJdUt, opts, speed).map((c) => {
    const entered = c.direction > 0 ? c.boundaryIndex : (c.boundaryIndex + 11) % 12;
    const left = c.direction > 0 ? (c.boundaryIndex + 11) % 12 : c.boundaryIndex;
    return { graha, jdUt: c.jd, fromSign: left + 1, toSign: entered + 1, speedDegPerDay: speed(c.jd) };
  });
}

/** A station in sidereal longitude: where retrograde motion starts (a maximum) or ends (a minimum). */
export interface Station {
  readonly graha: Graha;
  readonly jdUt: number;
  readonly kind: "retrograde_start" | "retrograde_end";
  readonly lonSidDeg: number;
}

/** Stations of a planet (Mars … Saturn, Mercury, Venus) with startJd ≤ t < endJd. */
export function stations(graha: Graha, startJdUt: number, endJdUt: number, conv: Conventions): Station[] {
  const step = scanOptionsFor(graha, conv).turnStepDays;
  if (step === null) return [];
  const lon = longitudeFn(graha, conv);
  return turningPoints(speedFn(graha, conv), startJdUt, endJdUt, step).map((p) => ({
    graha, jdUt: p.jd, kind: p.maximum ? "retrograde_start" : "retrograde_end", lonSidDeg: lon(p.jd),
  }));
}
