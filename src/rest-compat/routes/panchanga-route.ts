import { dateOrDateTimeProblem, dateTimeProblem } from "../../resolvers/common/moment.js";
import { clockFromTz } from "../../resolvers/panchanga/time-zone.js";
import type { FieldSet } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";

/** Every part of a Panchanga node: what the REST panchanga routes select (1 credit, the node's cap). */
export const PANCHANGA_FRAGMENT = /* GraphQL */ `
  fragment PanchangaParts on Panchanga {
    datetime timezone timezoneNote latitude longitude
    conventions { ayanamsha node sunrise month }
    sunrise sunset nextSunrise moonrise moonset polarReason
    vara { number name sanskrit lord }
    tithi { number name paksha start end }
    nakshatra { number name pada lord start end }
    yoga { number name start end }
    karana { number name start end }
    transitions { element number name start end }
    masa { number name system isAdhika }
    samvatsara { number name convention vikramYear shakaYear }
    ritu { number name english }
    ayana paksha
    sun { longitude rashiName rashiDegree nakshatraName pada }
    moon { longitude rashiName rashiDegree nakshatraName pada }
    rahuKala { start end } gulikaKala { start end } yamaghanda { start end }
    abhijitMuhurta { start end } abhijitAbsentReason brahmaMuhurta { start end }
    durMuhurta { start end part muhurta }
  }
`;

type Json = Record<string, any>;
const lower = (s: string): string => s.toLowerCase();
const luminary = (p: Json) => ({ longitude: p.longitude, sign: p.rashiName, sign_degree: p.rashiDegree, nakshatra: p.nakshatraName, pada: p.pada });

/** A Panchanga node's data → the spec's snake_case panchanga object. */
export function panchangaBody(p: Json): Json {
  return {
    datetime: p.datetime,
    timezone: p.timezone,
    ...(p.timezoneNote ? { timezone_note: p.timezoneNote } : {}),
    latitude: p.latitude,
    longitude: p.longitude,
    conventions: {
      ayanamsha: lower(p.conventions.ayanamsha), node: lower(p.conventions.node),
      sunrise: lower(p.conventions.sunrise), month: lower(p.conventions.month),
    },
    sunrise: p.sunrise, sunset: p.sunset, next_sunrise: p.nextSunrise, moonrise: p.moonrise, moonset: p.moonset,
    ...(p.polarReason ? { polar_reason: p.polarReason } : {}),
    vara: p.vara,
    tithi: p.tithi,
    nakshatra: p.nakshatra,
    yoga: p.yoga,
    karana: p.karana,
    transitions: p.transitions,
    masa: { number: p.masa.number, name: p.masa.name, system: p.masa.system, is_adhika: p.masa.isAdhika },
    samvatsara: p.samvatsara && {
      number: p.samvatsara.number, name: p.samvatsara.name, convention: p.samvatsara.convention,
      vikram_year: p.samvatsara.vikramYear, shaka_year: p.samvatsara.shakaYear,
    },
    ritu: p.ritu,
    ayana: p.ayana,
    paksha: p.paksha,
    sun: luminary(p.sun),
    moon: luminary(p.moon),
    rahu_kala: p.rahuKala,
    gulika_kala: p.gulikaKala,
    yamaghanda: p.yamaghanda,
    abhijit_muhurta: p.abhijitMuhurta,
    ...(p.abhijitAbsentReason ? { abhijit_muhurta_reason: p.abhijitAbsentReason } : {}),
    brahma_muhurta: p.brahmaMuhurta,
    dur_muhurta: p.durMuhurta,
  };
}

const window = { type: ["object", "null"], properties: { start: { type: "string" }, end: { type: "string" } } };
const span = { type: "object", properties: { number: { type: "integer" }, name: { type: "string" }, start: { type: "string" }, end: { type: "string" } } };
const luminarySchema = {
  type: "object",
  properties: {
    longitude: { type: "number" }, sign: { type: "string" }, sign_degree: { type: "number" },
    nakshatra: { type: "string" }, pada: { type: "integer" },
  },
};

/** JSON Schema of one panchanga object (OpenAPI). */
export const PANCHANGA_SCHEMA: Record<string, unknown> = {
  type: "object",
  description:
    "One Hindu day (sunrise to next sunrise). Times ISO 8601 in the caller's offset. Fields needing a sunrise are null on polar days, with polar_reason.",
  properties: {
    datetime: { type: "string", description: "the moment the elements are given for" },
    timezone: { type: "string" }, timezone_note: { type: "string", description: "present when times are in UTC because no zone was given" },
    latitude: { type: "number" }, longitude: { type: "number" }, conventions: { type: "object" },
    sunrise: { type: ["string", "null"] }, sunset: { type: ["string", "null"] }, next_sunrise: { type: ["string", "null"] },
    moonrise: { type: ["string", "null"] }, moonset: { type: ["string", "null"] }, polar_reason: { type: "string" },
    vara: { type: ["object", "null"], description: "by sunrise: number 1-7 (Sunday = 1), name, sanskrit, lord" },
    tithi: { ...span, description: "number 1-30, name, paksha, start, end" },
    nakshatra: { ...span, description: "number 1-27, name, pada, lord, start, end" },
    yoga: span, karana: { ...span, description: "number 1-11 (Bava … Kimstughna)" },
    transitions: { type: "array", items: { ...span, description: "element: tithi | nakshatra | yoga | karana" } },
    masa: { type: "object", description: "number, name, system (amanta | purnimanta), is_adhika" },
    samvatsara: { type: "object" }, ritu: { type: "object" }, ayana: { type: "string" }, paksha: { type: "string" },
    sun: luminarySchema, moon: luminarySchema,
    rahu_kala: window, gulika_kala: window, yamaghanda: window,
    abhijit_muhurta: { ...window, description: "null on Wednesdays (abhijit_muhurta_reason says why)" },
    abhijit_muhurta_reason: { type: "string" }, brahma_muhurta: window,
    dur_muhurta: { type: ["array", "null"], items: window },
  },
};

export const LATITUDE = { type: "number", required: true, min: -90, max: 90, example: 28.6139, description: "degrees, north positive" } as const;
export const LONGITUDE = { type: "number", required: true, min: -180, max: 180, example: 77.209, description: "degrees, east positive" } as const;

/** The spec's Std body: datetime (with offset), latitude, longitude. */
export const STD_BODY: FieldSet = {
  datetime: {
    type: "string", required: true, format: "date-time", example: "2024-01-15T10:30:00+05:30", check: dateTimeProblem,
    description: "ISO 8601 datetime with UTC offset",
  },
  latitude: LATITUDE,
  longitude: LONGITUDE,
};

function tzProblem(v: unknown): string | undefined {
  try {
    clockFromTz("tz", String(v));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

const PANCHANGA_DOC = /* GraphQL */ `
  query Panchanga($datetime: String!, $latitude: Float!, $longitude: Float!, $at: PanchangaAnchor!, $tz: String) {
    panchanga(datetime: $datetime, latitude: $latitude, longitude: $longitude, at: $at, tz: $tz) { ...PanchangaParts }
  }
  ${PANCHANGA_FRAGMENT}
`;

export const panchangaPostRoute: RouteEntry = {
  method: "post",
  path: "/panchanga",
  operationId: "panchanga",
  summary: "Panchanga at a moment",
  description:
    "The Hindu day (sunrise to next sunrise) containing `datetime`, with the tithi, nakshatra, yoga and karana running at that moment, " +
    "every element of the day in `transitions`, vara by sunrise, masa, samvatsara, ritu, ayana, Sun and Moon, the kalams and muhurtas.",
  tags: ["panchanga"],
  credits: 1,
  auth: "api_key",
  input: { body: STD_BODY },
  document: PANCHANGA_DOC,
  variables: ({ body }) => ({ datetime: body.datetime, latitude: body.latitude, longitude: body.longitude, at: "MOMENT", tz: null }),
  result: (data) => ({ body: panchangaBody((data as Json).panchanga) }),
  responseSchema: PANCHANGA_SCHEMA,
};

export const panchangaGetRoute: RouteEntry = {
  method: "get",
  path: "/panchanga",
  operationId: "panchangaForDate",
  summary: "Panchanga of a date",
  description:
    "The Hindu day beginning at the first sunrise of `date` (its calendar date in `tz`, else in its own offset, else UTC), elements at that " +
    "sunrise. Without `tz` or an offset, times are in UTC and the response says so (timezone_note).",
  tags: ["panchanga"],
  credits: 1,
  auth: "api_key",
  input: {
    query: {
      date: {
        type: "string", required: true, min: 1, example: "2024-01-15", check: dateOrDateTimeProblem,
        description: "ISO 8601 date, or datetime with UTC offset (its local date is used)",
      },
      latitude: LATITUDE,
      longitude: LONGITUDE,
      tz: { type: "string", min: 1, example: "Asia/Kolkata", check: tzProblem, description: "IANA time zone or ±HH:MM" },
    },
  },
  document: PANCHANGA_DOC,
  variables: ({ query }) => ({
    datetime: query.date, latitude: query.latitude, longitude: query.longitude, at: "SUNRISE", tz: query.tz ?? null,
  }),
  errorLocs: { datetime: ["query", "date"] },
  result: (data) => ({ body: panchangaBody((data as Json).panchanga) }),
  responseSchema: PANCHANGA_SCHEMA,
};
