import { AYANAMSHAS, GRAHAS, NODE_KINDS } from "../../engine/types.js";
import { dateTimeProblem } from "../../resolvers/common/moment.js";
import { INTERVAL_CREDITS, INTERVAL_STEP_CAP, MAX_INTERVAL_HOURS, MONTHLY_ASPECT_ORB_DEG, SCAN_CREDITS, SCAN_RANGE_CAP_DAYS } from "../../resolvers/scans/scan-limits.js";
import type { FieldSet, ValidInput } from "../input-schema.js";
import type { RouteEntry } from "../route-entry.js";
import { LATITUDE, LONGITUDE } from "./panchanga-route.js";

/**
 * The time scans (issue #12): /kp/sublord-changes, /kp/ingress, /transits/monthly,
 * /aspects/monthly, /aspects/lunar — each a stored query of the scans resolver. Latitude and
 * longitude are required by the spec and echoed; geocentric longitudes do not depend on them.
 */
type Json = Record<string, any>;
const lower = (s: string | null): string | null => (s === null ? null : s.toLowerCase());

const dateTime = (example: string, description: string) =>
  ({ type: "string", required: true, format: "date-time", example, check: dateTimeProblem, description }) as const;

const conventionFields = (ayanamshaDefault: string): FieldSet => ({
  ayanamsha: { type: "string", enum: AYANAMSHAS, default: ayanamshaDefault, description: "ayanamsha, echoed in conventions" },
  node: { type: "string", enum: NODE_KINDS, default: "mean", description: "Rahu/Ketu: mean or true lunar node" },
});
const options = (body: Record<string, unknown>) => ({
  ayanamsha: String(body.ayanamsha).toUpperCase(), node: String(body.node).toUpperCase(),
});
const conventionsBody = (c: Json) => ({ ayanamsha: lower(c.ayanamsha), node: lower(c.node) });

const SCAN_HEAD = "start end timeZone conventions { ayanamsha node }";
const TZ = {
  type: "string", example: "Asia/Kolkata",
  description: "IANA zone (Asia/Kolkata) or ±HH:MM for the month and the times; default: the place's zone, from its coordinates",
} as const;
const MONTH_BODY: FieldSet = {
  year: { type: "integer", required: true, min: 1900, max: 2100, example: 2025 },
  month: { type: "integer", required: true, min: 1, max: 12, example: 3 },
  latitude: LATITUDE,
  longitude: LONGITUDE,
  tz: TZ,
  ...conventionFields("lahiri"),
};
const monthVars = ({ body }: ValidInput) => ({
  year: body.year, month: body.month, tz: (body.tz as string | undefined) ?? null, latitude: body.latitude, longitude: body.longitude,
  options: options(body),
});
/** The month is the place's (its zone from the coordinates, as the calendars do) unless `tz` names another. */
const MONTH_ZONE_NOTE =
  "The month and every time are in the place's zone, found offline from latitude and longitude as the calendars do; `tz` " +
  "overrides it. The answer echoes the zone (time_zone) and where it came from (time_zone_source: coordinates or tz).";
const head = (r: Json, body: Record<string, unknown>) => ({
  start: r.start, end: r.end, time_zone: r.timeZone, ...(r.timeZoneSource ? { time_zone_source: r.timeZoneSource } : {}),
  latitude: body.latitude, longitude: body.longitude, conventions: conventionsBody(r.conventions),
});

const KP_BODY: FieldSet = {
  planet: { type: "string", required: true, enum: GRAHAS, example: "moon", description: "graha name" },
  start: dateTime("2025-01-01T00:00:00+05:30", "range start, ISO 8601 with UTC offset (times are echoed in it)"),
  end: dateTime("2025-01-03T00:00:00+05:30", "range end (exclusive)"),
  latitude: LATITUDE,
  longitude: LONGITUDE,
  ...conventionFields("krishnamurti"),
};
const kpVars = ({ body }: ValidInput) => ({ planet: String(body.planet).toUpperCase(), start: body.start, end: body.end, options: options(body) });
const RANGE_NOTE = `Range at most ${SCAN_RANGE_CAP_DAYS.moon} days for the Moon and ${SCAN_RANGE_CAP_DAYS.other} days for the other grahas (422 naming end beyond).`;

const ingressBody = (i: Json) => ({
  planet: lower(i.planet), datetime: i.datetime, from_sign: i.fromSignName, to_sign: i.toSignName,
  from_sign_number: i.fromSign, to_sign_number: i.toSign, speed: i.speed, retrograde: i.retrograde,
});
const aspectBody = (a: Json) => ({
  planet1: lower(a.planetA), planet2: lower(a.planetB), aspect: a.aspect, angle: a.angle, exact_time: a.datetime,
  orb: a.orb, longitude1: a.longitudeA, longitude2: a.longitudeB, relative_speed: a.relativeSpeed,
  ...(a.moonSignName !== null ? { moon_sign: a.moonSignName } : { enters_orb: a.entersOrb, leaves_orb: a.leavesOrb }),
});
const list = { type: "array", items: { type: "object" } } as const;

export const kpSublordChangesRoute: RouteEntry = {
  method: "post",
  path: "/kp/sublord-changes",
  operationId: "kpSublordChanges",
  summary: "KP sub-lord changes of a planet over a range",
  description:
    "Every KP sub-lord change (exact instant by root finding, retrograde crossings included) with the boundary longitude, " +
    `from/to sub lord and star lord. Krishnamurti ayanamsha by default. ${RANGE_NOTE}`,
  tags: ["kp"],
  credits: SCAN_CREDITS.subLordChanges,
  auth: "api_key",
  input: { body: KP_BODY },
  document: /* GraphQL */ `
    query KpSubLordChanges($planet: Graha!, $start: String!, $end: String!, $options: ConventionsInput) {
      kpSubLordChanges(planet: $planet, start: $start, end: $end, options: $options) {
        ${SCAN_HEAD} subLordChanges { datetime longitude fromSubLord toSubLord fromStarLord toStarLord speed }
      }
    }
  `,
  variables: kpVars,
  result: (data, { body }) => {
    const r = (data as Json).kpSubLordChanges;
    const changes = r.subLordChanges.map((c: Json) => ({
      datetime: c.datetime, longitude: c.longitude, from_sub_lord: lower(c.fromSubLord), to_sub_lord: lower(c.toSubLord),
      from_star_lord: lower(c.fromStarLord), to_star_lord: lower(c.toStarLord), speed: c.speed, retrograde: c.speed < 0,
    }));
    return { body: { planet: body.planet, ...head(r, body), count: changes.length, changes } };
  },
  responseSchema: { type: "object", properties: { planet: { type: "string" }, conventions: { type: "object" }, count: { type: "integer" }, changes: list } },
};

export const kpIngressRoute: RouteEntry = {
  method: "post",
  path: "/kp/ingress",
  operationId: "kpIngress",
  summary: "Rashi ingresses of a planet over a range",
  description: `Every sign entry of the planet in the range, retrograde re-entries included, exact times. Krishnamurti ayanamsha by default. ${RANGE_NOTE}`,
  tags: ["kp"],
  credits: SCAN_CREDITS.ingress,
  auth: "api_key",
  input: { body: KP_BODY },
  document: /* GraphQL */ `
    query KpIngresses($planet: Graha!, $start: String!, $end: String!, $options: ConventionsInput) {
      kpIngresses(planet: $planet, start: $start, end: $end, options: $options) {
        ${SCAN_HEAD} ingresses { planet datetime fromSign toSign fromSignName toSignName speed retrograde }
      }
    }
  `,
  variables: kpVars,
  result: (data, { body }) => {
    const r = (data as Json).kpIngresses;
    return { body: { planet: body.planet, ...head(r, body), count: r.ingresses.length, ingresses: r.ingresses.map(ingressBody) } };
  },
  responseSchema: { type: "object", properties: { planet: { type: "string" }, conventions: { type: "object" }, count: { type: "integer" }, ingresses: list } },
};

export const transitsMonthlyRoute: RouteEntry = {
  method: "post",
  path: "/transits/monthly",
  operationId: "transitsMonthly",
  summary: "Ingresses and stations in a month",
  description:
    "Every sidereal ingress of the nine grahas in the calendar month (retrograde re-entries included) and every station " +
    "(retrograde start/end, in sidereal longitude) of Mercury, Venus, Mars, Jupiter and Saturn, exact times. " + MONTH_ZONE_NOTE,
  tags: ["transits"],
  credits: SCAN_CREDITS.transitsMonthly,
  auth: "api_key",
  input: { body: MONTH_BODY },
  document: /* GraphQL */ `
    query TransitsMonthly($year: Int!, $month: Int!, $tz: String, $latitude: Float, $longitude: Float, $options: ConventionsInput) {
      transitsMonthly(year: $year, month: $month, tz: $tz, latitude: $latitude, longitude: $longitude, options: $options) {
        ${SCAN_HEAD} timeZoneSource
        ingresses { planet datetime fromSign toSign fromSignName toSignName speed retrograde }
        stations { planet kind datetime longitude sign signName }
      }
    }
  `,
  variables: monthVars,
  result: (data, { body }) => {
    const r = (data as Json).transitsMonthly;
    return {
      body: {
        year: body.year, month: body.month, ...head(r, body),
        ingresses: r.ingresses.map(ingressBody),
        retrograde_events: r.stations.map((s: Json) => ({
          planet: lower(s.planet), event: s.kind, datetime: s.datetime, longitude: s.longitude, sign: s.signName,
        })),
      },
    };
  },
  responseSchema: {
    type: "object", required: ["time_zone", "time_zone_source"],
    properties: {
      ingresses: list, retrograde_events: list, conventions: { type: "object" }, time_zone: { type: "string" },
      time_zone_source: { type: "string", enum: ["coordinates", "tz"] },
    },
  },
};

export const aspectsMonthlyRoute: RouteEntry = {
  method: "post",
  path: "/aspects/monthly",
  operationId: "aspectsMonthly",
  summary: "Exact aspects between planets in a month",
  description:
    "Conjunction (0), sextile (60), square (90), trine (120) and opposition (180) between all pairs of Sun, Mercury, Venus, " +
    "Mars, Jupiter, Saturn, Rahu, Ketu (Moon and Rahu–Ketu excluded): every exact hit in the month (a slow pair can hit " +
    `three times around a station), with when the orb enters and leaves ${MONTHLY_ASPECT_ORB_DEG}°. ${MONTH_ZONE_NOTE}`,
  tags: ["transits"],
  credits: SCAN_CREDITS.aspectsMonthly,
  auth: "api_key",
  input: { body: MONTH_BODY },
  document: /* GraphQL */ `
    query AspectsMonthly($year: Int!, $month: Int!, $tz: String, $latitude: Float, $longitude: Float, $options: ConventionsInput) {
      aspectsMonthly(year: $year, month: $month, tz: $tz, latitude: $latitude, longitude: $longitude, options: $options) {
        ${SCAN_HEAD} timeZoneSource
        aspects { planetA planetB aspect angle datetime longitudeA longitudeB orb relativeSpeed entersOrb leavesOrb moonSignName }
      }
    }
  `,
  variables: monthVars,
  result: (data, { body }) => {
    const r = (data as Json).aspectsMonthly;
    return { body: { year: body.year, month: body.month, ...head(r, body), orb_limit: MONTHLY_ASPECT_ORB_DEG, count: r.aspects.length, aspects: r.aspects.map(aspectBody) } };
  },
  responseSchema: {
    type: "object", required: ["time_zone", "time_zone_source"],
    properties: {
      aspects: list, count: { type: "integer" }, conventions: { type: "object" }, time_zone: { type: "string" },
      time_zone_source: { type: "string", enum: ["coordinates", "tz"] },
    },
  },
};

export const aspectsLunarRoute: RouteEntry = {
  method: "post",
  path: "/aspects/lunar",
  operationId: "aspectsLunar",
  summary: "The Moon's aspects over the coming days",
  description:
    "The Moon's conjunction, sextile, square, trine and opposition to Sun, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu " +
    "from datetime over `days` days (1–31, default 7): exact times by root finding (the old service scanned hourly), orb at " +
    "the exact time and the Moon's sign.",
  tags: ["transits"],
  credits: SCAN_CREDITS.lunarAspects,
  auth: "api_key",
  input: {
    body: {
      datetime: dateTime("2025-01-01T00:00:00+05:30", "scan start, ISO 8601 with UTC offset (times are echoed in it)"),
      latitude: LATITUDE,
      longitude: LONGITUDE,
      days: { type: "integer", min: 1, max: 31, default: 7, description: "days to scan, 1–31" },
      ...conventionFields("lahiri"),
    },
  },
  document: /* GraphQL */ `
    query LunarAspects($datetime: String!, $days: Int!, $options: ConventionsInput) {
      lunarAspects(datetime: $datetime, days: $days, options: $options) {
        ${SCAN_HEAD}
        aspects { planetA planetB aspect angle datetime longitudeA longitudeB orb relativeSpeed moonSignName }
      }
    }
  `,
  variables: ({ body }) => ({ datetime: body.datetime, days: body.days, options: options(body) }),
  result: (data, { body }) => {
    const r = (data as Json).lunarAspects;
    return { body: { datetime: body.datetime, days: body.days, ...head(r, body), count: r.aspects.length, aspects: r.aspects.map(aspectBody) } };
  },
  responseSchema: { type: "object", properties: { aspects: list, count: { type: "integer" }, conventions: { type: "object" } } },
};

export const kpPlanetsAtIntervalsRoute: RouteEntry = {
  method: "post",
  path: "/kp/planets-at-intervals",
  operationId: "kpPlanetsAtIntervals",
  summary: "Planet positions with KP lords at intervals",
  description:
    `Positions of the nine grahas with sign, star lord and sub lord every interval_hours from start to end inclusive; at most ` +
    `${INTERVAL_STEP_CAP} steps (422 naming interval_hours beyond). Krishnamurti ayanamsha by default.`,
  tags: ["kp"],
  credits: INTERVAL_CREDITS,
  auth: "api_key",
  input: {
    body: {
      start: dateTime("2025-01-01T00:00:00+05:30", "first step, ISO 8601 with UTC offset (times are echoed in it)"),
      end: dateTime("2025-01-02T00:00:00+05:30", "last step at or before this"),
      interval_hours: { type: "number", required: true, example: 6, exclusiveMin: 0, max: MAX_INTERVAL_HOURS, description: "hours between steps, > 0 and at most 8784 (366 days)" },
      latitude: LATITUDE,
      longitude: LONGITUDE,
      ...conventionFields("krishnamurti"),
    },
  },
  document: /* GraphQL */ `
    query KpPlanetsAtIntervals($start: String!, $end: String!, $hours: Float!, $options: ConventionsInput) {
      kpPlanetsAtIntervals(start: $start, end: $end, intervalHours: $hours, options: $options) {
        conventions { ayanamsha node } intervalHours
        steps { datetime planets { planet longitude speed sign signLord nakshatra starLord subLord } }
      }
    }
  `,
  variables: ({ body }) => ({ start: body.start, end: body.end, hours: body.interval_hours, options: options(body) }),
  errorLocs: { intervalHours: ["body", "interval_hours"] },
  result: (data, { body }) => {
    const r = (data as Json).kpPlanetsAtIntervals;
    return {
      body: {
        start: body.start, end: body.end, interval_hours: r.intervalHours, latitude: body.latitude, longitude: body.longitude,
        conventions: conventionsBody(r.conventions), count: r.steps.length,
        intervals: r.steps.map((s: Json) => ({
          datetime: s.datetime,
          planets: Object.fromEntries(s.planets.map((p: Json) => [lower(p.planet), {
            longitude: p.longitude, speed: p.speed, retrograde: p.speed < 0, sign: p.sign, sign_lord: lower(p.signLord),
            nakshatra: p.nakshatra, star_lord: lower(p.starLord), sub_lord: lower(p.subLord),
          }])),
        })),
      },
    };
  },
  responseSchema: { type: "object", properties: { count: { type: "integer" }, intervals: list, conventions: { type: "object" } } },
};
