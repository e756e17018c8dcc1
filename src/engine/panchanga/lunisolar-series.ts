import { findRoot } from "../astro/junction.js";
import { siderealLongitudeDeg } from "../astro/positions.js";
import type { Conventions } from "../types.js";

/**
 * Sun and Moon sidereal longitudes over a window, for finding limb junctions cheaply.
 *
 * The exact longitudes are sampled every `stepDays` (default ½ day) and unwrapped into
 * continuous, increasing functions; between samples a 4-point Lagrange cubic reproduces the
 * Moon to ≈ 0.3″ (its fourth derivative is ≲ 0.05°/day⁴, error ≤ 0.0234·h⁴·f⁗) — about half a
 * second of time. Junctions are bracketed by the samples and solved on that interpolant with Brent's method,
 * then corrected by one Newton step on the exact longitudes (`refine`), which leaves them well
 * under a second. No fixed-step scan decides a junction: the samples only feed the interpolant.
 */
export type AngleKind = "moon" | "elongation" | "sum";

export class LunisolarSeries {
  readonly fromJd: number;
  readonly stepDays: number;
  private readonly sunU: Float64Array;
  private readonly moonU: Float64Array;

  /** Samples cover [fromJd − step, toJd + 2·step] so every interior point has four neighbours. */
  constructor(
    readonly conv: Conventions,
    fromJd: number,
    toJd: number,
    stepDays = 0.5,
  ) {
    this.stepDays = stepDays;
    this.fromJd = fromJd - stepDays;
    const n = Math.ceil((toJd - this.fromJd) / stepDays) + 3;
    this.sunU = new Float64Array(n);
    this.moonU = new Float64Array(n);
    let sunPrev = 0;
    let moonPrev = 0;
    for (let i = 0; i < n; i++) {
      const jd = this.fromJd + i * stepDays;
      let s = siderealLongitudeDeg("sun", jd, conv);
      let m = siderealLongitudeDeg("moon", jd, conv);
      if (i > 0) {
        // Both move forward (< 16°/day), so the unwrapped value is the one nearest past the previous.
        s += 360 * Math.round((sunPrev - s) / 360);
        m += 360 * Math.round((moonPrev - m) / 360);
        if (m < moonPrev) m += 360;
      }
      this.sunU[i] = s;
      this.moonU[i] = m;
      sunPrev = s;
      moonPrev = m;
    }
  }

  get toJd(): number {
    return this.fromJd + (this.sunU.length - 3) * this.stepDays;
  }

  private interp(arr: Float64Array, jd: number): number {
    const x = (jd - this.fromJd) / this.stepDays;
    let i = Math.floor(x) - 1;
    if (i < 0) i = 0;
    if (i > arr.length - 4) i = arr.length - 4;
    const u = x - i; // position relative to node i, nodes at 0,1,2,3
    const y0 = arr[i]!, y1 = arr[i + 1]!, y2 = arr[i + 2]!, y3 = arr[i + 3]!;
    const a = u * (u - 1), b = (u - 2) * (u - 3);
    return (-y0 * (u - 1) * b) / 6 + (y1 * u * b) / 2 - (y2 * a * (u - 3)) / 2 + (y3 * a * (u - 2)) / 6;
  }

  /** Unwrapped Sun sidereal longitude, degrees (interpolated). */
  sunU_(jd: number): number {
    return this.interp(this.sunU, jd);
  }
  /** Unwrapped Moon sidereal longitude, degrees (interpolated). */
  moonU_(jd: number): number {
    return this.interp(this.moonU, jd);
  }

  /** An unwrapped, increasing angle of the given kind, degrees (interpolated). */
  angle(kind: AngleKind, jd: number): number {
    const m = this.interp(this.moonU, jd);
    if (kind === "moon") return m;
    const s = this.interp(this.sunU, jd);
    return kind === "elongation" ? m - s : m + s;
  }

  /** The same angle from the exact longitudes, reduced to [0, 360). */
  exactAngle(kind: AngleKind, jd: number): number {
    const m = siderealLongitudeDeg("moon", jd, this.conv);
    if (kind === "moon") return norm(m);
    const s = siderealLongitudeDeg("sun", jd, this.conv);
    return norm(kind === "elongation" ? m - s : m + s);
  }

  /** Value of the unwrapped angle at sample i. */
  private node(kind: AngleKind, i: number): number {
    const m = this.moonU[i]!;
    if (kind === "moon") return m;
    return kind === "elongation" ? m - this.sunU[i]! : m + this.sunU[i]!;
  }

  /**
   * Time at which the unwrapped angle equals `targetDeg`: the samples bracket it (binary
   * search — the angle only increases), Brent's method (astro/junction.ts findRoot) solves it on the interpolant,
   * and — when `refine` — one Newton step on the exact angle corrects the interpolation.
   */
  solve(kind: AngleKind, targetDeg: number, refine: boolean): number {
    let a = 0, b = this.moonU.length - 1;
    while (b - a > 1) {
      const mid = (a + b) >> 1;
      if (this.node(kind, mid) <= targetDeg) a = mid;
      else b = mid;
    }
    const lo = this.fromJd + a * this.stepDays;
    const f = (jd: number) => this.angle(kind, jd) - targetDeg;
    // Brent's method (astro/junction.ts) on the interpolant, bracketed by the samples.
    let t = findRoot(f, lo, lo + this.stepDays, 1e-8, this.node(kind, a) - targetDeg, this.node(kind, a + 1) - targetDeg);
    if (refine) {
      const h = 1e-3;
      const rate = (this.angle(kind, t + h) - this.angle(kind, t - h)) / (2 * h);
      const resid = wrap180(this.exactAngle(kind, t) - norm(targetDeg));
      t -= resid / rate;
    }
    return t;
  }

  /**
   * Every junction of an angle divided into spans of `spanDeg` within [fromJd, toJd]: the
   * times and the index (0-based, modulo 360/spanDeg) of the span that begins there.
   */
  junctions(kind: AngleKind, spanDeg: number, fromJd: number, toJd: number, refine: boolean): { jd: number; index: number }[] {
    const a0 = this.angle(kind, fromJd);
    const a1 = this.angle(kind, toJd);
    const out: { jd: number; index: number }[] = [];
    const spans = Math.round(360 / spanDeg);
    for (let k = Math.floor(a0 / spanDeg) + 1; k * spanDeg <= a1; k++) {
      const jd = this.solve(kind, k * spanDeg, refine);
      out.push({ jd, index: ((k % spans) + spans) % spans });
    }
    return out;
  }
}

function norm(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}

function wrap180(deg: number): number {
  return deg - 360 * Math.round(deg / 360);
}
