import type { Conventions, Graha } from "../types.js";
import { crossings } from "../scans/crossings.js";
import { longitudeFn, scanOptionsFor, speedFn } from "../scans/graha-motion.js";
import { KP_SUBS, KP_SUB_BOUNDARIES } from "./sub-lords.js";

/** A KP sub-lord change: the graha crosses the start of a sub (from/to in time order). */
export interface SubLordChange {
  readonly graha: Graha;
  readonly jdUt: number;
  /** The sub boundary crossed, sidereal degrees (a multiple of 1/9°). */
  readonly lonSidDeg: number;
  readonly fromStarLord: Graha;
  readonly toStarLord: Graha;
  readonly fromSubLord: Graha;
  readonly toSubLord: Graha;
  readonly speedDegPerDay: number;
}

/**
 * Every sub-lord change of a graha with startJd ≤ t < endJd: crossings of the 243 sub starts
 * (sign cuts change no sub lord), exact by root finding, retrograde crossings included.
 */
export function subLordChanges(graha: Graha, startJdUt: number, endJdUt: number, conv: Conventions): SubLordChange[] {
  const speed = speedFn(graha, conv);
  const n = KP_SUBS.length;
  return crossings(longitudeFn(graha, conv), KP_SUB_BOUNDARIES, startJdUt, endJdUt, scanOptionsFor(graha, conv), speed).map((c) => {
    const above = KP_SUBS[c.boundaryIndex]!;
    const below = KP_SUBS[(c.boundaryIndex + n - 1) % n]!;
    const [from, to] = c.direction > 0 ? [below, above] : [above, below];
    return {
      graha, jdUt: c.jd, lonSidDeg: above.startDeg,
      fromStarLord: from.starLord, toStarLord: to.starLord, fromSubLord: from.subLord, toSubLord: to.subLord,
      speedDegPerDay: speed(c.jd),
    };
  });
}
