import { moonEventsInWindow, previousSunrise, sunEventsBetween, sunEventsInWindow } from "../astro/rise-set.js";
import { describeLongitude, type LongitudeInfo } from "../tables/longitude.js";
import { NAKSHATRAS, padaOf, nakshatraOf } from "../tables/nakshatras.js";
import { RITUS, ayanaOfSunRashi, rituOfMasa, type Ayana, type Ritu } from "../tables/ritus.js";
import { rashiOf } from "../tables/rashis.js";
import type { Paksha } from "../tables/tithis.js";
import { VARAS, varaOfSunrise, type Vara } from "../tables/varas.js";
import type { Conventions, Place } from "../types.js";
import { dayWindows, type DayWindows } from "./day-windows.js";
import { limbSpans, spanAt, type LimbName, type LimbSpan } from "./limb-spans.js";
import { LunisolarSeries } from "./lunisolar-series.js";
import { lunarYearAt, type MasaInfo, type SamvatsaraInfo } from "./masa.js";

/** How the day was chosen: the day containing a moment (POST), or a date's sunrise (GET). */
export type PanchangaMode = "moment" | "sunrise";

export interface NakshatraSpan extends LimbSpan {
  readonly lord: string;
  /** Pada 1..4 at the anchor moment. */
  readonly pada: number;
}

/**
 * One Hindu day at a place (sunrise → next sunrise). Times are Julian days UT; the resolvers
 * format them. `anchorJdUt` is the moment the elements are reported for: the given moment,
 * or the day's sunrise. Fields needing a sunrise are null when there is none (polar day or
 * night) and `polarReason` says why.
 */
export interface PanchangaDay {
  readonly mode: PanchangaMode;
  readonly anchorJdUt: number;
  readonly place: Place;
  readonly conventions: Conventions;
  readonly sunriseJdUt: number | null;
  readonly sunsetJdUt: number | null;
  readonly nextSunriseJdUt: number | null;
  /** The sunset before the day's sunrise (opens the night of Brahma muhurta); null if none. */
  readonly previousSunsetJdUt: number | null;
  readonly moonriseJdUt: number | null;
  readonly moonsetJdUt: number | null;
  readonly polarReason: string | null;
  /** By the day's sunrise, not the civil date; null without a sunrise. */
  readonly vara: Vara | null;
  readonly tithi: LimbSpan;
  readonly nakshatra: NakshatraSpan;
  readonly yoga: LimbSpan;
  readonly karana: LimbSpan;
  /** Every limb element running during the day (or, without a sunrise, the 24 h from the anchor), in time order per limb. */
  readonly transitions: readonly LimbSpan[];
  readonly masa: MasaInfo;
  readonly samvatsara: SamvatsaraInfo;
  readonly ritu: Ritu;
  readonly ayana: Ayana;
  readonly paksha: Paksha;
  readonly sun: LongitudeInfo;
  readonly moon: LongitudeInfo;
  /** Kalams, muhurta windows; null without sunrise, sunset and next sunrise. */
  readonly windows: DayWindows | null;
}

export const POLAR_REASON = "the Sun does not rise or set here on this day (polar day or night)";

/** The sunrise frame of a day (Julian days UT), or nulls. */
/** What a sunrise-to-sunrise day view (choghadiya, pancha pakshi) says of its day, Julian days UT. */
export interface SunriseDayHead {
  readonly sunriseJdUt: number | null;
  readonly sunsetJdUt: number | null;
  readonly nextSunriseJdUt: number | null;
  /** 1..7, Sunday = 1, by the sunrise; null without one. */
  readonly varaNumber: number | null;
  /** Why the day's lists are empty (polar day or night), else null. */
  readonly polarReason: string | null;
}

export interface Frame {
  sunriseJdUt: number | null;
  sunsetJdUt: number | null;
  nextSunriseJdUt: number | null;
  previousSunsetJdUt: number | null;
}

/**
 * Sunset, next sunrise and previous sunset around a sunrise. One window search each
 * (sunEventsInWindow) is several times cheaper than the open-ended next/previous searches.
 */
export function completeFrame(sunriseJdUt: number, place: Place, conv: Conventions): Frame {
  const ahead = sunEventsInWindow(sunriseJdUt + 1e-4, place, conv, 1.6);
  const before = sunEventsInWindow(sunriseJdUt - 1, place, conv, 1);
  const nsr = ahead.sunriseJdUt;
  const ss = ahead.sunsetJdUt;
  const prevSs = before.sunsetJdUt;
  return {
    sunriseJdUt,
    sunsetJdUt: ss !== null && (nsr === null || ss < nsr) ? ss : null,
    nextSunriseJdUt: nsr,
    previousSunsetJdUt: prevSs !== null && prevSs < sunriseJdUt ? prevSs : null,
  };
}

/** The frame of the Hindu day containing jd (sunrise ≤ jd < next sunrise), or nulls. */
export function frameContaining(jd: number, place: Place, conv: Conventions): Frame {
  // The sunrise of the last 24.5 h is usually the one; when sunrises come less than a day
  // apart the window may hold two, and the later one is the frame's next sunrise.
  let sr = sunEventsInWindow(jd - 1.02, place, conv, 1.02 + 1e-9).sunriseJdUt;
  if (sr === null) sr = previousSunrise(jd + 1e-9, place, conv, 2);
  if (sr === null) return nullFrame();
  let frame = completeFrame(sr, place, conv);
  while (frame.nextSunriseJdUt !== null && frame.nextSunriseJdUt <= jd) frame = completeFrame(frame.nextSunriseJdUt, place, conv);
  return frame;
}

/** Options that trade work for fields (search and muhurta need no moonrise). */
export interface PanchangaDayOptions {
  /** Compute moonrise and moonset (default true). */
  readonly moonEvents?: boolean;
  /** Compute the kalams and muhurta windows (default true; the gateway derives them from the frame only when asked). */
  readonly windows?: boolean;
}

/** The day containing the moment `jdUt` (its sunrise ≤ jdUt < next sunrise); POST /panchanga. */
export function panchangaAtMoment(jdUt: number, place: Place, conv: Conventions, opts: PanchangaDayOptions = {}): PanchangaDay {
  return buildDay("moment", jdUt, frameContaining(jdUt, place, conv), place, conv, opts);
}

/**
 * The day that begins with the first sunrise after `localDayStartJdUt` (the date's 00:00 in
 * the caller's zone, as a Julian day UT) and within 24 h of it; elements at that sunrise (GET).
 * Without a sunrise that date (polar), elements are given at local 06:00, as the reference data does.
 */
export function panchangaForDate(localDayStartJdUt: number, place: Place, conv: Conventions, opts: PanchangaDayOptions = {}): PanchangaDay {
  const { sunriseJdUt } = sunEventsInWindow(localDayStartJdUt, place, conv, 1);
  if (sunriseJdUt === null) return buildDay("sunrise", localDayStartJdUt + 0.25, nullFrame(), place, conv, opts);
  return buildDay("sunrise", sunriseJdUt, completeFrame(sunriseJdUt, place, conv), place, conv, opts);
}

/** The day starting at a known sunrise (range and search walk sunrises themselves). */
export function panchangaFromSunrise(sunriseJdUt: number, place: Place, conv: Conventions, opts: PanchangaDayOptions = {}): PanchangaDay {
  return buildDay("sunrise", sunriseJdUt, completeFrame(sunriseJdUt, place, conv), place, conv, opts);
}

/** What a day reports at its anchor moment that needs no sunrise: the limb elements and the luminaries. */
export type ElementsAt = Pick<PanchangaDay, "tithi" | "nakshatra" | "yoga" | "karana" | "paksha" | "sun" | "moon" | "ayana">;

/**
 * The limb elements at a moment without the day around it (a query for the tithi needs no
 * sunrise, masa or transitions): the spans containing `jdUt` and the luminaries there. The same
 * values as panchangaAtMoment's: a junction is the same instant whichever window solves it
 * (lunisolar-series.ts), and one span lasts less than the 1.2 days searched either side.
 */
export function elementsAtMoment(jdUt: number, conv: Conventions): ElementsAt {
  const series = new LunisolarSeries(conv, jdUt - 1.3, jdUt + 1.3);
  return elementsAt(series, limbSpans(series, jdUt, jdUt), jdUt).elements;
}

/**
 * The weekday of the Hindu day containing `jdUt`, by its sunrise, null without one: frameContaining's
 * sunrise without the sunset and next-day searches (sunrises are the same instants whichever
 * window finds them, rise-set.ts).
 */
export function varaAtMoment(jdUt: number, place: Place, conv: Conventions): Vara | null {
  const { rises } = sunEventsBetween(jdUt - 1.02, jdUt + 1e-9, place, conv);
  let sr = rises[0] ?? previousSunrise(jdUt + 1e-9, place, conv, 2);
  if (sr === null) return null;
  // Sunrises less than a day apart: a later one at or before the moment starts its day (as frameContaining steps).
  for (const r of rises) if (r >= sr + 1e-4 && r <= jdUt) sr = r;
  return VARAS[varaOfSunrise(sr, place.lonDeg) - 1]!;
}

/** The elements at the anchor, and the series' raw longitudes there (the day's masa reads their difference). */
function elementsAt(
  series: LunisolarSeries, spans: Record<LimbName, LimbSpan[]>, anchorJd: number,
): { elements: ElementsAt; sunLon: number; moonLon: number } {
  const at = (el: LimbName): LimbSpan => spanAt(spans[el], anchorJd)!;
  // Sun and Moon from the series: within 0.05″ and 0.3″ of the exact ones (panchanga-series test),
  // below the arcsecond the longitudes are shown to, and it saves an ELP evaluation.
  const { sunDeg: sunLon, moonDeg: moonLon } = series.longitudes(anchorJd);
  const tithi = at("tithi");
  const nakSpan = at("nakshatra");
  // Pada from the Moon's longitude, held inside the nakshatra the junctions give (the two can
  // disagree only within a fraction of a second of a junction: past it → last pada, before → first).
  const lonNak = nakshatraOf(moonLon);
  const pada = lonNak === nakSpan.number ? padaOf(moonLon) : (lonNak - nakSpan.number + 27) % 27 === 1 ? 4 : 1;
  const elements: ElementsAt = {
    tithi,
    nakshatra: { ...nakSpan, lord: NAKSHATRAS[nakSpan.number - 1]!.lord, pada },
    yoga: at("yoga"),
    karana: at("karana"),
    paksha: tithi.paksha!,
    sun: describeLongitude(sunLon),
    moon: describeLongitude(moonLon),
    ayana: ayanaOfSunRashi(rashiOf(sunLon)),
  };
  return { elements, sunLon, moonLon };
}

/** A day without a sunrise (polar), elements at `anchorJdUt`, transitions over the 24 h from it. */
export function buildPolarDay(anchorJdUt: number, place: Place, conv: Conventions, opts: PanchangaDayOptions = {}): PanchangaDay {
  return buildDay("sunrise", anchorJdUt, nullFrame(), place, conv, opts);
}

function nullFrame(): Frame {
  return { sunriseJdUt: null, sunsetJdUt: null, nextSunriseJdUt: null, previousSunsetJdUt: null };
}

function buildDay(mode: PanchangaMode, anchorJd: number, frame: Frame, place: Place, conv: Conventions, opts: PanchangaDayOptions): PanchangaDay {
  const dayStart = frame.sunriseJdUt ?? anchorJd;
  const dayEnd = frame.nextSunriseJdUt ?? dayStart + 1;
  // The spans must reach the anchor too: after the last sunrise before a midnight sun the day has
  // no next sunrise, and a moment days later lies past the 24 h taken for its transitions.
  const from = Math.min(dayStart, anchorJd);
  const to = Math.max(dayEnd, anchorJd);
  const series = new LunisolarSeries(conv, from - 1.3, to + 1.3);
  const spans = limbSpans(series, from, to);
  const { elements, sunLon, moonLon } = elementsAt(series, spans, anchorJd);
  const lunar = lunarYearAt(anchorJd, moonLon - sunLon, series);
  const complete = frame.sunriseJdUt !== null && frame.sunsetJdUt !== null && frame.nextSunriseJdUt !== null;
  const vara = frame.sunriseJdUt !== null ? VARAS[varaOfSunrise(frame.sunriseJdUt, place.lonDeg) - 1]! : null;
  let moonriseJdUt: number | null = null;
  let moonsetJdUt: number | null = null;
  if (opts.moonEvents ?? true) {
    const m = moonEventsInWindow(dayStart, place, dayEnd - dayStart);
    moonriseJdUt = m.moonriseJdUt;
    moonsetJdUt = m.moonsetJdUt;
  }
  const transitions = [...spans.tithi, ...spans.nakshatra, ...spans.yoga, ...spans.karana].filter(
    (s) => s.endJd > dayStart && s.startJd < dayEnd,
  );
  return {
    mode,
    anchorJdUt: anchorJd,
    place,
    conventions: conv,
    sunriseJdUt: frame.sunriseJdUt,
    sunsetJdUt: frame.sunsetJdUt,
    nextSunriseJdUt: frame.nextSunriseJdUt,
    previousSunsetJdUt: frame.previousSunsetJdUt,
    moonriseJdUt,
    moonsetJdUt,
    polarReason: complete ? null : POLAR_REASON,
    vara,
    ...elements,
    transitions,
    masa: lunar.masa,
    samvatsara: lunar.samvatsara,
    ritu: RITUS[rituOfMasa(lunar.amantaMasaNumber) - 1]!,
    windows: complete && vara && (opts.windows ?? true)
      ? dayWindows(
          {
            sunriseJdUt: frame.sunriseJdUt!,
            sunsetJdUt: frame.sunsetJdUt!,
            nextSunriseJdUt: frame.nextSunriseJdUt!,
            previousSunsetJdUt: frame.previousSunsetJdUt,
          },
          vara.number,
        )
      : null,
  };
}
