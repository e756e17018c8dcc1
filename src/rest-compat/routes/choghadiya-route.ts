import { DEFAULT_HORA_SYSTEM, HORA_SYSTEMS } from "../../engine/panchanga/hora.js";
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
    "sunrise), by the weekday sequence, and the horas from sunrise in the Chaldean order from the weekday lord: 60-minute periods " +
    "from sunrise by default (the last ends at the next sunrise), or with `hora: \"planetary\"` each 1/12 of the day or night " +
    "(echoed in `conventions`). Where the Sun does not rise or set (polar), times are null, the lists empty and polar_reason says why.",
  tags: ["panchanga"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      ...STD_BODY,
      hora: {
        type: "string", enum: HORA_SYSTEMS, default: DEFAULT_HORA_SYSTEM,
        description: "sixty_minutes: clock hours from sunrise (the spec; default); planetary: 12 equal parts of day and of night",
      },
    },
  },
  document: /* GraphQL */ `
    query Choghadiya($datetime: String!, $latitude: Float!, $longitude: Float!, $hora: HoraSystem) {
      choghadiya(datetime: $datetime, latitude: $latitude, longitude: $longitude, hora: $hora) {
        datetime latitude longitude sunrise sunset nextSunrise polarReason
        conventions { ayanamsha node sunrise month hora }
        day { periodNumber name planet nature start end }
        night { periodNumber name planet nature start end }
        hora { periodNumber name planet nature start end }
      }
    }
  `,
  variables: ({ body }) => ({
    datetime: body.datetime, latitude: body.latitude, longitude: body.longitude, hora: String(body.hora).toUpperCase(),
  }),
  result: (data) => {
    const c = (data as Json).choghadiya;
    return {
      body: {
        datetime: c.datetime, latitude: c.latitude, longitude: c.longitude,
        sunrise: c.sunrise, sunset: c.sunset, next_sunrise: c.nextSunrise,
        day_choghadiya: c.day.map(period), night_choghadiya: c.night.map(period), hora: c.hora.map(period),
        ...(c.polarReason ? { polar_reason: c.polarReason } : {}),
        conventions: Object.fromEntries(Object.entries(c.conventions as Json).map(([k, v]) => [k, String(v).toLowerCase()])),
      },
    };
  },
  responseSchema: {
    type: "object",
    required: ["datetime", "latitude", "longitude", "sunrise", "sunset", "next_sunrise", "day_choghadiya", "night_choghadiya", "hora"],
    properties: {
      datetime: { type: "string" }, latitude: { type: "number" }, longitude: { type: "number" },
      sunrise: { type: ["string", "null"] }, sunset: { type: ["string", "null"] }, next_sunrise: { type: ["string", "null"] },
      day_choghadiya: { type: "array", items: periodSchema, maxItems: 8, description: "8 periods; empty where polar" },
      night_choghadiya: { type: "array", items: periodSchema, maxItems: 8, description: "8 periods; empty where polar" },
      hora: { type: "array", items: periodSchema, description: "nature: benefic or malefic (natural); 24 except near the polar circles" },
      polar_reason: { type: "string", description: "only where the Sun does not rise or set" },
      conventions: {
        type: "object",
        required: ["ayanamsha", "node", "sunrise", "month", "hora"],
        properties: {
          ayanamsha: { type: "string" }, node: { type: "string" }, sunrise: { type: "string" }, month: { type: "string" },
          hora: { type: "string", enum: [...HORA_SYSTEMS] },
        },
      },
    },
  },
};
