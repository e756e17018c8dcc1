import { Astronomy } from "../astro/astronomy.js";
import { findRoot } from "../astro/junction.js";
import { J2000 } from "../time/julian.js";
import type { Place } from "../types.js";
import type { LunarEclipse } from "./eclipses.js";

/**
 * An eclipse seen from one place (docs/events.md, "Local visibility"): the contacts there, the
 * altitude of the eclipsed body at each, and the part of the eclipse that happens with the body
 * above the horizon.
 * - Solar: the local circumstances from astronomy-engine's SearchLocalSolarEclipse (topocentric
 *   Moon; contacts where the discs touch as seen from the place). Checked against Espenak's local
 *   circumstances (EclipseWise / NASA's canon) in test/engine/eclipse-visibility.test.ts.
 * - Lunar: the contacts are the same for everyone (eclipses.ts); what changes is whether the Moon
 *   is up, so each contact gets the Moon's altitude there.
 * Altitudes are of the body's centre, in degrees, corrected for standard refraction
 * (astronomy-engine's "normal" refraction); "seen" means the centre above the horizon (altitude > 0).
 */

export interface LocalContact {
  /** "partial_begin" … for solar eclipses, the lunar contact names (penumbral_start …) for lunar ones. */
  readonly contact: string;
  readonly jdUt: number;
  readonly altitudeDeg: number;
}

export interface EclipseVisibility {
  /** Some part of the eclipse (the partial phase of a solar eclipse, the penumbral phase of a lunar one) happens with the body up. */
  readonly visible: boolean;
  /** Solar only: the kind seen from the place (partial, annular, total), null where no eclipse reaches it. */
  readonly localKind: string | null;
  /** Solar only: the fraction of the Sun's disc covered at the local maximum. */
  readonly obscuration: number | null;
  readonly contacts: readonly LocalContact[];
  /** The local maximum (solar) or greatest eclipse (lunar), with the body's altitude; null where no eclipse reaches the place. */
  readonly maximum: LocalContact | null;
  /** The stretch of the eclipse with the body above the horizon, JD UT; null when none. */
  readonly seenFromJdUt: number | null;
  readonly seenUntilJdUt: number | null;
}

const timeOf = (jdUt: number) => Astronomy.MakeTime(jdUt - J2000);
/** A local solar eclipse further than this from the global greatest eclipse is another eclipse. */
const SAME_ECLIPSE_DAYS = 0.5;
/** Horizon crossings located to ≈ 1 s. */
const CROSSING_TOL_DAYS = 1e-5;
/** Altitude sampled at this step inside the eclipse to find horizon crossings (a body crosses at most twice in 6 h). */
const SAMPLE_DAYS = 5 / 1440;

function observerOf(place: Place): Astronomy.Observer {
  return new Astronomy.Observer(place.latDeg, place.lonDeg, 0);
}

function altitudeOf(body: Astronomy.Body, observer: Astronomy.Observer, jdUt: number): number {
  const t = timeOf(jdUt);
  const eq = Astronomy.Equator(body, t, observer, true, true);
  return Astronomy.Horizon(t, observer, eq.ra, eq.dec, "normal").altitude;
}

/** The solar eclipse whose greatest eclipse (global) is `peakJdUt`, seen from `place`. */
export function solarEclipseSeenFrom(peakJdUt: number, place: Place): EclipseVisibility {
  const observer = observerOf(place);
  const e = Astronomy.SearchLocalSolarEclipse(timeOf(peakJdUt - 1), observer);
  if (Math.abs(e.peak.time.ut + J2000 - peakJdUt) > SAME_ECLIPSE_DAYS) {
    return { visible: false, localKind: null, obscuration: null, contacts: [], maximum: null, seenFromJdUt: null, seenUntilJdUt: null };
  }
  const at = (contact: string, ev: Astronomy.EclipseEvent): LocalContact => ({ contact, jdUt: ev.time.ut + J2000, altitudeDeg: ev.altitude });
  const contacts = [
    at("partial_begin", e.partial_begin),
    ...(e.total_begin ? [at(e.kind === Astronomy.EclipseKind.Annular ? "annular_begin" : "total_begin", e.total_begin)] : []),
    at("maximum", e.peak),
    ...(e.total_end ? [at(e.kind === Astronomy.EclipseKind.Annular ? "annular_end" : "total_end", e.total_end)] : []),
    at("partial_end", e.partial_end),
  ];
  const seen = seenStretch(Astronomy.Body.Sun, observer, contacts[0]!.jdUt, contacts[contacts.length - 1]!.jdUt);
  return {
    visible: seen !== null, localKind: e.kind, obscuration: e.obscuration,
    contacts, maximum: at("maximum", e.peak),
    seenFromJdUt: seen?.[0] ?? null, seenUntilJdUt: seen?.[1] ?? null,
  };
}

/** A lunar eclipse seen from `place`: the Moon's altitude at each contact and while the eclipse lasts. */
export function lunarEclipseSeenFrom(e: LunarEclipse, place: Place): EclipseVisibility {
  const observer = observerOf(place);
  const c = e.contacts;
  const named: [string, number | null][] = [
    ["penumbral_start", c.penumbralStart], ["partial_start", c.partialStart], ["total_start", c.totalStart],
    ["greatest", e.peakJdUt],
    ["total_end", c.totalEnd], ["partial_end", c.partialEnd], ["penumbral_end", c.penumbralEnd],
  ];
  const contacts = named.flatMap(([contact, jd]) => (jd === null ? [] : [{ contact, jdUt: jd, altitudeDeg: altitudeOf(Astronomy.Body.Moon, observer, jd) }]));
  const seen = seenStretch(Astronomy.Body.Moon, observer, c.penumbralStart, c.penumbralEnd);
  return {
    visible: seen !== null, localKind: null, obscuration: null,
    contacts, maximum: contacts.find((x) => x.contact === "greatest")!,
    seenFromJdUt: seen?.[0] ?? null, seenUntilJdUt: seen?.[1] ?? null,
  };
}

/**
 * The first stretch of [fromJd, toJd] with the body above the horizon, its ends at the horizon
 * crossings; null when the body stays below throughout. (An eclipse lasts at most ~6 h, so the
 * body rises or sets at most once inside it, apart from polar grazes, where the first stretch is given.)
 */
function seenStretch(body: Astronomy.Body, observer: Astronomy.Observer, fromJd: number, toJd: number): [number, number] | null {
  const alt = (jd: number) => altitudeOf(body, observer, jd);
  let start: number | null = null;
  let prevJd = fromJd;
  if (alt(fromJd) > 0) start = fromJd;
  for (let jd = Math.min(fromJd + SAMPLE_DAYS, toJd); ; jd = Math.min(jd + SAMPLE_DAYS, toJd)) {
    const a = alt(jd);
    if (start === null && a > 0) start = findRoot(alt, prevJd, jd, CROSSING_TOL_DAYS);
    else if (start !== null && a <= 0) return [start, findRoot(alt, prevJd, jd, CROSSING_TOL_DAYS)];
    prevJd = jd;
    if (jd >= toJd) break;
  }
  return start === null ? null : [start, toJd];
}
