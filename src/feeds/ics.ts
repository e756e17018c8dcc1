/**
 * An iCalendar (RFC 5545) writer for the calendar feeds (docs/calendars.md §3): the few properties a
 * published calendar needs, TEXT values escaped (§3.3.11), content lines folded at 75 octets without
 * splitting a UTF-8 sequence (§3.1), CRLF line ends. Pure: the caller gives every value.
 */

export type IcsEvent =
  /** An observance: a whole local day (DTSTART;VALUE=DATE, DTEND the day after its last day, §3.6.1). */
  | { readonly uid: string; readonly kind: "day"; readonly date: string; readonly endDate?: string | null; readonly summary: string; readonly description?: string; readonly categories?: readonly string[] }
  /** A window (parana, muhurta, eclipse): UTC instants, epoch milliseconds. */
  | { readonly uid: string; readonly kind: "window"; readonly startMs: number; readonly endMs: number; readonly summary: string; readonly description?: string; readonly categories?: readonly string[] }
  /** A moment (a subscription's event): DTSTART in UTC and no DTEND, an event that ends where it starts (§3.6.1). */
  | { readonly uid: string; readonly kind: "instant"; readonly atMs: number; readonly summary: string; readonly description?: string; readonly categories?: readonly string[] };

export interface IcsCalendar {
  readonly prodId: string;
  readonly name: string;
  readonly description?: string;
  /** IANA zone the days are dated in (X-WR-TIMEZONE; all-day dates are floating, as RFC 5545 defines them). */
  readonly timeZone: string;
  /** DTSTAMP of every event: when this calendar's content was last defined (stable across polls). */
  readonly stampMs: number;
  /** Suggested poll interval, an RFC 5545 duration (REFRESH-INTERVAL of RFC 7986). */
  readonly refresh: string;
  readonly events: readonly IcsEvent[];
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newline escaped. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/** One content line folded at 75 octets (§3.1): continuation lines start with one space; UTF-8 sequences stay whole. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never cut inside a multi-byte sequence: back up over continuation bytes (10xxxxxx).
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString("utf8"));
    start = end;
    limit = 74; // the leading space counts
  }
  return parts.join("\r\n ");
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** DATE-TIME in UTC (form #2, §3.3.5): 20250101T000000Z. */
export function utcStamp(ms: number): string {
  const d = new Date(Math.round(ms / 1000) * 1000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

const dateValue = (date: string) => date.replace(/-/g, "");
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function renderIcs(cal: IcsCalendar): string {
  const lines: string[] = [
    "BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${cal.prodId}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(cal.name)}`, `NAME:${escapeText(cal.name)}`, `X-WR-TIMEZONE:${cal.timeZone}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${cal.refresh}`, `X-PUBLISHED-TTL:${cal.refresh}`,
  ];
  if (cal.description) lines.push(`X-WR-CALDESC:${escapeText(cal.description)}`, `DESCRIPTION:${escapeText(cal.description)}`);
  const stamp = utcStamp(cal.stampMs);
  for (const e of cal.events) {
    lines.push("BEGIN:VEVENT", `UID:${e.uid}`, `DTSTAMP:${stamp}`);
    if (e.kind === "day") {
      lines.push(`DTSTART;VALUE=DATE:${dateValue(e.date)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(e.endDate ?? e.date))}`);
    } else if (e.kind === "instant") {
      lines.push(`DTSTART:${utcStamp(e.atMs)}`);
    } else {
      lines.push(`DTSTART:${utcStamp(e.startMs)}`, `DTEND:${utcStamp(Math.max(e.endMs, e.startMs + 1000))}`);
    }
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.categories?.length) lines.push(`CATEGORIES:${e.categories.map(escapeText).join(",")}`);
    lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
