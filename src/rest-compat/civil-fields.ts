import { GraphQLError } from "graphql";
import { placeIndex } from "../places/places.js";
import { resolveCivilSet, type CivilEcho } from "../resolvers/common/civil-input.js";
import type { FieldSet, FieldSpec, InputSchema, RawInput } from "./input-schema.js";
import type { RouteEntry } from "./route-entry.js";
import { issue, type Loc, type ValidationErrorItem } from "./validation-error.js";

/**
 * Civil time and places on every REST route (and so every MCP tool, which runs the REST route):
 * beside each moment field (`datetime`, `groom_datetime` …) a route accepts `timezone`, `place`
 * and `fold` with the same prefix, and beside each latitude/longitude pair a `place`. Before
 * validation they are resolved by the one civil-input module the GraphQL inputs use
 * (resolvers/common/civil-input.ts): the datetime is rewritten with its offset, missing
 * coordinates (and a route's `tz`) are filled from the place, and the answer gets a
 * `civil_time` echo. docs/places-and-time.md.
 */

const DATETIME = /^(.*)datetime$/;
export const PLACE_ID = /^\s*\d{1,10}\s*$/;

/**
 * Moments not named `…datetime`: range ends, a search's start, an ephemeris or sunrise date (a
 * date alone stays as it is). They are read in the request's unprefixed `timezone` or `place`.
 */
const OTHER_MOMENTS = ["start", "end", "after", "from", "to", "date"] as const;

interface Prefixes {
  readonly moments: string[];
  readonly places: string[];
  readonly others: string[];
}

/** Per field set (route tables are built once): the per-request rewrite reads its prefixes without matching names again. */
const prefixMemo = new WeakMap<FieldSet, Prefixes>();

/** The prefixes ("" or "groom_") of a field set's moments and of its coordinate pairs, and its other moments. */
function prefixesOf(fields: FieldSet): Prefixes {
  let known = prefixMemo.get(fields);
  if (!known) prefixMemo.set(fields, (known = findPrefixes(fields)));
  return known;
}

function findPrefixes(fields: FieldSet): Prefixes {
  const moments: string[] = [], places: string[] = [];
  for (const name of Object.keys(fields)) {
    const m = DATETIME.exec(name);
    if (m && fields[name]!.type === "string") moments.push(m[1]!);
    const l = /^(.*)latitude$/.exec(name);
    if (l && fields[`${l[1]}longitude`]) places.push(l[1]!);
  }
  const others = OTHER_MOMENTS.filter((f) => fields[f]?.type === "string");
  return { moments, places: [...new Set([...places, ...moments.filter((p) => fields[`${p}latitude`])])], others };
}

const placeSpec = (what: string): FieldSpec => ({
  type: "string", min: 1, max: 20,
  description: `a place id from GET /places (GeoNames): its coordinates${what}, instead of latitude/longitude`,
});

function withCivilFields(given: FieldSet | undefined): FieldSet | undefined {
  if (!given) return given;
  // Objects nested in the input (a bulk match's native and candidates) take them as well.
  let fields = given;
  for (const [k, spec] of Object.entries(given)) {
    let changed: FieldSpec | undefined;
    if (spec.type === "object" && spec.fields) {
      const inner = withCivilFields(spec.fields);
      if (inner !== spec.fields) changed = { ...spec, fields: inner };
    } else if (spec.type === "array" && spec.items?.fields) {
      const inner = withCivilFields(spec.items.fields);
      if (inner !== spec.items.fields) changed = { ...spec, items: { ...spec.items, fields: inner } };
    }
    if (changed) fields = { ...fields, [k]: changed };
  }
  const { moments, places, others } = prefixesOf(fields);
  if (moments.length === 0 && places.length === 0 && others.length === 0) return fields;
  const extra: Record<string, FieldSpec> = {};
  const timed = (p: string) => moments.length > 0 || (p === "" && others.length > 0);
  for (const p of places) extra[`${p}place`] = placeSpec(timed(p) ? " and time zone" : "");
  if (others.length > 0 && !moments.includes("")) {
    extra.timezone = {
      type: "string", min: 1, max: 64,
      description: `IANA zone (e.g. Asia/Kolkata): ${others.join(", ")} may then be local time without offset, read by that zone's rules for the date`,
    };
    extra.fold = { type: "integer", min: 0, max: 1, description: "a local time that happens twice (clocks set back): 0 the first, 1 the second" };
    extra.place ??= { type: "string", min: 1, max: 20, description: "a place id from GET /places (GeoNames): its time zone (and longitude, before standard time)" };
  }
  for (const p of moments) {
    extra[`${p}timezone`] = {
      type: "string", min: 1, max: 64,
      description: `IANA zone (e.g. Asia/Kolkata): ${p}datetime may then be local time without offset, read by that zone's rules for the date`,
    };
    extra[`${p}fold`] = { type: "integer", min: 0, max: 1, description: "a local time that happens twice (clocks set back): 0 the first, 1 the second" };
  }
  for (const k of Object.keys(extra)) if (fields[k]) delete extra[k];
  return { ...fields, ...extra };
}

/** The route with its civil-time fields declared (validation, OpenAPI and MCP tool schemas see them). */
export function withCivilTime(route: RouteEntry): RouteEntry {
  if (route.tags.includes("places")) return route; // the gazetteer's own routes take coordinates as they are
  const input: InputSchema = { ...route.input, body: withCivilFields(route.input.body), query: withCivilFields(route.input.query) };
  return input.body === route.input.body && input.query === route.input.query ? route : { ...route, input };
}

export interface CivilRewrite {
  readonly raw: RawInput;
  readonly errors: ValidationErrorItem[];
  /** Echo key ("civil_time", "groom_civil_time") → the resolution. */
  readonly echoes: Record<string, Record<string, unknown>>;
}

const snakeEcho = (e: CivilEcho): Record<string, unknown> => ({
  datetime: e.datetime, utc_offset: e.utcOffset, offset_source: e.offsetSource, timezone: e.timezone,
  place_id: e.placeId, place_name: e.placeName, warning: e.warning,
});

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== "";

/** The echo's key of a moment field: civil_time, groom_civil_time, start_civil_time. */
const echoKey = (field: string): string =>
  field.endsWith("datetime") ? field.replace(/datetime$/, "civil_time") : `${field}_civil_time`;

/**
 * Resolve the civil-time fields of one request into the specification's form, by the one
 * resolution GraphQL uses (resolveCivilSet). Each prefix with its own `timezone` or `place`
 * (groom_, bride_, query_ …) is one set; the unprefixed set also reads the moments whose prefix
 * has neither (query_datetime, start_datetime …) and the other moments (start, end, after …).
 * Nothing happens (and nothing is awaited) for a request that uses none of them.
 */
export async function rewriteCivilInput(route: RouteEntry, raw: RawInput): Promise<CivilRewrite> {
  const echoes: Record<string, Record<string, unknown>> = {};
  const errors: ValidationErrorItem[] = [];
  const out: { query: Record<string, unknown>; body: unknown } = { query: raw.query, body: raw.body };
  for (const where of ["query", "body"] as const) {
    const fields = route.input[where];
    const values = where === "query" ? raw.query : raw.body;
    if (!fields) continue;
    const next = await rewriteObject(fields, values, [where], echoes, errors);
    if (next === values) continue;
    if (where === "query") out.query = next as Record<string, unknown>;
    else out.body = next;
  }
  return { raw: { ...raw, query: out.query as RawInput["query"], body: out.body }, errors, echoes };
}

/**
 * One object of a request (the query, the body, or an object nested in it: a bulk match's
 * candidates), its civil-time fields resolved; the same object when it uses none. Nested
 * objects are rewritten too but echo nothing (their answers are the route's own lists).
 */
async function rewriteObject(
  fields: FieldSet, values: unknown, loc: Loc, echoes: Record<string, Record<string, unknown>> | null, errors: ValidationErrorItem[],
): Promise<unknown> {
  if (values === null || typeof values !== "object" || Array.isArray(values)) return values;
  const v = values as Record<string, unknown>;
  let next: Record<string, unknown> = v;
  const write = (k: string, x: unknown): void => {
    if (next === v) next = { ...v };
    next[k] = x;
  };
  for (const [k, spec] of Object.entries(fields)) {
    if (spec.type === "object" && spec.fields && v[k] !== undefined) {
      const r = await rewriteObject(spec.fields, v[k], [...loc, k], null, errors);
      if (r !== v[k]) write(k, r);
    } else if (spec.type === "array" && spec.items?.fields && Array.isArray(v[k])) {
      const list = v[k] as unknown[];
      const items = await Promise.all(list.map((x, n) => rewriteObject(spec.items!.fields!, x, [...loc, k, n], null, errors)));
      if (items.some((x, n) => x !== list[n])) write(k, items);
    }
  }
  const { moments, places, others } = prefixesOf(fields);
  const one = (x: unknown): unknown => (Array.isArray(x) ? x[x.length - 1] : x);
  const own = (p: string): boolean => present(one(v[`${p}timezone`])) || present(one(v[`${p}place`]));
  const used = [...new Set(["", ...moments, ...places])].filter(own);
  const num = (x: unknown): number | null => (present(one(x)) && Number.isFinite(Number(one(x))) ? Number(one(x)) : null);
  for (const p of used) {
    const setMoments: Record<string, unknown> = {};
    const folds: Record<string, { fold: number | null; name: string }> = {};
    if (moments.includes(p)) setMoments[`${p}datetime`] = one(v[`${p}datetime`]);
    if (p === "") {
      for (const f of others) setMoments[f] = one(v[f]);
      for (const q of moments) {
        if (q === "" || own(q)) continue;
        setMoments[`${q}datetime`] = one(v[`${q}datetime`]);
        folds[`${q}datetime`] = { fold: num(v[`${q}fold`]), name: `${q}fold` };
      }
    }
    try {
      // Only a well-formed id is worth loading the gazetteer for (placeById refuses the rest).
      const placeId = present(one(v[`${p}place`])) ? String(one(v[`${p}place`])) : null;
      if (placeId !== null && PLACE_ID.test(placeId)) await placeIndex();
      const foldRaw = one(v[`${p}fold`]);
      const r = resolveCivilSet((leaf) => `${p}${leaf}`, {
        timezone: present(one(v[`${p}timezone`])) ? String(one(v[`${p}timezone`])) : null,
        place: placeId, fold: present(foldRaw) ? Number(foldRaw) : null,
        latitude: num(v[`${p}latitude`]), longitude: num(v[`${p}longitude`]),
        moments: setMoments, folds,
      });
      for (const [f, iso] of Object.entries(r.moments)) {
        write(f, iso);
        if (echoes) echoes[echoKey(f)] = snakeEcho(r.echoes[f]!);
      }
      if (fields[`${p}latitude`] && r.latitude !== null && !present(one(v[`${p}latitude`]))) write(`${p}latitude`, r.latitude);
      if (fields[`${p}longitude`] && r.longitude !== null && !present(one(v[`${p}longitude`]))) write(`${p}longitude`, r.longitude);
      // A route that prints times at its place in a zone (`tz`) prints them in the place's or the given one.
      if (p === "" && fields.tz && r.zone && r.latitude !== null && !present(one(v.tz))) write("tz", r.zone);
    } catch (err) {
      if (!(err instanceof GraphQLError)) throw err;
      const name = String(err.extensions.field ?? `${p}datetime`);
      errors.push(issue.valueError([...loc, name], v[name] ?? null, err.message));
    }
  }
  return next;
}
