import { findRoot, DEFAULT_TOL_DAYS } from "../astro/junction.js";

/**
 * Boundary crossings of an angle over a time range, exact and complete (docs/architecture.md §3):
 * the range is first cut at the angle's turning points (zeros of its rate, bracketed on a
 * coarse grid and refined by Brent's method in junction.ts), so that between two cuts the angle
 * is monotonic; inside such a piece every boundary lying between the end values is crossed
 * exactly once, and each is refined by Brent's method on its own bracket. A retrograde
 * re-entry, or the third hit of an aspect around a station, is then found by construction —
 * nothing depends on a step being short enough except the bracketing of turning points, which
 * are weeks apart for every body scanned here.
 */

/** Signed a − b folded into (−180, 180]. */
export function wrap180(deg: number): number {
  const r = (((deg % 360) + 540) % 360) - 180;
  return r === -180 ? 180 : r;
}

export interface CrossingOptions {
  /**
   * Longest piece, days: the angle must move less than 180° over it (for unwrapping) — 1 day
   * for anything involving the Moon, 5 days otherwise.
   */
  readonly pieceDays: number;
  /**
   * Grid for bracketing turning points, days; null when the angle never turns (the Moon's
   * elongation from anything, the Sun, the mean node).
   */
  readonly turnStepDays: number | null;
  readonly tolDays?: number;
}

export interface Crossing {
  readonly jd: number;
  /** Index into the boundary list of the boundary crossed. */
  readonly boundaryIndex: number;
  /** +1 when the angle increases through the boundary, −1 when it decreases. */
  readonly direction: 1 | -1;
}

export interface TurningPoint {
  readonly jd: number;
  /** True at a maximum (the rate turns from + to −: retrograde starts), false at a minimum. */
  readonly maximum: boolean;
}

/** Numerical rate of an angle, degrees/day (central difference; the inputs are smooth). */
export function rateOf(angle: (jd: number) => number, h = 0.01): (jd: number) => number {
  return (jd) => wrap180(angle(jd + h) - angle(jd - h)) / (2 * h);
}

/** Zeros of `rate` in [startJd, endJd), bracketed on a grid of stepDays and refined. */
export function turningPoints(
  rate: (jd: number) => number,
  startJd: number,
  endJd: number,
  stepDays: number,
  tolDays = DEFAULT_TOL_DAYS,
): TurningPoint[] {
  const out: TurningPoint[] = [];
  let t = startJd;
  let r = rate(t);
  while (t < endJd) {
    const t2 = Math.min(t + stepDays, endJd);
    const r2 = rate(t2);
    if (r !== 0 && r * r2 < 0) out.push({ jd: findRoot(rate, t, t2, tolDays, r, r2), maximum: r > 0 });
    else if (r2 === 0 && t2 < endJd) out.push({ jd: t2, maximum: r > 0 });
    t = t2;
    r = r2;
  }
  return out.filter((p) => p.jd >= startJd && p.jd < endJd);
}

/**
 * Every crossing of `boundariesDeg` (each in [0, 360)) by `angle` with startJd ≤ t < endJd, in
 * time order. `rate` is used only when opts.turnStepDays is set.
 */
export function crossings(
  angle: (jd: number) => number,
  boundariesDeg: readonly number[],
  startJd: number,
  endJd: number,
  opts: CrossingOptions,
  rate: (jd: number) => number = rateOf(angle),
): Crossing[] {
  const tol = opts.tolDays ?? DEFAULT_TOL_DAYS;
  const cuts = [startJd];
  if (opts.turnStepDays !== null) for (const p of turningPoints(rate, startJd, endJd, opts.turnStepDays, tol)) cuts.push(p.jd);
  cuts.push(endJd);
  const out: Crossing[] = [];
  for (let c = 0; c + 1 < cuts.length; c++) {
    const a = cuts[c]!;
    const b = cuts[c + 1]!;
    const n = Math.max(1, Math.ceil((b - a) / opts.pieceDays));
    let t0 = a;
    let raw0 = angle(t0);
    for (let i = 1; i <= n; i++) {
      const t1 = i === n ? b : a + ((b - a) * i) / n;
      const raw1 = angle(t1);
      piece(angle, boundariesDeg, t0, t1, raw0, raw1, tol, out);
      t0 = t1;
      raw0 = raw1;
    }
  }
  return out.filter((x) => x.jd >= startJd && x.jd < endJd).sort((x, y) => x.jd - y.jd);
}

/** Crossings inside one monotonic piece [t0, t1]. */
function piece(
  angle: (jd: number) => number,
  boundaries: readonly number[],
  t0: number,
  t1: number,
  raw0: number,
  raw1: number,
  tol: number,
  out: Crossing[],
): void {
  const delta = wrap180(raw1 - raw0);
  if (delta === 0) return;
  const lo = delta > 0 ? raw0 : raw0 + delta;
  const hi = delta > 0 ? raw0 + delta : raw0;
  const dir: 1 | -1 = delta > 0 ? 1 : -1;
  boundaries.forEach((bDeg, index) => {
    // Every lift bDeg + 360k in (lo, hi] (forward) or [lo, hi) (backward); a piece spans < 180°.
    for (let k = Math.ceil((lo - bDeg) / 360) - 1; bDeg + 360 * k <= hi + 360; k++) {
      const target = bDeg + 360 * k;
      const inside = dir > 0 ? target > lo && target <= hi : target >= lo && target < hi;
      if (!inside) continue;
      const g = (jd: number): number => raw0 + wrap180(angle(jd) - raw0) - target;
      const g0 = raw0 - target;
      const g1 = raw0 + delta - target;
      const jd = g1 === 0 ? t1 : findRoot(g, t0, t1, tol, g0, g1);
      out.push({ jd, boundaryIndex: index, direction: dir });
    }
  });
}
