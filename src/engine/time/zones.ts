import tzlookup from "@photostructure/tz-lookup";

/**
 * Civil time zones, offline and pure (no request context): the IANA zone of a place and a
 * zone's UTC offset at an instant. Shared by the resolvers (resolvers/panchanga/time-zone.ts,
 * resolvers/calendar/time-zone-of-place.ts) and the event localizer (engine/events/localize.ts).
 */

/**
 * The IANA zone of a place, from @photostructure/tz-lookup: an offline, dependency-free lookup
 * over the timezone-boundary-builder polygons, kept current with tzdata releases (the original
 * tz-lookup is no longer maintained; geo-tz is larger and reads data files at run time).
 */
export function zoneOfPlace(latDeg: number, lonDeg: number): string {
  return tzlookup(latDeg, lonDeg);
}

/** Anything that knows a UTC offset (minutes east) at each instant. */
export interface ZoneClock {
  offsetMinutesAt(unixMs: number): number;
}

/**
 * Offset of an IANA zone at an instant, minutes east of UTC (Intl's "GMT+05:30" form; the mean
 * times before standard time carry seconds, "GMT+05:21:10", and give a fractional minute).
 */
function intlOffsetMinutes(fmt: Intl.DateTimeFormat, unixMs: number): number {
  const name = fmt.formatToParts(new Date(unixMs)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/.exec(name);
  if (!m || !m[1]) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0) + Number(m[4] ?? 0) / 60);
}

/**
 * Offsets are looked up per 6-hour UTC block: when the offset at the block's first and last
 * millisecond agree, the whole block has it (zones change offset at most once in months, never
 * there and back within hours), so one pair of formatToParts calls serves every time printed in
 * the block, for every request. A block holding a transition is marked and each instant in it
 * asks Intl itself, so a day crossing a DST change still prints each time in its own offset.
 */
const BLOCK_MS = 6 * 3_600_000;
const MIXED = null;

interface Zone {
  readonly fmt: Intl.DateTimeFormat;
  /** Block index → its offset in minutes, or MIXED when a transition falls inside. */
  readonly blocks: Map<number, number | typeof MIXED>;
}

/** One formatter per zone name (constructing one costs far more than using it). */
const zones = new Map<string, Zone>();
const MAX_ZONES = 1000;
const MAX_BLOCKS_PER_ZONE = 20_000;

function zoneNamed(name: string): Zone | undefined {
  let zone = zones.get(name);
  if (zone) return zone;
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-US", { timeZone: name, timeZoneName: "longOffset" });
  } catch {
    return undefined;
  }
  if (zones.size >= MAX_ZONES) zones.clear();
  zone = { fmt, blocks: new Map() };
  zones.set(name, zone);
  return zone;
}

function cachedOffsetMinutes(zone: Zone, unixMs: number): number {
  const block = Math.floor(unixMs / BLOCK_MS);
  let offset = zone.blocks.get(block);
  if (offset === undefined) {
    const first = intlOffsetMinutes(zone.fmt, block * BLOCK_MS);
    const last = intlOffsetMinutes(zone.fmt, (block + 1) * BLOCK_MS - 1);
    offset = first === last ? first : MIXED;
    if (zone.blocks.size >= MAX_BLOCKS_PER_ZONE) zone.blocks.clear();
    zone.blocks.set(block, offset);
  }
  return offset === MIXED ? intlOffsetMinutes(zone.fmt, unixMs) : offset;
}

/** The clock of an IANA zone name, or undefined when Intl does not know the name. */
export function ianaZoneClock(name: string): ZoneClock | undefined {
  const zone = zoneNamed(name);
  return zone && { offsetMinutesAt: (ms) => cachedOffsetMinutes(zone, ms) };
}

/** A zone as plain data, so it can cross to an engine thread (src/engine-pool): a fixed offset or an IANA name. */
export type ZoneSpec = { readonly offsetMinutes: number } | { readonly iana: string };

/** The clock of a ZoneSpec; throws on an IANA name Intl does not know (callers validated it first). */
export function zoneClockOf(spec: ZoneSpec): ZoneClock {
  if ("iana" in spec) {
    const clock = ianaZoneClock(spec.iana);
    if (!clock) throw new Error(`unknown time zone ${spec.iana}`);
    return clock;
  }
  return { offsetMinutesAt: () => spec.offsetMinutes };
}

/** Unix ms of local 00:00 of a calendar date in the clock's zone (offset re-taken once for DST). */
export function localMidnightUnixMs(clock: ZoneClock, y: number, m: number, d: number): number {
  const utcMidnight = Date.UTC(y, m - 1, d);
  const guess = utcMidnight - clock.offsetMinutesAt(utcMidnight) * 60_000;
  return utcMidnight - clock.offsetMinutesAt(guess) * 60_000;
}

/** The calendar date (y, m, d) of an instant in the clock's zone. */
export function localDateOf(clock: ZoneClock, unixMs: number): [number, number, number] {
  const local = new Date(unixMs + clock.offsetMinutesAt(unixMs) * 60_000);
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}
