import { CivilTimeError, resolveCivilTime } from "../../engine/time/civil-time.js";
import { formatIso, formatOffset, parseLocalDateTime } from "../../engine/time/iso.js";
import { ianaZoneClock } from "../../engine/time/zones.js";
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

/** The caller's name of an input field from its role: "datetime", "timezone", "place", "fold", "latitude" … */
export type FieldNamer = (leaf: string) => string;

/**
 * Resolve one input's moment; errors name `${prefix}.datetime`, `.timezone`, `.place` or `.fold`
 * (prefix "" gives the bare names, as top-level GraphQL arguments are named), or what `prefix`,
 * given as a FieldNamer, names them.
 */
export function resolveCivilMoment(prefix: string | FieldNamer, f: CivilFields): CivilMoment {
  const name: FieldNamer = typeof prefix === "function" ? prefix : (leaf) => (prefix ? `${prefix}.${leaf}` : leaf);
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

/** A date alone (YYYY-MM-DD): read by the route's own rule (00:00 UT, or the date at the place), not resolved. */
const DATE_ONLY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

/**
 * One set of civil-time fields and the moments they read, as a REST request or a GraphQL field
 * carries them: `timezone`, `place`, `fold`, the coordinates, and every moment of the set
 * (`datetime`, `start`/`end`, `after`, `from`/`to`, a date-or-datetime `date` …).
 */
export interface CivilSet {
  readonly timezone?: string | null;
  readonly place?: string | null;
  readonly fold?: number | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  /** Moment field name → the caller's value. Values that are not local datetimes are left alone. */
  readonly moments: Readonly<Record<string, unknown>>;
  /** A moment's own fold and its field's name (REST `query_fold` beside `query_datetime`), else `fold`. */
  readonly folds?: Readonly<Record<string, { readonly fold: number | null | undefined; readonly name: string }>>;
}

export interface ResolvedCivilSet {
  /** The moments that were resolved, rewritten as ISO 8601 with their offsets (the specification's form). */
  readonly moments: Record<string, string>;
  /** The same moments' echoes. */
  readonly echoes: Record<string, CivilEcho>;
  /** The caller's coordinates, else the place's; null when neither. */
  readonly latitude: number | null;
  readonly longitude: number | null;
  /** The zone of the set: `timezone`, else the place's; null when neither was given. */
  readonly zone: string | null;
  readonly place: Place | null;
}

const given = (x: unknown): boolean => x !== undefined && x !== null && !(typeof x === "string" && x.trim() === "");

/**
 * The one resolution of civil-time inputs, for REST bodies and queries (rest-compat/civil-fields.ts)
 * and every GraphQL field that takes a moment or a place: with neither `timezone` nor `place`
 * nothing changes; otherwise the place gives the coordinates the caller left out, and each moment
 * without an offset is read by the zone's tz rules for its date (a moment with its offset keeps
 * it). `name` maps a role to the caller's field name: `name("timezone")`, and each moment's own
 * name as `name(field)`; errors (BAD_USER_INPUT) name those fields. The gazetteer must be loaded
 * when a place is given (placeIndex()).
 */
export function resolveCivilSet(name: FieldNamer, s: CivilSet): ResolvedCivilSet {
  const timezone = given(s.timezone) ? String(s.timezone).trim() : null;
  const placeId = given(s.place) ? String(s.place).trim() : null;
  const none: ResolvedCivilSet = {
    moments: {}, echoes: {}, latitude: s.latitude ?? null, longitude: s.longitude ?? null, zone: null, place: null,
  };
  if (timezone === null && placeId === null) return none;
  const place = placeId !== null ? placeById(name("place"), placeId) : null;
  const latitude = s.latitude ?? place?.latitude ?? null;
  const longitude = s.longitude ?? place?.longitude ?? null;
  const zone = timezone ?? place!.timezone;
  if (timezone !== null && !ianaZoneClock(timezone)) {
    throw badUserInput(name("timezone"), `'${timezone}' is not an IANA time zone known to this service's tz data (e.g. Asia/Kolkata)`);
  }
  const moments: Record<string, string> = {};
  const echoes: Record<string, CivilEcho> = {};
  for (const [field, value] of Object.entries(s.moments)) {
    if (typeof value !== "string" || value.trim() === "" || DATE_ONLY.test(value)) continue;
    const own = s.folds?.[field];
    const ownFold = own !== undefined && given(own.fold);
    const fold = ownFold ? Number(own!.fold) : given(s.fold) ? Number(s.fold) : null;
    const c = resolveCivilMoment((leaf) => (leaf === "datetime" ? field : leaf === "fold" && ownFold ? own!.name : name(leaf)), {
      datetime: value, timezone, place: placeId, fold, latitude, longitude,
    });
    moments[field] = c.echo.datetime;
    echoes[field] = c.echo;
  }
  return { moments, echoes, latitude, longitude, zone, place };
}

/** A GraphQL field's civil-time arguments, beside its moments and coordinates. */
export interface CivilArgs {
  readonly timezone?: string | null;
  readonly place?: string | null;
  readonly fold?: number | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
}

/**
 * A GraphQL field's arguments in the specification's form (the same resolution as REST,
 * resolveCivilSet): its moment arguments (`momentArgs`, in order of importance) read in the zone
 * of `timezone` or `place`, its coordinates filled from the place, and its zone argument
 * (`zoneArg`: `tz`, `timeZone`), when the caller left it out and there are coordinates, set to that
 * zone as REST sets `tz`.
 * `civil` echoes the first moment that was resolved (null when none was). Errors name the arguments
 * (`inputName.place` inside an input object).
 */
export function civilArgsFrom<T extends CivilArgs>(
  args: T, momentArgs: readonly (keyof T & string)[], zoneArg?: keyof T & string, inputName?: string,
): { args: T; civil: CivilEcho | null; zone: string | null; place: Place | null } {
  const moments: Record<string, unknown> = {};
  for (const k of momentArgs) moments[k] = args[k];
  const name: FieldNamer = (leaf) => (inputName ? `${inputName}.${leaf}` : leaf);
  const r = resolveCivilSet(name, { ...args, moments });
  if (r.zone === null) return { args, civil: null, zone: null, place: null };
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>), ...r.moments, latitude: r.latitude, longitude: r.longitude };
  // As REST fills `tz`: only where there is a place for the zone to be the zone of.
  if (zoneArg && !given(args[zoneArg]) && r.latitude !== null) out[zoneArg] = r.zone;
  const first = momentArgs.find((k) => r.echoes[k]);
  return { args: out as T, civil: first ? r.echoes[first]! : null, zone: r.zone, place: r.place };
}

/**
 * Another moment of a field that takes a birth (dasha's queryDatetime, chandrashtama's start and
 * end, dailyStrength's datetime): without an offset it is read in the birth's zone (its timezone,
 * else its place's), as REST reads `query_datetime` or `start` in the request's `timezone`/`place`.
 * Returns the datetime in the specification's form (unchanged when it needs nothing).
 */
export function inBirthZone(field: string, value: string, birth: CivilArgs | null | undefined, birthArg = "birth"): string {
  if (!birth) return value;
  const r = resolveCivilSet((leaf) => `${birthArg}.${leaf}`, {
    timezone: birth.timezone, place: birth.place, latitude: birth.latitude, longitude: birth.longitude, moments: { [field]: value },
  });
  return r.moments[field] ?? value;
}

/**
 * A moment argument of a field below a chart (Chart.dasha's and Chart.remedies' queryDatetime,
 * Chart.transits' at): without an offset it is read in the birth's own zone — the IANA zone its
 * offset came from (timezone or place), else the birth's fixed offset — as the root fields read
 * theirs in the birth's zone (inBirthZone). Returns the datetime in the specification's form.
 */
export function inChartZone(field: string, value: string, civil: CivilEcho): string {
  const local = forField(field, () => parseLocalDateTime(value));
  if (local.offsetMinutes !== null) return value;
  if (civil.timezone) return inBirthZone(field, value, { timezone: civil.timezone });
  return value.trim() + civil.utcOffset.slice(0, 6);
}

/** Whether a datetime argument is local (no offset): its zone is then the chart's, known only below the root. */
export function isLocalDateTime(value: string | null | undefined): boolean {
  if (!value) return false;
  try {
    return parseLocalDateTime(value).offsetMinutes === null;
  } catch {
    return false;
  }
}

