/**
 * API keys never leave the service in clear through its logs, metrics or error messages (issue 22
 * item 6, docs/limits.md): wherever text may carry one (a path such as /checkout/card/{api_key}/7,
 * a query, a body echoed in a 422, an error message), anything shaped like a key becomes its
 * recognisable prefix and last four characters, `vas_live_…WXYZ` — enough to tell keys apart in a
 * log, useless to a reader.
 */
import { API_KEY_PREFIX } from "../accounts/api-keys.js";

const KEY_IN_TEXT = new RegExp(`${API_KEY_PREFIX}[0-9A-Za-z]+`, "g");
const MAX_DEPTH = 6;

/** `vas_live_AbCd…` → `vas_live_…WXYZ` (a fragment too short to keep four characters of loses them all). */
export function redactKey(key: string): string {
  const rest = key.slice(API_KEY_PREFIX.length);
  return `${API_KEY_PREFIX}…${rest.length > 8 ? rest.slice(-4) : ""}`;
}

/** The text with every key-shaped substring redacted. */
export function redactSecrets(text: string): string {
  return text.includes(API_KEY_PREFIX) ? text.replace(KEY_IN_TEXT, redactKey) : text;
}

/**
 * A value with every string inside redacted (objects and arrays copied only when something
 * changed; Errors keep their class with message and stack redacted). Bounded depth.
 */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === "string") return redactSecrets(value) as T;
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return value;
  if (value instanceof Error) {
    if (!containsKey(value.message) && !containsKey(value.stack)) return value;
    const copy = Object.create(Object.getPrototypeOf(value) as object) as Error;
    for (const k of Object.getOwnPropertyNames(value)) {
      (copy as unknown as Record<string, unknown>)[k] = redactDeep((value as unknown as Record<string, unknown>)[k], depth + 1);
    }
    return copy as T;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = redactDeep(v, depth + 1);
      if (r !== v) changed = true;
      return r;
    });
    return (changed ? out : value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const r = redactDeep(v, depth + 1);
    if (r !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = r;
  }
  return (out ?? value) as T;
}

const containsKey = (s: string | undefined): boolean => s !== undefined && s.includes(API_KEY_PREFIX);
