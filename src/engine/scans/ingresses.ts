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
  if ((graha === "rahu" || graha === "ketu") && conv.node === "true") return trueNodeIngresses(graha, startJdUt, endJdUt, conv, opts);
  return crossingsToIngresses(graha, startJdUt, endJdUt, conv, opts);
}

/**
 * The true node's periodic terms about the mean node sum to at most 2.07° (Meeus, Astronomical
 * Algorithms, 2nd ed., ch. 47: 1.4979 + 0.1500 + 0.1226 + 0.1176 + 0.0801), i.e. 39 days of the
 * mean node's 0.053°/day: every true-node sign change lies within that of a mean-node one.
 */
const TRUE_NODE_LEAD_DAYS = 60;

/**
 * The true node turns every few days (a 0.25-day grid, each sample several Moon series), so
 * scanning years of it costs seconds; its sign changes are searched only in windows around the
 * mean node's, which cost nothing to find. Same crossings as a full scan, a fraction of the work.
 */
function trueNodeIngresses(graha: Graha, startJdUt: number, endJdUt: number, conv: Conventions, opts: CrossingOptions): Ingress[] {
  const mean = crossingsToIngresses(graha, startJdUt - TRUE_NODE_LEAD_DAYS, endJdUt + TRUE_NODE_LEAD_DAYS, { ...conv, node: "mean" }, scanOptionsFor(graha, { ...conv, node: "mean" }));
  const windows: [number, number][] = [];
  for (const m of mean) {
    const from = Math.max(startJdUt, m.jdUt - TRUE_NODE_LEAD_DAYS);
    const to = Math.min(endJdUt, m.jdUt + TRUE_NODE_LEAD_DAYS);
    if (from >= to) continue;
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  return windows.flatMap(([from, to]) => crossingsToIngresses(graha, from, to, conv, opts));
}

function crossingsToIngresses(graha: Graha, startJdUt: number, endJdUt: number, conv: Conventions, opts: CrossingOptions): Ingress[] {
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
