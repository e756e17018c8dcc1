import type { Conventions, Graha } from "../types.js";
import { norm360 } from "../tables/rashis.js";
import { crossings, rateOf, wrap180 } from "./crossings.js";
import { longitudeFn, scanOptionsFor } from "./graha-motion.js";

/**
 * Exact aspects between pairs of grahas: the instants the separation |lonA − lonB|, folded to
 * 0..180°, equals an aspect angle. On the signed separation d = lonA − lonB (mod 360) these are
 * the crossings of 0, 60, 90, 120, 180, 240, 270, 300°.
 */
export const ASPECT_ANGLES = [0, 60, 90, 120, 180] as const;
export type AspectAngle = (typeof ASPECT_ANGLES)[number];
export const ASPECT_NAMES: Readonly<Record<AspectAngle, string>> = {
  0: "conjunction", 60: "sextile", 90: "square", 120: "trine", 180: "opposition",
};
const TARGETS = [0, 60, 90, 120, 180, 240, 270, 300];
const FOLDED: readonly AspectAngle[] = [0, 60, 90, 120, 180, 120, 90, 60];

export interface AspectHit {
  readonly a: Graha;
  readonly b: Graha;
  readonly angle: AspectAngle;
  readonly jdUt: number;
  readonly lonA: number;
  readonly lonB: number;
  /** d(lonA − lonB)/dt, deg/day, at the hit. */
  readonly speedDegPerDay: number;
}

/** The grahas of the monthly aspect scan, in the reference's pair order (the Moon left out). */
export const MONTHLY_ASPECT_GRAHAS: readonly Graha[] = ["sun", "mercury", "venus", "mars", "jupiter", "saturn", "rahu", "ketu"];

/** Every exact hit of the pair (a, b) with startJd ≤ t < endJd. */
export function pairAspectHits(a: Graha, b: Graha, startJdUt: number, endJdUt: number, conv: Conventions): AspectHit[] {
  const la = longitudeFn(a, conv);
  const lb = longitudeFn(b, conv);
  const sep = (jd: number): number => norm360(la(jd) - lb(jd));
  const oa = scanOptionsFor(a, conv);
  const ob = scanOptionsFor(b, conv);
  // The Moon outruns everything and the Sun and the mean node never turn, so separations among
  // them never turn either; otherwise the separation turns where the two speeds are equal, days
  // apart: a 1-day grid (finer for the true node) brackets those.
  const involvesMoon = a === "moon" || b === "moon";
  const steps = [oa.turnStepDays, ob.turnStepDays].filter((s): s is number => s !== null);
  const opts = {
    pieceDays: Math.min(oa.pieceDays, ob.pieceDays),
    turnStepDays: involvesMoon || steps.length === 0 ? null : Math.min(1, ...steps),
  };
  const rate = rateOf(sep);
  return crossings(sep, TARGETS, startJdUt, endJdUt, opts, rate).map((c) => ({
    a, b, angle: FOLDED[c.boundaryIndex]!, jdUt: c.jd, lonA: la(c.jd), lonB: lb(c.jd), speedDegPerDay: rate(c.jd),
  }));
}

/** All pairs of `grahas` (a before b in list order), Rahu–Ketu excluded (always 180° apart). */
export function aspectHits(grahas: readonly Graha[], startJdUt: number, endJdUt: number, conv: Conventions): AspectHit[] {
  const out: AspectHit[] = [];
  for (let i = 0; i < grahas.length; i++) {
    for (let j = i + 1; j < grahas.length; j++) {
      const a = grahas[i]!;
      const b = grahas[j]!;
      if ((a === "rahu" && b === "ketu") || (a === "ketu" && b === "rahu")) continue;
      out.push(...pairAspectHits(a, b, startJdUt, endJdUt, conv));
    }
  }
  return out.sort((x, y) => x.jdUt - y.jdUt);
}

/** Orb (deg) of a pair from an aspect angle at an instant: |folded separation − angle|. */
export function orbFrom(lonA: number, lonB: number, angle: number): number {
  return Math.abs(Math.abs(wrap180(lonA - lonB)) - angle);
}
