import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { RouteEntry } from "../route-entry.js";
import { LATITUDE, LONGITUDE, PANCHANGA_FRAGMENT, PANCHANGA_SCHEMA, panchangaBody } from "./panchanga-route.js";

type Json = Record<string, any>;

const dateTime = (example: string) =>
  ({ type: "string", required: true, format: "date-time", example, check: dateTimeProblem, description: "ISO 8601 with UTC offset" }) as const;

export const panchangaRangeRoute: RouteEntry = {
  method: "post",
  path: "/panchanga/range",
  operationId: "panchangaRange",
  summary: "Panchanga for each day of a range",
  description:
    "One panchanga (elements at sunrise) per Hindu day whose sunrise falls between start_datetime and end_datetime; " +
    "at most 31 days (422 beyond). Times in start_datetime's offset.",
  tags: ["panchanga"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      start_datetime: dateTime("2024-01-15T00:00:00+05:30"),
      end_datetime: dateTime("2024-01-22T00:00:00+05:30"),
      latitude: LATITUDE,
      longitude: LONGITUDE,
    },
  },
  document: /* GraphQL */ `
    query PanchangaRange($start: String!, $end: String!, $latitude: Float!, $longitude: Float!) {
      panchangaRange(startDatetime: $start, endDatetime: $end, latitude: $latitude, longitude: $longitude) {
        startDatetime endDatetime days { ...PanchangaParts }
      }
    }
    ${PANCHANGA_FRAGMENT}
  `,
  variables: ({ body }) => ({ start: body.start_datetime, end: body.end_datetime, latitude: body.latitude, longitude: body.longitude }),
  errorLocs: { startDatetime: ["body", "start_datetime"], endDatetime: ["body", "end_datetime"] },
  result: (data, { body }) => {
    const r = (data as Json).panchangaRange;
    return {
      body: {
        start_datetime: r.startDatetime, end_datetime: r.endDatetime, latitude: body.latitude, longitude: body.longitude,
        count: r.days.length, days: r.days.map(panchangaBody),
      },
    };
  },
  responseSchema: {
    type: "object",
    properties: {
      start_datetime: { type: "string" }, end_datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      count: { type: "integer" }, days: { type: "array", maxItems: 31, items: PANCHANGA_SCHEMA },
    },
  },
};
