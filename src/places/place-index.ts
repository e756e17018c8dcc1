import { LATIN_KEY, editDistanceWithin, foldPlaceText } from "./place-text.js";

/** One gazetteer place as the service answers it. */
export interface Place {
  /** The GeoNames id, as a string: stable across GeoNames releases. */
  readonly id: string;
  readonly name: string;
  readonly asciiName: string;
  /** GeoNames' first-order administrative division code within the country (e.g. "25" = Tamil Nadu), or "". */
  readonly admin1Code: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
  /** IANA zone name from GeoNames. */
  readonly timezone: string;
  readonly population: number;
}

/** A search hit: the place and how its best key matched. */
export interface PlaceMatch {
  readonly place: Place;
  /** exact | prefix | fuzzy; on the place's own name or one of its alternate names. */
  readonly match: "exact" | "prefix" | "fuzzy";
  readonly matchedName: string;
  /** Kilometres from the asked point (nearest only). */
  readonly distanceKm?: number;
}

/** One GeoNames row, as the loader hands it over. */
export interface PlaceRow {
  readonly geonameId: number;
  readonly name: string;
  readonly asciiName: string;
  readonly alternateNames: readonly string[];
  readonly latitude: number;
  readonly longitude: number;
  readonly country: string;
  readonly admin1Code: string;
  readonly population: number;
  readonly timezone: string;
}

/** Yields to the event loop during a build (so loading never stalls requests); a no-op in tests. */
export type Yield = () => Promise<void>;

const GRID_DEG = 1;
const EARTH_KM = 6371.0088; // IUGG mean radius

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function letterMask(text: string): number {
  let m = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 97;
    if (c >= 0 && c < 26) m |= 1 << c;
  }
  return m >>> 0;
}

function bitCount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const cellOf = (lat: number, lon: number): number => {
  const row = Math.min(179, Math.max(0, Math.floor((lat + 90) / GRID_DEG)));
  const col = ((Math.floor((lon + 180) / GRID_DEG) % 360) + 360) % 360;
  return row * 360 + col;
};

/**
 * The gazetteer in memory, column-wise (typed arrays and interned strings), with three ways in:
 * name keys bucketed by their first two letters and sorted within each bucket (prefix by binary
 * search, fuzzy by bounded edit distance inside the bucket), a 1° grid for the nearest place, and
 * ids sorted for lookup by id.
 */
export class PlaceIndex {
  private readonly ids: Int32Array;
  private readonly names: string[];
  private readonly asciiNames: string[];
  private readonly admin1: string[];
  private readonly countries: string[];
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly zoneOf: Uint16Array;
  private readonly zones: string[];
  private readonly population: Int32Array;
  /** Key text and its place (the place's own name: kind 0; an alternate name: kind 1). */
  private readonly keyText: string[] = [];
  private readonly keyPlace: number[] = [];
  private readonly keyAlt: number[] = [];
  /** First two letters → key numbers in key-text order. */
  private readonly buckets = new Map<string, Int32Array>();
  /** Per bucket, in the bucket's order: each key's length (capped at 255) and letter mask. */
  private readonly bucketLens = new Map<string, Uint8Array>();
  private readonly bucketMasks = new Map<string, Uint32Array>();
  /** Per bucket, its keys by their place's population, largest first (text order among equals). */
  private readonly bucketByPopulation = new Map<string, Int32Array>();
  private bucketNames: string[] = [];
  private readonly grid = new Map<number, Int32Array>();
  private idOrder!: Int32Array;
  /** Per place, the stamp of the search that last scored it, and that score. */
  private readonly seenStamp: Uint32Array;
  private readonly seenScore: Uint8Array;
  private stamp = 0;

  private constructor(n: number) {
    this.ids = new Int32Array(n);
    this.names = new Array<string>(n);
    this.asciiNames = new Array<string>(n);
    this.admin1 = new Array<string>(n);
    this.countries = new Array<string>(n);
    this.lat = new Float64Array(n);
    this.lon = new Float64Array(n);
    this.zoneOf = new Uint16Array(n);
    this.zones = [];
    this.population = new Int32Array(n);
    this.seenStamp = new Uint32Array(n);
    this.seenScore = new Uint8Array(n);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Build from rows, yielding now and then (the caller's `pause`) so a server keeps answering. */
  static async build(rows: readonly PlaceRow[], pause: Yield): Promise<PlaceIndex> {
    const ix = new PlaceIndex(rows.length);
    const interned = new Map<string, string>();
    const intern = (s: string): string => interned.get(s) ?? (interned.set(s, s), s);
    const zoneNo = new Map<string, number>();
    const bucketLists = new Map<string, number[]>();
    const addKey = (text: string, place: number, alt: number): void => {
      if (text.length === 0) return;
      const k = ix.keyText.length;
      ix.keyText.push(text);
      ix.keyPlace.push(place);
      ix.keyAlt.push(alt);
      const b = text.slice(0, 2);
      let list = bucketLists.get(b);
      if (!list) bucketLists.set(b, (list = []));
      list.push(k);
    };
    const cells = new Map<number, number[]>();
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      ix.ids[i] = r.geonameId;
      ix.names[i] = r.name;
      ix.asciiNames[i] = r.asciiName === r.name ? r.name : r.asciiName;
      ix.admin1[i] = intern(r.admin1Code);
      ix.countries[i] = intern(r.country);
      ix.lat[i] = r.latitude;
      ix.lon[i] = r.longitude;
      let z = zoneNo.get(r.timezone);
      if (z === undefined) {
        z = ix.zones.length;
        ix.zones.push(r.timezone);
        zoneNo.set(r.timezone, z);
      }
      ix.zoneOf[i] = z;
      ix.population[i] = r.population;
      const own = new Set<string>();
      for (const n of [r.name, r.asciiName]) {
        const f = foldPlaceText(n);
        if (!own.has(f)) {
          own.add(f);
          addKey(f, i, 0);
        }
      }
      for (const a of r.alternateNames) {
        const f = foldPlaceText(a);
        if (f.length > 1 && LATIN_KEY.test(f) && !own.has(f)) {
          own.add(f);
          addKey(f, i, 1);
        }
      }
      const c = cellOf(r.latitude, r.longitude);
      let cell = cells.get(c);
      if (!cell) cells.set(c, (cell = []));
      cell.push(i);
      if (i % 1000 === 999) await pause();
    }
    for (const [c, list] of cells) ix.grid.set(c, Int32Array.from(list));
    // Per key, a bit per letter a–z it contains: the fuzzy pass's cheap filter.
    const keyMask = Uint32Array.from(ix.keyText, letterMask);
    const byText = (a: number, b: number): number => {
      const x = ix.keyText[a]!, y = ix.keyText[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    };
    let sortedSincePause = 0;
    for (const [b, list] of bucketLists) {
      list.sort(byText);
      ix.buckets.set(b, Int32Array.from(list));
      ix.bucketLens.set(b, Uint8Array.from(list, (k) => Math.min(255, ix.keyText[k]!.length)));
      ix.bucketMasks.set(b, Uint32Array.from(list, (k) => keyMask[k]!));
      // Stable: keys of equally populous places stay in text order.
      ix.bucketByPopulation.set(b, Int32Array.from([...list].sort((x, y) => ix.population[ix.keyPlace[y]!]! - ix.population[ix.keyPlace[x]!]!)));
      sortedSincePause += list.length;
      if (sortedSincePause > 5_000) {
        sortedSincePause = 0;
        await pause();
      }
    }
    ix.bucketNames = [...ix.buckets.keys()].sort();
    ix.idOrder = Int32Array.from({ length: rows.length }, (_, i) => i).sort((a, b) => ix.ids[a]! - ix.ids[b]!);
    return ix;
  }

  /** The place of a GeoNames id, or undefined. */
  byId(id: string | number): Place | undefined {
    const want = typeof id === "number" ? id : /^\d{1,10}$/.test(id.trim()) ? Number(id.trim()) : NaN;
    if (!Number.isSafeInteger(want)) return undefined;
    let lo = 0, hi = this.idOrder.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.ids[this.idOrder[mid]!]!;
      if (v === want) return this.placeAt(this.idOrder[mid]!);
      if (v < want) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  private placeAt(i: number): Place {
    return {
      id: String(this.ids[i]), name: this.names[i]!, asciiName: this.asciiNames[i]!, admin1Code: this.admin1[i]!,
      country: this.countries[i]!, latitude: this.lat[i]!, longitude: this.lon[i]!, timezone: this.zones[this.zoneOf[i]!]!,
      population: this.population[i]!,
    };
  }

  /**
   * Places whose name or an alternate name matches `query`: exact, then prefix, then (when those
   * are fewer than `limit`) whole names within a small edit distance (1; 2 from eight letters on)
   * sharing the first two letters; within each, the place's own name before
   * an alternate, then the larger population. `country`: ISO alpha-2, or null.
   */
  search(query: string, country: string | null, limit: number): PlaceMatch[] {
    const q = foldPlaceText(query);
    if (q.length === 0) return [];
    const stamp = this.nextStamp();
    const top: { i: number; score: number; key: number }[] = [];
    const consider = (k: number, score: number): void => {
      const i = this.keyPlace[k]!;
      if (country !== null && this.countries[i] !== country) return;
      if (this.seenStamp[i] === stamp && this.seenScore[i]! >= score) return;
      // A full list's last entry bounds the rest: checked before anything else (a two-letter query
      // walks a whole bucket). Safe for a place already listed: its better score would rank it
      // above its own entry, so above the last.
      if (top.length === limit && !this.better(score, i, top[top.length - 1]!)) return;
      this.seenStamp[i] = stamp;
      this.seenScore[i] = score;
      const at = top.findIndex((t) => t.i === i);
      if (at >= 0) top.splice(at, 1);
      let pos = top.length;
      while (pos > 0 && this.better(score, i, top[pos - 1]!)) pos--;
      top.splice(pos, 0, { i, score, key: k });
      if (top.length > limit) top.pop();
    };
    for (const b of this.bucketsFor(q)) {
      const keys = this.buckets.get(b)!;
      if (q.length === 2) {
        // Two letters match their whole bucket: the exact keys (first in text order), then the
        // rest by population until no key left can rank above the last kept (a prefix scores 3 at most).
        for (let p = this.lowerBound(keys, q); p < keys.length && this.keyText[keys[p]!] === q; p++) {
          consider(keys[p]!, 4 + (this.keyAlt[keys[p]!] === 0 ? 1 : 0));
        }
        for (const k of this.bucketByPopulation.get(b)!) {
          if (top.length === limit && !this.better(3, this.keyPlace[k]!, top[top.length - 1]!)) break;
          if (this.keyText[k]!.length > 2) consider(k, 2 + (this.keyAlt[k] === 0 ? 1 : 0));
        }
        continue;
      }
      for (let p = this.lowerBound(keys, q); p < keys.length; p++) {
        const k = keys[p]!;
        const text = this.keyText[k]!;
        if (!text.startsWith(q)) break;
        // exact 5/4, prefix 3/2 (own name / alternate)
        consider(k, (text.length === q.length ? 4 : 2) + (this.keyAlt[k] === 0 ? 1 : 0));
      }
    }
    if (top.length < limit && q.length >= 4) {
      const max = q.length >= 8 ? 2 : 1;
      const qMask = letterMask(q);
      for (const b of this.bucketsFor(q.slice(0, 2))) {
        const keys = this.buckets.get(b)!;
        // The bucket's lengths and letter masks in its own order: the filters read memory in sequence.
        const lens = this.bucketLens.get(b)!;
        const masks = this.bucketMasks.get(b)!;
        for (let p = 0; p < keys.length; p++) {
          // One edit changes at most two letters of the letter set, so more differing letters cannot be within max.
          if (Math.abs(lens[p]! - q.length) > max || bitCount(qMask ^ masks[p]!) > 2 * max) continue;
          const k = keys[p]!;
          const text = this.keyText[k]!;
          if (text.startsWith(q)) continue;
          if (editDistanceWithin(q, text, max) <= max) consider(k, this.keyAlt[k] === 0 ? 1 : 0);
        }
      }
    }
    return top.map((t) => ({
      place: this.placeAt(t.i), match: t.score >= 4 ? "exact" : t.score >= 2 ? "prefix" : "fuzzy",
      matchedName: this.keyText[t.key]!,
    }));
  }

  /** The place nearest to a point (great-circle distance), optionally within one country. */
  nearest(latDeg: number, lonDeg: number, country: string | null = null): PlaceMatch | undefined {
    let best = -1, bestKm = Infinity;
    const row0 = Math.floor((latDeg + 90) / GRID_DEG), col0 = Math.floor((lonDeg + 180) / GRID_DEG);
    // Ring r holds cells r degrees away; once a ring's nearest edge is farther than the best, stop.
    for (let r = 0; r <= 180; r++) {
      const ringKm = Math.max(0, r - 1) * GRID_DEG * 111.19 * Math.max(0.05, Math.cos((Math.min(89, Math.abs(latDeg) + r) * Math.PI) / 180));
      if (best >= 0 && ringKm > bestKm) break;
      for (let dr = -r; dr <= r; dr++) {
        const row = row0 + dr;
        if (row < 0 || row >= 180) continue;
        const edge = Math.abs(dr) === r;
        for (let dc = -r; dc <= r; dc += edge ? 1 : 2 * r || 1) {
          const cell = this.grid.get(row * 360 + ((((col0 + dc) % 360) + 360) % 360));
          if (!cell) continue;
          for (const i of cell) {
            if (country !== null && this.countries[i] !== country) continue;
            const km = haversineKm(latDeg, lonDeg, this.lat[i]!, this.lon[i]!);
            if (km < bestKm) {
              bestKm = km;
              best = i;
            }
          }
        }
      }
    }
    if (best < 0) return undefined;
    return { place: this.placeAt(best), match: "exact", matchedName: foldPlaceText(this.names[best]!), distanceKm: Math.round(bestKm * 1000) / 1000 };
  }

  private nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seenStamp.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Is (score, place i) ranked before t? */
  private better(score: number, i: number, t: { i: number; score: number }): boolean {
    if (score !== t.score) return score > t.score;
    return this.population[i]! > this.population[t.i]!;
  }

  /** The buckets whose keys can start with q: q's own first two letters, or every bucket of a one-letter q. */
  private bucketsFor(q: string): string[] {
    if (q.length >= 2) return this.buckets.has(q.slice(0, 2)) ? [q.slice(0, 2)] : [];
    return this.bucketNames.filter((b) => b.startsWith(q));
  }

  private lowerBound(keys: Int32Array, q: string): number {
    let lo = 0, hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.keyText[keys[mid]!]! < q) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
