import { EngineInputError } from "../errors.js";

/** A parsed ISO 8601 datetime: the instant and the caller's UTC offset (minutes east). */
export interface ParsedDateTime {
  readonly unixMs: number;
  readonly offsetMinutes: number;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2}(?::\d{2})?)?$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function civilToUnixMs(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  // Date.UTC maps years 0..99 to 1900+; setUTCFullYear avoids that.
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
  date.setUTCFullYear(y);
  return date.getTime();
}

function checkDate(y: number, mo: number, d: number, text: string): void {
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    throw new EngineInputError(`'${text}' is not a valid calendar date`);
  }
}

function parseOffset(tz: string): number {
  if (tz.toUpperCase() === "Z") return 0;
  const sign = tz[0] === "-" ? -1 : 1;
  // ±HH:MM, ±HHMM, or ±HH:MM:SS (the mean times before standard time, e.g. Madras +05:21:10).
  const digits = tz.slice(1).replace(/:/g, "");
  const hh = Number(digits.slice(0, 2));
  const mm = Number(digits.slice(2, 4));
  const ss = digits.length > 4 ? Number(digits.slice(4, 6)) : 0;
  if (hh > 18 || mm > 59 || ss > 59) throw new EngineInputError(`UTC offset '${tz}' is out of range (±18:00)`);
  return sign * (hh * 60 + mm + ss / 60);
}

/** A civil datetime as written, before any zone: its fields read as if they were UTC, and the offset if one was written. */
export interface LocalDateTime {
  /** The wall-clock fields as a Unix ms "as if UTC" (civil arithmetic without a zone). */
  readonly localMs: number;
  /** Minutes east when the text carried an offset, else null. */
  readonly offsetMinutes: number | null;
}

/**
 * Parse an ISO 8601 datetime with or without its UTC offset ("1943-03-01T14:30",
 * "1943-03-01T14:30+06:30"): the civil-time input (engine/time/civil-time.ts) resolves a
 * datetime without one through a zone's rules.
 */
export function parseLocalDateTime(text: string): LocalDateTime {
  const m = DATE_TIME.exec(text.trim());
  if (!m) {
    throw new EngineInputError(
      `'${text}' is not an ISO 8601 datetime; expected e.g. 2024-01-15T10:30:00 or 2024-01-15T10:30:00+05:30`,
    );
  }
  const [, ys, mos, ds, hs, mis, ss, frac, tz] = m;
  const y = Number(ys), mo = Number(mos), d = Number(ds);
  const h = Number(hs), mi = Number(mis), s = ss ? Number(ss) : 0;
  checkDate(y, mo, d, text);
  if (h > 23 || mi > 59 || s > 59) throw new EngineInputError(`'${text}' has an invalid time of day`);
  const ms = frac ? Number((frac + "00").slice(0, 3)) : 0;
  return { localMs: civilToUnixMs(y, mo, d, h, mi, s, ms), offsetMinutes: tz ? parseOffset(tz) : null };
}

/**
 * Parse an ISO 8601 datetime that carries its UTC offset ("2024-01-15T10:30:00+05:30", "…Z").
 * A datetime without an offset is refused: the service never guesses the caller's zone.
 */
export function parseIsoDateTime(text: string): ParsedDateTime {
  const m = DATE_TIME.exec(text.trim());
  if (!m) {
    throw new EngineInputError(
      `'${text}' is not an ISO 8601 datetime; expected e.g. 2024-01-15T10:30:00+05:30`,
    );
  }
  const [, ys, mos, ds, hs, mis, ss, frac, tz] = m;
  if (!tz) {
    throw new EngineInputError(
      `'${text}' has no UTC offset; add one, e.g. ${text.trim()}+05:30 or ${text.trim()}Z`,
    );
  }
  const y = Number(ys), mo = Number(mos), d = Number(ds);
  const h = Number(hs), mi = Number(mis), s = ss ? Number(ss) : 0;
  checkDate(y, mo, d, text);
  if (h > 24 || mi > 59 || s > 60 || (h === 24 && (mi > 0 || s > 0))) {
    throw new EngineInputError(`'${text}' has an invalid time of day`);
  }
  const ms = frac ? Number((frac + "00").slice(0, 3)) + Number("0." + (frac.slice(3) || "0")) : 0;
  const offsetMinutes = parseOffset(tz);
  const unixMs = civilToUnixMs(y, mo, d, h, mi, Math.min(s, 59), ms) + (s === 60 ? 1000 : 0) - Math.round(offsetMinutes * 60) * 1000;
  return { unixMs, offsetMinutes };
}

/**
 * Parse a date or a datetime. A date alone ("2024-01-15") means 00:00 UT of that date
 * (offset 0); a datetime must carry its offset.
 */
export function parseIsoDateOrDateTime(text: string): ParsedDateTime {
  const m = DATE_ONLY.exec(text.trim());
  if (m) {
    const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
    checkDate(y, mo, d, text);
    return { unixMs: civilToUnixMs(y, mo, d, 0, 0, 0, 0), offsetMinutes: 0 };
  }
  return parseIsoDateTime(text);
}

function pad(n: number, width = 2): string {
  return String(Math.trunc(n)).padStart(width, "0");
}

/**
 * Format an offset in minutes as "+05:30" / "-03:00"; 0 gives "+00:00". An offset with seconds
 * (the tz data's mean times before standard time, e.g. Madras +05:21:10) prints them: "+05:21:10".
 */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const totalSeconds = Math.round(Math.abs(offsetMinutes) * 60);
  const h = Math.floor(totalSeconds / 3600), mi = Math.floor(totalSeconds / 60) % 60, s = totalSeconds % 60;
  return `${sign}${pad(h)}:${pad(mi)}${s === 0 ? "" : ":" + pad(s)}`;
}

/**
 * The text is written as bytes into one scratch buffer and read back as a single flat string:
 * joined with `+`, the 25 characters were a tree of cons strings (≈ 225 bytes of heap each instead
 * of ≈ 48), and an answer holds thousands (a dasha tree 26,000).
 */
const scratch = Buffer.allocUnsafeSlow(40);

/** The last offset formatted, as bytes: answers format thousands of instants in one offset. */
let lastOffsetMinutes = NaN;
let lastOffsetBytes = Buffer.alloc(0);

function offsetBytes(offsetMinutes: number): Buffer {
  if (offsetMinutes !== lastOffsetMinutes) {
    lastOffsetBytes = Buffer.from(formatOffset(offsetMinutes), "latin1");
    lastOffsetMinutes = offsetMinutes;
  }
  return lastOffsetBytes;
}

/** Writes 0–99 as two ASCII digits at `at`. */
function twoDigits(at: number, n: number): void {
  scratch[at] = 48 + Math.floor(n / 10);
  scratch[at + 1] = 48 + (n % 10);
}

/** Days since 1970-01-01 → proleptic Gregorian y, m, d (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms", civil_from_days). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/**
 * Format an instant as ISO 8601 in the caller's offset, to whole seconds
 * ("2024-01-15T06:42:17+05:30"). Rounded to the nearest second. Years 0000–9999 take the
 * arithmetic path (no Date object, no padStart, one flat string); others, and instants outside
 * Date's range, the Date path (identical text, test/engine/iso-format.test.ts).
 */
export function formatIso(unixMs: number, offsetMinutes: number): string {
  const localSeconds = Math.round(unixMs / 1000) + Math.round(offsetMinutes * 60);
  const days = Math.floor(localSeconds / 86400);
  // 0000-01-01 is day -719528, 9999-12-31 day 2932896.
  if (!(days >= -719528 && days <= 2932896)) return formatIsoByDate(unixMs, offsetMinutes);
  const [y, m, d] = civilFromDays(days);
  let s = localSeconds - days * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const mi = Math.floor(s / 60);
  s -= mi * 60;
  twoDigits(0, Math.floor(y / 100));
  twoDigits(2, y % 100);
  scratch[4] = 0x2d; // -
  twoDigits(5, m);
  scratch[7] = 0x2d;
  twoDigits(8, d);
  scratch[10] = 0x54; // T
  twoDigits(11, h);
  scratch[13] = 0x3a; // :
  twoDigits(14, mi);
  scratch[16] = 0x3a;
  twoDigits(17, s);
  const off = offsetBytes(offsetMinutes);
  off.copy(scratch, 19);
  return scratch.toString("latin1", 0, 19 + off.length);
}

/** formatIso through Date: every year Date represents (signed six-digit years outside 0000–9999). */
export function formatIsoByDate(unixMs: number, offsetMinutes: number): string {
  const local = new Date(Math.round(unixMs / 1000) * 1000 + Math.round(offsetMinutes * 60) * 1000);
  const y = local.getUTCFullYear();
  const ys = y < 0 ? "-" + pad(-y, 6) : y > 9999 ? "+" + pad(y, 6) : pad(y, 4);
  return (
    `${ys}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    formatOffset(offsetMinutes)
  );
}
