import type { CivilEcho } from "../common/civil-input.js";
import { moonEventsInWindow } from "../../engine/astro/rise-set.js";
import { dayWindows, type DayWindows } from "../../engine/panchanga/day-windows.js";
import type { ElementsAt, PanchangaDay } from "../../engine/panchanga/panchanga-day.js";
import type { Vara } from "../../engine/tables/varas.js";
import type { Conventions, Place } from "../../engine/types.js";
import type { EngineContext } from "../engine-context.js";
import type { Clock } from "./time-zone.js";

/** What a Panchanga node's fields share: one day, computed on the first field that needs it. */
export interface PanchangaSource {
  /** Identifies the day within a request: (how it was chosen, moment, place, conventions). */
  readonly key: string;
  readonly clock: Clock;
  readonly place: Place;
  readonly conventions: Conventions;
  /** Computes the day (moonrise/moonset and the kalams excluded: they are their own lazy parts). */
  readonly build: () => PanchangaDay;
  /** For a given moment (POST): its elements without the day (the day's own values). */
  readonly buildElements?: () => ElementsAt;
  /** For a given moment: the weekday of its day by the sunrise alone. */
  readonly buildVara?: () => Vara | null;
  /** A day already computed by a range or search walk. */
  readonly day?: PanchangaDay;
  /** True when `day` carries its moonrise and moonset (its kalams are used when present). */
  readonly moonEventsIncluded?: boolean;
  /** How the caller's local datetime was read (timezone or place given), else null. */
  readonly civil?: CivilEcho | null;
}

/** How many times each panchanga computation ran (memo misses) in one request. */
export interface PanchangaStats {
  /** Whole days (frame, limb junctions, masa …). */
  dayCalls: number;
  /** Moonrise/moonset searches. */
  moonEventCalls: number;
  /** Kalams and muhurta windows derived from a day's frame. */
  windowCalls: number;
  /** Limb elements at a moment, without its day. */
  elementCalls: number;
  /** Weekdays of a moment's day by its sunrise alone, without the rest of the day. */
  varaCalls: number;
}

export interface MoonEvents {
  readonly moonriseJdUt: number | null;
  readonly moonsetJdUt: number | null;
}

/**
 * The per-request memo of panchanga days, kept beside the request's EngineContext (one per
 * context, dropped with it), so every field of a Panchanga node, and a REST document's
 * several fields, share one computed day.
 */
export class PanchangaMemo {
  readonly stats: PanchangaStats = { dayCalls: 0, moonEventCalls: 0, windowCalls: 0, elementCalls: 0, varaCalls: 0 };
  private readonly days = new Map<string, PanchangaDay>();
  private readonly elementMemo = new Map<string, ElementsAt>();
  private readonly varaMemo = new Map<string, Vara | null>();
  private readonly moons = new Map<string, MoonEvents>();
  private readonly windowMemo = new Map<string, DayWindows | null>();

  /** The value of `key` in `memo`, built (and counted in `stat`) on the first ask. */
  private once<T>(memo: Map<string, T>, key: string, stat: keyof PanchangaStats, build: () => T): T {
    if (memo.has(key)) return memo.get(key) as T;
    this.stats[stat] += 1;
    const value = build();
    memo.set(key, value);
    return value;
  }

  day(src: PanchangaSource): PanchangaDay {
    return src.day ?? this.once(this.days, src.key, "dayCalls", src.build);
  }

  /**
   * The limb elements and luminaries at the day's anchor: the day's own when it is (or must be)
   * computed, else, for a moment, those spans alone (the same values, panchanga-day.ts).
   */
  elements(src: PanchangaSource): ElementsAt {
    const known = src.day ?? this.days.get(src.key);
    if (known || !src.buildElements) return known ?? this.day(src);
    return this.once(this.elementMemo, src.key, "elementCalls", src.buildElements);
  }

  /** The day's weekday by its sunrise (null without one); for a moment, its sunrise alone is searched. */
  vara(src: PanchangaSource): Vara | null {
    const known = src.day ?? this.days.get(src.key);
    if (known || !src.buildVara) return (known ?? this.day(src)).vara;
    return this.once(this.varaMemo, src.key, "varaCalls", src.buildVara);
  }

  /** Moonrise and moonset within the day (sunrise → next sunrise; without a sunrise, 24 h from the anchor). */
  moonEvents(src: PanchangaSource): MoonEvents {
    const day = this.day(src);
    if (src.moonEventsIncluded) return { moonriseJdUt: day.moonriseJdUt, moonsetJdUt: day.moonsetJdUt };
    return this.once(this.moons, src.key, "moonEventCalls", () => {
      // The same window panchanga-day.ts searches when it computes them itself.
      const start = day.sunriseJdUt ?? day.anchorJdUt;
      const end = day.nextSunriseJdUt ?? start + 1;
      const found = moonEventsInWindow(start, src.place, end - start);
      return { moonriseJdUt: found.moonriseJdUt, moonsetJdUt: found.moonsetJdUt };
    });
  }

  /** Kalams, Abhijit, Brahma and dur muhurtas (the same dayWindows() the engine day uses); null without a full frame. */
  windows(src: PanchangaSource): DayWindows | null {
    const day = this.day(src);
    if (day.windows) return day.windows;
    let w = this.windowMemo.get(src.key);
    if (w === undefined) {
      const { sunriseJdUt, sunsetJdUt, nextSunriseJdUt, previousSunsetJdUt, vara } = day;
      if (sunriseJdUt === null || sunsetJdUt === null || nextSunriseJdUt === null || vara === null) {
        w = null;
      } else {
        this.stats.windowCalls += 1;
        w = dayWindows({ sunriseJdUt, sunsetJdUt, nextSunriseJdUt, previousSunsetJdUt }, vara.number);
      }
      this.windowMemo.set(src.key, w);
    }
    return w;
  }
}

const MEMO = Symbol("panchangaMemo");

/** The panchanga memo of a request (created on first use, kept in the request's EngineContext). */
export function panchangaMemo(engine: EngineContext): PanchangaMemo {
  return engine.slot(MEMO, () => new PanchangaMemo());
}

export const placeKey = (p: Place): string => `${p.latDeg},${p.lonDeg}`;
export const convKey = (c: Conventions): string => `${c.ayanamsha}/${c.node}/${c.sunrise}/${c.month}`;
