import { formatIso, formatOffset } from "../../engine/time/iso.js";
import { unixMsFromJd } from "../../engine/time/julian.js";
import { badUserInput } from "../common/input-errors.js";

/**
 * How times are written back to the caller: a fixed offset (from the caller's datetime or a
 * "±HH:MM" tz) or an IANA zone, whose offset is taken at each instant (so a day crossing a
 * DST change prints each time in the offset then in force).
 */
export interface Clock {
  /** "+05:30", "America/New_York" or "UTC". */
  readonly label: string;
  /** Set when the caller gave no zone and times are in UTC. */
  readonly note: string | null;
  offsetMinutesAt(unixMs: number): number;
}

export const UTC_NOTE = "no tz or UTC offset was given: times are in UTC";

const FIXED = /^([+-])(\d{2}):?(\d{2})$/;

export function fixedClock(offsetMinutes: number, note: string | null = null): Clock {
  return { label: note ? "UTC" : formatOffset(offsetMinutes), note, offsetMinutesAt: () => offsetMinutes };
}

/** Offset of an IANA zone at an instant, minutes east of UTC (Intl's "GMT+05:30" form). */
function zoneOffsetMinutes(fmt: Intl.DateTimeFormat, unixMs: number): number {
  const name = fmt.formatToParts(new Date(unixMs)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(name);
  if (!m || !m[1]) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
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
    const first = zoneOffsetMinutes(zone.fmt, block * BLOCK_MS);
    const last = zoneOffsetMinutes(zone.fmt, (block + 1) * BLOCK_MS - 1);
    offset = first === last ? first : MIXED;
    if (zone.blocks.size >= MAX_BLOCKS_PER_ZONE) zone.blocks.clear();
    zone.blocks.set(block, offset);
  }
  return offset === MIXED ? zoneOffsetMinutes(zone.fmt, unixMs) : offset;
}

/** A caller's `tz`: "±HH:MM" (or ±HHMM) or an IANA zone name; errors name `field`. */
export function clockFromTz(field: string, tz: string): Clock {
  const fixed = FIXED.exec(tz.trim());
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
    if (Number(fixed[3]) > 59 || minutes > 18 * 60) throw badUserInput(field, `tz offset out of range: ${tz}`);
    return fixedClock((fixed[1] === "-" ? -1 : 1) * minutes);
  }
  const zone = zoneNamed(tz.trim());
  if (!zone) throw badUserInput(field, `tz must be an IANA time zone (e.g. Asia/Kolkata) or a UTC offset ±HH:MM, got "${tz}"`);
  // The caller's spelling (Intl canonicalises Asia/Kolkata to Asia/Calcutta).
  return { label: tz.trim(), note: null, offsetMinutesAt: (ms) => cachedOffsetMinutes(zone, ms) };
}

/** Unix ms of local 00:00 of a calendar date in the clock's zone (offset re-taken once for DST). */
export function localMidnightUnixMs(clock: Clock, y: number, m: number, d: number): number {
  const utcMidnight = Date.UTC(y, m - 1, d);
  const guess = utcMidnight - clock.offsetMinutesAt(utcMidnight) * 60_000;
  return utcMidnight - clock.offsetMinutesAt(guess) * 60_000;
}

/** The calendar date (y, m, d) of an instant in the clock's zone. */
export function localDateOf(clock: Clock, unixMs: number): [number, number, number] {
  const local = new Date(unixMs + clock.offsetMinutesAt(unixMs) * 60_000);
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

/** ISO 8601 of an instant in the clock's zone, to the second. */
export function isoAt(clock: Clock, unixMs: number): string {
  return formatIso(unixMs, clock.offsetMinutesAt(unixMs));
}

/**
 * ISO 8601 of a junction (a limb's end, the next one's start), to the second rounded UP: the
 * printed instant is never before the exact root, so asking the service at the time it printed
 * gives the new element, and every day that reports the junction prints the same second
 * (docs/architecture.md §3).
 */
export function isoOfJunction(clock: Clock, jdUt: number): string {
  const ms = unixMsFromJd(jdUt);
  return isoAt(clock, Math.ceil(ms / 1000) * 1000);
}

/** ISO 8601 of a Julian day UT, or null. */
export function isoOfJd(clock: Clock, jdUt: number | null): string | null {
  return jdUt === null ? null : isoAt(clock, unixMsFromJd(jdUt));
}
