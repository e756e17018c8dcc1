import { EVENT_TYPES } from "../../engine/events/event-types.js";
import { MAX_QUERY_DAYS, PRICE_UNIT_DAYS } from "../../engine/events/events-window.js";
import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { RouteEntry } from "../route-entry.js";

type Json = Record<string, any>;

const CONTACT = { type: "object", properties: { contact: { type: "string" }, time: { type: "string" }, altitude: { type: "number" } } } as const;
const nullable = (t: string) => ({ type: [t, "null"] });

const PLACE_FIELDS = `timeZone timeZoneSource localTime localDate tithiStart tithiEnd observanceDate
  observances { name kind date rule } observanceNote
  visibility { visible localKind obscuration contacts { contact time altitude } maximum { time altitude } seenFrom seenUntil }`;

const placeBody = (p: Json | null) => p && {
  time_zone: p.timeZone, time_zone_source: p.timeZoneSource, local_time: p.localTime, local_date: p.localDate,
  tithi_start: p.tithiStart, tithi_end: p.tithiEnd, observance_date: p.observanceDate, observances: p.observances,
  observance_note: p.observanceNote,
  visibility: p.visibility && {
    visible: p.visibility.visible, local_kind: p.visibility.localKind, obscuration: p.visibility.obscuration,
    contacts: p.visibility.contacts, maximum: p.visibility.maximum, seen_from: p.visibility.seenFrom, seen_until: p.visibility.seenUntil,
  },
};

/** GET /events (docs/events.md): the detector's events in a window, the GraphQL `events` query's REST face. */
export const eventsRoute: RouteEntry = {
  method: "get",
  path: "/events",
  operationId: "eventsInWindow",
  summary: "Events in a window",
  description:
    `The detector's events (the ten webhook event types) whose instant lies in [from, to), at most ${MAX_QUERY_DAYS} days, ` +
    "with the same id (type@instant, data.event_id in webhook payloads), instant and data as webhook deliveries. With latitude " +
    "and longitude, each event also gets `place`: local time and date, the observance day of tithi events and sankrantis " +
    "(the calendar's rules) and, for eclipses, whether and when the eclipse is seen there (contacts with the body's altitude). " +
    `Costs 1 credit per started ${PRICE_UNIT_DAYS} days of window (a year: 12).`,
  tags: ["events"],
  credits: 1,
  auth: "api_key",
  input: {
    query: {
      from: { type: "string", required: true, format: "date-time", check: dateTimeProblem, example: "2024-04-01T00:00:00+00:00", description: "window start, ISO 8601 with offset" },
      to: { type: "string", required: true, format: "date-time", check: dateTimeProblem, example: "2024-05-01T00:00:00+00:00", description: `window end (exclusive), at most ${MAX_QUERY_DAYS} days after from` },
      types: { type: "csv", min: 1, max: EVENT_TYPES.length, itemName: "event type", items: { type: "string", enum: EVENT_TYPES }, description: "comma-separated event types (default all ten)" },
      latitude: { type: "number", min: -90, max: 90, example: 32.7767, description: "with longitude: the place to see the events from" },
      longitude: { type: "number", min: -180, max: 180, example: -96.797, description: "with latitude" },
      tz: { type: "string", min: 1, description: "IANA time zone of the place (default: from its coordinates)" },
    },
  },
  document: /* GraphQL */ `
    query Events($from: String!, $to: String!, $types: [EventType!], $latitude: Float, $longitude: Float, $timeZone: String) {
      events(from: $from, to: $to, types: $types, latitude: $latitude, longitude: $longitude, timeZone: $timeZone) {
        from to count events { id type title instant data place { ${PLACE_FIELDS} } }
      }
    }
  `,
  variables: ({ query }) => ({
    from: query.from, to: query.to,
    types: Array.isArray(query.types) ? (query.types as string[]).map((t) => t.toUpperCase()) : null,
    latitude: query.latitude ?? null, longitude: query.longitude ?? null, timeZone: query.tz ?? null,
  }),
  errorLocs: {
    from: ["query", "from"], to: ["query", "to"], types: ["query", "types"], latitude: ["query", "latitude"],
    longitude: ["query", "longitude"], timeZone: ["query", "tz"],
  },
  result: (data) => {
    const w = (data as Json).events;
    return {
      body: {
        from: w.from, to: w.to, count: w.count,
        events: w.events.map((e: Json) => ({ id: e.id, type: String(e.type).toLowerCase(), title: e.title, instant: e.instant, data: e.data, place: placeBody(e.place) })),
      },
    };
  },
  responseSchema: {
    type: "object",
    properties: {
      from: { type: "string" }, to: { type: "string" }, count: { type: "integer" },
      events: {
        type: "array",
        items: {
          type: "object",
          properties: {
            id: { type: "string" }, type: { type: "string", enum: [...EVENT_TYPES] }, title: { type: "string" }, instant: { type: "string" }, data: { type: "object" },
            place: {
              type: ["object", "null"],
              properties: {
                time_zone: { type: "string" }, time_zone_source: { type: "string" }, local_time: { type: "string" }, local_date: { type: "string" },
                tithi_start: nullable("string"), tithi_end: nullable("string"), observance_date: nullable("string"),
                observances: { type: ["array", "null"] }, observance_note: nullable("string"),
                visibility: {
                  type: ["object", "null"],
                  properties: {
                    visible: { type: "boolean" }, local_kind: nullable("string"), obscuration: nullable("number"),
                    contacts: { type: "array", items: CONTACT }, maximum: { type: ["object", "null"] },
                    seen_from: nullable("string"), seen_until: nullable("string"),
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
