import { GraphQLError } from "graphql";
import { placeIndex } from "../places/places.js";
import { placeById, resolveCivilMoment, type CivilEcho } from "../resolvers/common/civil-input.js";
import type { FieldSet, FieldSpec, InputSchema, RawInput } from "./input-schema.js";
import type { RouteEntry } from "./route-entry.js";
import { issue, type ValidationErrorItem } from "./validation-error.js";

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
const DATE_ONLY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;
export const PLACE_ID = /^\s*\d{1,10}\s*$/;

/** The prefixes ("" or "groom_") of a field set's moments and of its coordinate pairs. */
function prefixesOf(fields: FieldSet): { moments: string[]; places: string[] } {
  const moments: string[] = [], places: string[] = [];
  for (const name of Object.keys(fields)) {
    const m = DATETIME.exec(name);
    if (m && fields[name]!.type === "string") moments.push(m[1]!);
    const l = /^(.*)latitude$/.exec(name);
    if (l && fields[`${l[1]}longitude`]) places.push(l[1]!);
  }
  return { moments, places: [...new Set([...places, ...moments.filter((p) => fields[`${p}latitude`])])] };
}

const placeSpec = (what: string): FieldSpec => ({
  type: "string", min: 1, max: 20,
  description: `a place id from GET /places (GeoNames): its coordinates${what}, instead of latitude/longitude`,
});

function withCivilFields(fields: FieldSet | undefined): FieldSet | undefined {
  if (!fields) return fields;
  const { moments, places } = prefixesOf(fields);
  if (moments.length === 0 && places.length === 0) return fields;
  const extra: Record<string, FieldSpec> = {};
  for (const p of places) extra[`${p}place`] = placeSpec(moments.includes(p) ? " and time zone" : "");
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

/**
 * Resolve the civil-time fields of one request into the specification's form. Nothing happens
 * (and nothing is awaited) for a request that uses none of them.
 */
export async function rewriteCivilInput(route: RouteEntry, raw: RawInput): Promise<CivilRewrite> {
  const echoes: Record<string, Record<string, unknown>> = {};
  const errors: ValidationErrorItem[] = [];
  const out: { query: Record<string, unknown>; body: unknown } = { query: raw.query, body: raw.body };
  for (const where of ["query", "body"] as const) {
    const fields = route.input[where];
    const values = where === "query" ? raw.query : raw.body;
    if (!fields || values === null || typeof values !== "object" || Array.isArray(values)) continue;
    const v = values as Record<string, unknown>;
    const { moments, places } = prefixesOf(fields);
    const one = (x: unknown): unknown => (Array.isArray(x) ? x[x.length - 1] : x);
    const used = [...new Set([...moments, ...places])].filter((p) => present(one(v[`${p}timezone`])) || present(one(v[`${p}place`])));
    if (used.length === 0) continue;
    const next: Record<string, unknown> = { ...v };
    for (const p of used) {
      const placeId = present(one(v[`${p}place`])) ? String(one(v[`${p}place`])) : null;
      const timezone = present(one(v[`${p}timezone`])) ? String(one(v[`${p}timezone`])) : null;
      const foldRaw = one(v[`${p}fold`]);
      const fold = present(foldRaw) ? Number(foldRaw) : null;
      const num = (x: unknown): number | null => (present(one(x)) && Number.isFinite(Number(one(x))) ? Number(one(x)) : null);
      try {
        // Only a well-formed id is worth loading the gazetteer for (placeById refuses the rest).
        if (placeId !== null && PLACE_ID.test(placeId)) await placeIndex();
        const datetime = one(v[`${p}datetime`]);
        let zone = timezone;
        if (moments.includes(p) && typeof datetime === "string" && !DATE_ONLY.test(datetime)) {
          const c = resolveCivilMoment("", {
            datetime, timezone, place: placeId, fold, latitude: num(v[`${p}latitude`]), longitude: num(v[`${p}longitude`]),
          });
          next[`${p}datetime`] = c.echo.datetime;
          zone = c.echo.timezone;
          if (c.latDeg !== null && !present(one(v[`${p}latitude`]))) next[`${p}latitude`] = c.latDeg;
          if (c.lonDeg !== null && !present(one(v[`${p}longitude`]))) next[`${p}longitude`] = c.lonDeg;
          echoes[`${p}civil_time`] = snakeEcho(c.echo);
        } else if (placeId !== null) {
          const place = placeById("place", placeId);
          zone ??= place.timezone;
          if (!present(one(v[`${p}latitude`]))) next[`${p}latitude`] = place.latitude;
          if (!present(one(v[`${p}longitude`]))) next[`${p}longitude`] = place.longitude;
        }
        // A route that prints times in a zone (`tz`) prints them in the place's or the given one.
        if (p === "" && fields.tz && zone && !present(one(v.tz))) next.tz = zone;
      } catch (err) {
        if (!(err instanceof GraphQLError)) throw err;
        const leaf = String(err.extensions.field ?? "datetime").split(".").pop()!;
        const name = `${p}${leaf}`;
        errors.push(issue.valueError([where, name], v[name] ?? null, err.message));
      }
    }
    out[where === "query" ? "query" : "body"] = next;
  }
  return { raw: { ...raw, query: out.query as RawInput["query"], body: out.body }, errors, echoes };
}
