import { EngineInputError } from "../../engine/errors.js";
import { parseCriteria, type PanchangaCriteriaInput } from "../../engine/panchanga/search-criteria.js";
import { dateTimeProblem } from "../../resolvers/common/moment.js";
import type { RouteEntry } from "../route-entry.js";
import { LATITUDE, LONGITUDE, PANCHANGA_FRAGMENT, PANCHANGA_SCHEMA, panchangaBody } from "./panchanga-route.js";

type Json = Record<string, any>;
const KEYS = ["tithi", "nakshatra", "yoga", "karana", "vara"] as const;

/** What is wrong with a criteria object (unknown keys or names list the accepted ones), checked before anything runs. */
export function criteriaProblem(value: unknown): string | undefined {
  const c = value as Record<string, unknown>;
  const input: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(c)) {
    if (typeof v !== "string" && !(typeof v === "number" && Number.isInteger(v))) return `criteria.${k} must be a name or an integer`;
    input[k] = v;
  }
  try {
    parseCriteria(input as PanchangaCriteriaInput);
    return undefined;
  } catch (err) {
    if (err instanceof EngineInputError) return err.message;
    throw err;
  }
}

export const panchangaSearchRoute: RouteEntry = {
  method: "post",
  path: "/panchanga/search",
  operationId: "panchangaSearch",
  summary: "Find days whose panchanga matches criteria",
  description:
    "Days after `after` whose panchanga has the given tithi, nakshatra, yoga, karana (names or numbers) and vara (English or Sanskrit: " +
    "Ravi, Soma, Mangala, Budha, Guru, Shukra, Shani). A day has an element if it prevails at sunrise or begins and ends within the day. " +
    "Returns each matching day with its full panchanga.",
  tags: ["panchanga"],
  credits: 5,
  auth: "api_key",
  input: {
    body: {
      latitude: LATITUDE,
      longitude: LONGITUDE,
      after: {
        type: "string", required: true, format: "date-time", example: "2024-01-15T00:00:00+05:30", check: dateTimeProblem,
        description: "ISO 8601 with UTC offset: search days whose sunrise is at or after it",
      },
      criteria: {
        type: "object", required: true, example: { tithi: "Ekadashi", vara: "Guru" }, check: criteriaProblem,
        description: `keys ${KEYS.join(", ")} (any combination); values are names or numbers`,
      },
      max_results: { type: "integer", min: 1, max: 20, default: 5, description: "1-20" },
      max_days: { type: "integer", min: 1, max: 365, default: 365, description: "days searched, 1-365" },
    },
  },
  document: /* GraphQL */ `
    query PanchangaSearch($latitude: Float!, $longitude: Float!, $after: String!, $criteria: PanchangaCriteriaInput!,
                          $maxResults: Int!, $maxDays: Int!) {
      panchangaSearch(latitude: $latitude, longitude: $longitude, after: $after, criteria: $criteria,
                      maxResults: $maxResults, maxDays: $maxDays) {
        searchedFrom searchedTo matchRule count matches { ...PanchangaParts }
      }
    }
    ${PANCHANGA_FRAGMENT}
  `,
  variables: ({ body }) => {
    const c = body.criteria as Record<string, unknown>;
    const criteria = Object.fromEntries(KEYS.filter((k) => c[k] !== undefined && c[k] !== null).map((k) => [k, String(c[k])]));
    return {
      latitude: body.latitude, longitude: body.longitude, after: body.after, criteria,
      maxResults: body.max_results, maxDays: body.max_days,
    };
  },
  errorLocs: { maxResults: ["body", "max_results"], maxDays: ["body", "max_days"], criteria: ["body", "criteria"],
    ...Object.fromEntries(KEYS.map((k) => [`criteria.${k}`, ["body", "criteria", k]])),
  },
  result: (data, { body }) => {
    const s = (data as Json).panchangaSearch;
    return {
      body: {
        latitude: body.latitude, longitude: body.longitude, after: body.after, criteria: body.criteria,
        searched_from: s.searchedFrom, searched_to: s.searchedTo, match_rule: s.matchRule, count: s.count,
        matches: s.matches.map((m: Json) => ({ date: String(m.sunrise ?? m.datetime).slice(0, 10), ...panchangaBody(m) })),
      },
    };
  },
  responseSchema: {
    type: "object",
    properties: {
      searched_from: { type: "string" }, searched_to: { type: "string" }, match_rule: { type: "string" }, count: { type: "integer" },
      matches: { type: "array", items: { ...PANCHANGA_SCHEMA, description: "date (of the sunrise, caller's offset) and the full panchanga" } },
    },
  },
};
