/**
 * Tropical longitude of a graha by Chebyshev interpolation, for searches (junctions, ingresses,
 * stations) that evaluate one graha many times within hours or days.
 *
 * Time is cut into fixed blocks (1 day for the Moon, 4 days for the others, aligned on JD TT
 * 0.0). On first use a block gets the graha's full-accuracy longitude at NODES Chebyshev nodes
 * (positions.ts); any later instant inside it costs a short Clenshaw sum. The blocks are a pure
 * cache: an answer depends only on the instant, never on what was asked before. Interpolation
 * error is below 1e-4″ (measured 3e-5″; test/engine/positions-interpolation.test.ts).
 */
import type { Conventions, Graha } from "../types.js";

const NODES = 12;
const BLOCK_DAYS: Readonly<Record<"moon" | "other", number>> = { moon: 1, other: 4 };
/** Blocks kept per graha (a search rarely spans more than a few). */
const MAX_BLOCKS = 32;

type TropicalLongitude = (graha: Graha, jdTt: number) => number;

interface Block {
  readonly coeffs: Float64Array;
}

const caches = new Map<string, Map<number, Block>>();

function buildBlock(graha: Graha, start: number, length: number, f: TropicalLongitude): Block {
  const values = new Float64Array(NODES);
  for (let k = 0; k < NODES; k++) {
    const x = Math.cos((Math.PI * (k + 0.5)) / NODES);
    values[k] = f(graha, start + ((x + 1) / 2) * length);
  }
  // Unwrap across 0°/360° so the block is one smooth curve.
  for (let k = 1; k < NODES; k++) values[k] = values[k]! - 360 * Math.round((values[k]! - values[k - 1]!) / 360);
  const coeffs = new Float64Array(NODES);
  for (let j = 0; j < NODES; j++) {
    let sum = 0;
    for (let k = 0; k < NODES; k++) sum += values[k]! * Math.cos((Math.PI * j * (k + 0.5)) / NODES);
    coeffs[j] = (2 / NODES) * sum;
  }
  return { coeffs };
}

/** Σ c_j T_j(x) − c_0/2 (Clenshaw). */
function clenshaw(c: Float64Array, x: number): number {
  let b1 = 0;
  let b2 = 0;
  for (let j = c.length - 1; j >= 1; j--) {
    const b0 = 2 * x * b1 - b2 + c[j]!;
    b2 = b1;
    b1 = b0;
  }
  return x * b1 - b2 + c[0]! / 2;
}

/**
 * Interpolated tropical longitude (deg, not normalised) of a graha at jdTt, built from
 * `tropical` (the full-accuracy evaluator). `conv` keys the cache for the node kind (Rahu).
 */
export function interpolatedTropicalDeg(graha: Graha, jdTt: number, conv: Conventions, tropical: TropicalLongitude): number {
  const length = graha === "moon" ? BLOCK_DAYS.moon : BLOCK_DAYS.other;
  const index = Math.floor(jdTt / length);
  const key = `${graha}/${conv.node}`;
  let cache = caches.get(key);
  if (!cache) {
    cache = new Map();
    caches.set(key, cache);
  }
  let block = cache.get(index);
  if (!block) {
    block = buildBlock(graha, index * length, length, tropical);
    if (cache.size >= MAX_BLOCKS) cache.delete(cache.keys().next().value!);
    cache.set(index, block);
  }
  const x = ((jdTt - index * length) / length) * 2 - 1;
  return clenshaw(block.coeffs, x);
}
