import { instantFromUnixMs } from "../../engine/time/instant.js";
import { formatIso, parseIsoDateOrDateTime, parseIsoDateTime } from "../../engine/time/iso.js";
import type { Instant } from "../../engine/types.js";
import { EngineInputError } from "../../engine/errors.js";
import { forField } from "./input-errors.js";

/** A parsed caller datetime: the instant, and the caller's offset for echoing times back. */
export interface Moment {
  readonly instant: Instant;
  readonly offsetMinutes: number;
  /** The instant formatted ISO 8601 in the caller's offset. */
  readonly iso: string;
}

function momentOf(unixMs: number, offsetMinutes: number): Moment {
  return { instant: instantFromUnixMs(unixMs), offsetMinutes, iso: formatIso(unixMs, offsetMinutes) };
}

/** A datetime that must carry its offset; errors name `field`. */
export function momentFromDateTime(field: string, text: string): Moment {
  const p = forField(field, () => parseIsoDateTime(text));
  return momentOf(p.unixMs, p.offsetMinutes);
}

/** A date (00:00 UT) or a datetime with offset; errors name `field`. */
export function momentFromDateOrDateTime(field: string, text: string): Moment {
  const p = forField(field, () => parseIsoDateOrDateTime(text));
  return momentOf(p.unixMs, p.offsetMinutes);
}

/** What is wrong with a date-or-datetime text, or undefined (for validators that run before execution). */
export function dateOrDateTimeProblem(text: unknown): string | undefined {
  return problemOf(() => parseIsoDateOrDateTime(String(text)));
}

/** What is wrong with a datetime-with-offset text, or undefined. */
export function dateTimeProblem(text: unknown): string | undefined {
  return problemOf(() => parseIsoDateTime(String(text)));
}

function problemOf(parse: () => unknown): string | undefined {
  try {
    parse();
    return undefined;
  } catch (err) {
    if (err instanceof EngineInputError) return err.message;
    throw err;
  }
}
