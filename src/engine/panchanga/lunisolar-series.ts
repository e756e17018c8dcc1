import { findRoot } from "../astro/junction.js";
import type { Conventions } from "../types.js";
import {
  CHUNK_DAYS,
  chunkEndDeg,
  chunkIndexOf,
  chunkMoonDeg,
  chunkSunDeg,
  chunkT,
  lunisolarChunk,
  lunisolarExactEvaluations,
  type LunisolarChunk,
} from "./lunisolar-chunks.js";
import { moonLongitudeShapeDeg, sunLongitudeShapeDeg } from "./lunisolar-shape.js";

/**
 * Sun and Moon sidereal longitudes over a window, for finding limb junctions with few exact
 * evaluations (the full ELP/MPP02 Moon costs ~100 µs or more).
 *
 * A window is a view on the process-wide chunks of lunisolar-chunks.ts (2 whole UT days each,
 * fitted once per ayanamsha and shared by every place and day), so the angles here depend only
 * on the instant, never on the window that asks. Junctions are solved with Brent's method
 * (astro/junction.ts) inside the one chunk whose exact end values bracket the target: a
 * junction is the same instant whichever day, range or search computes it, and the element
 * beginning there is the one reported at that instant (docs/architecture.md §3, "Junctions").
 * Nothing is decided by a fixed-step scan.
 */
export type AngleKind = "moon" | "elongation" | "sum";

/** Brent's tolerance on the chunk polynomial: 1e-9 day ≈ 0.1 ms (the fit itself is ≈ 0.07 s). */
const SOLVE_TOL_DAYS = 1e-9;

function kindAt(kind: AngleKind, moon: number, sun: number): number {
  return kind === "moon" ? moon : kind === "elongation" ? moon - sun : moon + sun;
}

export class LunisolarSeries {
  readonly fromJd: number;
  readonly toJd: number;
  /** Exact Moon and Sun evaluations this window caused (chunks it had to build; 0 when all were cached). */
  exactEvaluations = 0;
  private readonly firstIndex: number;
  private readonly local: (LunisolarChunk | undefined)[] = [];
  /** Exact − Meeus-47 Moon at the window's ends (far extrapolation, masa.ts). */
  private readonly moonCorrFrom: number;
  private readonly moonCorrTo: number;
  /** Exact − Meeus-25 Sun offset at the window start (for far extrapolation, masa.ts). */
  private readonly sunShapeOffset: number;

  constructor(
    readonly conv: Conventions,
    fromJd: number,
    toJd: number,
  ) {
    this.fromJd = fromJd;
    this.toJd = toJd;
    this.firstIndex = chunkIndexOf(fromJd);
    const last = chunkIndexOf(toJd);
    for (let i = this.firstIndex; i <= last; i++) this.chunk(i);
    this.moonCorrFrom = this.moonAt(fromJd) - moonLongitudeShapeDeg(fromJd);
    this.moonCorrTo = this.moonAt(toJd) - moonLongitudeShapeDeg(toJd);
    this.sunShapeOffset = this.sunAt(fromJd) - sunLongitudeShapeDeg(fromJd);
  }

  private chunk(index: number): LunisolarChunk {
    const k = index - this.firstIndex;
    const mine = k >= 0 ? this.local[k] : undefined;
    if (mine) return mine;
    const before = lunisolarExactEvaluations();
    const c = lunisolarChunk(this.conv.ayanamsha, index);
    this.exactEvaluations += lunisolarExactEvaluations() - before;
    if (k >= 0) this.local[k] = c;
    return c;
  }

  private moonAt(jd: number): number {
    const c = this.chunk(chunkIndexOf(jd));
    return chunkMoonDeg(c, chunkT(c.startJd, jd));
  }

  private sunAt(jd: number): number {
    const c = this.chunk(chunkIndexOf(jd));
    return chunkSunDeg(c, chunkT(c.startJd, jd));
  }

  /** An unwrapped, increasing angle of the given kind at jd, degrees (the same value for every window). */
  angle(kind: AngleKind, jd: number): number {
    const c = this.chunk(chunkIndexOf(jd));
    const t = chunkT(c.startJd, jd);
    const m = chunkMoonDeg(c, t);
    return kind === "moon" ? m : kindAt(kind, m, chunkSunDeg(c, t));
  }

  /** Sidereal Sun and Moon longitudes at jd, degrees [0, 360). */
  longitudes(jd: number): { sunDeg: number; moonDeg: number } {
    const c = this.chunk(chunkIndexOf(jd));
    const t = chunkT(c.startJd, jd);
    return { sunDeg: norm(chunkSunDeg(c, t)), moonDeg: norm(chunkMoonDeg(c, t)) };
  }

  /**
   * Approximate elongation anywhere within weeks of the window (for new moons, masa.ts): the
   * Meeus shapes with the corrections held at the nearer window end; good to ≈ 20″.
   */
  farElongationDeg(jd: number): number {
    const moonCorr = jd < this.fromJd ? this.moonCorrFrom : this.moonCorrTo;
    return moonLongitudeShapeDeg(jd) + moonCorr - this.farSunDeg(jd);
  }

  /** Approximate sidereal Sun far from the window (Meeus 25 + fitted offset), ≈ 0.01°, unwrapped. */
  farSunDeg(jd: number): number {
    return sunLongitudeShapeDeg(jd) + this.sunShapeOffset;
  }

  /** The angle at a chunk's start and end, from its exact end nodes (bit-identical to the neighbours'). */
  private ends(kind: AngleKind, c: LunisolarChunk): [number, number] {
    const a = chunkEndDeg(c, false);
    const b = chunkEndDeg(c, true);
    return [kindAt(kind, a.moon, a.sun), kindAt(kind, b.moon, b.sun)];
  }

  /** Time the angle equals `targetDeg`, solved inside the chunk `index` whose end values bracket it. */
  private solveIn(kind: AngleKind, index: number, targetDeg: number): number {
    const c = this.chunk(index);
    const [lo, hi] = this.ends(kind, c);
    // lo ≤ target < hi by the caller's choice of chunk; the polynomial meets the end values to ≈ 1e-11°.
    if (targetDeg <= lo) return c.startJd;
    const f = (jd: number) => this.angle(kind, jd) - targetDeg;
    return findRoot(f, c.startJd, c.startJd + CHUNK_DAYS, SOLVE_TOL_DAYS, lo - targetDeg, hi - targetDeg);
  }

  /**
   * Time at which the unwrapped angle equals `targetDeg` (the same instant for every window).
   * The walk to the bracketing chunk starts at `nearJd` (default: the window's middle); a good
   * guess far outside the window builds only the chunk or two around it.
   */
  solve(kind: AngleKind, targetDeg: number, nearJd = (this.fromJd + this.toJd) / 2): number {
    let i = chunkIndexOf(nearJd);
    for (;;) {
      const [lo, hi] = this.ends(kind, this.chunk(i));
      if (targetDeg < lo) i--;
      else if (targetDeg >= hi) i++;
      else return this.solveIn(kind, i, targetDeg);
    }
  }

  /**
   * Every junction of an angle divided into spans of `spanDeg` with fromJd < jd ≤ toJd: the
   * times and the index (0-based, modulo 360/spanDeg) of the span that begins there.
   */
  junctions(kind: AngleKind, spanDeg: number, fromJd: number, toJd: number): { jd: number; index: number }[] {
    const out: { jd: number; index: number }[] = [];
    const spans = Math.round(360 / spanDeg);
    const lastIndex = chunkIndexOf(toJd);
    for (let i = chunkIndexOf(fromJd); i <= lastIndex; i++) {
      const [lo, hi] = this.ends(kind, this.chunk(i));
      // Each target belongs to the one chunk with lo ≤ target < hi (neighbours share their end values exactly).
      for (let k = Math.ceil(lo / spanDeg); k * spanDeg < hi; k++) {
        if (k * spanDeg < lo) continue;
        const jd = this.solveIn(kind, i, k * spanDeg);
        if (jd > fromJd && jd <= toJd) out.push({ jd, index: ((k % spans) + spans) % spans });
      }
    }
    return out;
  }
}

function norm(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}
