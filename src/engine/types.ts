/**
 * The vocabulary that travels through the engine (see STYLE.md: one Instant, one Place,
 * one Conventions). Angles are degrees, times are Julian days unless a name says otherwise.
 */

/** One moment. `jdUt` is UT1 (we treat UTC as UT1, as the reference data does); `jdTt` = jdUt + ΔT. */
export interface Instant {
  /** Julian day, Universal Time. */
  readonly jdUt: number;
  /** Julian day, Terrestrial Time (jdUt + ΔT/86400). */
  readonly jdTt: number;
  /** Milliseconds since 1970-01-01T00:00Z (same moment as jdUt). */
  readonly unixMs: number;
}

/** A place on the Earth. Latitude north positive, longitude east positive, degrees. */
export interface Place {
  readonly latDeg: number;
  readonly lonDeg: number;
  /** Height above sea level, metres (default 0). */
  readonly heightM?: number;
}

export const GRAHAS = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu"] as const;
/** One of the nine grahas, named as the spec names them. */
export type Graha = (typeof GRAHAS)[number];
/** The seven visible grahas (Sun … Saturn), used by strengths and ashtakavarga. */
export const SAPTA_GRAHAS = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn"] as const;
export type SaptaGraha = (typeof SAPTA_GRAHAS)[number];

export const AYANAMSHAS = ["lahiri", "true_chitra", "krishnamurti", "raman"] as const;
export type AyanamshaName = (typeof AYANAMSHAS)[number];

export const NODE_KINDS = ["mean", "true"] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/**
 * Sunrise conventions: `upper_limb` — upper limb with standard refraction (Drik Panchang's
 * choice); `disc_center` — centre of the disc with refraction; `hindu` — centre, no refraction.
 */
export const SUNRISE_CONVENTIONS = ["upper_limb", "disc_center", "hindu"] as const;
export type SunriseConvention = (typeof SUNRISE_CONVENTIONS)[number];

export const MONTH_CONVENTIONS = ["amanta", "purnimanta"] as const;
export type MonthConvention = (typeof MONTH_CONVENTIONS)[number];

/** Every convention a result may depend on; defaulted and echoed back in responses. */
export interface Conventions {
  readonly ayanamsha: AyanamshaName;
  readonly node: NodeKind;
  readonly sunrise: SunriseConvention;
  readonly month: MonthConvention;
}

export const DEFAULT_CONVENTIONS: Conventions = Object.freeze({
  ayanamsha: "lahiri",
  node: "mean",
  sunrise: "upper_limb",
  month: "amanta",
});

/** Fill unspecified conventions with the defaults. */
export function withDefaults(partial: Partial<Conventions> = {}): Conventions {
  return {
    ayanamsha: partial.ayanamsha ?? DEFAULT_CONVENTIONS.ayanamsha,
    node: partial.node ?? DEFAULT_CONVENTIONS.node,
    sunrise: partial.sunrise ?? DEFAULT_CONVENTIONS.sunrise,
    month: partial.month ?? DEFAULT_CONVENTIONS.month,
  };
}
