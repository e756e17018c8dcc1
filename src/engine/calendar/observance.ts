import { kalaWindow, type Kala } from "./kala.js";
import { daysOverlapping, type CivilDay, type DatedTithi, type YearDays } from "./year-days.js";

/** When the tithi holds the kala on two days, which one keeps the observance. */
export type TieBreak =
  /** The earlier day (the tithi is "purva-viddha"): the default. */
  | { readonly kind: "first" }
  /** The later day (Smarta Ekadashi present at two sunrises: Drik Panchang lists the second). */
  | { readonly kind: "later" }
  /**
   * The later day when the tithi still holds at least `minMinutes` of its kala there (Drik
   * Panchang's Lakshmi Puja rule: Amavasya over pradosha on both days → the second day if it
   * lasts a ghati or more after sunset).
   */
  | { readonly kind: "later-if"; readonly minMinutes: number };

export interface ObservanceRule {
  readonly kala: Kala;
  readonly tie?: TieBreak;
  /**
   * A day whose sunrise the tithi holds for at least this many day muhurtas (of 15) wins over
   * the kala (Drik Panchang's Raksha Bandhan rule: Purnima for 3 muhurtas after sunrise on
   * the next day moves the rite there, away from the previous day's Bhadra).
   */
  readonly udayaMuhurtas?: number;
  /** The kala to fall back on when no day's `kala` holds the tithi (Narak Chaturdashi: sunrise). */
  readonly fallback?: Kala;
}

/** Why a day was chosen, echoed in each entry. */
export type Choice =
  | "udaya-muhurtas" | "only-day" | "full-kala" | "greater-share" | "tie-first" | "tie-later" | "kshaya"
  /** Bhadra-aware Purnima rites (bhadra.ts). */
  | "bhadra-free" | "bhadra-free-pradosha" | "second-day" | "after-bhadra" | "bhadra-puchha" | "in-bhadra"
  /** Janmashtami: Rohini at nishita decided between two nights (janmashtami.ts). */
  | "rohini"
  /** Vijayadashami moved to the next day by Shravana at its aparahna; Maha Navami on Navaratri's last day (vijayadashami.ts). */
  | "shravana" | "navaratri-eve"
  /** Ekadashi (ekadashi.ts): Smarta moved a day earlier for a Dwadashi gone by the next sunrise; Vaishnava by arunodaya. */
  | "dwadashi-kshaya" | "arunodaya" | "dashami-viddha"
  /** The rule's own kala held the tithi on no day: its fallback kala decided. */
  | "fallback";

export interface Observed {
  readonly day: CivilDay;
  readonly choice: Choice;
}

/**
 * The day a tithi is observed under a kala rule. Candidate days are those whose kala overlaps
 * the tithi (for a point kala: the tithi runs at that instant). One candidate: that day. Two:
 * the one whose kala the tithi covers wholly, else the greater share; equal (both whole, or two
 * point kalas — a vriddhi tithi) → the rule's tie-break. None (the tithi falls between two
 * kalas — kshaya with respect to that kala): the day whose sunrise-to-sunrise span holds most
 * of the tithi.
 */
export function observedDay(tithi: DatedTithi, rule: ObservanceRule, year: YearDays): Observed | null {
  // Every kala of a day lies within its sunrise-to-sunrise span, so only days overlapping the tithi can hold it —
  // except the dawn before a sunrise, which lies in the previous day's span: one day more is weighed for it.
  const near = daysOverlapping(year.days, tithi.startJd, tithi.endJd + (rule.kala === "dawn_moonrise" ? 1 : 0));
  if (rule.udayaMuhurtas !== undefined) {
    for (const day of [...near].reverse()) {
      const muhurta = (day.sunsetJd - day.sunriseJd) / 15;
      if (tithi.startJd <= day.sunriseJd && tithi.endJd - day.sunriseJd >= rule.udayaMuhurtas * muhurta) {
        return { day, choice: "udaya-muhurtas" };
      }
    }
  }
  const cands: { day: CivilDay; share: number; full: boolean; minutes: number }[] = [];
  for (const day of near) {
    const w = kalaWindow(rule.kala, day, year);
    if (!w) continue;
    const lo = Math.max(w.startJd, tithi.startJd);
    const hi = Math.min(w.endJd, tithi.endJd);
    const point = w.endJd === w.startJd;
    if (point ? !(tithi.startJd <= w.startJd && w.startJd < tithi.endJd) : hi <= lo) continue;
    const share = point ? 1 : (hi - lo) / (w.endJd - w.startJd);
    cands.push({ day, share, full: share >= 1 - 1e-12, minutes: point ? Infinity : (hi - lo) * 1440 });
  }
  if (cands.length === 0) {
    if (near.length === 0) return null;
    if (rule.fallback) {
      const o = observedDay(tithi, { kala: rule.fallback, ...(rule.tie ? { tie: rule.tie } : {}) }, year);
      return o && { day: o.day, choice: "fallback" };
    }
    let best = near[0]!, bestOverlap = -1;
    for (const d of near) {
      const o = Math.min(d.nextSunriseJd, tithi.endJd) - Math.max(d.sunriseJd, tithi.startJd);
      if (o > bestOverlap) [best, bestOverlap] = [d, o];
    }
    return { day: best, choice: "kshaya" };
  }
  if (cands.length === 1) return { day: cands[0]!.day, choice: "only-day" };
  const [a, b] = cands as [(typeof cands)[0], (typeof cands)[0]];
  const tie = rule.tie ?? { kind: "first" };
  if (tie.kind === "later-if" && b.minutes >= tie.minMinutes) return { day: b.day, choice: "tie-later" };
  if (tie.kind === "later" && a.full === b.full && a.share === b.share) return { day: b.day, choice: "tie-later" };
  if (a.full !== b.full) return { day: a.full ? a.day : b.day, choice: "full-kala" };
  if (a.share !== b.share) return { day: a.share > b.share ? a.day : b.day, choice: "greater-share" };
  return { day: a.day, choice: "tie-first" };
}
