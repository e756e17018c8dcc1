/**
 * The period shape every dasha system other than Vimshottari shares (graha and rashi dashas):
 * a lord (a graha key or a rashi number), a level, an interval in Julian days UT and its length in
 * dasha years. Sub-periods are computed on demand by the system's own `subdivide`, so a caller
 * pays only for the levels it reads.
 */
import type { Graha } from "../types.js";

export interface DashaSpan {
  /** A graha for graha dashas, undefined for rashi dashas. */
  readonly graha?: Graha;
  /** A rashi 1..12 for rashi dashas, undefined for graha dashas. */
  readonly rashi?: number;
  /** 1 maha, 2 antar, 3 pratyantar, … */
  readonly level: number;
  readonly startJdUt: number;
  readonly endJdUt: number;
  readonly durationYears: number;
}

export interface SystemDasha {
  readonly system: string;
  readonly name: string;
  readonly kind: "graha" | "rashi";
  readonly yearDays: number;
  readonly birthJdUt: number;
  /** Deepest level the system defines (maha = 1). */
  readonly maxLevel: number;
  readonly mahaDashas: readonly DashaSpan[];
  /** Length of one full cycle in days when the sequence repeats past the listed periods, else null. */
  readonly cycleDays: number | null;
  /** Number of maha periods in one cycle (the first ones listed). */
  readonly cycleLength: number;
  /** The periods one level down (empty at maxLevel). */
  subdivide(p: DashaSpan): DashaSpan[];
}

/** Splits `p` into sub-periods of the given lords and year weights, in order, closing exactly on p's end. */
export function splitSpan(
  p: DashaSpan,
  parts: readonly { readonly graha?: Graha; readonly rashi?: number; readonly weight: number }[],
  yearDays: number,
): DashaSpan[] {
  const total = parts.reduce((a, b) => a + b.weight, 0);
  const out: DashaSpan[] = [];
  let t = p.startJdUt;
  parts.forEach((part, k) => {
    const years = (p.durationYears * part.weight) / total;
    const end = k === parts.length - 1 ? p.endJdUt : t + years * yearDays;
    out.push({ graha: part.graha, rashi: part.rashi, level: p.level + 1, startJdUt: t, endJdUt: end, durationYears: years });
    t = end;
  });
  return out;
}

/**
 * The chain of periods running at `jdUt` (maha first), `depth` levels deep (capped at the system's
 * maxLevel). Past the listed periods a repeating system continues its cycle; otherwise, and
 * before the first period, the result is null.
 */
export function runningSpans(d: SystemDasha, jdUt: number, depth: number): DashaSpan[] | null {
  const first = d.mahaDashas[0];
  const last = d.mahaDashas[d.mahaDashas.length - 1];
  if (!first || !last || jdUt < first.startJdUt) return null;
  let level: readonly DashaSpan[] = d.mahaDashas;
  if (jdUt >= last.endJdUt) {
    if (d.cycleDays === null) return null;
    const shift = Math.floor((jdUt - first.startJdUt) / d.cycleDays) * d.cycleDays;
    level = d.mahaDashas.slice(0, d.cycleLength).map((m) => ({ ...m, startJdUt: m.startJdUt + shift, endJdUt: m.endJdUt + shift }));
  }
  const chain: DashaSpan[] = [];
  for (let lv = 1; lv <= Math.min(d.maxLevel, depth); lv++) {
    const p = level.find((x) => jdUt >= x.startJdUt && jdUt < x.endJdUt) ?? level[level.length - 1];
    if (!p) break;
    chain.push(p);
    if (lv < Math.min(d.maxLevel, depth)) level = d.subdivide(p);
  }
  return chain;
}

/**
 * Sign periods laid end to end from `startJdUt` (the rashi dashas' maha periods): `push` adds a
 * sign with its years (a sign of 0 years is passed over), `spans` holds them in order.
 */
export function signTimeline(startJdUt: number, yearDays: number): { readonly spans: DashaSpan[]; push(rashi: number, years: number): void } {
  const spans: DashaSpan[] = [];
  let t = startJdUt;
  return {
    spans,
    push(rashi, years) {
      if (years <= 0) return;
      const end = t + years * yearDays;
      spans.push({ rashi, level: 1, startJdUt: t, endJdUt: end, durationYears: years });
      t = end;
    },
  };
}

