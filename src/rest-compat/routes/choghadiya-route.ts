import type { RouteEntry } from "../route-entry.js";
import { STD_BODY } from "./panchanga-route.js";

type Json = Record<string, any>;

const period = (p: Json) => ({ period_number: p.periodNumber, name: p.name, planet: p.planet, nature: p.nature, start: p.start, end: p.end });
const periodSchema = {
  type: "object",
  required: ["period_number", "name", "planet", "nature", "start", "end"],
  properties: {
    period_number: { type: "integer" }, name: { type: "string" }, planet: { type: "string" }, nature: { type: "string" },
    start: { type: "string" }, end: { type: "string" },
  },
};

export const choghadiyaRoute: RouteEntry = {
  method: "post",
  path: "/choghadiya",
  operationId: "choghadiya",
  summary: "Choghadiya and hora",
  description:
    "For the Hindu day containing `datetime`: 8 day choghadiyas (sunrise to sunset in equal parts) and 8 night ones (sunset to next " +
    "sunrise), by the weekday sequence, and 24 horas from sunrise in the Chaldean order from the weekday lord (each 1/12 of the day " +
    "or night). Where the Sun does not rise or set (polar), times are null, the lists empty and polar_reason says why.",
  tags: ["panchanga"],
  credits: 1,
  auth: "api_key",
  input: { body: STD_BODY },
  document: /* GraphQL */ `
    query Choghadiya($datetime: String!, $latitude: Float!, $longitude: Float!) {
      choghadiya(datetime: $datetime, latitude: $latitude, longitude: $longitude) {
        datetime latitude longitude sunrise sunset nextSunrise polarReason
        day { periodNumber name planet nature start end }
        night { periodNumber name planet nature start end }
        hora { periodNumber name planet nature start end }
      }
    }
  `,
  variables: ({ body }) => ({ datetime: body.datetime, latitude: body.latitude, longitude: body.longitude }),
  result: (data) => {
    const c = (data as Json).choghadiya;
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
        sunrise: c.sunrise, sunset: c.sunset, next_sunrise: c.nextSunrise,
        day_choghadiya: c.day.map(period), night_choghadiya: c.night.map(period), hora: c.hora.map(period),
        ...(c.polarReason ? { polar_reason: c.polarReason } : {}),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "sunrise", "sunset", "next_sunrise", "day_choghadiya", "night_choghadiya", "hora"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      sunrise: { type: "string" }, sunset: { type: "string" }, next_sunrise: { type: "string" },
      day_choghadiya: { type: "array", items: periodSchema, minItems: 8, maxItems: 8 },
      night_choghadiya: { type: "array", items: periodSchema, minItems: 8, maxItems: 8 },
      hora: { type: "array", items: periodSchema, minItems: 24, maxItems: 24, description: "nature: benefic or malefic (natural)" },
      polar_reason: { type: "string", description: "only where the Sun does not rise or set" },
    },
  },
};
