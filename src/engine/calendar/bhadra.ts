import { kalaWindow } from "./kala.js";
import type { Choice } from "./observance.js";
import { daysOverlapping, type CivilDay, type DatedTithi, type YearDays } from "./year-days.js";

/**
 * Bhadra (the Vishti karana, number 7) and the two Purnima rites that must avoid it. In Shukla
 * paksha Vishti is the first half of Purnima, so Holika Dahan and Raksha Bandhan meet it every
 * year. The rules are Dharmasindhu's (Phalguna and Shravana chapters) and Nirnayasindhu's, in
 * the form Drik Panchang publishes with its Holika Dahan and Raksha Bandhan muhurtas.
 */
export const VISHTI = 7;

export interface Interval {
  readonly startJd: number;
  readonly endJd: number;
}

export interface BhadraChoice {
  readonly day: CivilDay;
  readonly choice: Choice;
  /** The window the rite is done in (Julian days UT). */
  readonly muhurta: Interval;
  readonly rule: string;
}

/** The Vishti karana inside a tithi (its first or second half), or null. */
export function bhadraOf(tithi: DatedTithi, year: YearDays): Interval | null {
  const k = year.karanas.find((s) => s.number === VISHTI && s.endJd > tithi.startJd && s.startJd < tithi.endJd);
  return k ? { startJd: k.startJd, endJd: k.endJd } : null;
}

/**
 * Bhadra puchha ("tail", the part in which a rite may be done) and mukha ("mouth", never) of
 * Purnima's Bhadra: Bhadra's span read as 30 ghatis in four praharas, puchha the last 3 ghatis
 * of the 3rd prahara (19.5–22.5), mukha the first 5 of the 4th (22.5–27.5) (Muhurta
 * Chintamani's table of Bhadra limbs for Shukla Purnima; Drik Panchang 2022: puchha 21:06–22:16
 * for Bhadra 13:30–01:12, which this reproduces).
 */
export function bhadraLimbs(b: Interval): { puchha: Interval; mukha: Interval } {
  const g = (b.endJd - b.startJd) / 30;
  return {
    puchha: { startJd: b.startJd + 19.5 * g, endJd: b.startJd + 22.5 * g },
    mukha: { startJd: b.startJd + 22.5 * g, endJd: b.startJd + 27.5 * g },
  };
}

/** a minus b: the longest remaining piece, or null. */
function minus(a: Interval, b: Interval | null): Interval | null {
  if (!b || b.endJd <= a.startJd || b.startJd >= a.endJd) return a;
  const left = b.startJd > a.startJd ? { startJd: a.startJd, endJd: b.startJd } : null;
  const right = b.endJd < a.endJd ? { startJd: b.endJd, endJd: a.endJd } : null;
  if (left && right) return left.endJd - left.startJd >= right.endJd - right.startJd ? left : right;
  return left ?? right;
}

function meet(a: Interval, b: Interval): Interval | null {
  const s = Math.max(a.startJd, b.startJd), e = Math.min(a.endJd, b.endJd);
  return e > s ? { startJd: s, endJd: e } : null;
}

const nightMiddle = (d: CivilDay) => (d.sunsetJd + d.nextSunriseJd) / 2;

export const HOLIKA_RULE =
  "Phalguna Purnima in pradosha free of Bhadra; else the next day's pradosha when Purnima holds that day's sunrise for 3½ yamas " +
  "(7/8 of daytime); else on the first night after Bhadra ends if before midnight, else in Bhadra puchha before midnight, else in pradosha " +
  "(Dharmasindhu, Nirnayasindhu, as Drik Panchang applies them)";

/**
 * Holika Dahan (Drik Panchang 2022–2025 for New Delhi: 17 March 2022 in Bhadra puchha, 7 March
 * 2023 on the second day's pradosha, 24 March 2024 and 13 March 2025 after Bhadra ends).
 */
export function holikaDahan(purnima: DatedTithi, year: YearDays): BhadraChoice | null {
  const days = daysOverlapping(year.days, purnima.startJd, purnima.endJd);
  if (days.length === 0) return null;
  const bhadra = bhadraOf(purnima, year);
  const rule = HOLIKA_RULE;
  // 1. Purnima in pradosha, Bhadra over: the day with the longest such piece.
  let best: { day: CivilDay; w: Interval } | null = null;
  for (const day of days) {
    const p = kalaWindow("pradosha", day, year)!;
    const inP = meet(p, purnima);
    const free = inP && minus(inP, bhadra);
    if (free && (!best || free.endJd - free.startJd > best.w.endJd - best.w.startJd)) best = { day, w: free };
  }
  if (best) return { day: best.day, choice: "bhadra-free", muhurta: best.w, rule };
  // 2. Purnima holding the next day's sunrise for 3½ yamas: that day's pradosha, though Pratipada has begun.
  // Dharmasindhu asks besides that Pratipada grow (end later after the third sunrise than Purnima after the
  // second); not applied: it decides only 2026 here (hrasva: 10.1 h against 10.4 h, giving 2 March), and
  // Drik's 2026 date is reported both ways (3 March with the 18:22–20:50 pradosha muhurta, and 2 March).
  const first = days.find((d) => kalaWindow("pradosha", d, year) && meet(kalaWindow("pradosha", d, year)!, purnima)) ?? days[0]!;
  const second = days[days.indexOf(first) + 1];
  if (second && purnima.startJd <= second.sunriseJd && purnima.endJd - second.sunriseJd >= (7 / 8) * (second.sunsetJd - second.sunriseJd)) {
    return { day: second, choice: "second-day", muhurta: kalaWindow("pradosha", second, year)!, rule };
  }
  const p = kalaWindow("pradosha", first, year)!;
  const midnight = nightMiddle(first);
  if (bhadra) {
    // 3. Bhadra ends before midnight: from its end (Purnima still running) to midnight.
    if (bhadra.endJd < midnight && bhadra.endJd < purnima.endJd) {
      return { day: first, choice: "after-bhadra", muhurta: { startJd: bhadra.endJd, endJd: Math.min(midnight, purnima.endJd) }, rule };
    }
    // 4. Bhadra past midnight: its puchha, when it falls between pradosha and midnight.
    const { puchha } = bhadraLimbs(bhadra);
    const inNight = meet(puchha, { startJd: p.startJd, endJd: midnight });
    if (inNight) return { day: first, choice: "bhadra-puchha", muhurta: inNight, rule };
  }
  // 5. Else pradosha itself.
  return { day: first, choice: "in-bhadra", muhurta: p, rule };
}

export const RAKSHA_RULE =
  "Shravana Purnima: the next day when Purnima holds its sunrise for 3 muhurtas; else the day whose aparahna, else pradosha, " +
  "holds Purnima free of Bhadra; else after Bhadra ends while Purnima lasts (Dharmasindhu, Nirnayasindhu, as Drik Panchang applies them)";

/**
 * Raksha Bandhan (Drik Panchang: 11 Aug 2022 after 20:51, 30 Aug 2023 after 21:01, 19 Aug
 * 2024 from 13:30, 9 Aug 2025 from sunrise). The window runs from Bhadra's end (or sunrise, or
 * Purnima's start) to the end of pradosha or of Purnima, whichever is first; when Bhadra covers
 * both kalas, from Bhadra's end while Purnima lasts.
 */
export function rakshaBandhan(purnima: DatedTithi, year: YearDays): BhadraChoice | null {
  const days = daysOverlapping(year.days, purnima.startJd, purnima.endJd);
  if (days.length === 0) return null;
  const bhadra = bhadraOf(purnima, year);
  const rule = RAKSHA_RULE;
  // The window on a chosen day: from sunrise (or Purnima's start, or Bhadra's end) to the end of pradosha or of Purnima.
  const windowOn = (day: CivilDay): Interval | null => {
    const start = Math.max(day.sunriseJd, purnima.startJd, bhadra && bhadra.endJd < day.nextSunriseJd ? bhadra.endJd : -Infinity);
    const end = Math.min(purnima.endJd, kalaWindow("pradosha", day, year)!.endJd);
    return end > start ? { startJd: start, endJd: end } : null;
  };
  for (const day of [...days].reverse()) {
    const muhurta = (day.sunsetJd - day.sunriseJd) / 15;
    if (purnima.startJd <= day.sunriseJd && purnima.endJd - day.sunriseJd >= 3 * muhurta) {
      const w = windowOn(day);
      if (w) return { day, choice: "udaya-muhurtas", muhurta: w, rule };
    }
  }
  for (const kala of ["aparahna", "pradosha"] as const) {
    for (const day of days) {
      const k = meet(kalaWindow(kala, day, year)!, purnima);
      const w = k && minus(k, bhadra) && windowOn(day);
      if (w) return { day, choice: kala === "aparahna" ? "bhadra-free" : "bhadra-free-pradosha", muhurta: w, rule };
    }
  }
  if (bhadra && bhadra.endJd < purnima.endJd) {
    const day = days.find((d) => d.sunriseJd <= bhadra.endJd && bhadra.endJd < d.nextSunriseJd) ?? days[0]!;
    return { day, choice: "after-bhadra", muhurta: { startJd: bhadra.endJd, endJd: purnima.endJd }, rule };
  }
  return { day: days[0]!, choice: "in-bhadra", muhurta: { startJd: purnima.startJd, endJd: purnima.endJd }, rule };
}
