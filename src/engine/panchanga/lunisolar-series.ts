import { findRoot } from "../astro/junction.js";
import { siderealLongitudeDeg } from "../astro/positions.js";
import type { Conventions } from "../types.js";
import { moonLongitudeShapeDeg, sunLongitudeShapeDeg } from "./lunisolar-shape.js";

/**
 * Sun and Moon sidereal longitudes over a window, for finding limb junctions with few exact
 * evaluations (the full ELP/MPP02 Moon costs ~100 µs or more).
 *
 * The window is cut into chunks of ≤ 6 days; in each, the exact longitudes are taken at
 * Chebyshev–Lobatto nodes (4 per chunk up to 4 days, else 6; neighbours share their end node,
 * so the pieces join continuously). The Sun is interpolated directly (it is nearly linear: the
 * error is ≪ 0.1″). For the Moon only the difference exact − Meeus-47 shape (lunisolar-shape.ts)
 * is interpolated: that difference is smooth, and the result stays within ≈ 0.2″ of the exact
 * Moon (measured: 0.07″ for 4 days/5 nodes, 0.21″ for 3.5 days/4 nodes, 0.11″ for 6 days/6 nodes)
 * — under half a second of time. Both are then tabulated every ¼ day, and a 4-point cubic on
 * that table (error ≈ 0.01″) is what junctions are solved on, with Brent's method
 * (astro/junction.ts) inside the bracket the table gives. Nothing is decided by a fixed-step
 * scan: the table only feeds the interpolant.
 */
export type AngleKind = "moon" | "elongation" | "sum";

const GRID_STEP_DAYS = 0.25;
const MAX_CHUNK_DAYS = 6;
const SUN_MEAN_RATE = 0.98564736;
const wrap180 = (d: number) => d - 360 * Math.round(d / 360);

/** Lagrange interpolation through (xs, ys) at x (few nodes: direct form is fine). */
function lagrange(xs: Float64Array, ys: Float64Array, x: number): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) {
    let l = 1;
    const xi = xs[i]!;
    for (let j = 0; j < xs.length; j++) if (j !== i) l *= (x - xs[j]!) / (xi - xs[j]!);
    s += l * ys[i]!;
  }
  return s;
}

interface Chunk {
  readonly fromJd: number;
  readonly toJd: number;
  readonly xs: Float64Array;
  /** Exact − shape, Moon, degrees (unwrapped consistently). */
  readonly moonCorr: Float64Array;
  /** Exact Sun, degrees (unwrapped consistently). */
  readonly sun: Float64Array;
}

export class LunisolarSeries {
  readonly fromJd: number;
  readonly toJd: number;
  private readonly chunks: Chunk[] = [];
  private readonly gridFromJd: number;
  private readonly sunU: Float64Array;
  private readonly moonU: Float64Array;
  /** Exact − Meeus-25 Sun offset at the window start (for far extrapolation, masa.ts). */
  private readonly sunShapeOffset: number;
  /** Exact Moon and Sun evaluations made (for tests and benches). */
  exactEvaluations = 0;

  constructor(
    readonly conv: Conventions,
    fromJd: number,
    toJd: number,
  ) {
    this.fromJd = fromJd;
    this.toJd = toJd;
    const total = toJd - fromJd;
    const count = Math.max(1, Math.ceil(total / MAX_CHUNK_DAYS));
    const len = total / count;
    const nodes = len <= 4 ? 4 : 6;
    let moonRef = NaN;
    let sunRef = NaN;
    let prevEnd: { moon: number; sun: number } | undefined;
    for (let c = 0; c < count; c++) {
      const a = fromJd + c * len;
      const xs = new Float64Array(nodes);
      const moonCorr = new Float64Array(nodes);
      const sun = new Float64Array(nodes);
      for (let i = 0; i < nodes; i++) {
        const x = a + (len / 2) * (1 - Math.cos((Math.PI * i) / (nodes - 1)));
        xs[i] = x;
        if (i === 0 && prevEnd) {
          moonCorr[i] = prevEnd.moon;
          sun[i] = prevEnd.sun;
          continue;
        }
        const m = siderealLongitudeDeg("moon", x, conv);
        const s = siderealLongitudeDeg("sun", x, conv);
        this.exactEvaluations += 2;
        const corr = m - moonLongitudeShapeDeg(x);
        if (Number.isNaN(moonRef)) {
          moonRef = wrap180(corr);
          sunRef = s;
        }
        moonCorr[i] = moonRef + wrap180(corr - moonRef);
        const sunLinear = sunRef + SUN_MEAN_RATE * (x - fromJd);
        sun[i] = sunLinear + wrap180(s - sunLinear);
      }
      prevEnd = { moon: moonCorr[nodes - 1]!, sun: sun[nodes - 1]! };
      this.chunks.push({ fromJd: a, toJd: a + len, xs, moonCorr, sun });
    }
    this.sunShapeOffset = wrap180(sunRef - sunLongitudeShapeDeg(fromJd));
    // The ¼-day table, one step of padding before and two after for the 4-point cubic.
    this.gridFromJd = fromJd - GRID_STEP_DAYS;
    const n = Math.ceil(total / GRID_STEP_DAYS) + 4;
    this.sunU = new Float64Array(n);
    this.moonU = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const jd = this.gridFromJd + i * GRID_STEP_DAYS;
      const ch = this.chunkAt(jd);
      this.sunU[i] = lagrange(ch.xs, ch.sun, jd);
      this.moonU[i] = moonLongitudeShapeDeg(jd) + lagrange(ch.xs, ch.moonCorr, jd);
    }
  }

  private chunkAt(jd: number): Chunk {
    const len = (this.toJd - this.fromJd) / this.chunks.length;
    const k = Math.min(this.chunks.length - 1, Math.max(0, Math.floor((jd - this.fromJd) / len)));
    return this.chunks[k]!;
  }

  private interp(arr: Float64Array, jd: number): number {
    const x = (jd - this.gridFromJd) / GRID_STEP_DAYS;
    let i = Math.floor(x) - 1;
    if (i < 0) i = 0;
    if (i > arr.length - 4) i = arr.length - 4;
    const u = x - i;
    const y0 = arr[i]!, y1 = arr[i + 1]!, y2 = arr[i + 2]!, y3 = arr[i + 3]!;
    const a = u * (u - 1), b = (u - 2) * (u - 3);
    return (-y0 * (u - 1) * b) / 6 + (y1 * u * b) / 2 - (y2 * a * (u - 3)) / 2 + (y3 * a * (u - 2)) / 6;
  }

  /** An unwrapped, increasing angle of the given kind at jd inside the window, degrees. */
  angle(kind: AngleKind, jd: number): number {
    const m = this.interp(this.moonU, jd);
    if (kind === "moon") return m;
    const s = this.interp(this.sunU, jd);
    return kind === "elongation" ? m - s : m + s;
  }

  /** Sidereal Sun and Moon longitudes at jd inside the window, degrees [0, 360). */
  longitudes(jd: number): { sunDeg: number; moonDeg: number } {
    return { sunDeg: norm(this.interp(this.sunU, jd)), moonDeg: norm(this.interp(this.moonU, jd)) };
  }

  /**
   * Approximate elongation anywhere within weeks of the window (for new moons, masa.ts): the
   * Meeus shapes with the corrections held at the nearer window end; good to ≈ 20″.
   */
  farElongationDeg(jd: number): number {
    const first = this.chunks[0]!;
    const last = this.chunks[this.chunks.length - 1]!;
    const moonCorr = jd < this.fromJd ? first.moonCorr[0]! : last.moonCorr[last.moonCorr.length - 1]!;
    return moonLongitudeShapeDeg(jd) + moonCorr - this.farSunDeg(jd);
  }

  /** Approximate sidereal Sun far from the window (Meeus 25 + fitted offset), ≈ 0.01°, unwrapped. */
  farSunDeg(jd: number): number {
    return sunLongitudeShapeDeg(jd) + this.sunShapeOffset;
  }

  private node(kind: AngleKind, i: number): number {
    const m = this.moonU[i]!;
    if (kind === "moon") return m;
    return kind === "elongation" ? m - this.sunU[i]! : m + this.sunU[i]!;
  }

  /**
   * Time at which the unwrapped angle equals `targetDeg`: the table brackets it (binary
   * search — the angle only increases) and Brent's method solves it on the interpolant.
   */
  solve(kind: AngleKind, targetDeg: number): number {
    let a = 0, b = this.moonU.length - 1;
    while (b - a > 1) {
      const mid = (a + b) >> 1;
      if (this.node(kind, mid) <= targetDeg) a = mid;
      else b = mid;
    }
    const lo = this.gridFromJd + a * GRID_STEP_DAYS;
    const f = (jd: number) => this.angle(kind, jd) - targetDeg;
    return findRoot(f, lo, lo + GRID_STEP_DAYS, 1e-8, this.node(kind, a) - targetDeg, this.node(kind, a + 1) - targetDeg);
  }

  /**
   * Every junction of an angle divided into spans of `spanDeg` within [fromJd, toJd]: the
   * times and the index (0-based, modulo 360/spanDeg) of the span that begins there.
   */
  junctions(kind: AngleKind, spanDeg: number, fromJd: number, toJd: number): { jd: number; index: number }[] {
    const a0 = this.angle(kind, fromJd);
    const a1 = this.angle(kind, toJd);
    const out: { jd: number; index: number }[] = [];
    const spans = Math.round(360 / spanDeg);
    for (let k = Math.floor(a0 / spanDeg) + 1; k * spanDeg <= a1; k++) {
      out.push({ jd: this.solve(kind, k * spanDeg), index: ((k % spans) + spans) % spans });
    }
    return out;
  }
}

function norm(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}
