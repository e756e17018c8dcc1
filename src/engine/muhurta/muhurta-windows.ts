import { nextSunrise, previousSunrise } from "../astro/rise-set.js";
import { completeFrame } from "../panchanga/panchanga-day.js";
import { EngineInputError } from "../errors.js";
import { NAKSHATRAS } from "../tables/nakshatras.js";
import { RAHU_KALA_EIGHTH } from "../tables/muhurta.js";
import { TITHIS } from "../tables/tithis.js";
import { VARAS, varaOfSunrise } from "../tables/varas.js";
import { YOGAS } from "../tables/yogas.js";
import type { Conventions, Instant, Place } from "../types.js";
import { nthPart } from "../panchanga/day-windows.js";
import { limbSpans, type LimbSpan } from "../panchanga/limb-spans.js";
import { LunisolarSeries } from "../panchanga/lunisolar-series.js";
import { muhurtaRule, type MuhurtaRule, type MuhurtaType } from "./muhurta-rules.js";

/** Days scanned when the caller gives none, and the most allowed. */
export const DEFAULT_SCAN_DAYS = 30;
export const MAX_SCAN_DAYS = 90;

export interface MuhurtaElement {
  readonly number: number;
  readonly name: string;
}

/** A stretch where tithi, nakshatra, yoga and vara are all favourable (Julian days UT). */
export interface MuhurtaWindow {
  readonly startJd: number;
  readonly endJd: number;
  readonly tithi: MuhurtaElement;
  readonly nakshatra: MuhurtaElement;
  readonly yoga: MuhurtaElement;
  readonly vara: MuhurtaElement;
  /** Why each element qualifies, in words. */
  readonly reasons: readonly string[];
}

export interface MuhurtaResult {
  readonly type: MuhurtaType;
  readonly source: string;
  /** The scanned window, Julian days UT, and its length in days. */
  readonly scanFromJdUt: number;
  readonly scanToJdUt: number;
  readonly scanDays: number;
  readonly rule: string;
  readonly windows: readonly MuhurtaWindow[];
}

export interface MuhurtaInput {
  readonly place: Place;
  /** Scan forward from this moment. */
  readonly from: Instant;
  readonly type?: string;
  /** 1–90, default 30. */
  readonly days?: number;
  readonly conv: Conventions;
}

export const MUHURTA_RULE_TEXT =
  "windows where the running tithi, nakshatra and yoga and the vara of the Hindu day (by sunrise) are all in the type's favourable sets, with Rahu Kala removed";

function reasonsFor(rule: MuhurtaRule, t: LimbSpan, n: LimbSpan, y: LimbSpan, varaNumber: number): string[] {
  return [
    `tithi ${TITHIS[t.number - 1]!.paksha} ${t.name} (${t.number}) is favourable for ${rule.type}`,
    `nakshatra ${n.name} is favourable for ${rule.type}`,
    `yoga ${y.name} is not one of the nine inauspicious yogas`,
    `${VARAS[varaNumber - 1]!.name} (${VARAS[varaNumber - 1]!.sanskrit}) is a favourable vara for ${rule.type}`,
  ];
}

/** The scan length in days (default DEFAULT_SCAN_DAYS, 1–MAX_SCAN_DAYS); throws EngineInputError naming `days`. */
export function scanDays(days: number | undefined): number {
  const d = days ?? DEFAULT_SCAN_DAYS;
  if (!Number.isInteger(d) || d < 1 || d > MAX_SCAN_DAYS) {
    throw new EngineInputError(`days must be an integer 1-${MAX_SCAN_DAYS}`, "days");
  }
  return d;
}

/**
 * Auspicious windows from `from` over `days` days: the limb spans come from the
 * junctions (Brent on the Sun/Moon series of lunisolar-series.ts), each
 * Hindu day contributes the stretches where all four elements are favourable, and the day's
 * Rahu Kala is cut out of them. Days without a sunrise (polar) have no vara and give none.
 */
export function findMuhurtaWindows(input: MuhurtaInput): MuhurtaResult {
  const rule = muhurtaRule(input.type);
  const days = scanDays(input.days);
  const { place, conv } = input;
  const from = input.from.jdUt;
  const to = from + days;
  const series = new LunisolarSeries(conv, from - 1.5, to + 1.5);
  const spans = limbSpans(series, from, to);
  const windows: MuhurtaWindow[] = [];

  let sr = previousSunrise(from, place, conv, 2) ?? nextSunrise(from, place, conv, 2);
  let guard = from;
  while (guard < to) {
    if (sr === null) {
      guard += 1;
      sr = nextSunrise(guard, place, conv, 2);
      continue;
    }
    if (sr >= to) break;
    // The same frame the panchanga of that day uses, so windows and kalams agree exactly.
    const frame = completeFrame(sr, place, conv);
    const nsr = frame.nextSunriseJdUt;
    const ss = frame.sunsetJdUt;
    if (nsr === null) break;
    const vara = varaOfSunrise(sr, place.lonDeg);
    if (rule.varas.has(vara)) {
      const lo = Math.max(sr, from);
      const hi = Math.min(nsr, to);
      const rahu = ss !== null && ss < nsr ? nthPart(sr, ss, 8, RAHU_KALA_EIGHTH[vara - 1]!) : null;
      const cuts = new Set<number>([lo, hi]);
      for (const list of [spans.tithi, spans.nakshatra, spans.yoga]) {
        for (const s of list) {
          if (s.startJd > lo && s.startJd < hi) cuts.add(s.startJd);
        }
      }
      if (rahu) {
        if (rahu.startJd > lo && rahu.startJd < hi) cuts.add(rahu.startJd);
        if (rahu.endJd > lo && rahu.endJd < hi) cuts.add(rahu.endJd);
      }
      const points = [...cuts].sort((a, b) => a - b);
      for (let i = 0; i + 1 < points.length; i++) {
        const a = points[i]!, b = points[i + 1]!;
        const mid = (a + b) / 2;
        if (rahu && mid >= rahu.startJd && mid < rahu.endJd) continue;
        const t = spans.tithi.find((s) => s.startJd <= mid && mid < s.endJd);
        const n = spans.nakshatra.find((s) => s.startJd <= mid && mid < s.endJd);
        const y = spans.yoga.find((s) => s.startJd <= mid && mid < s.endJd);
        if (!t || !n || !y) continue;
        if (!rule.tithis.has(t.number) || !rule.nakshatras.has(n.number) || !rule.yogas.has(y.number)) continue;
        windows.push({
          startJd: a,
          endJd: b,
          tithi: { number: t.number, name: t.name },
          nakshatra: { number: n.number, name: NAKSHATRAS[n.number - 1]!.name },
          yoga: { number: y.number, name: YOGAS[y.number - 1]!.name },
          vara: { number: vara, name: VARAS[vara - 1]!.name },
          reasons: reasonsFor(rule, t, n, y, vara),
        });
      }
    }
    guard = nsr;
    sr = nsr;
  }
  return {
    type: rule.type,
    source: rule.source,
    scanFromJdUt: from,
    scanToJdUt: to,
    scanDays: days,
    rule: MUHURTA_RULE_TEXT,
    windows,
  };
}
