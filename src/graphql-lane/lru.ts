/**
 * A bounded least-recently-used map (a Map keeps insertion order: a hit moves its key to the end,
 * the first key is the eldest). Bounded by entries and by an approximate size in bytes, so a
 * client sending endless distinct documents costs a fixed amount of memory.
 */
export interface LruStats {
  readonly hits: number;
  readonly misses: number;
  readonly entries: number;
  readonly bytes: number;
}

export class Lru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxEntries: number, private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  /** `bytes`: the entry's approximate size (e.g. its key's length times a factor for the parsed form). */
  set(key: string, value: V, bytes: number): void {
    if (this.maxEntries <= 0 || bytes > this.maxBytes) return;
    this.delete(key);
    this.map.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [eldest, e] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(eldest);
      this.bytes -= e.bytes;
    }
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.bytes -= e.bytes;
  }

  stats(): LruStats {
    return { hits: this.hits, misses: this.misses, entries: this.map.size, bytes: this.bytes };
  }
}
