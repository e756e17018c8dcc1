/**
 * The ONE place where REST validation errors take FastAPI's shape (docs/architecture.md §6), which
 * clients of this API already parse:
 *   422 {"detail":[{"type","loc":["query","date"],"msg","input", "ctx"?}]}
 * Every other error answers {"detail": "<sentence>"}.
 */
import { redactSecrets } from "../server/redact-secrets.js";

export type Loc = readonly (string | number)[];

export interface ValidationErrorItem {
  readonly type: string;
  readonly loc: Loc;
  readonly msg: string;
  readonly input: unknown;
  readonly ctx?: Readonly<Record<string, unknown>>;
}

export interface HttpValidationError {
  readonly detail: readonly ValidationErrorItem[];
}

/** pydantic v2 wording for each error type we emit. */
export const issue = {
  missing: (loc: Loc, input: unknown = null): ValidationErrorItem => ({ type: "missing", loc, msg: "Field required", input }),
  extraForbidden: (loc: Loc, input: unknown): ValidationErrorItem => ({
    type: "extra_forbidden", loc, msg: "Extra inputs are not permitted", input,
  }),
  stringType: (loc: Loc, input: unknown): ValidationErrorItem => ({ type: "string_type", loc, msg: "Input should be a valid string", input }),
  floatParsing: (loc: Loc, input: unknown): ValidationErrorItem => ({
    type: "float_parsing", loc, msg: "Input should be a valid number, unable to parse string as a number", input,
  }),
  floatType: (loc: Loc, input: unknown): ValidationErrorItem => ({ type: "float_type", loc, msg: "Input should be a valid number", input }),
  finiteNumber: (loc: Loc, input: unknown): ValidationErrorItem => ({ type: "finite_number", loc, msg: "Input should be a finite number", input }),
  intParsing: (loc: Loc, input: unknown): ValidationErrorItem => ({
    type: "int_parsing", loc, msg: "Input should be a valid integer, unable to parse string as an integer", input,
  }),
  intFromFloat: (loc: Loc, input: unknown): ValidationErrorItem => ({
    type: "int_from_float", loc, msg: "Input should be a valid integer, got a number with a fractional part", input,
  }),
  intType: (loc: Loc, input: unknown): ValidationErrorItem => ({ type: "int_type", loc, msg: "Input should be a valid integer", input }),
  boolParsing: (loc: Loc, input: unknown): ValidationErrorItem => ({
    type: "bool_parsing", loc, msg: "Input should be a valid boolean, unable to interpret input", input,
  }),
  boolType: (loc: Loc, input: unknown): ValidationErrorItem => ({ type: "bool_type", loc, msg: "Input should be a valid boolean", input }),
  greaterThanEqual: (loc: Loc, input: unknown, ge: number): ValidationErrorItem => ({
    type: "greater_than_equal", loc, msg: `Input should be greater than or equal to ${ge}`, input, ctx: { ge },
  }),
  greaterThan: (loc: Loc, input: unknown, gt: number): ValidationErrorItem => ({
    type: "greater_than", loc, msg: `Input should be greater than ${gt}`, input, ctx: { gt },
  }),
  lessThanEqual: (loc: Loc, input: unknown, le: number): ValidationErrorItem => ({
    type: "less_than_equal", loc, msg: `Input should be less than or equal to ${le}`, input, ctx: { le },
  }),
  stringTooShort: (loc: Loc, input: unknown, min: number): ValidationErrorItem => ({
    type: "string_too_short", loc, msg: `String should have at least ${min} character${min === 1 ? "" : "s"}`, input, ctx: { min_length: min },
  }),
  stringTooLong: (loc: Loc, input: unknown, max: number): ValidationErrorItem => ({
    type: "string_too_long", loc, msg: `String should have at most ${max} character${max === 1 ? "" : "s"}`, input, ctx: { max_length: max },
  }),
  listType: (loc: Loc, input: unknown): ValidationErrorItem => ({ type: "list_type", loc, msg: "Input should be a valid list", input }),
  tooShort: (loc: Loc, input: unknown, min: number, actual: number): ValidationErrorItem => ({
    type: "too_short", loc, msg: `List should have at least ${min} item${min === 1 ? "" : "s"} after validation, not ${actual}`, input,
    ctx: { field_type: "List", min_length: min, actual_length: actual },
  }),
  tooLong: (loc: Loc, input: unknown, max: number, actual: number): ValidationErrorItem => ({
    type: "too_long", loc, msg: `List should have at most ${max} item${max === 1 ? "" : "s"} after validation, not ${actual}`, input,
    ctx: { field_type: "List", max_length: max, actual_length: actual },
  }),
  dictType: (loc: Loc, input: unknown): ValidationErrorItem => ({ type: "dict_type", loc, msg: "Input should be a valid dictionary", input }),
  modelAttributesType: (loc: Loc, input: unknown): ValidationErrorItem => ({
    type: "model_attributes_type", loc, msg: "Input should be a valid dictionary or object to extract fields from", input,
  }),
  enum: (loc: Loc, input: unknown, allowed: readonly string[]): ValidationErrorItem => {
    const expected = quotedList(allowed);
    return { type: "enum", loc, msg: `Input should be ${expected}`, input, ctx: { expected } };
  },
  jsonInvalid: (loc: Loc, error: string): ValidationErrorItem => ({ type: "json_invalid", loc, msg: "JSON decode error", input: {}, ctx: { error } }),
  /** A rule beyond the schema (engine validation): pydantic prefixes custom messages with "Value error, ". */
  valueError: (loc: Loc, input: unknown, message: string): ValidationErrorItem => ({
    type: "value_error", loc, msg: `Value error, ${message}`, input, ctx: { error: message },
  }),
};

/** 'a', 'b' or 'c' — pydantic's enumeration of allowed literals. */
function quotedList(values: readonly string[]): string {
  const q = values.map((v) => `'${v}'`);
  return q.length <= 1 ? q.join("") : `${q.slice(0, -1).join(", ")} or ${q[q.length - 1]}`;
}

/** How deep the 422 body echoes a caller's input; deeper parts are replaced by ECHO_CUT. */
export const ECHO_MAX_DEPTH = 16;
export const ECHO_CUT = "…";

/**
 * The caller's input as the 422 body may echo it: nested at most ECHO_MAX_DEPTH levels. A JSON
 * body nested thousands of levels deep parses fine but overflows the stack of JSON.stringify
 * when echoed whole (a 500 instead of the 422).
 */
export function boundedEcho(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactSecrets(value); // an echoed key shows its prefix and last 4 only
  if (value === null || typeof value !== "object") return value;
  if (depth >= ECHO_MAX_DEPTH) return ECHO_CUT;
  if (Array.isArray(value)) return value.map((v) => boundedEcho(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = boundedEcho(v, depth + 1);
  return out;
}

/** The 422 body. */
export function validationErrorBody(items: readonly ValidationErrorItem[]): HttpValidationError {
  return { detail: items.map((item) => ({ ...item, input: boundedEcho(item.input) })) };
}

/** OpenAPI components for the 422 body, as FastAPI publishes them. */
export const VALIDATION_ERROR_SCHEMAS = {
  ValidationError: {
    type: "object",
    title: "ValidationError",
    required: ["loc", "msg", "type"],
    properties: {
      loc: { type: "array", title: "Location", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
      msg: { type: "string", title: "Message" },
      type: { type: "string", title: "Error Type" },
      input: { title: "Input" },
      ctx: { type: "object", title: "Context" },
    },
  },
  HTTPValidationError: {
    type: "object",
    title: "HTTPValidationError",
    properties: { detail: { type: "array", title: "Detail", items: { $ref: "#/components/schemas/ValidationError" } } },
  },
  ErrorDetail: {
    type: "object",
    title: "ErrorDetail",
    required: ["detail"],
    properties: { detail: { title: "Detail", description: "What went wrong, in a sentence (or a structured object for 402)." } },
  },
} as const;
