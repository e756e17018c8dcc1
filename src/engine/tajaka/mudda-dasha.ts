import { VIMSHOTTARI_TOTAL_YEARS, VIMSHOTTARI_YEARS } from "../dasha/vimshottari.js";
import { NAKSHATRA_SPAN_DEG, VIMSHOTTARI_ORDER, nakshatraOf } from "../tables/nakshatras.js";
import { norm360 } from "../tables/rashis.js";
import type { Graha } from "../types.js";

export interface MuddaPeriod {
  readonly lord: Graha;
  readonly startJdUt: number;
  readonly endJdUt: number;
  readonly days: number;
}

/**
 * Mudda (Tajaka Vimshottari) dasha of one solar year: the Vimshottari order and proportions
 * compressed into the year from this pravesh to the next. The first lord is the natal Moon's
 * nakshatra lord moved on one place in the order per completed year — the classical count
 * "(janma nakshatra + completed years − 2) mod 9, 1 = Sun … 0 = Venus" (Tajaka Neelakanthi) says
 * the same — and it starts with the natal balance: the share of the Moon's nakshatra still to
 * run at birth. The first lord's remaining share closes the year, so the periods tile it exactly.
 */
export function muddaDasha(natalMoonSidDeg: number, completedYears: number, praveshJdUt: number, nextPraveshJdUt: number): MuddaPeriod[] {
  const nak = nakshatraOf(natalMoonSidDeg);
  const elapsed = (norm360(natalMoonSidDeg) - (nak - 1) * NAKSHATRA_SPAN_DEG) / NAKSHATRA_SPAN_DEG;
  const first = ((nak - 1) % 9 + completedYears) % 9;
  const yearDays = nextPraveshJdUt - praveshJdUt;
  const share = (g: Graha) => (VIMSHOTTARI_YEARS[g] / VIMSHOTTARI_TOTAL_YEARS) * yearDays;
  const out: MuddaPeriod[] = [];
  let t = praveshJdUt;
  const push = (lord: Graha, days: number) => {
    out.push({ lord, startJdUt: t, endJdUt: t + days, days });
    t += days;
  };
  const firstLord = VIMSHOTTARI_ORDER[first]!;
  push(firstLord, share(firstLord) * (1 - elapsed));
  for (let i = 1; i < 9; i++) push(VIMSHOTTARI_ORDER[(first + i) % 9]!, share(VIMSHOTTARI_ORDER[(first + i) % 9]!));
  if (elapsed > 0) push(firstLord, share(firstLord) * elapsed);
  // Float sums: pin the last end to the next pravesh.
  const last = out[out.length - 1]!;
  out[out.length - 1] = { ...last, endJdUt: nextPraveshJdUt, days: nextPraveshJdUt - last.startJdUt };
  return out;
}

/** The classical remainder count, for cross-checking: (nakshatra + years − 2) mod 9 → Sun, Moon, Mars, Rahu, Jupiter, Saturn, Mercury, Ketu, Venus. */
export const MUDDA_REMAINDER_ORDER: readonly Graha[] = Object.freeze(["venus", "sun", "moon", "mars", "rahu", "jupiter", "saturn", "mercury", "ketu"]);
