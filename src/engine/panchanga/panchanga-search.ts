import { nextSunrise, previousSunrise } from "../astro/rise-set.js";
import { EngineInputError } from "../errors.js";
import { varaOfSunrise } from "../tables/varas.js";
import type { Conventions, Instant, Place } from "../types.js";
import { limbSpans, type LimbName, type LimbSpan } from "./limb-spans.js";
import { LunisolarSeries } from "./lunisolar-series.js";
import { completeFrame, panchangaFromSunrise, type PanchangaDay } from "./panchanga-day.js";
import { parseCriteria, type PanchangaCriteria, type PanchangaCriteriaInput } from "./search-criteria.js";

export interface PanchangaSearchInput {
  readonly place: Place;
  /** Search from this moment: days whose sunrise is at or after it. */
  readonly after: Instant;
  readonly criteria: PanchangaCriteriaInput;
  /** 1–20, default 5. */
  readonly maxResults?: number;
  /** 1–365, default 365. */
  readonly maxDays?: number;
  readonly conv: Conventions;
}

export interface PanchangaSearchResult {
  readonly matches: readonly PanchangaDay[];
  readonly searchedFromJdUt: number;
  readonly searchedToJdUt: number;
  /** How a day is said to have an element. */
  readonly matchRule: string;
}

export const MATCH_RULE =
  "a day (sunrise to next sunrise) has an element if it prevails at sunrise (udaya), or begins and ends within the day (kshaya); vara is by sunrise";

const LIMB_KEYS: readonly LimbName[] = ["tithi", "nakshatra", "yoga", "karana"];
/** Candidate days come from the long series; this slack keeps edge days for the check on each full day. */
const SLACK_DAYS = 120 / 86400;

function checkInt(v: number | undefined, dflt: number, lo: number, hi: number, field: string): number {
  if (v === undefined) return dflt;
  if (!Number.isInteger(v) || v < lo || v > hi) throw new EngineInputError(`${field} must be an integer ${lo}-${hi}`, field);
  return v;
}

/**
 * The search limits (max_results 1–20, default 5; max_days 1–365, default 365), checked on
 * their own so a caller can refuse bad limits before pricing; throws EngineInputError.
 */
export function searchLimits(maxResults?: number, maxDays?: number): { maxResults: number; maxDays: number } {
  return { maxResults: checkInt(maxResults, 5, 1, 20, "max_results"), maxDays: checkInt(maxDays, 365, 1, 365, "max_days") };
}

/** Whether a full day satisfies the criteria under MATCH_RULE (the exact test). */
export function dayMatches(day: PanchangaDay, criteria: PanchangaCriteria): boolean {
  if (day.sunriseJdUt === null || day.nextSunriseJdUt === null) return false;
  if (criteria.vara && !(day.vara && criteria.vara.has(day.vara.number))) return false;
  for (const key of LIMB_KEYS) {
    const wanted = criteria[key];
    if (!wanted) continue;
    const ok = day.transitions.some(
      (s) =>
        s.element === key &&
        wanted.has(s.number) &&
        ((s.startJd <= day.sunriseJdUt! && day.sunriseJdUt! < s.endJd) ||
          (s.startJd >= day.sunriseJdUt! && s.endJd <= day.nextSunriseJdUt!)),
    );
    if (!ok) return false;
  }
  return true;
}

/**
 * Days matching the criteria, found from junction times: the limb spans over the whole window
 * come from the shared Sun/Moon chunks (lunisolar-chunks.ts; the same junction instants a single
 * day reports), the spans of the
 * wanted elements are intersected with sunrises found around them only, and just the
 * candidate days are computed in full (and checked exactly). With only a vara criterion the
 * days are walked by sunrise, testing the weekday before computing anything else.
 */
export function searchPanchanga(input: PanchangaSearchInput): PanchangaSearchResult {
  const { maxResults, maxDays } = searchLimits(input.maxResults, input.maxDays);
  const criteria = parseCriteria(input.criteria);
  const { place, conv } = input;
  const from = input.after.jdUt;
  const to = from + maxDays;
  const matches: PanchangaDay[] = [];
  const result = (): PanchangaSearchResult => ({ matches, searchedFromJdUt: from, searchedToJdUt: to, matchRule: MATCH_RULE });

  const limbKeys = LIMB_KEYS.filter((k) => criteria[k]);
  const consider = (sr: number): boolean => {
    if (criteria.vara && !criteria.vara.has(varaOfSunrise(sr, place.lonDeg))) return false;
    const day = panchangaFromSunrise(sr, place, conv, { moonEvents: true });
    if (dayMatches(day, criteria)) matches.push(day);
    return matches.length >= maxResults;
  };

  if (limbKeys.length === 0) {
    let sr = nextSunrise(from, place, conv, 2);
    let guard = from;
    while (guard < to) {
      if (sr === null) {
        guard += 1;
        sr = nextSunrise(guard, place, conv, 2);
        continue;
      }
      if (sr >= to) break;
      if (consider(sr)) break;
      guard = sr + 0.01;
      sr = completeFrame(sr, place, conv).nextSunriseJdUt ?? nextSunrise(guard, place, conv, 2);
    }
    return result();
  }

  const series = new LunisolarSeries(conv, from - 1.5, to + 1.5);
  const spans = limbSpans(series, from, to);
  const wantedSpans = (k: LimbName): LimbSpan[] => spans[k].filter((s) => criteria[k]!.has(s.number));
  // Drive from the criterion with the fewest wanted spans; the exact check does the rest.
  const driver = limbKeys.map(wantedSpans).sort((a, b) => a.length - b.length)[0]!;
  const others = limbKeys.map((k) => ({ k, spans: wantedSpans(k) }));
  const hasRough = (list: LimbSpan[], sr: number, nsr: number) =>
    list.some(
      (s) =>
        (s.startJd - SLACK_DAYS <= sr && sr < s.endJd + SLACK_DAYS) ||
        (s.startJd >= sr - SLACK_DAYS && s.endJd <= nsr + SLACK_DAYS),
    );
  const seen = new Set<number>();
  for (const span of driver) {
    if (span.endJd < from) continue;
    // The day holding the span's start, then every day whose sunrise falls inside the span.
    let sr = previousSunrise(Math.max(span.startJd, from) - SLACK_DAYS, place, conv, 2);
    if (sr === null || sr < from) sr = nextSunrise(Math.max(from, (sr ?? from - 1) + 0.01), place, conv, 2);
    while (sr !== null && sr < to && sr <= span.endJd + SLACK_DAYS) {
      const nsr = completeFrame(sr, place, conv).nextSunriseJdUt;
      const key = Math.round(sr * 1440);
      if (sr >= from && nsr !== null && !seen.has(key)) {
        seen.add(key);
        if (others.every(({ spans: list }) => hasRough(list, sr!, nsr)) && consider(sr)) return result();
      }
      sr = nsr;
    }
  }
  matches.sort((a, b) => a.sunriseJdUt! - b.sunriseJdUt!);
  return result();
}
