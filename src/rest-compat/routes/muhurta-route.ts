import { MUHURTA_TYPES } from "../../engine/muhurta/muhurta-rules.js";
import { DEFAULT_SCAN_DAYS, MAX_SCAN_DAYS } from "../../engine/muhurta/muhurta-windows.js";
import type { RouteEntry } from "../route-entry.js";
import { STD_BODY } from "./panchanga-route.js";

type Json = Record<string, any>;
const element = { type: "object", properties: { number: { type: "integer" }, name: { type: "string" } } };

export const muhurtaRoute: RouteEntry = {
  method: "post",
  path: "/muhurta",
  operationId: "muhurta",
  summary: "Auspicious windows (muhurta) for an event",
  description:
    `Scans forward from \`datetime\` (${DEFAULT_SCAN_DAYS} days unless \`days\` says, at most ${MAX_SCAN_DAYS}; the response states the ` +
    "window) for stretches where tithi, nakshatra, yoga and vara are all favourable for the event type (Muhurta Chintamani), with Rahu " +
    `Kala cut out. Types: ${MUHURTA_TYPES.join(", ")}.`,
  tags: ["panchanga"],
  credits: 1,
  auth: "api_key",
  input: {
    body: {
      ...STD_BODY,
      type: { type: "string", enum: MUHURTA_TYPES, default: "general", description: "event type" },
      days: { type: "integer", min: 1, max: MAX_SCAN_DAYS, default: DEFAULT_SCAN_DAYS, description: "days to scan" },
    },
  },
  document: /* GraphQL */ `
    query Muhurta($datetime: String!, $latitude: Float!, $longitude: Float!, $type: MuhurtaType!, $days: Int) {
      muhurta(datetime: $datetime, latitude: $latitude, longitude: $longitude, type: $type, days: $days) {
        type source rule scanFrom scanTo scanDays
        windows { start end tithi { number name } nakshatra { number name } yoga { number name } vara { number name } reasons }
      }
    }
  `,
  variables: ({ body }) => ({
    datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
    type: String(body.type).toUpperCase(), days: body.days,
  }),
  result: (data, { body }) => {
    const m = (data as Json).muhurta;
    return {
      body: {
        datetime: body.datetime, latitude: body.latitude, longitude: body.longitude,
        type: String(m.type).toLowerCase(), source: m.source, rule: m.rule,
        scan_from: m.scanFrom, scan_to: m.scanTo, scan_days: m.scanDays,
        count: m.windows.length, windows: m.windows,
      },
    };
  },
  responseSchema: {
    type: "object",
    properties: {
      type: { type: "string", enum: [...MUHURTA_TYPES] }, source: { type: "string" }, rule: { type: "string" },
      scan_from: { type: "string" }, scan_to: { type: "string" }, scan_days: { type: "integer" }, count: { type: "integer" },
      windows: {
        type: "array",
        items: {
          type: "object",
          properties: {
            start: { type: "string" }, end: { type: "string" }, tithi: element, nakshatra: element, yoga: element, vara: element,
            reasons: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
  },
};
