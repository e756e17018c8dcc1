import { issue, type Loc, type ValidationErrorItem } from "./validation-error.js";

/**
 * The small declarative input language of the route table. One FieldSpec describes a query,
 * path or body field; both the validator (validateInput) and OpenAPI (fieldJsonSchema) are
 * generated from it, so the documentation cannot drift from what is enforced.
 */
export interface FieldSpec {
  /**
   * string | number (float) | integer | boolean | csv (a comma-separated string of `items`) |
   * array (JSON list of `items`) | object (JSON object; `fields` makes it strict).
   */
  readonly type: "string" | "number" | "integer" | "boolean" | "csv" | "array" | "object";
  readonly required?: boolean;
  readonly description?: string;
  /** Inclusive bounds: numeric value (number/integer) or length (string/array/csv). */
  readonly min?: number;
  readonly max?: number;
  /** Exclusive lower bound of a number (credits > 0). */
  readonly exclusiveMin?: number;
  readonly enum?: readonly string[];
  readonly default?: unknown;
  /** OpenAPI format hint ("date-time", "uri", "email"); documentation only. */
  readonly format?: string;
  readonly example?: unknown;
  /** Element spec of csv/array. */
  readonly items?: FieldSpec;
  /** A string of digits (a PIN) that a JSON body may also send as a non-negative integer. */
  readonly digits?: boolean;
  /** Word for one element in csv/enum messages ("planet"). */
  readonly itemName?: string;
  /**
   * A rule beyond type and bounds (e.g. "ISO 8601 with offset"): returns what is wrong, or
   * undefined. Reported as value_error, before anything is executed or charged.
   */
  readonly check?: (value: unknown) => string | undefined;
  /**
   * Nested fields of an object; in a query or path unknown keys are refused, in a JSON body they
   * are ignored and reported (validateInput's `ignored`). Without it the object is open.
   */
  readonly fields?: Readonly<Record<string, FieldSpec>>;
}

export type FieldSet = Readonly<Record<string, FieldSpec>>;

export interface InputSchema {
  readonly path?: FieldSet;
  readonly query?: FieldSet;
  readonly body?: FieldSet;
}

export interface RawInput {
  readonly path: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** Parsed JSON body; undefined when the request had none. */
  readonly body: unknown;
}

/**
 * Unknown JSON body fields are ignored, as FastAPI's default model does (the interface spec's 422
 * style is FastAPI's and its request schemas are "not shown in full"): a client written against
 * the spec may send fields this service does not read. Their dotted names are collected here and
 * answered in the X-Ignored-Fields header. Unknown query and path fields are still refused.
 */
export type IgnoredFields = string[];

/** Validated, coerced and defaulted values; absent optional fields are missing keys. */
export interface ValidInput {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: Record<string, unknown>;
}

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;
const TRUE_WORDS = new Set(["true", "1", "yes", "on", "t", "y"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off", "f", "n"]);

/** Query strings repeat keys as arrays; a scalar field takes the last value, as FastAPI does. */
function lastOf(v: unknown): unknown {
  return Array.isArray(v) ? v[v.length - 1] : v;
}

type Result = { ok: true; value: unknown } | { ok: false };

/**
 * Check one value against its spec. `fromText` is true for query/path values (strings that
 * may stand for numbers and booleans); JSON bodies may also send numbers as strings (pydantic's
 * lax mode accepts both).
 */
function checkValue(
  spec: FieldSpec, raw: unknown, loc: Loc, fromText: boolean, errors: ValidationErrorItem[], ignored: IgnoredFields | null = null,
): Result {
  const r = checkType(spec, raw, loc, fromText, errors, ignored);
  if (r.ok && spec.check) {
    const problem = spec.check(r.value);
    if (problem !== undefined) {
      errors.push(issue.valueError(loc, raw, fromText ? withPlusHint(spec, r.value, problem) : problem));
      return { ok: false };
    }
  }
  return r;
}

/**
 * An unencoded `+` in a URL query (the offset of 2024-01-15T10:30:00+05:30) arrives as a space.
 * When putting the `+` back would make the value valid, the message says so.
 */
function withPlusHint(spec: FieldSpec, value: unknown, problem: string): string {
  if (typeof value !== "string" || !value.includes(" ") || spec.check!(value.replace(/ /g, "+")) !== undefined) return problem;
  return `${problem} (a '+' in a URL query arrives as a space: encode + as %2B)`;
}

function checkType(
  spec: FieldSpec, raw: unknown, loc: Loc, fromText: boolean, errors: ValidationErrorItem[], ignored: IgnoredFields | null,
): Result {
  const bad = (e: ValidationErrorItem): Result => (errors.push(e), { ok: false });
  switch (spec.type) {
    case "string": {
      // A digits field (a PIN) may come as a JSON number: its digits are the string.
      if (spec.digits && typeof raw === "number" && Number.isSafeInteger(raw) && raw >= 0) raw = String(raw);
      if (typeof raw !== "string") return bad(issue.stringType(loc, raw));
      if (spec.enum && !spec.enum.includes(raw)) return bad(issue.enum(loc, raw, spec.enum));
      if (spec.min !== undefined && raw.length < spec.min) return bad(issue.stringTooShort(loc, raw, spec.min));
      if (spec.max !== undefined && raw.length > spec.max) return bad(issue.stringTooLong(loc, raw, spec.max));
      return { ok: true, value: raw };
    }
    case "number":
    case "integer": {
      let n: number;
      if (typeof raw === "number") {
        n = raw;
        if (spec.type === "integer" && !Number.isInteger(n)) return bad(issue.intFromFloat(loc, raw));
      } else if (typeof raw === "string") {
        if (spec.type === "integer" ? !INTEGER.test(raw) : !NUMBER.test(raw)) {
          return bad(spec.type === "integer" ? issue.intParsing(loc, raw) : issue.floatParsing(loc, raw));
        }
        n = Number(raw);
      } else {
        return bad(spec.type === "integer" ? issue.intType(loc, raw) : issue.floatType(loc, raw));
      }
      if (!Number.isFinite(n)) return bad(issue.finiteNumber(loc, raw));
      if (spec.type === "integer" && !Number.isSafeInteger(n)) return bad(issue.intParsing(loc, raw));
      if (spec.min !== undefined && n < spec.min) return bad(issue.greaterThanEqual(loc, raw, spec.min));
      if (spec.exclusiveMin !== undefined && n <= spec.exclusiveMin) return bad(issue.greaterThan(loc, raw, spec.exclusiveMin));
      if (spec.max !== undefined && n > spec.max) return bad(issue.lessThanEqual(loc, raw, spec.max));
      return { ok: true, value: n };
    }
    case "boolean": {
      if (typeof raw === "boolean") return { ok: true, value: raw };
      if (typeof raw === "string" || (typeof raw === "number" && (raw === 0 || raw === 1))) {
        const w = String(raw).trim().toLowerCase();
        if (TRUE_WORDS.has(w)) return { ok: true, value: true };
        if (FALSE_WORDS.has(w)) return { ok: true, value: false };
        return bad(issue.boolParsing(loc, raw));
      }
      return bad(issue.boolType(loc, raw));
    }
    case "csv": {
      if (typeof raw !== "string") return bad(issue.stringType(loc, raw));
      const parts = raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
      const item = spec.items ?? { type: "string" };
      const values: unknown[] = [];
      for (const part of parts) {
        if (item.enum && !item.enum.includes(part.toLowerCase())) {
          const what = spec.itemName ?? "value";
          return bad(issue.valueError(loc, raw, `unknown ${what} '${part}'; expected a comma-separated list of ${item.enum.join(", ")}`));
        }
        const r = checkValue(item, item.enum ? part.toLowerCase() : part, loc, true, errors);
        if (!r.ok) return r;
        values.push(r.value);
      }
      if (spec.min !== undefined && values.length < spec.min) {
        return bad(issue.valueError(loc, raw, `at least ${spec.min} ${spec.itemName ?? "value"}${spec.min === 1 ? "" : "s"} required`));
      }
      if (spec.max !== undefined && values.length > spec.max) {
        return bad(issue.valueError(loc, raw, `at most ${spec.max} ${spec.itemName ?? "value"}${spec.max === 1 ? "" : "s"} allowed`));
      }
      return { ok: true, value: values };
    }
    case "array": {
      if (!Array.isArray(raw)) return bad(issue.listType(loc, raw));
      if (spec.min !== undefined && raw.length < spec.min) return bad(issue.tooShort(loc, raw, spec.min, raw.length));
      if (spec.max !== undefined && raw.length > spec.max) return bad(issue.tooLong(loc, raw, spec.max, raw.length));
      const item = spec.items ?? { type: "string" };
      const values: unknown[] = [];
      let ok = true;
      raw.forEach((el, i) => {
        const r = checkValue(item, el, [...loc, i], fromText, errors, ignored);
        if (r.ok) values.push(r.value);
        else ok = false;
      });
      return ok ? { ok: true, value: values } : { ok: false };
    }
    case "object": {
      if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return bad(issue.dictType(loc, raw));
      if (!spec.fields) return { ok: true, value: raw };
      const before = errors.length;
      const value = checkFields(spec.fields, raw as Record<string, unknown>, loc, false, errors, null, ignored);
      return errors.length === before ? { ok: true, value } : { ok: false };
    }
  }
}

/**
 * Validate a set of named fields. Unknown names are refused (extra_forbidden), or, given an
 * `ignored` list (a JSON body), left out of the values and listed there.
 */
function checkFields(
  fields: FieldSet, raw: Readonly<Record<string, unknown>>, loc: Loc, fromText: boolean, errors: ValidationErrorItem[],
  missingInput: unknown = null, ignored: IgnoredFields | null = null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const v = fromText ? lastOf(raw[name]) : raw[name];
    if (v === undefined || (v === null && !spec.required)) {
      if (spec.required) errors.push(issue.missing([...loc, name], missingInput));
      else if (spec.default !== undefined) out[name] = spec.default;
      continue;
    }
    const r = checkValue(spec, v, [...loc, name], fromText, errors, ignored);
    if (r.ok) out[name] = r.value;
  }
  for (const name of Object.keys(raw)) {
    if (name in fields) continue;
    if (ignored) ignored.push([...loc.slice(1), name].join("."));
    else errors.push(issue.extraForbidden([...loc, name], raw[name]));
  }
  return out;
}

/** Validate a request against its route's schema: values, or every problem found (not just the first). */
export function validateInput(
  schema: InputSchema, raw: RawInput,
): { input: ValidInput; errors: ValidationErrorItem[]; ignored: IgnoredFields } {
  const errors: ValidationErrorItem[] = [];
  const ignored: IgnoredFields = [];
  const path = checkFields(schema.path ?? {}, raw.path, ["path"], true, errors);
  const query = checkFields(schema.query ?? {}, raw.query, ["query"], true, errors);
  let body: Record<string, unknown> = {};
  if (schema.body) {
    if (raw.body === undefined) {
      const anyRequired = Object.values(schema.body).some((f) => f.required);
      if (anyRequired) errors.push(issue.missing(["body"], null));
    } else if (raw.body === null || typeof raw.body !== "object" || Array.isArray(raw.body)) {
      errors.push(issue.modelAttributesType(["body"], raw.body));
    } else {
      body = checkFields(schema.body, raw.body as Record<string, unknown>, ["body"], false, errors, raw.body, ignored);
    }
  }
  return { input: { path, query, body }, errors, ignored };
}

/** JSON Schema (OpenAPI 3.1 dialect) of one field. */
export function fieldJsonSchema(spec: FieldSpec): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  switch (spec.type) {
    case "string":
      s.type = spec.digits ? ["string", "integer"] : "string";
      if (spec.enum) s.enum = [...spec.enum];
      if (spec.min !== undefined) s.minLength = spec.min;
      if (spec.max !== undefined) s.maxLength = spec.max;
      break;
    case "number":
    case "integer":
      s.type = spec.type;
      if (spec.min !== undefined) s.minimum = spec.min;
      if (spec.exclusiveMin !== undefined) s.exclusiveMinimum = spec.exclusiveMin;
      if (spec.max !== undefined) s.maximum = spec.max;
      break;
    case "boolean":
      s.type = "boolean";
      break;
    case "csv":
      s.type = "string";
      if (spec.items?.enum) s.pattern = csvPattern(spec.items.enum);
      break;
    case "array":
      s.type = "array";
      s.items = fieldJsonSchema(spec.items ?? { type: "string" });
      if (spec.min !== undefined) s.minItems = spec.min;
      if (spec.max !== undefined) s.maxItems = spec.max;
      break;
    case "object":
      Object.assign(s, spec.fields ? objectJsonSchema(spec.fields) : { type: "object" });
      break;
  }
  if (spec.format) s.format = spec.format;
  if (spec.description) s.description = spec.description;
  if (spec.default !== undefined) s.default = spec.default;
  if (spec.example !== undefined) s.examples = [spec.example];
  return s;
}

/**
 * The pattern of a csv of enum words, as lenient as the parser: any letter case, blanks around
 * items, empty items (",sun,,moon,"). Case-insensitivity is spelled out per letter ([sS][uU][nN])
 * because JSON Schema patterns take no flags.
 */
export function csvPattern(words: readonly string[]): string {
  const escape = (c: string) => (/[A-Za-z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const word = `(?:${words.map((w) => [...w].map(escape).join("")).join("|")})`;
  const item = `\\s*(?:${word}\\s*)?`;
  return `^${item}(?:,${item})*$`;
}

/** A body field that may be sent as null: an optional one (the validator treats null as absent). */
function orNull(s: Record<string, unknown>): Record<string, unknown> {
  if (typeof s.type !== "string") return s;
  return { ...s, type: [s.type, "null"], ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}) };
}

/**
 * JSON Schema of a set of fields (JSON bodies: optional fields also accept null). A body object is
 * open — unknown fields are ignored, and named in X-Ignored-Fields — so it says so; `closed` gives
 * the strict form (a tool's input schema built from query and path fields).
 */
export function objectJsonSchema(fields: FieldSet, closed = false): Record<string, unknown> {
  const required = Object.entries(fields).filter(([, f]) => f.required).map(([n]) => n);
  return {
    type: "object",
    properties: Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, f.required ? fieldJsonSchema(f) : orNull(fieldJsonSchema(f))])),
    ...(required.length > 0 ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}
