/**
 * A memo that keeps the `max` most recently used values of a Map (insertion order is recency:
 * a hit is re-inserted) and counts hits, misses and evictions in `stats`. `make` runs on a miss;
 * if it throws, nothing is kept.
 */
export interface LruStats {
  hits: number;
  misses: number;
  evictions?: number;
}

export function lruMemo<K, V>(memo: Map<K, V>, key: K, max: number, stats: LruStats, make: () => V): V {
  const hit = memo.get(key);
  if (hit !== undefined) {
    stats.hits++;
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  stats.misses++;
  const made = make();
  if (memo.size >= max) {
    memo.delete(memo.keys().next().value!);
    if (stats.evictions !== undefined) stats.evictions++;
  }
  memo.set(key, made);
  return made;
}
