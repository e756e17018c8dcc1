import { trueAyanamshaDeg } from "../engine/astro/ayanamsha.js";
import { ascendantAndMc, houseCusps, type AscendantAndMc, type HouseCusps, type HouseSystem } from "../engine/astro/houses.js";
import { grahaPositions, type GrahaPosition } from "../engine/astro/positions.js";
import type { AyanamshaName, Conventions, Graha, Instant, Place } from "../engine/types.js";

/** How many times each engine computation actually ran (memo misses) in this request. */
export interface EngineStats {
  /** grahaPositions() calls. */
  positionCalls: number;
  /** Grahas computed over all those calls. */
  grahasComputed: number;
  ayanamshaCalls: number;
  ascendantCalls: number;
  houseCalls: number;
  /** Answers served from this request's memo instead of the engine (the cache hits). */
  memoHits: number;
}

const instantKey = (i: Instant): string => String(i.unixMs);
const placeKey = (p: Place): string => `${p.latDeg},${p.lonDeg},${p.heightM ?? 0}`;
/** Positions depend on the ayanamsha and the node kind only; sunrise/month do not move a graha. */
const positionConvKey = (c: Conventions): string => `${c.ayanamsha}/${c.node}`;

/**
 * The per-request memo between resolvers and the engine (docs/architecture.md §4). Every resolver asks it
 * instead of calling the engine, so ten fields needing the Moon at one instant compute it once.
 * Keys are (instant, place, options); it lives exactly as long as one GraphQL operation, so
 * it needs no eviction.
 */
export class EngineContext {
  readonly stats: EngineStats = {
    positionCalls: 0, grahasComputed: 0, ayanamshaCalls: 0, ascendantCalls: 0, houseCalls: 0, memoHits: 0,
  };
  private readonly positionMemo = new Map<string, GrahaPosition>();
  private readonly ayanamshaMemo = new Map<string, number>();
  private readonly ascendantMemo = new Map<string, AscendantAndMc>();
  private readonly houseMemo = new Map<string, HouseCusps>();
  /** Builds per kind of derived() value (e.g. "chartCore", "yogas"), so tests can see what a selection computed. */
  readonly derivedBuilds: Record<string, number> = {};
  private readonly derivedMemo = new Map<string, unknown>();
  private readonly slots = new Map<symbol, unknown>();

  /** Positions of `grahas` (default all nine) at `instant`; only the ones not yet known are computed, in one engine call. */
  positions(instant: Instant, conv: Conventions, grahas: readonly Graha[]): GrahaPosition[] {
    const prefix = `${instantKey(instant)}|${positionConvKey(conv)}|`;
    const missing = grahas.filter((g) => !this.positionMemo.has(prefix + g));
    this.stats.memoHits += grahas.length - missing.length;
    if (missing.length > 0) {
      this.stats.positionCalls += 1;
      this.stats.grahasComputed += missing.length;
      const computed = grahaPositions(instant, conv, missing);
      for (const g of missing) {
        const p = computed[g];
        if (!p) throw new Error(`engine returned no position for ${g}`);
        this.positionMemo.set(prefix + g, p);
      }
    }
    return grahas.map((g) => this.positionMemo.get(prefix + g)!);
  }

  /** True ayanamsha (with nutation in longitude), degrees — the one sidereal longitudes use. */
  ayanamshaDeg(instant: Instant, name: AyanamshaName): number {
    const key = `${instantKey(instant)}|${name}`;
    let v = this.ayanamshaMemo.get(key);
    if (v !== undefined) this.stats.memoHits += 1;
    else {
      this.stats.ayanamshaCalls += 1;
      v = trueAyanamshaDeg(instant.jdTt, name);
      this.ayanamshaMemo.set(key, v);
    }
    return v;
  }

  ascendant(instant: Instant, place: Place, conv: Conventions): AscendantAndMc {
    const key = `${instantKey(instant)}|${placeKey(place)}|${conv.ayanamsha}`;
    let v = this.ascendantMemo.get(key);
    if (v !== undefined) this.stats.memoHits += 1;
    else {
      this.stats.ascendantCalls += 1;
      v = ascendantAndMc(instant, place, conv);
      this.ascendantMemo.set(key, v);
    }
    return v;
  }

  houses(instant: Instant, place: Place, system: HouseSystem, conv: Conventions): HouseCusps {
    const key = `${instantKey(instant)}|${placeKey(place)}|${conv.ayanamsha}|${system}`;
    let v = this.houseMemo.get(key);
    if (v !== undefined) this.stats.memoHits += 1;
    else {
      this.stats.houseCalls += 1;
      v = houseCusps(instant, place, system, conv);
      this.houseMemo.set(key, v);
    }
    return v;
  }

  /**
   * A value derived from engine results (a birth's ChartCore, its yogas …), built once per
   * (kind, key) in this request. `key` must capture everything `build` depends on.
   */
  /**
   * Per-request state another module keeps beside this context (the panchanga memo), made on
   * first use. A slot here rather than a module-level WeakMap keyed by the context: V8's
   * scavenger keeps a WeakMap entry whose key is young alive until the next full collection, so
   * every request's memo would be promoted to the old space (docs/architecture.md §11).
   */
  slot<T>(key: symbol, make: () => T): T {
    let v = this.slots.get(key) as T | undefined;
    if (v === undefined) this.slots.set(key, (v = make()));
    return v;
  }

  derived<T>(kind: string, key: string, build: () => T): T {
    const k = `${kind}|${key}`;
    if (this.derivedMemo.has(k)) {
      this.stats.memoHits += 1;
      return this.derivedMemo.get(k) as T;
    }
    const v = build();
    this.derivedBuilds[kind] = (this.derivedBuilds[kind] ?? 0) + 1;
    this.derivedMemo.set(k, v);
    return v;
  }
}
