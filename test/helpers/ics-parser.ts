/**
 * A strict RFC 5545 reader for the feed tests. No iCalendar parser is installed (node_modules holds
 * none, and dependencies are not added casually), so the tests carry their own, strict where a
 * lenient reader would hide a fault: every line must end in CRLF and be at most 75 octets (§3.1),
 * continuation lines start with one space or tab, each content line must match §3.1's grammar
 * (name, parameters, quoted parameter values, ":" value, no control characters), BEGIN/END must
 * nest, a TEXT value must escape "\", ";" and "," and may use only the escapes of §3.3.11, DATE and
 * DATE-TIME values must be valid (§3.3.4, §3.3.5), VCALENDAR needs one VERSION:2.0 and one PRODID
 * (§3.6), and each VEVENT one UID, one DTSTAMP, one DTSTART, DTEND after DTSTART and of the same
 * value type, never DTEND with DURATION (§3.6.1). UIDs are unique within the calendar.
 */

export interface IcsProperty {
  readonly name: string;
  readonly params: Readonly<Record<string, string[]>>;
  /** The raw value (TEXT still escaped). */
  readonly raw: string;
}

export interface IcsComponent {
  readonly name: string;
  readonly props: IcsProperty[];
  readonly components: IcsComponent[];
}

export interface ParsedIcs {
  readonly calendar: IcsComponent;
  readonly events: IcsComponent[];
}

const NAME = /^(?:[A-Za-z0-9-]+)$/;
const SAFE_CHAR = /^[^\x00-\x08\x0a-\x1f\x7f";:,]*$/;
const QSAFE_CHAR = /^[^\x00-\x08\x0a-\x1f\x7f"]*$/;
const VALUE_CHAR = /^[^\x00-\x08\x0a-\x1f\x7f]*$/;
/** Single-valued TEXT properties of the feed's components: ";" and "," must be escaped in them. */
const TEXT_PROPS = new Set(["SUMMARY", "DESCRIPTION", "X-WR-CALNAME", "X-WR-CALDESC", "NAME", "LOCATION", "COMMENT"]);

export class IcsError extends Error {}

function fail(line: number, message: string): never {
  throw new IcsError(`line ${line}: ${message}`);
}

/** Unescapes a TEXT value (§3.3.11); throws on an unknown escape or an unescaped ";" or ",". */
export function unescapeText(raw: string, line = 0): string {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === "\\") {
      const n = raw[++i];
      if (n === "\\" || n === ";" || n === ",") out += n;
      else if (n === "n" || n === "N") out += "\n";
      else fail(line, `bad TEXT escape \\${n ?? ""}`);
    } else if (c === ";" || c === ",") fail(line, `unescaped "${c}" in TEXT`);
    else out += c;
  }
  return out;
}

/** Splits one unfolded content line into name, parameters and value (§3.1 grammar). */
function contentLine(text: string, line: number): IcsProperty {
  let i = 0;
  const nameEnd = text.search(/[;:]/);
  if (nameEnd <= 0) fail(line, `no name or no ":" in ${JSON.stringify(text.slice(0, 40))}`);
  const name = text.slice(0, nameEnd);
  if (!NAME.test(name)) fail(line, `bad property name ${name}`);
  i = nameEnd;
  const params: Record<string, string[]> = {};
  while (text[i] === ";") {
    const eq = text.indexOf("=", i);
    if (eq < 0) fail(line, "parameter without =");
    const pname = text.slice(i + 1, eq);
    if (!NAME.test(pname)) fail(line, `bad parameter name ${pname}`);
    i = eq + 1;
    const values: string[] = [];
    for (;;) {
      if (text[i] === '"') {
        const close = text.indexOf('"', i + 1);
        if (close < 0) fail(line, "unterminated quoted parameter value");
        const v = text.slice(i + 1, close);
        if (!QSAFE_CHAR.test(v)) fail(line, "bad character in quoted parameter value");
        values.push(v);
        i = close + 1;
      } else {
        const m = /^[^";:,]*/.exec(text.slice(i))![0];
        if (!SAFE_CHAR.test(m)) fail(line, "bad character in parameter value");
        values.push(m);
        i += m.length;
      }
      if (text[i] === ",") {
        i++;
        continue;
      }
      break;
    }
    params[pname.toUpperCase()] = values;
  }
  if (text[i] !== ":") fail(line, `expected ":" after ${name}`);
  const raw = text.slice(i + 1);
  if (!VALUE_CHAR.test(raw)) fail(line, `control character in the value of ${name}`);
  return { name: name.toUpperCase(), params, raw };
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

function checkDate(y: string, m: string, d: string, line: number): void {
  const t = Date.UTC(+y, +m - 1, +d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== +y || back.getUTCMonth() !== +m - 1 || back.getUTCDate() !== +d) fail(line, `invalid date ${y}${m}${d}`);
}

/** A DATE or DATE-TIME value → epoch ms (DATE: UTC midnight; floating and UTC times alike), checked. */
export function timeValue(p: IcsProperty, line = 0): { kind: "date" | "date-time"; ms: number; utc: boolean } {
  const isDate = p.params.VALUE?.[0] === "DATE";
  if (isDate) {
    const m = DATE.exec(p.raw) ?? fail(line, `${p.name}: bad DATE ${p.raw}`);
    checkDate(m[1]!, m[2]!, m[3]!, line);
    return { kind: "date", ms: Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!), utc: false };
  }
  const m = DATE_TIME.exec(p.raw) ?? fail(line, `${p.name}: bad DATE-TIME ${p.raw}`);
  checkDate(m[1]!, m[2]!, m[3]!, line);
  if (+m[4]! > 23 || +m[5]! > 59 || +m[6]! > 60) fail(line, `${p.name}: bad time ${p.raw}`);
  return { kind: "date-time", ms: Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!), utc: m[7] === "Z" };
}

export function parseIcs(text: string): ParsedIcs {
  if (!text.endsWith("\r\n")) throw new IcsError("the stream must end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  const logical: { text: string; line: number }[] = [];
  physical.forEach((l, k) => {
    if (/[\r\n]/.test(l)) fail(k + 1, "bare CR or LF");
    if (Buffer.byteLength(l, "utf8") > 75) fail(k + 1, `line of ${Buffer.byteLength(l, "utf8")} octets (at most 75)`);
    if (l.startsWith(" ") || l.startsWith("\t")) {
      if (logical.length === 0) fail(k + 1, "continuation before any content line");
      logical[logical.length - 1]!.text += l.slice(1);
    } else {
      if (l.length === 0) fail(k + 1, "empty line");
      logical.push({ text: l, line: k + 1 });
    }
  });
  const stack: IcsComponent[] = [];
  let calendar: IcsComponent | undefined;
  for (const { text: t, line } of logical) {
    const p = contentLine(t, line);
    if (p.name === "BEGIN") {
      const c: IcsComponent = { name: p.raw.toUpperCase(), props: [], components: [] };
      if (stack.length === 0) {
        if (calendar) fail(line, "a second top-level component");
        if (c.name !== "VCALENDAR") fail(line, "the stream must begin with VCALENDAR");
        calendar = c;
      } else stack[stack.length - 1]!.components.push(c);
      stack.push(c);
      continue;
    }
    if (p.name === "END") {
      const open = stack.pop() ?? fail(line, "END without BEGIN");
      if (open.name !== p.raw.toUpperCase()) fail(line, `END:${p.raw} closes ${open.name}`);
      continue;
    }
    const top = stack[stack.length - 1] ?? fail(line, "property outside any component");
    if (TEXT_PROPS.has(p.name)) unescapeText(p.raw, line);
    top.props.push(p);
  }
  if (stack.length > 0 || !calendar) throw new IcsError("unclosed component");
  const one = (c: IcsComponent, name: string): IcsProperty => {
    const found = c.props.filter((x) => x.name === name);
    if (found.length !== 1) throw new IcsError(`${c.name} must have exactly one ${name} (has ${found.length})`);
    return found[0]!;
  };
  if (one(calendar, "VERSION").raw !== "2.0") throw new IcsError("VERSION must be 2.0");
  one(calendar, "PRODID");
  const events = calendar.components.filter((c) => c.name === "VEVENT");
  const uids = new Set<string>();
  for (const e of events) {
    const uid = one(e, "UID").raw;
    if (uids.has(uid)) throw new IcsError(`duplicate UID ${uid}`);
    uids.add(uid);
    const stamp = timeValue(one(e, "DTSTAMP"));
    if (stamp.kind !== "date-time" || !stamp.utc) throw new IcsError(`${uid}: DTSTAMP must be a UTC DATE-TIME`);
    const start = timeValue(one(e, "DTSTART"));
    const ends = e.props.filter((x) => x.name === "DTEND");
    if (ends.length > 1) throw new IcsError(`${uid}: more than one DTEND`);
    if (ends.length === 1 && e.props.some((x) => x.name === "DURATION")) throw new IcsError(`${uid}: DTEND with DURATION`);
    if (ends.length === 1) {
      const end = timeValue(ends[0]!);
      if (end.kind !== start.kind) throw new IcsError(`${uid}: DTEND's value type differs from DTSTART's`);
      if (end.ms <= start.ms) throw new IcsError(`${uid}: DTEND not after DTSTART`);
    }
  }
  return { calendar, events };
}

/** The first property `name` of a component, or undefined. */
export const prop = (c: IcsComponent, name: string) => c.props.find((p) => p.name === name);
/** A TEXT property, unescaped. */
export const text = (c: IcsComponent, name: string) => {
  const p = prop(c, name);
  return p ? unescapeText(p.raw) : undefined;
};
