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
    "An array with one Panchanga entry per civil date, from start_datetime's date to end_datetime's date inclusive (each " +
    "as written, in its own offset): each the Hindu day beginning at that date's sunrise at the place, elements at the " +
    "sunrise, as GET /panchanga answers for the date. At most 31 dates (422 beyond). Times in start_datetime's offset.",
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
  // The spec: "array with one Panchanga entry per day".
  result: (data) => ({ body: ((data as Json).panchangaRange.days as Json[]).map(panchangaBody) }),
  responseSchema: { type: "array", minItems: 1, maxItems: 31, items: PANCHANGA_SCHEMA },
};
