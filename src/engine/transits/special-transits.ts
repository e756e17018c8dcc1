import type { CrossingOptions } from "../scans/crossings.js";
import { ingresses, type Ingress } from "../scans/ingresses.js";
import { saturnIngressesFast, saturnTableRangeJdUt } from "../timeline/saturn-ingresses.js";
import type { Conventions, Graha } from "../types.js";
import { houseFrom, signOf } from "./gochar.js";

/** A stretch of time during which a graha stays inside a set of signs; null ends lie beyond the scan window. */
export interface Span {
  readonly startJdUt: number | null;
  readonly endJdUt: number | null;
}

/**
 * Scan windows (days each way from the query instant): long enough to hold the whole stretch
 * around it — Sade Sati lasts about 7½ years (three signs of Saturn's ~29.5-year round, longer
 * with retrograde re-entries); Jupiter stays about a year in a sign and the nodes about 1½ (< 2).
 */
const WINDOW_DAYS: Readonly<Partial<Record<Graha, number>>> = { saturn: 365.25 * 10, jupiter: 365.25 * 2, rahu: 365.25 * 2 };

/**
 * Over ±10 years the default 2-day station grid (scans/graha-motion.ts) costs seconds; Jupiter's
 * and Saturn's stations are at least four months apart (retrograde spells of ~4 months, direct
 * ones of ~8–9), so a 15-day grid still brackets every one, and 30-day pieces keep far inside the
 * < 180° unwrapping limit (they move < 0.25°/day). The nodes keep the default grid.
 */
const SLOW_SCAN: CrossingOptions = { pieceDays: 30, turnStepDays: 15 };

/**
 * The stretch containing `atJdUt` during which the graha's sign is in `signs`, from the graha's
 * ingresses (every sign change, retrograde re-entries included: scans/ingresses.ts): it starts at
 * the last ingress before `at` from outside the set into it, and ends at the first ingress after
 * `at` from inside it to outside. Null when the graha is outside the set at `at`.
 */
export function spanAround(list: readonly Ingress[], signAt: number, atJdUt: number, signs: ReadonlySet<number>): Span | null {
  if (!signs.has(signAt)) return null;
  let start: number | null = null;
  let end: number | null = null;
  for (const i of list) {
    if (i.jdUt <= atJdUt && signs.has(i.toSign) && !signs.has(i.fromSign)) start = i.jdUt;
    if (i.jdUt > atJdUt && end === null && signs.has(i.fromSign) && !signs.has(i.toSign)) end = i.jdUt;
  }
  return { startJdUt: start, endJdUt: end };
}

export type SadeSatiPhase = "rising" | "peak" | "setting";

export interface SadeSati {
  /** Rising: Saturn in the 12th from the natal Moon; peak: over the Moon (1st); setting: the 2nd. */
  readonly phase: SadeSatiPhase;
  readonly phaseSpan: Span;
  readonly span: Span;
}

/** A special transit in force at the query instant, or null when not. */
export interface SpecialTransit {
  readonly graha: Graha;
  /** The sign (1..12) the graha transits. */
  readonly sign: number;
  readonly span: Span;
}

export interface SpecialTransits {
  readonly sadeSati: SadeSati | null;
  /** Saturn in the 4th, 7th or 10th from the natal Moon. */
  readonly kantakaShani: SpecialTransit | null;
  /** Saturn in the 8th from the natal Moon. */
  readonly ashtamaShani: SpecialTransit | null;
  /** Jupiter in the natal Moon's sign. */
  readonly guruOverMoon: SpecialTransit | null;
  /** Rahu or Ketu in the natal Moon's sign (graha says which). */
  readonly nodeOverMoon: SpecialTransit | null;
  /** Rahu or Ketu in the natal lagna's sign. */
  readonly nodeOverLagna: SpecialTransit | null;
}

const PHASES: ReadonlyArray<readonly [SadeSatiPhase, number]> = [["rising", 12], ["peak", 1], ["setting", 2]];

/** The sign `house` places from `fromSign` (inverse of houseFrom). */
const signAtHouse = (fromSign: number, house: number): number => ((fromSign - 1 + house - 1) % 12) + 1;

/**
 * The special Saturn, Jupiter and node transits from the natal Moon (and lagna) at `atJdUt`, each
 * with the instants it began and ends, found from the graha's exact ingresses.
 */
export function specialTransits(
  natalMoonSign: number, lagnaSign: number, atJdUt: number, lonAt: (g: Graha) => number, conv: Conventions,
): SpecialTransits {
  const scan = (g: Graha) => {
    const from = atJdUt - WINDOW_DAYS[g]!;
    const to = atJdUt + WINDOW_DAYS[g]!;
    // Saturn inside 1899–2101: its table's crossings polished on the full ephemeris (timeline/
    // saturn-ingresses.ts) — the same instants as the generic scan to the second, milliseconds not seconds.
    const [lo, hi] = saturnTableRangeJdUt();
    if (g === "saturn" && from >= lo && to <= hi) return saturnIngressesFast(from, to, conv, { exact: true });
    return ingresses(g, from, to, conv, g === "rahu" ? undefined : SLOW_SCAN);
  };
  const sat = scan("saturn");
  const satSign = signOf(lonAt("saturn"));
  const satHouse = houseFrom(natalMoonSign, satSign);
  const inSigns = (list: readonly Ingress[], signAt: number, houses: number[], from: number) =>
    spanAround(list, signAt, atJdUt, new Set(houses.map((h) => signAtHouse(from, h))));

  let sadeSati: SadeSati | null = null;
  const phase = PHASES.find(([, h]) => h === satHouse);
  if (phase) {
    sadeSati = {
      phase: phase[0],
      phaseSpan: inSigns(sat, satSign, [phase[1]], natalMoonSign)!,
      span: inSigns(sat, satSign, [12, 1, 2], natalMoonSign)!,
    };
  }
  const satIn = (houses: number[]): SpecialTransit | null => {
    if (!houses.includes(satHouse)) return null;
    return { graha: "saturn", sign: satSign, span: inSigns(sat, satSign, [satHouse], natalMoonSign)! };
  };

  const jupSign = signOf(lonAt("jupiter"));
  const guruOverMoon = jupSign === natalMoonSign
    ? { graha: "jupiter" as const, sign: jupSign, span: inSigns(scan("jupiter"), jupSign, [1], natalMoonSign)! }
    : null;

  // Ketu is always opposite Rahu: Rahu's ingresses give both nodes' stretches.
  const rahuSign = signOf(lonAt("rahu"));
  let rahuList: Ingress[] | null = null;
  const nodeOver = (target: number): SpecialTransit | null => {
    const graha: Graha | null = rahuSign === target ? "rahu" : houseFrom(target, rahuSign) === 7 ? "ketu" : null;
    if (!graha) return null;
    rahuList ??= scan("rahu");
    return { graha, sign: target, span: spanAround(rahuList, rahuSign, atJdUt, new Set([rahuSign]))! };
  };

  return {
    sadeSati,
    kantakaShani: satIn([4, 7, 10]),
    ashtamaShani: satIn([8]),
    guruOverMoon,
    nodeOverMoon: nodeOver(natalMoonSign),
    nodeOverLagna: nodeOver(lagnaSign),
  };
}
