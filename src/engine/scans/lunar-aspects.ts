import type { Conventions, Graha } from "../types.js";
import { rashiOf } from "../tables/rashis.js";
import { pairAspectHits, type AspectHit } from "./aspect-hits.js";

/** The grahas the Moon's aspects are scanned to (the reference's order). */
export const LUNAR_ASPECT_TARGETS: readonly Graha[] = ["sun", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu"];

export interface LunarAspect extends AspectHit {
  /** The Moon's rashi 1..12 at the hit. */
  readonly moonSign: number;
}

/** Every exact aspect (0/60/90/120/180°) of the Moon to each target with startJd ≤ t < endJd, in time order. */
export function lunarAspects(startJdUt: number, endJdUt: number, conv: Conventions): LunarAspect[] {
  return LUNAR_ASPECT_TARGETS.flatMap((g) => pairAspectHits("moon", g, startJdUt, endJdUt, conv))
    .map((h) => ({ ...h, moonSign: rashiOf(h.lonA) }))
    .sort((x, y) => x.jdUt - y.jdUt);
}
