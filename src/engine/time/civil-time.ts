import { EngineInputError } from "../errors.js";
import { formatOffset } from "./iso.js";
import { ianaZoneClock, type ZoneClock } from "./zones.js";

/**
 * Civil time in, an instant out: a wall-clock datetime without offset, read through an IANA
 * zone's rules as ICU's copy of the tz database has them for that date (war time, DST, past
 * zone changes). docs/places-and-time.md.
 *
 * Before the zone's first transition the tz data holds LMT, the local mean time of the zone's
 * reference city (Kolkata's +05:53:28 for Asia/Kolkata), which is wrong for every other
 * place in the zone; there the birth longitude's own mean time (longitude / 15 h, rounded to the
 * second) is used instead and flagged.
 */

/** How a local datetime was turned into an instant. */
export interface CivilTime {
  readonly unixMs: number;
  /** The UTC offset applied, seconds east. */
  readonly offsetSeconds: number;
  /** Set when the datetime is before the zone's standard time and the longitude's mean time was used. */
  readonly localMeanTime: boolean;
  /** The explanation that travels with a local-mean-time answer, else null. */
  readonly warning: string | null;
}

/** A local time the zone skipped (spring forward) or passed twice (fall back). */
export class CivilTimeError extends EngineInputError {}

const DAY_MS = 86_400_000;
/** Scan of the LMT period: from here on, in steps of STEP_MS, until the first transition. */
const SCAN_FROM_MS = Date.UTC(1000, 0, 1);
const SCAN_UNTIL_MS = Date.UTC(2100, 0, 1);
// Five years: no zone left its LMT and came back to exactly that offset within five years.
const STEP_MS = 5 * 365 * DAY_MS;

const offsetSecondsAt = (clock: ZoneClock, unixMs: number): number => Math.round(clock.offsetMinutesAt(unixMs) * 60);

/** The first instant of a zone's second offset, found to the second between lo (old offset) and hi (new). */
function transitionBetween(clock: ZoneClock, loMs: number, hiMs: number): number {
  const before = offsetSecondsAt(clock, loMs);
  while (hiMs - loMs > 1000) {
    const mid = Math.floor((loMs + hiMs) / 2000) * 1000;
    if (mid <= loMs) break;
    if (offsetSecondsAt(clock, mid) === before) loMs = mid;
    else hiMs = mid;
  }
  return hiMs;
}

interface StandardStart {
  /** The end of the zone's LMT (its first transition), or null: a zone that never changed (UTC, Etc/GMT-5). */
  readonly atMs: number | null;
  readonly lmtSeconds: number;
}

/** Per zone name: where its LMT ends. Found once (a few hundred ICU look-ups) and kept. */
const standardStarts = new Map<string, StandardStart>();

function standardStartOf(zone: string, clock: ZoneClock): StandardStart {
  const known = standardStarts.get(zone);
  if (known) return known;
  const lmtSeconds = offsetSecondsAt(clock, SCAN_FROM_MS);
  let atMs: number | null = null;
  for (let t = SCAN_FROM_MS + STEP_MS; t < SCAN_UNTIL_MS; t += STEP_MS) {
    if (offsetSecondsAt(clock, t) !== lmtSeconds) {
      atMs = transitionBetween(clock, t - STEP_MS, t);
      break;
    }
  }
  const start = { atMs, lmtSeconds };
  if (standardStarts.size < 1000) standardStarts.set(zone, start);
  return start;
}

/** The mean solar time of a longitude as a UTC offset, seconds east (4 minutes of time per degree). */
export function meanTimeOffsetSeconds(lonDeg: number): number {
  return Math.round(lonDeg * 240);
}

const localText = (localMs: number): string => new Date(localMs).toISOString().slice(0, 19);

export interface CivilTimeOptions {
  /** Which of two readings of a repeated local time: 0 the earlier instant, 1 the later (PEP 495's fold). */
  readonly fold?: 0 | 1 | null;
  /** The place's longitude (degrees east): its mean time stands in for the zone's LMT. */
  readonly lonDeg?: number | null;
}

/**
 * The instant of a wall-clock datetime (`localMs`: its fields as if UTC) in an IANA zone.
 * Throws EngineInputError for an unknown zone, CivilTimeError for a skipped local time (naming
 * the gap) and for a repeated one without `fold` (naming both offsets).
 */
export function resolveCivilTime(localMs: number, zone: string, options: CivilTimeOptions = {}): CivilTime {
  const clock = ianaZoneClock(zone);
  if (!clock) throw new EngineInputError(`'${zone}' is not an IANA time zone known to this service's tz data (e.g. Asia/Kolkata)`);
  const start = standardStartOf(zone, clock);
  const lonDeg = options.lonDeg ?? null;

  // Every offset that could hold within two days either side; each is a reading when the instant
  // it gives really has that offset.
  const candidates = new Set<number>([
    offsetSecondsAt(clock, localMs - 2 * DAY_MS), offsetSecondsAt(clock, localMs), offsetSecondsAt(clock, localMs + 2 * DAY_MS),
  ]);
  const readings: { unixMs: number; offsetSeconds: number; lmt: boolean }[] = [];
  for (const off of candidates) {
    const unixMs = localMs - off * 1000;
    if (offsetSecondsAt(clock, unixMs) !== off) continue;
    const lmt = start.atMs !== null && unixMs < start.atMs;
    if (lmt && lonDeg !== null) continue; // replaced by the longitude's own mean time below
    readings.push({ unixMs, offsetSeconds: off, lmt });
  }
  if (start.atMs !== null && lonDeg !== null) {
    const off = meanTimeOffsetSeconds(lonDeg);
    const unixMs = localMs - off * 1000;
    if (unixMs < start.atMs) readings.push({ unixMs, offsetSeconds: off, lmt: true });
  }
  readings.sort((a, b) => a.unixMs - b.unixMs);

  if (readings.length === 0) {
    const t = transitionBetween(clock, localMs - 2 * DAY_MS, localMs + 2 * DAY_MS);
    const before = offsetSecondsAt(clock, t - 1000), after = offsetSecondsAt(clock, t);
    throw new CivilTimeError(
      `${localText(localMs)} does not exist in ${zone}: clocks went from ${localText(t + before * 1000)} ` +
      `(${formatOffset(before / 60)}) straight to ${localText(t + after * 1000)} (${formatOffset(after / 60)})`,
    );
  }
  let chosen = readings[0]!;
  if (readings.length > 1) {
    const fold = options.fold;
    if (fold !== 0 && fold !== 1) {
      throw new CivilTimeError(
        `${localText(localMs)} happens twice in ${zone}: at ${formatOffset(readings[0]!.offsetSeconds / 60)} and then at ` +
        `${formatOffset(readings[readings.length - 1]!.offsetSeconds / 60)}; choose with fold 0 (the first) or 1 (the second), ` +
        `or give the offset in the datetime`,
      );
    }
    chosen = fold === 0 ? readings[0]! : readings[readings.length - 1]!;
  }
  const warning = chosen.lmt
    ? `before ${zone} kept standard time (${new Date(start.atMs!).toISOString().slice(0, 10)}): ` +
      (lonDeg !== null
        ? `the local mean time of longitude ${lonDeg}° (${formatOffset(chosen.offsetSeconds / 60)}) was used, ` +
          `not the tz data's LMT of the zone's reference city (${formatOffset(start.lmtSeconds / 60)})`
        : `the tz data's LMT of the zone's reference city (${formatOffset(start.lmtSeconds / 60)}) was used; ` +
          `give the place to use its own longitude's mean time`)
    : null;
  return { unixMs: chosen.unixMs, offsetSeconds: chosen.offsetSeconds, localMeanTime: chosen.lmt, warning };
}
