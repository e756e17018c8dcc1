import { MAX_YEAR, MIN_YEAR } from "../../engine/calendar/calendar.js";
import { DEFAULT_LATITUDE, DEFAULT_LONGITUDE } from "../../resolvers/calendar/calendar-defaults.js";
import { clockFromTz } from "../../resolvers/panchanga/time-zone.js";
import type { RouteEntry } from "../route-entry.js";

type Json = Record<string, any>;

function tzProblem(v: unknown): string | undefined {
  try {
    clockFromTz("tz", String(v));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

export const CALENDAR_PLACE_QUERY = {
  latitude: { type: "number", min: -90, max: 90, default: DEFAULT_LATITUDE, example: 28.6139, description: "degrees, north positive (default New Delhi)" },
  longitude: { type: "number", min: -180, max: 180, default: DEFAULT_LONGITUDE, example: 77.209, description: "degrees, east positive (default New Delhi)" },
  tz: {
    type: "string", min: 1, example: "Asia/Kolkata", check: tzProblem,
    description: "IANA time zone or ±HH:MM; default: the zone of the coordinates (looked up offline)",
  },
} as const;
const YEAR = { type: "integer", required: true, min: MIN_YEAR, max: MAX_YEAR, example: 2024 } as const;
const MONTH = { type: "integer", required: true, min: 1, max: 12, example: 10 } as const;

const ENTRY_FIELDS = "name key kind region date endDate rule choice tithi { number name paksha start end } instant masa { amanta purnimanta adhika } muhurta { start end } note parana { date start end startRule endRule hariVasaraEnd dwadashiEnd }";

/** A festival or vrata entry; its `key` (added with the languages) only when a language was asked: the spec's entry otherwise. */
const entryBody = (e: Json, withKey: boolean) => ({
  name: e.name, ...(withKey ? { key: e.key } : {}), kind: e.kind, region: e.region, date: e.date, end_date: e.endDate, rule: e.rule, choice: e.choice, tithi: e.tithi,
  instant: e.instant, masa: e.masa, muhurta: e.muhurta, note: e.note,
  parana: e.parana && {
    date: e.parana.date, start: e.parana.start, end: e.parana.end, start_rule: e.parana.startRule, end_rule: e.parana.endRule,
    hari_vasara_end: e.parana.hariVasaraEnd, dwadashi_end: e.parana.dwadashiEnd,
  },
});

const ENTRY_SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string" }, key: { type: "string", description: "stable language-free key; given when a language is asked (lang or Accept-Language, English included)" }, kind: { type: "string" }, region: { type: ["string", "null"] }, date: { type: "string", format: "date" },
    end_date: { type: ["string", "null"] }, rule: { type: "string" }, choice: { type: ["string", "null"] },
    tithi: {
      type: ["object", "null"],
      properties: { number: { type: "integer" }, name: { type: "string" }, paksha: { type: "string" }, start: { type: "string" }, end: { type: "string" } },
    },
    instant: { type: ["string", "null"] },
    masa: { type: ["object", "null"], properties: { amanta: { type: "string" }, purnimanta: { type: "string" }, adhika: { type: "boolean" } } },
    muhurta: { type: ["object", "null"], properties: { start: { type: "string" }, end: { type: "string" } } },
    note: { type: ["string", "null"] },
    parana: {
      type: ["object", "null"],
      properties: {
        date: { type: "string", format: "date" }, start: { type: "string" }, end: { type: "string" }, start_rule: { type: "string" }, end_rule: { type: "string" },
        hari_vasara_end: { type: ["string", "null"] }, dwadashi_end: { type: ["string", "null"] },
      },
    },
  },
} as const;

const listSchema = (key: string) => ({
  type: "object",
  properties: {
    year: { type: "integer" }, month: { type: ["integer", "null"] }, latitude: { type: "number" }, longitude: { type: "number" },
    timezone: { type: "string" }, timezone_source: { type: "string" }, count: { type: "integer" },
    [key]: { type: "array", items: ENTRY_SCHEMA },
  },
});

const doc = (field: string, withMonth: boolean) => {
  const region = field === "festivals";
  const args = [withMonth ? "month: $month" : "", region ? "region: $region" : ""].filter(Boolean).join(", ");
  return /* GraphQL */ `
  query Calendar($year: Int!, $latitude: Float!, $longitude: Float!, $tz: String${withMonth ? ", $month: Int!" : ""}${region ? ", $region: String" : ""}) {
    calendar(year: $year, latitude: $latitude, longitude: $longitude, tz: $tz) {
      year latitude longitude timeZone timeZoneSource
      entries: ${field}${args ? `(${args})` : ""} { ${ENTRY_FIELDS} }
    }
  }
`;
};

const REGION_QUERY = {
  region: {
    type: "string", min: 1, example: "tamil",
    description: "regional festivals to add: `all`, or a comma list of tamil, kerala, bengal, odisha, assam, punjab; default: the place's regions",
  },
} as const;

function route(opts: {
  path: string; operationId: string; summary: string; description: string; credits: number; field: string; withMonth: boolean; key: string;
}): RouteEntry {
  return {
    method: "get",
    path: opts.path,
    operationId: opts.operationId,
    summary: opts.summary,
    description: opts.description,
    tags: ["calendar"],
    credits: opts.credits,
    auth: "api_key",
    input: {
      path: opts.withMonth ? { year: YEAR, month: MONTH } : { year: YEAR },
      query: opts.field === "festivals" ? { ...CALENDAR_PLACE_QUERY, ...REGION_QUERY } : CALENDAR_PLACE_QUERY,
    },
    document: doc(opts.field, opts.withMonth),
    variables: ({ path, query }) => ({
      year: path.year, latitude: query.latitude, longitude: query.longitude, tz: query.tz ?? null,
      ...(opts.withMonth ? { month: path.month } : {}),
      ...(opts.field === "festivals" ? { region: query.region ?? null } : {}),
    }),
    errorLocs: { region: ["query", "region"], year: ["path", "year"], month: ["path", "month"], latitude: ["query", "latitude"], longitude: ["query", "longitude"], tz: ["query", "tz"] },
    result: (data, { path }, asked) => {
      const c = (data as Json).calendar;
      return {
        body: {
          year: c.year, month: opts.withMonth ? path.month : null, latitude: c.latitude, longitude: c.longitude,
          timezone: c.timeZone, timezone_source: c.timeZoneSource, count: c.entries.length, [opts.key]: c.entries.map((e: Json) => entryBody(e, asked.language)),
        },
      };
    },
    responseSchema: listSchema(opts.key),
  };
}

const ZONE = " Dates are local civil dates in the place's time zone (from the coordinates, or `tz`), echoed as `timezone`.";
const FESTIVAL_TEXT =
  "Lunar festivals (and Makar Sankranti) computed for the place: each by its tithi and the part of the day that must hold it " +
  "(sunrise, madhyahna, aparahna, sunset, pradosha, nishita, moonrise), in the nija (not adhika) month, Drik Panchang's rules; Ekadashis with their parana window. " +
  "Regional festivals (Tamil, Kerala, Bengal, Odisha, Assam, Punjab) are added for the place's region, or as `region` asks (`all`)." + ZONE;
const VRATA_TEXT =
  "Ekadashi (Smarta, and Vaishnava/Gauna where it differs, each with its parana window and the rule that set each end), Pradosham, " +
  "Vinayaka and Sankashti Chaturthi, Purnima and Amavasya (the upavasa/Darsha day and the snana-dana day, both listed when they differ), " +
  "Masik and Maha Shivaratri, every Sankranti (instant and punya kala day), Chaitra and Sharad Navaratri (the span and each day)." + ZONE;

export const CALENDAR_ROUTES: readonly RouteEntry[] = [
  route({ path: "/festivals/{year}", operationId: "festivalsOfYear", summary: "Festivals of a year", description: `${FESTIVAL_TEXT} Year 1900–2100.`, credits: 10, field: "festivals", withMonth: false, key: "festivals" }),
  route({ path: "/festivals/{year}/{month}", operationId: "festivalsOfMonth", summary: "Festivals of a month", description: `${FESTIVAL_TEXT} Year 1900–2100.`, credits: 10, field: "festivals", withMonth: true, key: "festivals" }),
  route({ path: "/vrata/{year}", operationId: "vrataOfYear", summary: "Vrata days of a year", description: `${VRATA_TEXT} Year 1900–2100.`, credits: 5, field: "vratas", withMonth: false, key: "vrata" }),
  route({
    path: "/vrata/{year}/{month}", operationId: "vrataOfMonth", summary: "Vrata days of a month",
    description: `${VRATA_TEXT} Year 1900–2100. Costs 1 credit (the spec's table declares 5, its description 1; 1 is charged).`,
    credits: 1, field: "monthVratas", withMonth: true, key: "vrata",
  }),
];
