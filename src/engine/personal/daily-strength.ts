import { EngineInputError } from "../errors.js";
import { houseFrom } from "../chart/chart-input.js";
import { crossings } from "../scans/crossings.js";
import { longitudeFn, scanOptionsFor, speedFn } from "../scans/graha-motion.js";
import { NAKSHATRA_SPAN_DEG, nakshatraOf } from "../tables/nakshatras.js";
import { rashiOf } from "../tables/rashis.js";
import { CHANDRA_BALA_GOOD, TARAS, type Tara } from "../tables/taras.js";
import type { Conventions } from "../types.js";

export interface TaraBala {
  readonly natalNakshatra: number;
  readonly nakshatra: number;
  /** Count from the natal nakshatra to the day's, inclusive (1..27). */
  readonly count: number;
  readonly tara: Tara;
}

export interface ChandraBala {
  readonly natalRashi: number;
  readonly rashi: number;
  /** Count from the natal Moon sign to the transit Moon's, inclusive (1..12). */
  readonly count: number;
  readonly favourable: boolean;
  readonly chandrashtama: boolean;
}

export function taraBala(natalNakshatra: number, nakshatra: number): TaraBala {
  const count = ((nakshatra - natalNakshatra + 27) % 27) + 1;
  return { natalNakshatra, nakshatra, count, tara: TARAS[(count - 1) % 9]! };
}

export function chandraBala(natalRashi: number, rashi: number): ChandraBala {
  const count = houseFrom(natalRashi, rashi);
  return { natalRashi, rashi, count, favourable: CHANDRA_BALA_GOOD.has(count), chandrashtama: count === 8 };
}

export interface DailyStrength {
  readonly jdUt: number;
  readonly moonLonSidDeg: number;
  readonly taraBala: TaraBala;
  readonly chandraBala: ChandraBala;
  /** When the transit Moon leaves its nakshatra and its sign (the balas change then), JD UT. */
  readonly nakshatraEndsJdUt: number;
  readonly rashiEndsJdUt: number;
}

/** The next time after `jdUt` the Moon reaches sidereal longitude `boundaryDeg` (within 3 days). */
function moonReaches(boundaryDeg: number, jdUt: number, conv: Conventions): number {
  const hit = crossings(longitudeFn("moon", conv), [boundaryDeg % 360], jdUt, jdUt + 3, scanOptionsFor("moon", conv), speedFn("moon", conv))[0];
  if (!hit) throw new Error("the Moon did not cross a boundary within 3 days");
  return hit.jd;
}

/** Tara bala and chandra bala at `jdUt` for a birth whose Moon was at `natalMoonLonSidDeg`. */
export function dailyStrength(natalMoonLonSidDeg: number, jdUt: number, conv: Conventions): DailyStrength {
  const lon = longitudeFn("moon", conv)(jdUt);
  const nak = nakshatraOf(lon);
  const rashi = rashiOf(lon);
  return {
    jdUt, moonLonSidDeg: lon,
    taraBala: taraBala(nakshatraOf(natalMoonLonSidDeg), nak),
    chandraBala: chandraBala(rashiOf(natalMoonLonSidDeg), rashi),
    nakshatraEndsJdUt: moonReaches(nak * NAKSHATRA_SPAN_DEG, jdUt, conv),
    rashiEndsJdUt: moonReaches(rashi * 30, jdUt, conv),
  };
}

export interface ChandrashtamaPeriod {
  readonly rashi: number;
  readonly startJdUt: number;
  readonly endJdUt: number;
}

/** Longest range Chandrashtama periods are listed for, days. */
export const CHANDRASHTAMA_MAX_DAYS = 366;

/**
 * Every Chandrashtama period (the transit Moon in the 8th sign from the natal Moon sign) that
 * overlaps [startJdUt, endJdUt), with its exact start and end (the Moon never turns back).
 */
export function chandrashtamaPeriods(natalMoonLonSidDeg: number, startJdUt: number, endJdUt: number, conv: Conventions): ChandrashtamaPeriod[] {
  if (!(endJdUt > startJdUt)) throw new EngineInputError("the range must end after it starts", "end");
  if (endJdUt - startJdUt > CHANDRASHTAMA_MAX_DAYS) throw new EngineInputError(`the range may span at most ${CHANDRASHTAMA_MAX_DAYS} days`, "end");
  const eighth = ((rashiOf(natalMoonLonSidDeg) + 6) % 12) + 1;
  const enter = (eighth - 1) * 30;
  const leave = (eighth * 30) % 360;
  // Pad by a sign's passage (≤ 2.7 days) so a period running at either end is found whole.
  const hits = crossings(longitudeFn("moon", conv), [enter, leave], startJdUt - 3, endJdUt + 3, scanOptionsFor("moon", conv), speedFn("moon", conv));
  const out: ChandrashtamaPeriod[] = [];
  let open: number | null = null;
  for (const h of hits) {
    if (h.boundaryIndex === 0) open = h.jd;
    else if (open !== null) {
      if (h.jd > startJdUt && open < endJdUt) out.push({ rashi: eighth, startJdUt: open, endJdUt: h.jd });
      open = null;
    }
  }
  return out;
}
