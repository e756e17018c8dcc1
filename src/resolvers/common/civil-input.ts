import { CivilTimeError, resolveCivilTime } from "../../engine/time/civil-time.js";
import { formatIso, formatOffset, parseLocalDateTime } from "../../engine/time/iso.js";
import { instantFromUnixMs } from "../../engine/time/instant.js";
import type { Place } from "../../places/place-index.js";
import { loadedPlaceIndex } from "../../places/places.js";
import { badUserInput, checkRange, forField } from "./input-errors.js";
import type { Moment } from "./moment.js";

/**
 * Civil time enters once (docs/architecture.md, docs/places-and-time.md): every birth or moment
 * input of REST, GraphQL and MCP comes through here. A datetime with its UTC offset is taken as
 * it is (the specification's form, the default); one without an offset is read through an IANA
 * `timezone`, or through a gazetteer `place` (its zone and its coordinates), by the tz rules for
 * that date (engine/time/civil-time.ts). The answer echoes how the offset was found.
 */

export type OffsetSource = "given" | "timezone" | "place";

/** What the caller sent: the datetime and the optional civil-time fields beside it. */
export interface CivilFields {
  readonly datetime: string;
  readonly timezone?: string | null;
  /** A gazetteer place id (GET /places). */
  readonly place?: string | null;
  /** 0: the earlier of a repeated local time, 1: the later. */
  readonly fold?: number | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
}

/** The echo of a resolved moment: what every answer that took civil time reports. */
export interface CivilEcho {
  /** The moment as ISO 8601 with the offset applied. */
  readonly datetime: string;
  /** "+06:30", or with seconds before standard time ("+05:21:10"). */
  readonly utcOffset: string;
  readonly offsetSource: OffsetSource;
  /** The IANA zone whose rules gave the offset (timezone or the place's), else null. */
  readonly timezone: string | null;
  readonly placeId: string | null;
  readonly placeName: string | null;
  /** Set when the local mean time of the longitude (or the tz data's LMT) stood in for standard time. */
  readonly warning: string | null;
}

export interface CivilMoment {
  readonly moment: Moment;
  /** The coordinates to use: the caller's, else the place's; null when neither was given. */
  readonly latDeg: number | null;
  readonly lonDeg: number | null;
  readonly place: Place | null;
  readonly echo: CivilEcho;
}

/** Is this a datetime without an offset that a zone or place would complete? (For validators.) */
export function wantsCivilResolution(f: Pick<CivilFields, "timezone" | "place">): boolean {
  return (f.timezone ?? null) !== null || (f.place ?? null) !== null;
}

/** The gazetteer place of an id; errors name `field`. The gazetteer must be loaded (placeIndex()). */
export function placeById(field: string, id: string): Place {
  if (!/^\s*\d{1,10}\s*$/.test(id)) throw badUserInput(field, `"${id.slice(0, 40)}" is not a place id (digits, from GET /places?q=…)`);
  const ix = loadedPlaceIndex();
  if (!ix) throw badUserInput(field, "the place index is still loading; retry in a few seconds");
  const place = ix.byId(id);
  if (!place) throw badUserInput(field, `no place with id "${id}"; find one with GET /places?q=… (GraphQL: places)`);
  return place;
}

/**
 * Resolve one input's moment; errors name `${prefix}.datetime`, `.timezone`, `.place` or `.fold`
 * (prefix "" gives the bare names, as top-level GraphQL arguments are named).
 */
export function resolveCivilMoment(prefix: string, f: CivilFields): CivilMoment {
  const name = (leaf: string): string => (prefix ? `${prefix}.${leaf}` : leaf);
  const timezone = f.timezone?.trim() || null;
  const placeId = f.place?.trim() || null;
  const fold = f.fold ?? null;
  if (fold !== null && fold !== 0 && fold !== 1) throw badUserInput(name("fold"), "fold must be 0 (the earlier) or 1 (the later)");
  const place = placeId !== null ? placeById(name("place"), placeId) : null;
  const latDeg = f.latitude ?? place?.latitude ?? null;
  const lonDeg = f.longitude ?? place?.longitude ?? null;
  const local = forField(name("datetime"), () => parseLocalDateTime(f.datetime));
  const echoOf = (unixMs: number, offsetSeconds: number, source: OffsetSource, zone: string | null, warning: string | null): CivilMoment => {
    const offsetMinutes = offsetSeconds / 60;
    const iso = formatIso(unixMs, offsetMinutes);
    return {
      moment: { instant: instantFromUnixMs(unixMs), offsetMinutes, iso },
      latDeg, lonDeg, place,
      echo: {
        datetime: iso, utcOffset: formatOffset(offsetMinutes), offsetSource: source, timezone: zone,
        placeId: place?.id ?? null, placeName: place?.name ?? null, warning,
      },
    };
  };
  if (local.offsetMinutes !== null) {
    // The specification's form: the caller's offset wins over any zone.
    return echoOf(local.localMs - Math.round(local.offsetMinutes * 60) * 1000, Math.round(local.offsetMinutes * 60), "given", timezone ?? place?.timezone ?? null, null);
  }
  const zone = timezone ?? place?.timezone ?? null;
  if (zone === null) {
    throw badUserInput(name("datetime"),
      `'${f.datetime}' has no UTC offset; add one (e.g. ${f.datetime.trim()}+05:30), or give timezone (an IANA zone) or place (a place id)`);
  }
  const zoneField = timezone !== null ? name("timezone") : name("place");
  try {
    const r = resolveCivilTime(local.localMs, zone, { fold: fold as 0 | 1 | null, lonDeg });
    return echoOf(r.unixMs, r.offsetSeconds, timezone !== null ? "timezone" : "place", zone, r.warning);
  } catch (err) {
    if (err instanceof CivilTimeError) throw badUserInput(name("datetime"), err.message);
    if (err instanceof Error && /IANA/.test(err.message)) throw badUserInput(zoneField, err.message);
    throw err;
  }
}

/** A moment and a place, validated: what birthFrom and the moment-and-place roots (choghadiya, muhurta) take. */
export function momentAndPlaceFrom(prefix: string, f: CivilFields): { moment: Moment; place: { latDeg: number; lonDeg: number }; civil: CivilEcho } {
  const name = (leaf: string): string => (prefix ? `${prefix}.${leaf}` : leaf);
  const c = resolveCivilMoment(prefix, f);
  if (c.latDeg === null) throw badUserInput(name("latitude"), "latitude is required unless place is given");
  if (c.lonDeg === null) throw badUserInput(name("longitude"), "longitude is required unless place is given");
  const latDeg = checkRange(name("latitude"), c.latDeg, -90, 90, "°");
  const lonDeg = checkRange(name("longitude"), c.lonDeg, -180, 180, "°");
  return { moment: c.moment, place: { latDeg, lonDeg }, civil: c.echo };
}
