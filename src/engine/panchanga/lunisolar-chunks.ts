import { siderealLongitudeDeg } from "../astro/positions.js";
import { AYANAMSHAS, withDefaults, type AyanamshaName } from "../types.js";
import { moonLongitudeShapeDeg, sunLongitudeShapeDeg } from "./lunisolar-shape.js";
import { lruMemo } from "../lru-memo.js";

/**
 * Process-wide fits of the sidereal Sun and Moon on a fixed UT grid (docs/architecture.md §3,
 * §11). Neither depends on the place, so every place and day that touches a chunk shares it,
 * and a chunk is a pure function of (ayanamsha, chunk index): whichever request builds it,
 * it holds the same numbers, so a junction solved on it is the same instant whichever day asks.
 *
 * A chunk covers CHUNK_DAYS whole UT days (from 0h UT). The exact longitudes (ELP/MPP02 Moon,
 * VSOP87 Sun, positions.ts) are taken at EXACT_NODES Chebyshev–Lobatto nodes; the end nodes lie
 * on the chunk boundaries and are the same values the neighbours use (copied from a cached
 * neighbour, else recomputed — bit-identical, the evaluation is deterministic). Between nodes
 * only exact − Meeus shape (lunisolar-shape.ts), a smooth difference, is interpolated; the sum
 * shape + interpolated difference is then sampled at FIT_NODES Lobatto nodes and kept as a
 * Chebyshev series, so later evaluations cost a short Clenshaw sum.
 *
 * Measured against the exact evaluator over 1900–2100 (60 chunks, 12 points each), Moon / Sun:
 * 2-day chunks with 5 exact nodes 0.005″ / < 0.0001″; with 4 nodes 0.04″ / 0.0002″; 1-day
 * chunks with 3 nodes 0.04″ / 0.0007″; the old 3.6-day window fit with 4 nodes 0.21″. With 5
 * nodes every limb end lies within 0.01 s of the exact root and within 0.21 s of the Swiss
 * Ephemeris (test/engine/junction-continuity.test.ts). Cost: 4 new exact evaluations per body
 * per chunk (2 a day) when nothing is cached, none when it is. The fit of the shape plus the
 * interpolated difference by 9 Chebyshev terms over 2 days adds < 1e-6″ (the shortest
 * Meeus-47 period is ≈ 5.7 days).
 */
export const CHUNK_DAYS = 2;
const HALF_DAYS = CHUNK_DAYS / 2;
const EXACT_NODES = 5;
const FIT_NODES = 9;
/** Chunks kept process-wide (all ayanamshas together): 4,096 × 2 days ≈ 22 years of one ayanamsha, ≈ 1.9 MB. */
export const MAX_CHUNKS = 4096;
/** Heap bytes of one chunk with its map entry, measured (node --expose-gc, 2,000 chunks built): 290–460 (the map grows in steps); the upper figure is reported. */
const CHUNK_BYTES = 460;

const wrap180 = (d: number) => d - 360 * Math.round(d / 360);

/**
 * One chunk: its start and one packed array (a single typed array keeps a chunk at ≈ 460 bytes with its map entry;
 * separate arrays cost 1,100). Read it through chunkMoonDeg, chunkSunDeg and
 * chunkEndDeg.
 */
export interface LunisolarChunk {
  /** 0h UT of the chunk's first day, Julian day. */
  readonly startJd: number;
  /**
   * [0, F): Moon Chebyshev coefficients (c0 and c_last already halved) in t = (jd − mid)/HALF_DAYS;
   * [F, 2F): the Sun's; then the unwrapped Moon and Sun at the start and the end (from the exact
   * end nodes, bit-identical to the neighbours'), then exact − shape of Moon and Sun at the
   * first and last exact node (handed to neighbours).
   */
  readonly data: Float64Array;
}

const F = FIT_NODES;
const MOON_START = 2 * F, MOON_END = 2 * F + 1, SUN_START = 2 * F + 2, SUN_END = 2 * F + 3;
const MOON_CORR_FIRST = 2 * F + 4, MOON_CORR_LAST = 2 * F + 5, SUN_CORR_FIRST = 2 * F + 6, SUN_CORR_LAST = 2 * F + 7;
const DATA_LENGTH = 2 * F + 8;

/** Unwrapped sidereal Moon (degrees) at t ∈ [−1, 1] of the chunk. */
export function chunkMoonDeg(c: LunisolarChunk, t: number): number {
  return chebyshevAt(c.data, 0, t);
}

/** Unwrapped sidereal Sun (degrees) at t ∈ [−1, 1] of the chunk. */
export function chunkSunDeg(c: LunisolarChunk, t: number): number {
  return chebyshevAt(c.data, F, t);
}

/** Unwrapped Moon and Sun at the chunk's start (end = false) or end, from the exact nodes. */
export function chunkEndDeg(c: LunisolarChunk, end: boolean): { moon: number; sun: number } {
  return end ? { moon: c.data[MOON_END]!, sun: c.data[SUN_END]! } : { moon: c.data[MOON_START]!, sun: c.data[SUN_START]! };
}

/** Hits, misses, current entries and memory of the process-wide chunk cache (for /metrics). */
export interface LunisolarCacheStats {
  hits: number;
  misses: number;
  entries: number;
  evictions: number;
  /** Exact Sun and Moon evaluations made to build chunks since start. */
  exactEvaluations: number;
  /** Approximate heap held by the chunks, bytes. */
  bytes: number;
  maxEntries: number;
}

const cache = new Map<number, LunisolarChunk>();
const stats = { hits: 0, misses: 0, evictions: 0, exactEvaluations: 0 };
const AYANAMSHA_COUNT = AYANAMSHAS.length;

/** The chunk index holding jd (UT). */
export function chunkIndexOf(jdUt: number): number {
  return Math.floor((jdUt - 0.5) / CHUNK_DAYS);
}

/** 0h UT opening chunk `index`. */
export function chunkStartJd(index: number): number {
  return index * CHUNK_DAYS + 0.5;
}

const keyOf = (ayanamsha: AyanamshaName, index: number) => index * AYANAMSHA_COUNT + AYANAMSHAS.indexOf(ayanamsha);

/** The chunk `index` for an ayanamsha, from the cache or built (least recently used evicted). */
export function lunisolarChunk(ayanamsha: AyanamshaName, index: number): LunisolarChunk {
  return lruMemo(cache, keyOf(ayanamsha, index), MAX_CHUNKS, stats, () => buildChunk(ayanamsha, index));
}

/** Exact evaluations made so far (what lunisolarCacheStats reports), without building the stats object: read per chunk lookup. */
export function lunisolarExactEvaluations(): number {
  return stats.exactEvaluations;
}

export function lunisolarCacheStats(): LunisolarCacheStats {
  return { ...stats, entries: cache.size, bytes: cache.size * CHUNK_BYTES, maxEntries: MAX_CHUNKS };
}

/** Empties the cache (tests measuring cold costs). */
export function clearLunisolarCache(): void {
  cache.clear();
}

function buildChunk(ayanamsha: AyanamshaName, index: number): LunisolarChunk {
  // The Sun and Moon depend on the ayanamsha only (not the node, sunrise or month conventions).
  const conv = withDefaults({ ayanamsha });
  const start = chunkStartJd(index);
  const prev = cache.get(keyOf(ayanamsha, index - 1));
  const next = cache.get(keyOf(ayanamsha, index + 1));
  const xs = new Float64Array(EXACT_NODES);
  const moonCorr = new Float64Array(EXACT_NODES);
  const sunCorr = new Float64Array(EXACT_NODES);
  for (let i = 0; i < EXACT_NODES; i++) {
    const x = start + HALF_DAYS * (1 - Math.cos((Math.PI * i) / (EXACT_NODES - 1)));
    xs[i] = x;
    if (i === 0 && prev) {
      moonCorr[i] = prev.data[MOON_CORR_LAST]!;
      sunCorr[i] = prev.data[SUN_CORR_LAST]!;
    } else if (i === EXACT_NODES - 1 && next) {
      moonCorr[i] = next.data[MOON_CORR_FIRST]!;
      sunCorr[i] = next.data[SUN_CORR_FIRST]!;
    } else {
      moonCorr[i] = wrap180(siderealLongitudeDeg("moon", x, conv) - moonLongitudeShapeDeg(x));
      sunCorr[i] = wrap180(siderealLongitudeDeg("sun", x, conv) - sunLongitudeShapeDeg(x));
      stats.exactEvaluations += 2;
    }
  }
  const end = start + CHUNK_DAYS;
  const mid = start + HALF_DAYS;
  const moonVals = new Float64Array(F);
  const sunVals = new Float64Array(F);
  for (let k = 0; k < F; k++) {
    const x = mid + HALF_DAYS * Math.cos((Math.PI * k) / (F - 1));
    moonVals[k] = moonLongitudeShapeDeg(x) + lagrange(xs, moonCorr, x);
    sunVals[k] = sunLongitudeShapeDeg(x) + lagrange(xs, sunCorr, x);
  }
  const last = EXACT_NODES - 1;
  const data = new Float64Array(DATA_LENGTH);
  chebyshevOfLobatto(moonVals, data, 0);
  chebyshevOfLobatto(sunVals, data, F);
  data[MOON_START] = moonLongitudeShapeDeg(start) + moonCorr[0]!;
  data[MOON_END] = moonLongitudeShapeDeg(end) + moonCorr[last]!;
  data[SUN_START] = sunLongitudeShapeDeg(start) + sunCorr[0]!;
  data[SUN_END] = sunLongitudeShapeDeg(end) + sunCorr[last]!;
  data[MOON_CORR_FIRST] = moonCorr[0]!;
  data[MOON_CORR_LAST] = moonCorr[last]!;
  data[SUN_CORR_FIRST] = sunCorr[0]!;
  data[SUN_CORR_LAST] = sunCorr[last]!;
  return { startJd: start, data };
}

/** Lagrange interpolation through (xs, ys) at x (few nodes: the direct form is fine). */
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

/**
 * Chebyshev coefficients of the polynomial through values at the Lobatto points
 * t_k = cos(πk/(n−1)) (a discrete cosine transform of type I), with c0 and c_{n−1} halved so
 * that f(t) = Σ c_j T_j(t); written to out[offset …].
 */
function chebyshevOfLobatto(values: Float64Array, out: Float64Array, offset: number): void {
  const n = values.length;
  const m = n - 1;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let k = 0; k < n; k++) {
      const w = k === 0 || k === m ? 0.5 : 1;
      s += w * values[k]! * Math.cos((Math.PI * j * k) / m);
    }
    out[offset + j] = ((2 / m) * s) * (j === 0 || j === m ? 0.5 : 1);
  }
}

/** Σ c_j T_j(t) over the F coefficients at c[offset …] (Clenshaw). */
function chebyshevAt(c: Float64Array, offset: number, t: number): number {
  let b1 = 0;
  let b2 = 0;
  const t2 = 2 * t;
  for (let j = offset + F - 1; j > offset; j--) {
    const b0 = t2 * b1 - b2 + c[j]!;
    b2 = b1;
    b1 = b0;
  }
  return t * b1 - b2 + c[offset]!;
}

/** t in [−1, 1] of jd inside the chunk opening at startJd. */
export function chunkT(startJd: number, jdUt: number): number {
  return (jdUt - startJd) / HALF_DAYS - 1;
}
