import { masaOf } from "../calendar/entry.js";
import { ekadashiName } from "../calendar/vrata.js";
import { withMasa, type DatedTithi } from "../calendar/year-days.js";
import { limbSpans } from "../panchanga/limb-spans.js";
import { LunisolarSeries } from "../panchanga/lunisolar-series.js";
import type { Conventions } from "../types.js";

/**
 * Every tithi (with its amanta month) starting in a window, from the panchanga's own junction
 * finder: limbSpans on a LunisolarSeries over the process-wide Sun/Moon chunks
 * (panchanga/lunisolar-chunks.ts), named by month exactly as the calendar does
 * (calendar/year-days.ts withMasa). A junction is the same instant whichever window asks
 * (docs/architecture.md §3), so the detector, /panchanga and the calendar agree to the bit.
 */

/** A lunation is ≤ 29.9 days: this margin reaches the new moons bounding the first and last tithi. */
const LUNATION_MARGIN_DAYS = 33;

/** Tithis whose start lies in [fromJd, toJd), each with its amanta month. */
export function tithisStartingIn(fromJdUt: number, toJdUt: number, conv: Conventions): DatedTithi[] {
  const series = new LunisolarSeries(conv, fromJdUt - LUNATION_MARGIN_DAYS - 2, toJdUt + LUNATION_MARGIN_DAYS + 2);
  const spans = limbSpans(series, fromJdUt - LUNATION_MARGIN_DAYS, toJdUt + LUNATION_MARGIN_DAYS).tithi;
  return withMasa(spans, series).filter((t) => t.startJd >= fromJdUt && t.startJd < toJdUt);
}

/** The event payload of a tithi: number, name, paksha, its span (ISO UT) and its month in both reckonings. */
export function tithiEventData(t: DatedTithi, isoOf: (jdUt: number) => string): Record<string, unknown> {
  const masa = masaOf(t);
  return {
    tithi: { number: t.number, name: t.name, paksha: t.paksha },
    ...(t.number === 11 || t.number === 26 ? { name: ekadashiName(t) } : {}),
    start: isoOf(t.startJd),
    end: isoOf(t.endJd),
    masa: { amanta: masa.amanta, purnimanta: masa.purnimanta, adhika: masa.adhika },
  };
}
