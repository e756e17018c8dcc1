import { SOLAR_TRADITIONS } from "../../engine/calendar/solar-calendar.js";
import { DATE_CONVERSION_CREDITS } from "../../resolvers/calendar/calendar-prices.js";
import type { RouteEntry } from "../route-entry.js";
import { CALENDAR_PLACE_QUERY } from "./calendar-routes.js";

type Json = Record<string, any>;

const SOLAR_FIELDS = "tradition month monthName day monthStart sankranti rule";
const LUNAR_FIELDS = "month monthNumber adhika paksha tithi tithiName";
const TRADITIONS = ["tamil", "malayalam", "bengali", "odia", "assamese", "punjabi"] as const;

const solarBody = (s: Json) => ({ month: s.month, month_name: s.monthName, day: s.day, month_start: s.monthStart, sankranti: s.sankranti, rule: s.rule });
const lunarBody = (l: Json) => ({ month: l.month, month_number: l.monthNumber, adhika: l.adhika, paksha: l.paksha, tithi: l.tithi, tithi_name: l.tithiName });

const LUNAR_SCHEMA = {
  type: "object",
  properties: {
    month: { type: "string" }, month_number: { type: "integer" }, adhika: { type: "boolean" }, paksha: { type: "string" }, tithi: { type: "integer" }, tithi_name: { type: "string" },
  },
} as const;
const SOLAR_SCHEMA = {
  type: "object",
  properties: {
    month: { type: "integer" }, month_name: { type: "string" }, day: { type: "integer" }, month_start: { type: "string", format: "date" },
    sankranti: { type: "string" }, rule: { type: "string" },
  },
} as const;

const dateRoute: RouteEntry = {
  method: "get",
  path: "/calendar/date/{date}",
  operationId: "calendarDate",
  summary: "One date in every Indian calendar",
  description:
    "A civil date at a place (default New Delhi) as amanta and purnimanta lunar dates (the tithi at the day's sunrise), the Tamil, " +
    "Malayalam, Bengali, Odia, Assamese and Punjabi solar dates — each with the sankranti that opened the month and the tradition's rule " +
    "for the day a month begins (Tamil: sunset; Malabar: three fifths of daytime; Bengal: midnight; Orissa: the civil day) — and the " +
    "Vikram Samvat (Chaitradi), Shaka (lunisolar), Kollam and Bangabda years with the Tamil Jovian year name. Years 1900–2100.",
  tags: ["calendar"],
  credits: DATE_CONVERSION_CREDITS,
  auth: "api_key",
  input: { path: { date: { type: "string", required: true, example: "2025-11-01", description: "YYYY-MM-DD" } }, query: CALENDAR_PLACE_QUERY },
  document: /* GraphQL */ `
    query CalendarDate($date: String!, $latitude: Float!, $longitude: Float!, $tz: String) {
      calendarDate(date: $date, latitude: $latitude, longitude: $longitude, tz: $tz) {
        date latitude longitude timeZone sunrise
        amanta { ${LUNAR_FIELDS} } purnimanta { ${LUNAR_FIELDS} }
        ${TRADITIONS.map((t) => `${t} { ${SOLAR_FIELDS} }`).join(" ")}
        vikramSamvat shakaSamvat kollam bangabda tamilYear { startYear jovianNumber jovianName }
      }
    }
  `,
  variables: ({ path, query }) => ({ date: path.date, latitude: query.latitude, longitude: query.longitude, tz: query.tz ?? null }),
  errorLocs: { date: ["path", "date"], latitude: ["query", "latitude"], longitude: ["query", "longitude"], tz: ["query", "tz"] },
  result: (data) => {
    const c = (data as Json).calendarDate;
    return {
      body: {
        date: c.date, latitude: c.latitude, longitude: c.longitude, timezone: c.timeZone, sunrise: c.sunrise,
        amanta: lunarBody(c.amanta), purnimanta: lunarBody(c.purnimanta),
        ...Object.fromEntries(TRADITIONS.map((t) => [t, solarBody(c[t])])),
        vikram_samvat: c.vikramSamvat, shaka_samvat: c.shakaSamvat, kollam: c.kollam, bangabda: c.bangabda,
        tamil_year: { start_year: c.tamilYear.startYear, jovian_number: c.tamilYear.jovianNumber, jovian_name: c.tamilYear.jovianName },
      },
    };
  },
  responseSchema: {
    type: "object",
    properties: {
      date: { type: "string", format: "date" }, latitude: { type: "number" }, longitude: { type: "number" }, timezone: { type: "string" }, sunrise: { type: "string" },
      amanta: LUNAR_SCHEMA, purnimanta: LUNAR_SCHEMA, ...Object.fromEntries(TRADITIONS.map((t) => [t, SOLAR_SCHEMA])),
      vikram_samvat: { type: "integer" }, shaka_samvat: { type: "integer" }, kollam: { type: "integer" }, bangabda: { type: "integer" },
      tamil_year: { type: "object", properties: { start_year: { type: "integer" }, jovian_number: { type: "integer" }, jovian_name: { type: "string" } } },
    },
  },
};

const solarRoute: RouteEntry = {
  method: "get",
  path: "/calendar/solar/{tradition}/{year}/{month}/{day}",
  operationId: "solarToCivil",
  summary: "A regional solar date as a civil date",
  description:
    "The civil date at a place (default New Delhi) of a day of the Tamil, Malayalam, Bengali, Odia, Assamese or Punjabi solar calendar: " +
    "`year` is the Gregorian year in whose April the solar year begins, `month` 1–12 from the Mesha month (Tamil 1 Chithirai … 10 Thai). " +
    "A day beyond the month's length at the place is refused.",
  tags: ["calendar"],
  credits: DATE_CONVERSION_CREDITS,
  auth: "api_key",
  input: {
    path: {
      tradition: { type: "string", required: true, enum: SOLAR_TRADITIONS, example: "tamil" },
      year: { type: "integer", required: true, min: 1900, max: 2099, example: 2025 },
      month: { type: "integer", required: true, min: 1, max: 12, example: 10 },
      day: { type: "integer", required: true, min: 1, max: 32, example: 1 },
    },
    query: CALENDAR_PLACE_QUERY,
  },
  document: /* GraphQL */ `
    query SolarToCivil($tradition: String!, $year: Int!, $month: Int!, $day: Int!, $latitude: Float!, $longitude: Float!, $tz: String) {
      solarToCivil(tradition: $tradition, year: $year, month: $month, day: $day, latitude: $latitude, longitude: $longitude, tz: $tz) {
        tradition year month monthName day monthLength date rule
      }
    }
  `,
  variables: ({ path, query }) => ({
    tradition: path.tradition, year: path.year, month: path.month, day: path.day, latitude: query.latitude, longitude: query.longitude, tz: query.tz ?? null,
  }),
  errorLocs: {
    tradition: ["path", "tradition"], year: ["path", "year"], month: ["path", "month"], day: ["path", "day"],
    latitude: ["query", "latitude"], longitude: ["query", "longitude"], tz: ["query", "tz"],
  },
  result: (data) => {
    const r = (data as Json).solarToCivil;
    return {
      body: { tradition: r.tradition, year: r.year, month: r.month, month_name: r.monthName, day: r.day, month_length: r.monthLength, date: r.date, rule: r.rule },
    };
  },
  responseSchema: {
    type: "object",
    properties: {
      tradition: { type: "string" }, year: { type: "integer" }, month: { type: "integer" }, month_name: { type: "string" }, day: { type: "integer" },
      month_length: { type: "integer" }, date: { type: "string", format: "date" }, rule: { type: "string" },
    },
  },
};

export const CALENDAR_CONVERSION_ROUTES: readonly RouteEntry[] = [dateRoute, solarRoute];
